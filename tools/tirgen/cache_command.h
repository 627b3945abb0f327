// `tirgen cache info` / `tirgen cache clean`: where the build cache is (codegen/build.h:
// $TIRGEN_CACHE_DIR, else $XDG_CACHE_HOME/tirgen, else ~/.cache/tirgen), what it holds, and
// removing its libraries (codegen/build_cache.h).
#pragma once

#include <CLI/CLI.hpp>

namespace tirgen {
namespace cli {

struct CacheOptions {
  bool info = false;   ///< `cache info` was given
  bool clean = false;  ///< `cache clean` was given
};

void AddCacheCommand(CLI::App& app, CacheOptions* options);
/// Returns the exit code (0); throws tirgen::Error when the cache cannot be read or cleaned.
int RunCache(const CacheOptions& options);

}  // namespace cli
}  // namespace tirgen
