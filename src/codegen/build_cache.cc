// The build cache's contents by name (build_cache.h). Names, not contents, decide: the cache
// directory may be one the user shares with other files ($TIRGEN_CACHE_DIR).
#include "tirgen/codegen/build_cache.h"

#include <signal.h>

#include <cerrno>
#include <filesystem>
#include <system_error>

#include "tirgen/codegen/build.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace codegen {
namespace {

namespace fs = std::filesystem;

enum class EntryKind { kOther, kLibrary, kTemporary };

bool IsKey(const std::string& s) {
  if (s.size() != 32) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

// "<key>.so" is a library; "<key>.tmp<pid>.c" / ".so" a temporary of process `pid`.
EntryKind Classify(const std::string& name, long* pid) {
  if (name.size() < 35 || !IsKey(name.substr(0, 32))) return EntryKind::kOther;
  std::string rest = name.substr(32);
  if (rest == ".so") return EntryKind::kLibrary;
  if (rest.rfind(".tmp", 0) != 0) return EntryKind::kOther;
  size_t dot = rest.find('.', 4);
  if (dot == std::string::npos || dot == 4) return EntryKind::kOther;
  std::string digits = rest.substr(4, dot - 4), ext = rest.substr(dot);
  if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 9) return EntryKind::kOther;
  if (ext != ".c" && ext != ".so") return EntryKind::kOther;
  *pid = std::stol(digits);
  return EntryKind::kTemporary;
}

bool ProcessRuns(long pid) { return pid > 0 && (kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM); }

template <class F>
BuildCacheUsage Walk(const std::string& dir, F&& on_entry) {
  BuildCacheUsage usage;
  usage.dir = dir;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return usage;
  usage.exists = true;
  fs::directory_iterator it(dir, ec), end;
  if (ec) throw Error(Span{dir, 0, 0}, "cannot read the build cache directory: " + ec.message());
  for (; it != end; it.increment(ec)) {
    if (ec) throw Error(Span{dir, 0, 0}, "cannot read the build cache directory: " + ec.message());
    std::error_code size_ec;
    if (!it->is_regular_file(size_ec)) continue;
    long pid = 0;
    EntryKind kind = Classify(it->path().filename().string(), &pid);
    if (kind == EntryKind::kOther) continue;
    int64_t bytes = static_cast<int64_t>(it->file_size(size_ec));
    if (size_ec) continue;  // removed meanwhile by a concurrent build's rename
    if (!on_entry(it->path(), kind, pid)) continue;
    if (kind == EntryKind::kLibrary) {
      ++usage.libraries;
      usage.library_bytes += bytes;
    } else {
      ++usage.temporaries;
      usage.temporary_bytes += bytes;
    }
  }
  return usage;
}

}  // namespace

BuildCacheUsage InspectBuildCache(const std::string& dir) {
  return Walk(dir, [](const fs::path&, EntryKind, long) { return true; });
}
BuildCacheUsage InspectBuildCache() { return InspectBuildCache(CacheDir()); }

BuildCacheUsage CleanBuildCache(const std::string& dir) {
  return Walk(dir, [](const fs::path& path, EntryKind kind, long pid) {
    if (kind == EntryKind::kTemporary && ProcessRuns(pid)) return false;  // a build in progress
    std::error_code ec;
    bool removed = fs::remove(path, ec);
    if (ec) throw Error(Span{path.string(), 0, 0}, "cannot remove from the build cache: " + ec.message());
    return removed;
  });
}
BuildCacheUsage CleanBuildCache() { return CleanBuildCache(CacheDir()); }

}  // namespace codegen
}  // namespace tirgen
