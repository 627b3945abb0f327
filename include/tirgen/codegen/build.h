#pragma once
// Compile C source into a shared library through a content-addressed cache.
//
// Compiler: $CC (default "cc"), flags -O3 -fPIC -shared -std=gnu99 <target flags> [-fopenmp].
// Cache directory: $TIRGEN_CACHE_DIR, else $XDG_CACHE_HOME/tirgen, else ~/.cache/tirgen. The key
// hashes source, compiler command, flags and the compiler's identity (`--version`,
// `-dumpmachine`, and what -march=native expands to; asked once per process); a hit runs no
// compiler. Results are renamed into place atomically.

#include <string>

#include "tirgen/target/target.h"

namespace tirgen {
namespace codegen {

std::string CacheDir();

/// Path of the shared library built from `source` (tirgen::Error on a missing compiler or a
/// failed compile, with the compiler's own output).
std::string BuildSharedLibrary(const std::string& source, bool openmp, const target::Target& target);
/// For target::DefaultBuildTarget().
std::string BuildSharedLibrary(const std::string& source, bool openmp);

}  // namespace codegen
}  // namespace tirgen
