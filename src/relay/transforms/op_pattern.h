// Fusion pattern kinds of ops, by name (TVM's TOpPattern). A local table until the operator
// registry's GetOpPattern lands on main; then FuseOps switches to it.
#pragma once

#include <string>

namespace tirgen {
namespace relay {
namespace fusion {

enum Pattern : int {
  kElemWise = 0,
  kBroadcast = 1,
  kInjective = 2,
  kCommReduce = 3,
  kOutEWiseFusable = 4,
  kTuple = 7,
  kOpaque = 8,
};

/// The pattern kind of op `name` (kOpaque when unknown).
Pattern OpPatternOf(const std::string& name);

}  // namespace fusion
}  // namespace relay
}  // namespace tirgen
