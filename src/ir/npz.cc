#include "tirgen/ir/npz.h"

#include "tirgen/support/checked_size.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <sstream>

namespace tirgen {
namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot open '" + path + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw Error("cannot write '" + path + "'");
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw Error("cannot write '" + path + "'");
}

template <class T>
T Load(const std::string& s, size_t at, const std::string& what) {
  // Offsets come from the file (zip64 ones are 64-bit): compare without overflowing.
  if (at > s.size() || s.size() - at < sizeof(T)) throw Error(what + ": file is truncated");
  T v;
  std::memcpy(&v, s.data() + at, sizeof(T));
  return v;
}
template <class T>
void Put(std::string* out, T v) {
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));
  out->append(buf, sizeof(T));
}

uint32_t Crc32(const char* data, size_t size) {
  static uint32_t table[256];
  static bool init = [] {
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      table[i] = c;
    }
    return true;
  }();
  (void)init;
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < size; ++i) crc = table[(crc ^ static_cast<unsigned char>(data[i])) & 0xFF] ^ (crc >> 8);
  return crc ^ 0xFFFFFFFFu;
}

// Header text as a message shows it: bytes outside printable ASCII as \xNN (a NUL would end
// the message where it is printed as a C string; other control bytes garble the terminal).
std::string Printable(const std::string& text) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : text) {
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

// '<f4' -> float32 etc.
DataType DescrToDType(const std::string& descr, const std::string& what) {
  // At most two digits of size ('<f8'): a longer count would overflow atoi.
  if (descr.size() < 3 || descr.size() > 4) throw Error(what + ": unsupported dtype '" + Printable(descr) + "'");
  char order = descr[0], kind = descr[1];
  if (descr.find_first_not_of("0123456789", 2) != std::string::npos)
    throw Error(what + ": unsupported dtype '" + Printable(descr) + "'");
  int bytes = std::atoi(descr.c_str() + 2);
  if (order == '>' && bytes > 1) throw Error(what + ": big-endian arrays are not supported");
  switch (kind) {
    case 'f': if (bytes == 2 || bytes == 4 || bytes == 8) return DataType::Float(bytes * 8); break;
    case 'i': if (bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8) return DataType::Int(bytes * 8); break;
    case 'u': if (bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8) return DataType::UInt(bytes * 8); break;
    case 'b': if (bytes == 1) return DataType::Bool(); break;
    default: break;
  }
  throw Error(what + ": unsupported dtype '" + Printable(descr) + "'");
}

std::string DTypeToDescr(DataType t) {
  if (t.is_bool()) return "|b1";
  char kind = t.is_float() ? 'f' : t.is_int() ? 'i' : t.is_uint() ? 'u' : '?';
  if (kind == '?' || t.lanes() != 1) throw Error("cannot save dtype " + t.str() + " as .npy");
  return std::string(t.bytes() == 1 ? "|" : "<") + kind + std::to_string(t.bytes());
}

// The value text of `key` in the header dict, e.g. "'<f4'" or "(3, 4)".
std::string DictValue(const std::string& header, const std::string& key, const std::string& what) {
  size_t k = header.find("'" + key + "'");
  if (k == std::string::npos) throw Error(what + ": .npy header lacks '" + key + "'");
  // numpy reads the header as a Python dict literal, where a repeated key's last value wins.
  if (header.find("'" + key + "'", k + 1) != std::string::npos)
    throw Error(what + ": .npy header gives '" + key + "' twice");
  size_t colon = header.find(':', k);
  if (colon == std::string::npos) throw Error(what + ": malformed .npy header");
  size_t b = header.find_first_not_of(" ", colon + 1);
  if (b == std::string::npos) throw Error(what + ": malformed .npy header");
  size_t e;
  if (header[b] == '(') e = header.find(')', b) + 1;
  else if (header[b] == '\'') e = header.find('\'', b + 1) + 1;
  else e = header.find_first_of(",}", b);
  if (e == std::string::npos || e == 0) throw Error(what + ": malformed .npy header");
  return header.substr(b, e - b);
}

}  // namespace

NDArray ParseNpy(const std::string& s, const std::string& what) {
  if (s.size() < 10 || s.compare(0, 6, "\x93NUMPY") != 0) throw Error(what + ": not a .npy file");
  int major = static_cast<unsigned char>(s[6]);
  size_t header_len, header_at;
  if (major == 1) {
    header_len = Load<uint16_t>(s, 8, what);
    header_at = 10;
  } else if (major == 2 || major == 3) {
    header_len = Load<uint32_t>(s, 8, what);
    header_at = 12;
  } else {
    throw Error(what + ": unsupported .npy version " + std::to_string(major));
  }
  if (header_at + header_len > s.size()) throw Error(what + ": file is truncated");
  std::string header = s.substr(header_at, header_len);
  std::string descr = DictValue(header, "descr", what);
  if (descr.size() < 2 || descr.front() != '\'') throw Error(what + ": unsupported dtype " + Printable(descr));
  DataType dtype = DescrToDType(descr.substr(1, descr.size() - 2), what);
  if (DictValue(header, "fortran_order", what) != "False")
    throw Error(what + ": Fortran-order arrays are not supported");
  std::string shape_text = DictValue(header, "shape", what);
  if (shape_text.empty() || shape_text.front() != '(') throw Error(what + ": malformed shape " + Printable(shape_text) + " (a tuple such as (3, 4))");
  std::vector<int64_t> shape;
  for (size_t i = 1; i < shape_text.size();) {
    size_t j = shape_text.find_first_of(",)", i);
    if (j == std::string::npos) break;
    std::string item = shape_text.substr(i, j - i);
    size_t b = item.find_first_not_of(' ');
    if (b != std::string::npos) {
      // A dimension is digits, optionally followed by Python 2's long suffix L, then spaces.
      item = item.substr(b);
      size_t digits = std::min(item.find_first_not_of("0123456789"), item.size());
      size_t rest = digits;
      if (rest < item.size() && item[rest] == 'L') ++rest;
      if (digits == 0 || digits > 15 || item.find_first_not_of(' ', rest) != std::string::npos)
        throw Error(what + ": malformed shape " + Printable(shape_text));
      shape.push_back(std::stoll(item.substr(0, digits)));
    }
    i = j + 1;
  }
  // Checked before anything is allocated: a header may declare (2^30, 2^30, 2^30) and no data.
  int64_t numel = support::CheckedNumElements(shape, dtype.bytes(), what);
  size_t nbytes = static_cast<size_t>(numel) * dtype.bytes();
  size_t data_at = header_at + header_len;
  if (nbytes > s.size() - data_at)
    throw Error(what + ": array data is truncated (" + std::to_string(s.size() - data_at) +
                " bytes, the shape needs " + std::to_string(nbytes) + ")");
  std::vector<uint8_t> data(s.begin() + data_at, s.begin() + data_at + nbytes);
  return NDArray(std::move(shape), dtype, std::move(data));
}

std::string SerializeNpy(const NDArray& array) {
  std::string header = "{'descr': '" + DTypeToDescr(array->dtype) + "', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < array->shape.size(); ++i) {
    header += std::to_string(array->shape[i]);
    if (array->shape.size() == 1 || i + 1 < array->shape.size()) header += ",";
    if (i + 1 < array->shape.size()) header += " ";
  }
  header += "), }";
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  Put<uint16_t>(&out, static_cast<uint16_t>(header.size()));
  out += header;
  out.append(reinterpret_cast<const char*>(array.data()), array.nbytes());
  return out;
}

std::map<std::string, NDArray> ParseNpz(const std::string& s, const std::string& what) {
  // Find the end-of-central-directory record (last 64 KiB + 22 bytes).
  if (s.size() < 22) throw Error(what + ": not a .npz (zip) file");
  size_t eocd = std::string::npos;
  size_t lowest = s.size() > 65557 ? s.size() - 65557 : 0;
  for (size_t i = s.size() - 22 + 1; i-- > lowest;) {
    if (Load<uint32_t>(s, i, what) == 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd == std::string::npos) throw Error(what + ": not a .npz (zip) file");
  uint64_t count = Load<uint16_t>(s, eocd + 10, what);
  uint64_t cd_at = Load<uint32_t>(s, eocd + 16, what);
  if (cd_at == 0xFFFFFFFFu || count == 0xFFFF) {  // zip64 end record
    if (eocd < 20 || Load<uint32_t>(s, eocd - 20, what) != 0x07064b50) throw Error(what + ": bad zip64 archive");
    uint64_t rec = Load<uint64_t>(s, eocd - 20 + 8, what);
    if (Load<uint32_t>(s, rec, what) != 0x06064b50) throw Error(what + ": bad zip64 archive");
    count = Load<uint64_t>(s, rec + 32, what);
    cd_at = Load<uint64_t>(s, rec + 48, what);
  }
  std::map<std::string, NDArray> out;
  size_t p = cd_at;
  for (uint64_t e = 0; e < count; ++e) {
    if (Load<uint32_t>(s, p, what) != 0x02014b50) throw Error(what + ": corrupt zip central directory");
    uint16_t method = Load<uint16_t>(s, p + 10, what);
    uint32_t crc = Load<uint32_t>(s, p + 16, what);
    uint64_t csize = Load<uint32_t>(s, p + 20, what);
    uint64_t usize = Load<uint32_t>(s, p + 24, what);
    uint16_t name_len = Load<uint16_t>(s, p + 28, what);
    uint16_t extra_len = Load<uint16_t>(s, p + 30, what);
    uint16_t comment_len = Load<uint16_t>(s, p + 32, what);
    uint64_t local = Load<uint32_t>(s, p + 42, what);
    if (p + 46 + name_len > s.size()) throw Error(what + ": file is truncated");
    std::string name = s.substr(p + 46, name_len);
    // zip64 extra field: the 64-bit values of whichever fields are 0xFFFFFFFF, in order.
    for (size_t x = p + 46 + name_len; x + 4 <= p + 46 + name_len + extra_len;) {
      uint16_t id = Load<uint16_t>(s, x, what), len = Load<uint16_t>(s, x + 2, what);
      if (id == 0x0001) {
        size_t q = x + 4;
        if (usize == 0xFFFFFFFFu) { usize = Load<uint64_t>(s, q, what); q += 8; }
        if (csize == 0xFFFFFFFFu) { csize = Load<uint64_t>(s, q, what); q += 8; }
        if (local == 0xFFFFFFFFu) { local = Load<uint64_t>(s, q, what); q += 8; }
      }
      x += 4 + len;
    }
    p += 46 + name_len + extra_len + comment_len;
    if (method != 0)
      throw Error(what + ": member '" + name + "' is compressed (np.savez_compressed); only "
                  "uncompressed archives (np.savez) are supported");
    if (Load<uint32_t>(s, local, what) != 0x04034b50) throw Error(what + ": corrupt zip member '" + name + "'");
    size_t data_at = local + 30 + Load<uint16_t>(s, local + 26, what) + Load<uint16_t>(s, local + 28, what);
    if (data_at > s.size() || csize > s.size() - data_at || csize != usize) throw Error(what + ": member '" + name + "' is truncated");
    // numpy's zipfile checks each member's CRC: a corrupt file is an error, not wrong weights.
    if (Crc32(s.data() + data_at, csize) != crc)
      throw Error(what + ": member '" + name + "' is corrupt (its CRC-32 does not match its data)");
    std::string key = name.size() > 4 && name.compare(name.size() - 4, 4, ".npy") == 0 ? name.substr(0, name.size() - 4) : name;
    if (out.count(key)) throw Error(what + ": member '" + name + "' appears twice");
    out[key] = ParseNpy(s.substr(data_at, csize), what + "[" + name + "]");
  }
  return out;
}

std::string SerializeNpz(const std::map<std::string, NDArray>& arrays) {
  std::string out, central;
  uint16_t n = 0;
  for (const auto& kv : arrays) {
    std::string name = kv.first + ".npy";
    std::string data = SerializeNpy(kv.second);
    if (data.size() >= 0xFFFFFFFFu) throw Error("array '" + kv.first + "' is too large for .npz");
    uint32_t crc = Crc32(data.data(), data.size());
    uint32_t offset = static_cast<uint32_t>(out.size());
    auto common = [&](std::string* h) {
      Put<uint16_t>(h, 20);  // version needed
      Put<uint16_t>(h, 0);   // flags
      Put<uint16_t>(h, 0);   // method: stored
      Put<uint16_t>(h, 0);   // time
      Put<uint16_t>(h, 0x21);  // date 1980-01-01
      Put<uint32_t>(h, crc);
      Put<uint32_t>(h, static_cast<uint32_t>(data.size()));
      Put<uint32_t>(h, static_cast<uint32_t>(data.size()));
      Put<uint16_t>(h, static_cast<uint16_t>(name.size()));
      Put<uint16_t>(h, 0);  // extra
    };
    Put<uint32_t>(&out, 0x04034b50);
    common(&out);
    out += name;
    out += data;
    Put<uint32_t>(&central, 0x02014b50);
    Put<uint16_t>(&central, 20);  // version made by
    common(&central);
    Put<uint16_t>(&central, 0);  // comment
    Put<uint16_t>(&central, 0);  // disk
    Put<uint16_t>(&central, 0);  // internal attrs
    Put<uint32_t>(&central, 0);  // external attrs
    Put<uint32_t>(&central, offset);
    central += name;
    ++n;
  }
  uint32_t cd_at = static_cast<uint32_t>(out.size());
  out += central;
  Put<uint32_t>(&out, 0x06054b50);
  Put<uint16_t>(&out, 0);
  Put<uint16_t>(&out, 0);
  Put<uint16_t>(&out, n);
  Put<uint16_t>(&out, n);
  Put<uint32_t>(&out, static_cast<uint32_t>(central.size()));
  Put<uint32_t>(&out, cd_at);
  Put<uint16_t>(&out, 0);
  return out;
}

NDArray LoadNpy(const std::string& path) { return ParseNpy(ReadFile(path), path); }
void SaveNpy(const std::string& path, const NDArray& array) { WriteFile(path, SerializeNpy(array)); }
std::map<std::string, NDArray> LoadNpz(const std::string& path) { return ParseNpz(ReadFile(path), path); }
void SaveNpz(const std::string& path, const std::map<std::string, NDArray>& arrays) {
  WriteFile(path, SerializeNpz(arrays));
}

}  // namespace tirgen
