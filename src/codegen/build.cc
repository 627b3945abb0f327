#include "tirgen/codegen/build.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "tirgen/ir/ndarray.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace codegen {
namespace {

std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v && *v ? v : "";
}

void MakeDirs(const std::string& path) {
  for (size_t i = 1; i <= path.size(); ++i) {
    if (i == path.size() || path[i] == '/') {
      std::string part = path.substr(0, i);
      if (mkdir(part.c_str(), 0755) != 0 && errno != EEXIST) {
        TIRGEN_CHECK(false) << "cannot create cache directory " << part;
      }
    }
  }
}

std::string Quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

bool Exists(const std::string& p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0;
}

// Runs a shell command; its stdout+stderr (the caller adds 2>&1) and exit code.
std::string RunCommand(const std::string& cmd, int* code) {
  std::string output;
  FILE* p = popen(cmd.c_str(), "r");
  TIRGEN_CHECK(p) << "cannot run '" << cmd << "'";
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), p)) > 0) output.append(buf, n);
  int status = pclose(p);
  *code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return output;
}

// What identifies the compiler's output besides source and flags: its version text and target
// machine, and for -march=native the CPU flags it expands to (a cache shared by different hosts
// must not hand one host's native code to another). Run once per process per (compiler, flags).
std::string CompilerIdentity(const std::string& cc, const std::string& flags) {
  static std::mutex mu;
  static std::map<std::string, std::string> cache;
  std::lock_guard<std::mutex> lock(mu);
  std::string key = cc + '\0' + flags;
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  int code = 0;
  std::string id = RunCommand(cc + " --version 2>&1", &code);
  id += RunCommand(cc + " -dumpmachine 2>&1", &code);
  if (flags.find("-march=native") != std::string::npos) {
    // The driver prints the cc1 command line with -march=native resolved (-march=<cpu> -m...).
    std::string v = RunCommand(cc + " " + flags + " -E -v -x c /dev/null -o /dev/null 2>&1", &code);
    std::istringstream lines(v);
    for (std::string line; std::getline(lines, line);)
      if (line.find("cc1") != std::string::npos && line.find("-march=") != std::string::npos) id += line;
  }
  cache[key] = id;
  return id;
}

}  // namespace

std::string CacheDir() {
  std::string d = Env("TIRGEN_CACHE_DIR");
  if (!d.empty()) return d;
  std::string xdg = Env("XDG_CACHE_HOME");
  if (!xdg.empty()) return xdg + "/tirgen";
  std::string home = Env("HOME");
  TIRGEN_CHECK(!home.empty()) << "no cache directory: set TIRGEN_CACHE_DIR";
  return home + "/.cache/tirgen";
}

std::string BuildSharedLibrary(const std::string& source, bool openmp) {
  return BuildSharedLibrary(source, openmp, target::DefaultBuildTarget());
}

std::string BuildSharedLibrary(const std::string& source, bool openmp, const target::Target& target) {
  std::string cc = Env("CC");
  if (cc.empty()) cc = "cc";
  std::string flags = "-O3 -fPIC -shared -std=gnu99";
  for (const std::string& f : target.CompilerFlags()) flags += " " + f;
  if (openmp) flags += " -fopenmp";
  std::string key_text = source + '\0' + cc + '\0' + flags + '\0' + CompilerIdentity(cc, flags);
  uint64_t h1 = HashBytes(key_text.data(), key_text.size());
  uint64_t h2 = HashBytes(key_text.data(), key_text.size(), 0x84222325cbf29ce4ULL);
  char key[40];
  std::snprintf(key, sizeof(key), "%016llx%016llx", static_cast<unsigned long long>(h1),
                static_cast<unsigned long long>(h2));
  std::string dir = CacheDir();
  MakeDirs(dir);
  std::string lib = dir + "/" + key + ".so";
  if (Exists(lib)) return lib;  // cache hit: no compiler run

  // Unique temporaries (pid) so concurrent builds of the same source never collide.
  std::string tmp = dir + "/" + key + ".tmp" + std::to_string(getpid());
  std::string c_file = tmp + ".c", so_file = tmp + ".so";
  {
    std::ofstream f(c_file, std::ios::binary);
    f << source;
    TIRGEN_CHECK(f.good()) << "cannot write " << c_file;
  }
  std::string cmd = cc + " " + flags + " -o " + Quote(so_file) + " " + Quote(c_file) + " -lm 2>&1";
  int code = 0;
  std::string output = RunCommand(cmd, &code);
  std::remove(c_file.c_str());
  if (code != 0) {
    std::remove(so_file.c_str());
    if (code == 127) {
      TIRGEN_CHECK(false) << "C compiler '" << cc << "' not found (set CC to a C compiler): " << output;
    }
    TIRGEN_CHECK(false) << "C compilation failed (" << cc << " " << flags << ", exit " << code
                        << "):\n" << output;
  }
  TIRGEN_CHECK(std::rename(so_file.c_str(), lib.c_str()) == 0) << "cannot move " << so_file << " into the cache";
  return lib;
}

}  // namespace codegen
}  // namespace tirgen
