// Python values as TIR expressions and dtypes, converted as TVM's FFI converts them
// (bind_expr_ops.cc): an int is int32 when it fits (else int64), a float is float32, a bool is
// bool; a dtype is a string or anything whose str() is one.
#pragma once

#include <pybind11/pybind11.h>

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace python {

tir::PrimExpr ToExpr(const pybind11::handle& h);
DataType ToDType(const pybind11::handle& h);
/// An IR node as it is (a Buffer, a PrimFunc, ...), else ToExpr.
ObjectRef ToIR(const pybind11::handle& h);

}  // namespace python
}  // namespace tirgen
