// What the build cache (codegen/build.h) holds, and removing it: `tirgen cache info|clean`.
// Only files with the cache's own names are counted or removed: libraries `<32 hex>.so`, and
// temporaries `<32 hex>.tmp<pid>.c|.so` of a build in progress (or one a crash interrupted).
// The cache never evicts: every distinct C source (model, schedule, target, compiler) adds a
// library, so tuning, which compiles every candidate, grows it fastest.
#pragma once

#include <cstdint>
#include <string>

namespace tirgen {
namespace codegen {

struct BuildCacheUsage {
  std::string dir;               ///< the cache directory
  bool exists = false;           ///< whether it exists
  int64_t libraries = 0;         ///< cached libraries
  int64_t library_bytes = 0;     ///< their total size
  int64_t temporaries = 0;       ///< build temporaries (live or left by an interrupted build)
  int64_t temporary_bytes = 0;   ///< their total size
};

/// What `dir` holds (CacheDir() by default). tirgen::Error when it cannot be read.
BuildCacheUsage InspectBuildCache(const std::string& dir);
BuildCacheUsage InspectBuildCache();

/// Removes the cached libraries and the temporaries of processes that no longer run; returns
/// what was removed. Files with other names are left alone. Processes already running keep
/// the libraries they loaded; one between a cache lookup and loading its library would fail,
/// so clean while no tirgen runs. tirgen::Error when a file cannot be removed.
BuildCacheUsage CleanBuildCache(const std::string& dir);
BuildCacheUsage CleanBuildCache();

}  // namespace codegen
}  // namespace tirgen
