// A database table on disk: read whole when opened, then only appended to, one line per
// write(2), so a killed tuner leaves every committed line whole and a failed write nothing.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "database_internal.h"
#include "tirgen/support/io.h"

namespace tirgen {
namespace tuner {
namespace detail {
namespace {

// Opens for appending (creating the file; readable, to look at its last byte); the fd, or a
// tirgen::Error naming the file.
int OpenForAppend(const std::string& path) {
  int fd = open(path.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw Error("cannot open " + path + " to append to it: " + std::strerror(errno));
  return fd;
}

}  // namespace

std::vector<std::string> ReadTableLines(const std::string& path, bool* cut) {
  if (access(path.c_str(), F_OK) != 0) close(OpenForAppend(path));  // created, as TVM does
  const std::string text = ReadFile(path);
  std::vector<std::string> lines;
  *cut = !text.empty() && text.back() != '\n';
  for (size_t start = 0; start < text.size();) {
    size_t end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

void AppendTableLine(const std::string& path, const std::string& line) {
  int fd = OpenForAppend(path);
  struct stat st;
  off_t before = fstat(fd, &st) == 0 ? st.st_size : -1;
  char last = '\n';
  if (before > 0 && pread(fd, &last, 1, before - 1) != 1) last = '\n';
  std::string data = line + "\n";
  if (last != '\n') data = "\n" + data;
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      std::string why = n < 0 ? std::strerror(errno) : "nothing was written";
      if (before >= 0 && ftruncate(fd, before) != 0) why += " (and the partial line could not be removed)";
      close(fd);
      throw Error("cannot append to " + path + ": " + why);
    }
    done += static_cast<size_t>(n);
  }
  if (close(fd) != 0) throw Error("cannot append to " + path + ": " + std::strerror(errno));
}

}  // namespace detail
}  // namespace tuner
}  // namespace tirgen
