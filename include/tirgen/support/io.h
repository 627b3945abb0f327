// File helpers with user-facing errors: reading names the file; writing never leaves a
// half-written output (write to a unique temporary beside it, then rename; a SIGINT or
// SIGTERM that ends the process during the write removes the temporary).
#pragma once

#include <string>

namespace tirgen {

/// Reads a whole file ("-" = stdin). tirgen::Error naming the file when it cannot be read.
std::string ReadFile(const std::string& path);
/// Writes atomically ("-" = stdout). tirgen::Error naming the file on failure.
void WriteFileAtomic(const std::string& path, const std::string& content);

}  // namespace tirgen
