// numpy.ndarray <-> tirgen::NDArray (copies; tirgen arrays are immutable). bfloat16 has no numpy
// dtype: it travels as uint16 bit patterns.
#pragma once

#include <pybind11/numpy.h>

#include <map>
#include <string>

#include "tirgen/ir/ndarray.h"

namespace tirgen {
namespace python {

/// The numpy dtype holding `t` (bfloat16 as uint16).
pybind11::dtype NumpyDType(DataType t);
/// The tirgen dtype of a numpy array (tirgen::Error for unsupported kinds).
DataType DTypeOf(const pybind11::array& a);
/// A C-contiguous copy of `a` as an NDArray; `want`, when given, reinterprets uint16 data as
/// bfloat16 (the only implicit conversion).
NDArray FromNumpy(const pybind11::array& a, DataType want = DataType::Void());
/// A fresh numpy array holding a copy of `a`.
pybind11::array ToNumpy(const NDArray& a);
/// Copies `a` into the existing numpy array `out` (same shape and byte size required).
void CopyInto(const NDArray& a, pybind11::array out);
/// A {name: array} dict (or None: empty) as NDArrays, for params bound by name.
std::map<std::string, NDArray> NamedArrays(const pybind11::object& dict_or_none);

}  // namespace python
}  // namespace tirgen
