// Primitives not implemented yet: they fail loudly instead of pretending.
#include "utils.h"

namespace tirgen {
namespace tir {

namespace {
[[noreturn]] void NotYet(const char* name) {
  throw Error(std::string("sch.") + name + " is not implemented in tirgen yet");
}
}  // namespace

void Schedule::Tensorize(const BlockOrLoopRV&, const std::string&, bool) { NotYet("tensorize"); }

}  // namespace tir
}  // namespace tirgen
