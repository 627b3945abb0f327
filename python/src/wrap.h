// The Python object for an IR node: the most specific bound class for its kind (PrimFunc,
// IRModule, relay.Call, relay.TensorType, ...), None for an undefined reference.
#pragma once

#include <pybind11/pybind11.h>

#include <vector>

#include "tirgen/ir/object.h"

namespace tirgen {
namespace python {

/// Defined in module.cc.
pybind11::object Wrap(const ObjectRef& obj);
/// Wrap of each element, as a Python list.
template <class T>
pybind11::list WrapAll(const std::vector<T>& xs) {
  pybind11::list out;
  for (const T& x : xs) out.append(Wrap(x));
  return out;
}

/// Relay expressions and types (bind_relay.cc); an empty (null) object for other kinds.
pybind11::object WrapRelay(const ObjectRef& obj);
/// TIR expressions, statements, buffers (bind_tir.cc); an empty (null) object for other kinds.
pybind11::object WrapTir(const ObjectRef& obj);
/// An attribute value as a plain Python value (int, float, bool, str, list, dict, None); other
/// nodes as their wrappers (bind_relay.cc).
pybind11::object AttrValue(const ObjectRef& v);

}  // namespace python
}  // namespace tirgen
