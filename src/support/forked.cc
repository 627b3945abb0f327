#include "tirgen/support/forked.h"

#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <iostream>

#include "tirgen/support/error.h"

namespace tirgen {
namespace support {
namespace {

volatile sig_atomic_t g_child = 0;  // the child to pass signals on to

void PassOn(int sig) {
  if (g_child > 0) kill(g_child, sig);
}

const int kPassedOn[] = {SIGINT, SIGTERM, SIGHUP};

}  // namespace

std::string SignalName(int signal) {
  const char* abbrev = sigabbrev_np(signal);
  const char* text = strsignal(signal);
  std::string name = abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(signal);
  return text ? name + " (" + text + ")" : name;
}

ForkedExit RunForked(const std::function<int(char* note, std::size_t note_bytes)>& body, std::size_t note_bytes) {
  void* page = mmap(nullptr, note_bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  TIRGEN_CHECK(page != MAP_FAILED) << "cannot map memory for a child process: " << strerror(errno);
  char* note = static_cast<char*>(page);
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);  // nothing buffered is written twice
  // Signals are passed on from before the fork, so none arriving in between is lost.
  struct sigaction pass {}, old[3];
  pass.sa_handler = PassOn;
  sigemptyset(&pass.sa_mask);
  for (int i = 0; i < 3; ++i) sigaction(kPassedOn[i], &pass, &old[i]);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid == 0) {
    for (int i = 0; i < 3; ++i) sigaction(kPassedOn[i], &old[i], nullptr);
    // A fault in the body kills the child by its signal, which the parent reports; a handler
    // inherited from the caller (a sanitizer's, say) would turn it into some other exit.
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) std::signal(sig, SIG_DFL);
    prctl(PR_SET_PDEATHSIG, SIGTERM);  // never outlive the caller
    if (getppid() != parent) _exit(1);
    rlimit no_core{0, 0};
    setrlimit(RLIMIT_CORE, &no_core);  // a crash is reported by the parent; no core file
    int code = body(note, note_bytes);
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    _exit(code);
  }
  int fork_errno = errno;
  ForkedExit exit;
  if (pid < 0) {
    for (int i = 0; i < 3; ++i) sigaction(kPassedOn[i], &old[i], nullptr);
    munmap(page, note_bytes);
    TIRGEN_CHECK(false) << "cannot start a child process: " << strerror(fork_errno);
  }
  g_child = pid;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  g_child = 0;
  for (int i = 0; i < 3; ++i) sigaction(kPassedOn[i], &old[i], nullptr);
  note[note_bytes - 1] = '\0';
  exit.note = note;
  munmap(page, note_bytes);
  if (WIFEXITED(status)) exit.code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) {
    exit.signal = WTERMSIG(status);
    // A signal passed on ends the parent as well, as it would have without the child.
    for (int s : kPassedOn)
      if (s == exit.signal) raise(s);
  }
  return exit;
}

}  // namespace support
}  // namespace tirgen
