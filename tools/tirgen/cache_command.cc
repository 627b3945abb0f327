#include "cache_command.h"

#include <iostream>

#include "tirgen/codegen/build_cache.h"
#include "tirgen/support/bytes.h"

namespace tirgen {
namespace cli {
namespace {

std::string Files(int64_t n) { return std::to_string(n) + (n == 1 ? " file" : " files"); }

}  // namespace

void AddCacheCommand(CLI::App& app, CacheOptions* options) {
  CLI::App* cmd = app.add_subcommand(
      "cache", "the build cache of compiled libraries ($TIRGEN_CACHE_DIR, else $XDG_CACHE_HOME/tirgen, "
               "else ~/.cache/tirgen)");
  cmd->require_subcommand(1);
  cmd->add_subcommand("info", "print the cache directory, its libraries and their size")
      ->callback([options] { options->info = true; });
  cmd->add_subcommand("clean", "remove the cached libraries (and temporaries of builds no longer running)")
      ->callback([options] { options->clean = true; });
}

int RunCache(const CacheOptions& options) {
  if (options.clean) {
    codegen::BuildCacheUsage removed = codegen::CleanBuildCache();
    std::cout << "removed " << Files(removed.libraries + removed.temporaries) << " ("
              << FormatBytes(removed.library_bytes + removed.temporary_bytes) << ") from " << removed.dir << "\n";
    return 0;
  }
  codegen::BuildCacheUsage usage = codegen::InspectBuildCache();
  std::cout << "build cache: " << usage.dir << (usage.exists ? "" : " (not created yet)") << "\n"
            << "libraries: " << Files(usage.libraries) << ", " << FormatBytes(usage.library_bytes) << "\n";
  if (usage.temporaries)
    std::cout << "temporaries: " << Files(usage.temporaries) << ", " << FormatBytes(usage.temporary_bytes)
              << " (builds in progress, or left by interrupted ones)\n";
  return 0;
}

}  // namespace cli
}  // namespace tirgen
