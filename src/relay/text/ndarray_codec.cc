// TVM's binary NDArray format (used by the #[metadata] JSON).
#include <cstring>

#include "metadata.h"

namespace tirgen {
namespace relay {
namespace text {
namespace {

constexpr uint64_t kNDArrayMagic = 0xDD5E40F096B4A13FULL;

template <class T>
void Put(std::string* out, T v) {
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));  // little-endian hosts only, as TVM's own format assumes
  out->append(buf, sizeof(T));
}

class Reader {
 public:
  explicit Reader(const std::string& s) : s_(s) {}
  template <class T>
  T Get() {
    if (pos_ + sizeof(T) > s_.size()) throw Error("metadata NDArray is truncated");
    T v;
    std::memcpy(&v, s_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  size_t remaining() const { return s_.size() - pos_; }
  const char* here() const { return s_.data() + pos_; }

 private:
  const std::string& s_;
  size_t pos_ = 0;
};

}  // namespace

std::string EncodeNDArray(const NDArray& array) {
  std::string out;
  Put<uint64_t>(&out, kNDArrayMagic);
  Put<uint64_t>(&out, 0);  // reserved
  Put<int32_t>(&out, 1);   // device type: CPU
  Put<int32_t>(&out, 0);   // device id
  Put<int32_t>(&out, static_cast<int32_t>(array->shape.size()));
  Put<uint8_t>(&out, static_cast<uint8_t>(array->dtype.code()));
  Put<uint8_t>(&out, static_cast<uint8_t>(array->dtype.bits()));
  Put<uint16_t>(&out, static_cast<uint16_t>(array->dtype.lanes()));
  for (int64_t d : array->shape) Put<int64_t>(&out, d);
  Put<int64_t>(&out, static_cast<int64_t>(array.nbytes()));
  out.append(reinterpret_cast<const char*>(array.data()), array.nbytes());
  return out;
}

NDArray DecodeNDArray(const std::string& bytes) {
  Reader r(bytes);
  if (r.Get<uint64_t>() != kNDArrayMagic) throw Error("metadata NDArray has a bad magic number");
  r.Get<uint64_t>();
  r.Get<int32_t>();
  r.Get<int32_t>();
  int32_t ndim = r.Get<int32_t>();
  if (ndim < 0 || ndim > 32) throw Error("metadata NDArray has a bad rank " + std::to_string(ndim));
  uint8_t code = r.Get<uint8_t>();
  uint8_t bits = r.Get<uint8_t>();
  uint16_t lanes = r.Get<uint16_t>();
  if (code > 4 || code == 3 || bits == 0 || lanes == 0) throw Error("metadata NDArray has a bad dtype");
  DataType dtype(static_cast<DataType::Code>(code), bits, lanes);
  std::vector<int64_t> shape;
  int64_t numel = 1;
  for (int i = 0; i < ndim; ++i) {
    int64_t d = r.Get<int64_t>();
    if (d < 0 || (d > 0 && numel > (int64_t(1) << 40) / d)) throw Error("metadata NDArray has a bad shape");
    shape.push_back(d);
    numel *= d;
  }
  int64_t size = r.Get<int64_t>();
  if (size != numel * dtype.bytes() * lanes || static_cast<uint64_t>(size) > r.remaining())
    throw Error("metadata NDArray byte size does not match its shape and dtype");
  std::vector<uint8_t> data(r.here(), r.here() + size);
  return NDArray(std::move(shape), dtype, std::move(data));
}

}  // namespace text
}  // namespace relay
}  // namespace tirgen
