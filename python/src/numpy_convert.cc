#include "numpy_convert.h"

#include <cstring>

#include "tirgen/support/error.h"

namespace py = pybind11;

namespace tirgen {
namespace python {
namespace {

std::string ShapeText(const std::vector<int64_t>& s) {
  std::string r = "(";
  for (size_t i = 0; i < s.size(); ++i) r += (i ? ", " : "") + std::to_string(s[i]);
  return r + (s.size() == 1 ? ",)" : ")");
}

}  // namespace

py::dtype NumpyDType(DataType t) {
  if (t.is_bool()) return py::dtype("bool");
  if (t.is_bfloat()) return py::dtype("uint16");
  return py::dtype(t.str());
}

DataType DTypeOf(const py::array& a) {
  py::dtype d = a.dtype();
  int bits = static_cast<int>(d.itemsize()) * 8;
  switch (d.kind()) {
    case 'b': return DataType::Bool();
    case 'i': return DataType::Int(bits);
    case 'u': return DataType::UInt(bits);
    case 'f': return DataType::Float(bits);
    default: break;
  }
  throw Error("unsupported numpy dtype '" + std::string(py::str(d)) +
              "' (use bool, intN, uintN or floatN arrays)");
}

NDArray FromNumpy(const py::array& a, DataType want) {
  DataType t = DTypeOf(a);
  if (want.is_bfloat() && t == DataType::UInt(16)) t = want;
  py::array c = py::array::ensure(a, py::array::c_style);
  std::vector<int64_t> shape(c.shape(), c.shape() + c.ndim());
  std::vector<uint8_t> bytes(static_cast<size_t>(c.nbytes()));
  if (!bytes.empty()) std::memcpy(bytes.data(), c.data(), bytes.size());
  return NDArray(std::move(shape), t, std::move(bytes));
}

py::array ToNumpy(const NDArray& a) {
  std::vector<py::ssize_t> shape(a->shape.begin(), a->shape.end());
  py::array out(NumpyDType(a->dtype), shape);
  if (a.nbytes()) std::memcpy(out.mutable_data(), a.data(), a.nbytes());
  return out;
}

void CopyInto(const NDArray& a, py::array out) {
  std::vector<int64_t> shape(out.shape(), out.shape() + out.ndim());
  DataType t = DTypeOf(out);
  bool same_type = t == a->dtype || (a->dtype.is_bfloat() && t == DataType::UInt(16));
  TIRGEN_CHECK(shape == a->shape && same_type)
      << "output array must be " << a->dtype.str() << ShapeText(a->shape) << ", got "
      << std::string(py::str(out.dtype())) << ShapeText(shape);
  TIRGEN_CHECK(out.writeable() && (out.flags() & py::array::c_style))
      << "output array must be writeable and C-contiguous";
  if (a.nbytes()) std::memcpy(out.mutable_data(), a.data(), a.nbytes());
}

std::map<std::string, NDArray> NamedArrays(const py::object& dict_or_none) {
  std::map<std::string, NDArray> out;
  if (dict_or_none.is_none()) return out;
  for (const auto& kv : dict_or_none.cast<py::dict>()) {
    py::object value = py::reinterpret_borrow<py::object>(kv.second);
    // torch tensors and tvm.nd arrays convert through their .numpy()
    if (!py::isinstance<py::array>(value) && py::hasattr(value, "numpy")) value = value.attr("numpy")();
    out[py::str(kv.first).cast<std::string>()] = FromNumpy(py::array::ensure(value));
  }
  return out;
}

}  // namespace python
}  // namespace tirgen
