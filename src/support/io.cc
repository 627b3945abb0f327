#include "tirgen/support/io.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <mutex>
#include <sstream>
#include <vector>

#include "tirgen/support/atomic_file.h"
#include "tirgen/support/error.h"

namespace tirgen {

std::string ReadFile(const std::string& path) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    return ss.str();
  }
  // One read into a string of the file's size: models with embedded weights are hundreds of
  // MB, and growing a string character by character copied them several times over.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw Error(Span{path, 0, 0}, std::string("cannot open file: ") + std::strerror(errno));
  auto fail = [&](const std::string& why) {
    ::close(fd);
    throw Error(Span{path, 0, 0}, why);
  };
  struct stat st;
  if (::fstat(fd, &st) != 0) fail(std::string("cannot open file: ") + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) fail("is a directory; give a file");
  std::string text;
  size_t size = 0;
  text.resize(S_ISREG(st.st_mode) && st.st_size > 0 ? static_cast<size_t>(st.st_size) : 65536);
  char probe[4096];
  for (;;) {
    // Full (the size fstat said, or a pipe's first block): read on into a small buffer first,
    // so a file that ends where expected costs no larger string.
    bool full = size == text.size();
    ssize_t n = full ? ::read(fd, probe, sizeof(probe)) : ::read(fd, text.data() + size, text.size() - size);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(std::string("read failed: ") + std::strerror(errno));
    if (n == 0) break;
    if (full) {
      text.resize(text.size() * 2);
      std::memcpy(text.data() + size, probe, static_cast<size_t>(n));
    }
    size += static_cast<size_t>(n);
  }
  ::close(fd);
  text.resize(size);
  return text;
}

namespace {

// Temporary files being written, unlinked when SIGINT or SIGTERM is about to end the process
// so an interrupted write leaves nothing behind. Fixed slots of plain chars: a signal handler
// may only read memory and call unlink (async-signal-safe). A slot is claimed by its writer
// (`claimed`), then filled, then published (`live`): the handler reads live slots only.
constexpr int kSlots = 16;
constexpr size_t kPathMax = 4096;
char g_temp_paths[kSlots][kPathMax];
std::atomic<bool> g_temp_claimed[kSlots];
std::atomic<bool> g_temp_live[kSlots];
struct sigaction g_previous[2];  // SIGINT, SIGTERM

void OnTerminatingSignal(int sig) {
  const struct sigaction& previous = g_previous[sig == SIGINT ? 0 : 1];
  if (previous.sa_handler != SIG_DFL) {
    // Someone else handles it (Python raises KeyboardInterrupt): the process goes on and the
    // writer finishes or cleans up itself.
    if (previous.sa_handler != SIG_IGN) previous.sa_handler(sig);
    return;
  }
  for (int i = 0; i < kSlots; ++i)
    if (g_temp_live[i].load()) ::unlink(g_temp_paths[i]);
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void InstallHandlersOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction sa = {};
    sa.sa_handler = OnTerminatingSignal;
    sigemptyset(&sa.sa_mask);
    for (int k = 0; k < 2; ++k) {
      int sig = k == 0 ? SIGINT : SIGTERM;
      ::sigaction(sig, nullptr, &g_previous[k]);
      // An ignored signal stays ignored; a handler with siginfo is left alone (it cannot be
      // chained through sa_handler).
      if (g_previous[k].sa_handler != SIG_IGN && !(g_previous[k].sa_flags & SA_SIGINFO)) ::sigaction(sig, &sa, nullptr);
    }
  });
}

// A slot holding `path` while it exists (no slot free or a path too long: not registered,
// the write still works; only the cleanup on a signal is lost).
class TempRegistration {
 public:
  explicit TempRegistration(const std::string& path) {
    InstallHandlersOnce();
    if (path.size() >= kPathMax) return;
    for (int i = 0; i < kSlots; ++i) {
      bool expected = false;
      if (!g_temp_claimed[i].compare_exchange_strong(expected, true)) continue;
      std::memcpy(g_temp_paths[i], path.c_str(), path.size() + 1);
      g_temp_live[i].store(true);
      slot_ = i;
      return;
    }
  }
  ~TempRegistration() {
    if (slot_ < 0) return;
    g_temp_live[slot_].store(false);
    g_temp_claimed[slot_].store(false);
  }
  TempRegistration(const TempRegistration&) = delete;
  TempRegistration& operator=(const TempRegistration&) = delete;

 private:
  int slot_ = -1;
};

}  // namespace

struct AtomicFileWriter::Impl {
  std::string path, tmp;
  std::string target;     ///< the file renamed over (path, or the file a link at path names)
  bool in_place = false;  ///< path is a device or FIFO: written directly, nothing renamed
  int fd = -1;
  std::unique_ptr<TempRegistration> registered;

  [[noreturn]] void Fail(const std::string& why) {
    if (fd >= 0) ::close(fd);
    fd = -1;
    if (!in_place) ::unlink(tmp.c_str());
    registered.reset();
    throw Error(Span{path, 0, 0}, "cannot write file: " + why);
  }
};

AtomicFileWriter::AtomicFileWriter(const std::string& path) : impl_(new Impl) {
  impl_->path = path;
  if (path == "-") return;
  // Something that is not a regular file (/dev/null, /dev/stdout, a FIFO) is written in place:
  // renaming a temporary over it would replace the device with a file.
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    if (S_ISDIR(st.st_mode)) throw Error(Span{path, 0, 0}, "cannot write file: it is a directory");
    int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) throw Error(Span{path, 0, 0}, std::string("cannot write file: ") + std::strerror(errno));
    impl_->fd = fd;
    impl_->in_place = true;
    return;
  }
  // A symbolic link to a file: the file is replaced, the link kept.
  std::string target = path;
  if (char* real = ::realpath(path.c_str(), nullptr)) {
    if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) target = real;
    std::free(real);
  }
  impl_->target = target;
  // A unique temporary beside the output (same file system, so rename is atomic): two
  // processes writing one path never share it; the last rename wins whole.
  std::string dir = ".", base = target;
  size_t slash = target.rfind('/');
  if (slash != std::string::npos) {
    dir = slash == 0 ? "/" : target.substr(0, slash);
    base = target.substr(slash + 1);
  }
  std::string tmp = (dir == "/" ? "" : dir) + "/." + base + ".tmp-XXXXXX";
  std::vector<char> name(tmp.begin(), tmp.end());
  name.push_back('\0');
  int fd = ::mkstemp(name.data());
  if (fd < 0) throw Error(Span{path, 0, 0}, std::string("cannot write file: ") + std::strerror(errno));
  impl_->fd = fd;
  impl_->tmp = name.data();
  impl_->registered = std::make_unique<TempRegistration>(impl_->tmp);
  // mkstemp makes the file 0600; an output gets what a plain create would (0666 & ~umask).
  mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd, 0666 & ~mask) != 0) impl_->Fail(std::strerror(errno));
}

AtomicFileWriter::~AtomicFileWriter() {
  if (impl_->fd < 0) return;
  ::close(impl_->fd);
  if (!impl_->in_place) ::unlink(impl_->tmp.c_str());
}

void AtomicFileWriter::Write(std::string_view data) {
  if (impl_->path == "-") {
    std::cout.write(data.data(), static_cast<std::streamsize>(data.size()));
    return;
  }
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(impl_->fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) impl_->Fail(n < 0 ? std::strerror(errno) : "write failed");
    done += static_cast<size_t>(n);
  }
}

void AtomicFileWriter::Commit() {
  if (impl_->path == "-") {
    std::cout.flush();
    return;
  }
  int fd = impl_->fd;
  impl_->fd = -1;
  if (::close(fd) != 0) impl_->Fail(std::strerror(errno));
  if (impl_->in_place) return;
  if (std::rename(impl_->tmp.c_str(), impl_->target.c_str()) != 0) impl_->Fail(std::strerror(errno));
  impl_->registered.reset();
}

void WriteFileAtomic(const std::string& path, const std::string& content) {
  AtomicFileWriter out(path);
  out.Write(content);
  out.Commit();
}

}  // namespace tirgen
