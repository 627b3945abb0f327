// Structural equality and hashing of Relay expressions (TVM's StructuralEqual/StructuralHash on
// Relay): function parameters and let variables match by position, never by name; operators by
// name; call attributes, function attributes and types by value; constants by dtype, shape and
// bytes. Spans, var names and the checked types of non-variables are ignored. A node shared in
// a DAG is recorded once and referred to afterwards, so a DAG and its unfolded tree differ.
// Deterministic across runs and processes (no addresses are hashed).
#pragma once

#include <cstdint>

#include "tirgen/relay/expr.h"

namespace tirgen {
namespace relay {

bool StructuralEqual(const Expr& a, const Expr& b);
uint64_t StructuralHash(const Expr& e);

}  // namespace relay
}  // namespace tirgen
