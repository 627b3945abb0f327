// RenderDot: Graphviz's `dot` lays the graph out (tirgen draws no layout of its own). It runs
// as a child process (posix_spawnp, found on PATH) reading and writing temporary files, so
// neither side can block on a full pipe and dot's own messages can be reported.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <vector>

#include "tirgen/support/error.h"
#include "tirgen/support/io.h"
#include "tirgen/viz/graph.h"

extern char** environ;

namespace tirgen {
namespace viz {
namespace {

// A temporary file removed when this goes out of scope.
class TempFile {
 public:
  explicit TempFile(const std::string& suffix) {
    const char* dir = std::getenv("TMPDIR");
    std::string pattern = std::string(dir && *dir ? dir : "/tmp") + "/tirgen-graph-XXXXXX" + suffix;
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    int fd = mkstemps(buf.data(), static_cast<int>(suffix.size()));
    if (fd < 0)
      throw Error("error: graph: cannot create a temporary file in " + pattern.substr(0, pattern.rfind('/')) +
                  " (" + std::strerror(errno) + "); set TMPDIR to a writable directory");
    ::close(fd);
    path_ = buf.data();
  }
  ~TempFile() { ::unlink(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace

std::string RenderDot(const std::string& dot, const std::string& format) {
  TIRGEN_CHECK(!format.empty() && format.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789:") ==
                                      std::string::npos)
      << "error: graph: '" << format << "' is not a Graphviz output format (svg, png, ...)";
  TempFile in(".dot"), out("." + format), err(".log");
  {
    std::ofstream f(in.path(), std::ios::binary);
    f << dot;
    TIRGEN_CHECK(f.good()) << "error: graph: cannot write " << in.path();
  }
  std::vector<std::string> args = {"dot", "-T" + format, "-o", out.path(), in.path()};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, err.path().c_str(), O_WRONLY | O_TRUNC, 0);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, "dot", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc == ENOENT)
    throw Error("error: graph: Graphviz's `dot` program is not on PATH; install the Graphviz "
                "package (Debian: apt install graphviz)");
  TIRGEN_CHECK(rc == 0) << "error: graph: cannot run Graphviz's `dot`: " << std::strerror(rc);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    // tirgen wrote the DOT text, so dot rejecting it is our bug (or a broken Graphviz).
    throw InternalError("Graphviz `dot -T" + format + "` failed (" +
                        (WIFEXITED(status) ? "exit " + std::to_string(WEXITSTATUS(status))
                                           : std::string("killed by a signal")) +
                        "): " + ReadFile(err.path()));
  }
  return ReadFile(out.path());
}

}  // namespace viz
}  // namespace tirgen
