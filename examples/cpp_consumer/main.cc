// lower_relay [MODEL.relay]: parse Relay text (a built-in model without an argument), run
// relay::Optimize (TVM's pass prefix + FuseOps) and lower::LowerTE, print the PrimFuncs as
// TVMScript. What a program linking tirgen::tirgen from an installed tirgen looks like.
#include <iostream>
#include <map>

#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"

namespace {

const char* kModel = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 16), float32], %w: Tensor[(8, 16), float32], %b: Tensor[(8), float32]) {
  %0 = nn.dense(%x, %w, units=8);
  %1 = nn.bias_add(%0, %b);
  nn.relu(%1)
}
)";

}  // namespace

int main(int argc, char** argv) {
  try {
    std::string file = argc > 1 ? argv[1] : "<builtin>";
    std::string text = argc > 1 ? tirgen::ReadFile(file) : kModel;
    tirgen::IRModule mod = tirgen::relay::ParseModule(text, file);
    tirgen::IRModule fused = tirgen::relay::Optimize(mod, {}, tirgen::lower::DefaultOptimizeConfig());
    std::vector<tirgen::lower::LoweredPrimitive> lowered;
    tirgen::IRModule lowered_mod = tirgen::lower::LowerTE(fused, tirgen::lower::LowerTEOptions(), &lowered);
    std::map<std::string, tirgen::ObjectRef> prim_funcs;
    for (const auto& p : lowered) prim_funcs[p.global] = lowered_mod->functions.at(p.global);
    std::cout << tirgen::script::Print(tirgen::IRModule(prim_funcs));
    return 0;
  } catch (const tirgen::Error& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const tirgen::InternalError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 3;
  }
}
