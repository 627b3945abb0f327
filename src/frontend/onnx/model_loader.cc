#include "model_loader.h"

#include <cstring>
#include <fstream>
#include <limits>

#include "tirgen/support/checked_size.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

void ParseModel(std::string_view bytes, const std::string& name, onnx::ModelProto* model) {
  if (bytes.empty()) throw Error(name + ": the ONNX file is empty");
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max()))
    throw Error(name + ": the ONNX file is larger than 2 GiB; keep the weights in external data files");
  // ParseFromArray fails on a message cut inside a field (the usual truncation) and on bytes
  // that are not protobuf at all; a cut between fields leaves a model without its graph parts,
  // which the checks below and the graph converter report.
  if (!model->ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    throw Error(name + ": not a valid ONNX model (the protobuf data is corrupt or truncated)");
  if (!model->has_graph())
    throw Error(name + ": not a valid ONNX model (it has no graph; the file may be truncated or not ONNX)");
  if (model->graph().output_size() == 0)
    throw Error(name + ": the ONNX graph declares no outputs (the file may be truncated)");
  // The ONNX checker's rule: an IR version this ONNX release knows (3 brought opset imports).
  int64_t ir = model->ir_version();
  if (ir < 3 || ir > onnx::IR_VERSION)
    throw Error(name + ": ONNX IR version " + std::to_string(ir) + " is not supported (tirgen reads IR versions 3 to " +
                std::to_string(static_cast<int>(onnx::IR_VERSION)) + "; re-export the model)");
}

int DefaultOpset(const onnx::ModelProto& model, const std::string& name) {
  int opset = -1;
  for (const auto& imp : model.opset_import())
    if (imp.domain().empty() || imp.domain() == "ai.onnx") opset = static_cast<int>(imp.version());
  if (opset < 0) throw Error(name + ": the model imports no ai.onnx opset");
  if (opset < 11 || opset > 20)
    throw Error(name + ": ai.onnx opset " + std::to_string(opset) +
                " is not supported (tirgen imports opsets 11 to 20; re-export the model with "
                "opset_version in that range)");
  return opset;
}

DataType DTypeFromOnnx(int elem_type, const std::string& what) {
  switch (elem_type) {
    case onnx::TensorProto::FLOAT: return DataType::Float(32);
    case onnx::TensorProto::DOUBLE: return DataType::Float(64);
    case onnx::TensorProto::FLOAT16: return DataType::Float(16);
    case onnx::TensorProto::BFLOAT16: return DataType::BFloat(16);
    case onnx::TensorProto::INT8: return DataType::Int(8);
    case onnx::TensorProto::INT16: return DataType::Int(16);
    case onnx::TensorProto::INT32: return DataType::Int(32);
    case onnx::TensorProto::INT64: return DataType::Int(64);
    case onnx::TensorProto::UINT8: return DataType::UInt(8);
    case onnx::TensorProto::UINT16: return DataType::UInt(16);
    case onnx::TensorProto::UINT32: return DataType::UInt(32);
    case onnx::TensorProto::UINT64: return DataType::UInt(64);
    case onnx::TensorProto::BOOL: return DataType::Bool();
    default: break;
  }
  std::string type_name = onnx::TensorProto::DataType_IsValid(elem_type)
                              ? onnx::TensorProto::DataType_Name(
                                    static_cast<onnx::TensorProto::DataType>(elem_type))
                              : std::to_string(elem_type);
  throw Error(what + ": ONNX element type " + type_name + " is not supported");
}

namespace {

// Copies `n` typed values into `out` as `dtype` elements (little-endian host).
template <class Src>
void StoreAs(const Src* src, int64_t n, DataType dtype, uint8_t* out) {
  for (int64_t i = 0; i < n; ++i) {
    uint8_t* p = out + i * dtype.bytes();
    if (dtype.is_bool()) {
      *p = src[i] != 0;
    } else if (dtype.is_float() && dtype.bits() == 32) {
      float v = static_cast<float>(src[i]);
      std::memcpy(p, &v, 4);
    } else if (dtype.is_float() && dtype.bits() == 64) {
      double v = static_cast<double>(src[i]);
      std::memcpy(p, &v, 8);
    } else {
      // Integers and 16-bit floats (stored as their bit patterns in int32_data).
      uint64_t v = static_cast<uint64_t>(static_cast<int64_t>(src[i]));
      std::memcpy(p, &v, dtype.bytes());
    }
  }
}

std::string ReadExternal(const onnx::TensorProto& t, const std::string& base_dir,
                         const std::string& what, size_t want) {
  std::string location;
  int64_t offset = 0, length = -1;
  for (const auto& kv : t.external_data()) {
    if (kv.key() == "location") location = kv.value();
    else if (kv.key() == "offset") offset = support::ParseInt64(kv.value(), what + ": external_data offset");
    else if (kv.key() == "length") length = support::ParseInt64(kv.value(), what + ": external_data length");
  }
  if (location.empty()) throw Error(what + ": external data without a 'location'");
  if (base_dir.empty())
    throw Error(what + ": the tensor's data is in the external file '" + location +
                "', but the model was given as bytes; import it from its file path instead");
  if (location.find("..") != std::string::npos || location[0] == '/')
    throw Error(what + ": external data location '" + location + "' must be a relative path below the model's directory");
  std::string path = base_dir + "/" + location;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(what + ": cannot open external data file '" + path + "'");
  in.seekg(0, std::ios::end);
  int64_t size = static_cast<int64_t>(in.tellg());
  if (length < 0) length = static_cast<int64_t>(want);
  if (offset < 0 || length < 0 || offset > size || length > size - offset)
    throw Error(what + ": external data file '" + path + "' is too short (" + std::to_string(size) +
                " bytes, need " + std::to_string(length) + " at offset " + std::to_string(offset) + ")");
  std::string data(static_cast<size_t>(length), '\0');
  in.seekg(offset);
  in.read(data.data(), length);
  if (!in) throw Error(what + ": cannot read external data file '" + path + "'");
  return data;
}

}  // namespace

NDArray TensorFromProto(const onnx::TensorProto& t, const std::string& base_dir,
                        const std::string& what) {
  DataType dtype = DTypeFromOnnx(t.data_type(), what);
  std::vector<int64_t> shape(t.dims().begin(), t.dims().end());
  // Counted with overflow checks (a count that wraps to 0 once passed the size check) and
  // compared with the data actually present before the tensor is allocated.
  int64_t n = support::CheckedNumElements(shape, dtype.bytes(), what);
  // Every ONNX tensor becomes a Relay constant, whose shape is int32 (an empty tensor may still
  // declare a huge dimension).
  for (int64_t d : shape)
    if (d > std::numeric_limits<int32_t>::max())
      throw Error(what + ": dimension " + std::to_string(d) + " is beyond int32; tirgen's shapes are int32, as TVM's");
  size_t nbytes = static_cast<size_t>(n) * dtype.bytes();
  auto count_check = [&](int64_t have) {
    if (have != n)
      throw Error(what + ": holds " + std::to_string(have) + " values but its shape needs " +
                  std::to_string(n) + " (the file may be truncated)");
  };
  std::vector<uint8_t> bytes;
  if (t.data_location() == onnx::TensorProto::EXTERNAL) {
    std::string data = ReadExternal(t, base_dir, what, nbytes);
    if (data.size() != nbytes)
      throw Error(what + ": external data has " + std::to_string(data.size()) +
                  " bytes but its shape needs " + std::to_string(nbytes));
    bytes.assign(data.begin(), data.end());
  } else if (t.has_raw_data()) {
    const std::string& raw = t.raw_data();
    if (raw.size() != nbytes)
      throw Error(what + ": raw_data has " + std::to_string(raw.size()) + " bytes but its shape needs " +
                  std::to_string(nbytes) + " (the file may be truncated)");
    const uint8_t* r = reinterpret_cast<const uint8_t*>(raw.data());
    bytes.assign(r, r + raw.size());  // one memcpy (char iterators copied byte by byte)
  } else if (dtype.is_float() && dtype.bits() == 32) {
    count_check(t.float_data_size());
    bytes.resize(nbytes);
    StoreAs(t.float_data().data(), n, dtype, bytes.data());
  } else if (dtype.is_float() && dtype.bits() == 64) {
    count_check(t.double_data_size());
    bytes.resize(nbytes);
    StoreAs(t.double_data().data(), n, dtype, bytes.data());
  } else if (dtype == DataType::Int(64)) {
    count_check(t.int64_data_size());
    bytes.resize(nbytes);
    StoreAs(t.int64_data().data(), n, dtype, bytes.data());
  } else if (dtype == DataType::UInt(32) || dtype == DataType::UInt(64)) {
    count_check(t.uint64_data_size());
    bytes.resize(nbytes);
    StoreAs(t.uint64_data().data(), n, dtype, bytes.data());
  } else {
    count_check(t.int32_data_size());
    bytes.resize(nbytes);
    StoreAs(t.int32_data().data(), n, dtype, bytes.data());
  }
  return NDArray(std::move(shape), dtype, std::move(bytes));
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
