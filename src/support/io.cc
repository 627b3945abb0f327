#include "tirgen/support/io.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "tirgen/support/error.h"

namespace tirgen {

std::string ReadFile(const std::string& path) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    return ss.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(Span{path, 0, 0}, std::string("cannot open file: ") + std::strerror(errno));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw Error(Span{path, 0, 0}, "read failed");
  return text;
}

void WriteFileAtomic(const std::string& path, const std::string& content) {
  if (path == "-") {
    std::cout << content;
    std::cout.flush();
    return;
  }
  std::string tmp = path + ".tmp-tirgen";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(Span{path, 0, 0}, std::string("cannot write file: ") + std::strerror(errno));
    out << content;
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      throw Error(Span{path, 0, 0}, "write failed");
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    throw Error(Span{path, 0, 0}, "cannot write file: " + why);
  }
}

}  // namespace tirgen
