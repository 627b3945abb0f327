// libFuzzer target, end to end: a small Relay program is parsed, optimized (FuseOps & co.),
// lowered (LowerTE) and every PrimFunc printed as TVMScript and parsed back; each step either
// succeeds or throws tirgen::Error. Tensors are capped at 1 MB (TIRGEN_MAX_TENSOR_BYTES) so
// constant folding stays small. Seeds: tests/fuzz/corpus/relay (small valid models).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "tirgen/ir/module.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/function.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("TIRGEN_MAX_TENSOR_BYTES", "1048576", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;  // small models: the pipeline, not the parser, is the subject
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    tirgen::IRModule mod = tirgen::relay::ParseModule(text, "<fuzz>");
    tirgen::IRModule lowered = tirgen::lower::LowerTE(
        tirgen::relay::Optimize(mod, {}, tirgen::lower::DefaultOptimizeConfig()));
    for (const auto& kv : lowered->functions) {
      if (!kv.second.as<tirgen::tir::PrimFuncNode>()) continue;
      std::string script = tirgen::script::Print(kv.second);
      tirgen::script::Parse(script, "<fuzz-primfunc>");
    }
  } catch (const tirgen::Error&) {
  }
  return 0;
}
