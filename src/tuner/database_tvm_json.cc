// TVM's encodings the database's lines are made of: meta_schedule's JSONDumps layout and the
// base64 of a dmlc-serialized string (length-prefixed) that SaveJSON and Workload::AsJSON use.
#include <cmath>
#include <cstdio>
#include <cstring>

#include "database_internal.h"
#include "tirgen/support/base64.h"

namespace tirgen {
namespace tuner {
namespace detail {
namespace {

void DumpString(const std::string& s, std::string* out) {
  *out += '"';
  for (unsigned char c : s) {
    switch (c) {
      case '"': *out += "\\\""; break;
      case '\\': *out += "\\\\"; break;
      case '\n': *out += "\\n"; break;
      case '\r': *out += "\\r"; break;
      case '\t': *out += "\\t"; break;
      case '\b': *out += "\\b"; break;
      case '\f': *out += "\\f"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          *out += buf;
        } else {
          *out += static_cast<char>(c);
        }
    }
  }
  *out += '"';
}

void Dump(const nlohmann::json& v, std::string* out) {
  using T = nlohmann::json::value_t;
  switch (v.type()) {
    case T::null: *out += "null"; return;
    case T::boolean: *out += v.get<bool>() ? "true" : "false"; return;
    case T::number_integer: *out += std::to_string(v.get<int64_t>()); return;
    case T::number_unsigned: *out += std::to_string(v.get<uint64_t>()); return;
    case T::number_float: {
      double d = v.get<double>();
      TIRGEN_CHECK(std::isfinite(d)) << "a tuning database cannot store the number " << d;
      char buf[40];
      std::snprintf(buf, sizeof buf, "%.20g", d);  // TVM: ostream << setprecision(20)
      *out += buf;
      return;
    }
    case T::string: DumpString(v.get_ref<const std::string&>(), out); return;
    case T::array: {
      *out += '[';
      for (size_t i = 0; i < v.size(); ++i) {
        if (i) *out += ',';
        Dump(v[i], out);
      }
      *out += ']';
      return;
    }
    case T::object: {  // nlohmann::json keeps keys sorted, as TVM sorts them
      *out += '{';
      bool first = true;
      for (const auto& [key, value] : v.items()) {
        if (!first) *out += ',';
        first = false;
        DumpString(key, out);
        *out += ':';
        Dump(value, out);
      }
      *out += '}';
      return;
    }
    default: break;
  }
  throw Error("a tuning database stores only JSON values, not " + std::string(v.type_name()));
}

}  // namespace

std::string DumpTVMJSON(const nlohmann::json& value) {
  std::string out;
  Dump(value, &out);
  return out;
}

std::string EncodeDmlcBase64(const std::string& bytes) {
  uint64_t n = bytes.size();
  char prefix[sizeof n];
  std::memcpy(prefix, &n, sizeof n);  // little-endian hosts, as TVM's format assumes
  return Base64Encode(std::string(prefix, sizeof n) + bytes);
}

std::string DecodeDmlcBase64(const std::string& text) {
  std::string raw = Base64Decode(text);
  uint64_t n = 0;
  if (raw.size() >= sizeof n) std::memcpy(&n, raw.data(), sizeof n);
  if (raw.size() < sizeof n || n != raw.size() - sizeof n)
    throw Error("the base64 text is not a length-prefixed string as TVM writes it");
  return raw.substr(sizeof n);
}

double RoundToFloat32(double x) { return static_cast<double>(static_cast<float>(x)); }

}  // namespace detail
}  // namespace tuner
}  // namespace tirgen
