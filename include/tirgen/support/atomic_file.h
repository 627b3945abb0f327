// A file written in pieces that appears whole or not at all: the streaming form of
// WriteFileAtomic (io.h), for outputs too large to build in memory first (a model's TVMScript
// with embedded weights). Implemented in src/support/io.cc next to WriteFileAtomic.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace tirgen {

/// Writes to a unique temporary beside `path` and renames it over `path` on Commit(); an
/// uncommitted writer (an exception on the way) removes the temporary, as does SIGINT/SIGTERM.
/// "-" writes to stdout as the pieces come. tirgen::Error naming the file on failure.
class AtomicFileWriter {
 public:
  explicit AtomicFileWriter(const std::string& path);
  ~AtomicFileWriter();
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

  void Write(std::string_view data);
  void Commit();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tirgen
