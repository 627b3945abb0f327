// Child processes of the runner: posix_spawn (fork+exec, safe in a multi-threaded parent) into
// a process group of their own, so a timeout kills whatever the candidate started as well.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>

#include "runner_internal.h"
#include "tirgen/support/error.h"

extern char** environ;

namespace tirgen {
namespace tuner {
namespace {

// The spawn attributes: own process group, no blocked signals, default dispositions (a parent
// that ignores SIGPIPE or handles SIGSEGV must not pass that on to the candidate).
struct SpawnAttributes {
  posix_spawnattr_t attr;
  SpawnAttributes() {
    posix_spawnattr_init(&attr);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    sigdelset(&all, SIGKILL);
    sigdelset(&all, SIGSTOP);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &all);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  }
  ~SpawnAttributes() { posix_spawnattr_destroy(&attr); }
};

struct FileActions {
  posix_spawn_file_actions_t actions;
  explicit FileActions(const std::string& log_file) {
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, log_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
  }
  ~FileActions() { posix_spawn_file_actions_destroy(&actions); }
};

}  // namespace

ChildExit RunChild(const std::vector<std::string>& argv, const std::string& log_file, double timeout_seconds) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  SpawnAttributes attr;
  FileActions files(log_file);
  pid_t pid = 0;
  int err = posix_spawn(&pid, args[0], &files.actions, &attr.attr, args.data(), environ);
  TIRGEN_CHECK(err == 0) << "cannot start " << argv[0] << ": " << std::strerror(err);

  using Clock = std::chrono::steady_clock;
  Clock::time_point deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                  std::chrono::duration<double>(timeout_seconds));
  ChildExit exit;
  int status = 0;
  long sleep_ns = 200000;  // poll from 0.2 ms up to 20 ms: quick children return quickly
  for (;;) {
    pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    TIRGEN_CHECK(done == 0 || errno == EINTR) << "waiting for " << argv[0] << ": " << std::strerror(errno);
    if (Clock::now() >= deadline) {
      kill(-pid, SIGKILL);  // the whole group: threads, OpenMP workers, anything it spawned
      waitpid(pid, &status, 0);
      exit.timed_out = true;
      return exit;
    }
    timespec ts{0, sleep_ns};
    nanosleep(&ts, nullptr);
    sleep_ns = std::min(sleep_ns * 2, 20000000L);
  }
  kill(-pid, SIGKILL);  // leftovers of the group (none, normally)
  if (WIFSIGNALED(status)) exit.signal = WTERMSIG(status);
  if (WIFEXITED(status)) exit.code = WEXITSTATUS(status);
  return exit;
}

}  // namespace tuner
}  // namespace tirgen
