// The Python object for an IR node: the most specific bound class for its kind (PrimFunc,
// IRModule, relay.Call, relay.TensorType, ...), None for an undefined reference.
#pragma once

#include <pybind11/pybind11.h>

#include "tirgen/ir/object.h"

namespace tirgen {
namespace python {

/// Defined in module.cc.
pybind11::object Wrap(const ObjectRef& obj);
/// Relay expressions and types (bind_relay.cc); an empty (null) object for other kinds.
pybind11::object WrapRelay(const ObjectRef& obj);

}  // namespace python
}  // namespace tirgen
