// The operator registry (a stub for now): which op names exist. One Op node per name, so ops
// compare by identity. Attribute schemas, type relations and computes register here later.
#pragma once

#include <string>
#include <vector>

#include "tirgen/relay/expr.h"

namespace tirgen {
namespace relay {

/// Registers `name` (idempotent) and returns its unique Op.
Op RegisterOp(const std::string& name);
/// True when `name` is a registered operator.
bool IsOpRegistered(const std::string& name);
/// Every registered name, sorted.
std::vector<std::string> ListOpNames();

}  // namespace relay
}  // namespace tirgen
