// A whole input file as read-only text without copying it: TVMScript with embedded weights is
// hundreds of MB, and reading it into a string cost a copy plus fresh zeroed pages.
#pragma once

#include <string>
#include <string_view>

namespace tirgen {

/// The bytes of `path`, mapped for regular files and read into memory for stdin ("-") and
/// other special files. tirgen::Error naming the file when it cannot be read. (A mapped file
/// truncated by someone else while in use ends the process with SIGBUS, as for any mmap reader.)
class MappedFile {
 public:
  explicit MappedFile(const std::string& path);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  std::string_view text() const { return map_ ? std::string_view(map_, size_) : std::string_view(owned_); }

 private:
  const char* map_ = nullptr;
  size_t size_ = 0;
  std::string owned_;
};

}  // namespace tirgen
