#include "tirgen/support/mapped_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "tirgen/support/error.h"
#include "tirgen/support/io.h"

namespace tirgen {

MappedFile::MappedFile(const std::string& path) {
  if (path != "-") {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw Error(Span{path, 0, 0}, std::string("cannot open file: ") + std::strerror(errno));
    struct stat st;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
      void* p = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
      if (p != MAP_FAILED) {
        ::close(fd);
        map_ = static_cast<const char*>(p);
        size_ = static_cast<size_t>(st.st_size);
        return;
      }
    }
    ::close(fd);
  }
  owned_ = ReadFile(path);  // stdin, pipes, empty files, or mmap refused
}

MappedFile::~MappedFile() {
  if (map_) ::munmap(const_cast<char*>(map_), size_);
}

}  // namespace tirgen
