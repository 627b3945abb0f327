// The method table (TVM v0.14's Python signatures of tir.Schedule, and the inputs / attrs /
// decision layout of each instruction kind in src/tir/schedule/primitive/*.cc traits and
// traced_schedule.cc), and argument binding against it.
#include "instruction_kind.h"

#include "tirgen/support/error.h"

namespace tirgen {
namespace tir {

namespace {

using R = JsonRole;

ParamSpec Req(const std::string& name, JsonRole role) { return ParamSpec{name, true, TraceValue(), role}; }
ParamSpec Opt(const std::string& name, TraceValue def, JsonRole role) {
  return ParamSpec{name, false, std::move(def), role};
}

const std::vector<InstructionKind>& Kinds() {
  static const std::vector<InstructionKind> kinds = [] {
    const TraceValue kTrue = TraceValue::Bool(true), kFalse = TraceValue::Bool(false), kNone = TraceValue::None();
    const ParamSpec block = Req("block", R::kInput), loop = Req("loop", R::kInput);
    const ParamSpec decision = Opt("decision", kNone, R::kDecision);
    std::vector<InstructionKind> k = {
        {"get_block", "GetBlock", false, {Req("name", R::kAttr), Opt("func_name", TraceValue::Str(""), R::kAttr)}},
        {"work_on", "", false, {Req("func_name", R::kAttr)}},
        {"enter_postproc", "EnterPostproc", false, {}},
        {"get_loops", "GetLoops", true, {block}},
        {"get_child_blocks", "GetChildBlocks", true, {Req("block_or_loop", R::kInputPositional)}},
        {"get_producers", "GetProducers", true, {block}},
        {"get_consumers", "GetConsumers", true, {block}},
        // TVM's Python parameter is scope_block; its trace prints block=.
        {"get_output_blocks", "GetOutputBlocks", true, {ParamSpec{"block", true, TraceValue(), R::kInput, "scope_block"}}},
        {"add_unit_loop", "AddUnitLoop", false, {Req("block_or_loop", R::kInput)}},
        {"decompose_padding", "DecomposePadding", false, {block, loop}},
        {"reindex", "ReIndex", false, {block, Req("buffer", R::kBufferAttrs)}},
        {"unsafe_set_dtype", "UnsafeSetDType", false, {block, Req("buffer_index", R::kAttr), Req("dtype", R::kAttr)}},
        {"sample_perfect_tile", "SamplePerfectTile", true,
         {loop, Req("n", R::kAttr), Opt("max_innermost_factor", TraceValue::Int(16), R::kAttr), decision}},
        {"sample_categorical", "SampleCategorical", false, {Req("candidates", R::kAttr), Req("probs", R::kAttr), decision}},
        {"sample_compute_location", "SampleComputeLocation", false, {block, decision}},
        {"split", "Split", true,
         {loop, Req("factors", R::kInputs), Opt("preserve_unit_iters", kTrue, R::kAttrIntBool)}},
        {"fuse", "Fuse", false, {Req("*loops", R::kInputs), Opt("preserve_unit_iters", kTrue, R::kAttrIntBool)}},
        {"reorder", "Reorder", false, {Req("*ordered_loops", R::kInputs)}},
        {"merge", "Merge", false, {Req("*loops", R::kInputs)}},
        {"parallel", "Parallel", false, {loop}},
        {"vectorize", "Vectorize", false, {loop}},
        {"unroll", "Unroll", false, {loop}},
        {"annotate", "Annotate", false,
         {Req("block_or_loop", R::kInput), Req("ann_key", R::kAttr), Req("ann_val", R::kInput)}},
        {"unannotate", "Unannotate", false, {Req("block_or_loop", R::kInput), Req("ann_key", R::kAttr)}},
        {"compute_inline", "ComputeInline", false, {block}},
        {"reverse_compute_inline", "ReverseComputeInline", false, {block}},
        {"cache_read", "CacheRead", false,
         {block, Req("read_buffer_index", R::kAttr), Req("storage_scope", R::kAttr),
          Opt("consumer_blocks", kNone, R::kInputList)}},
        {"cache_write", "CacheWrite", false,
         {block, Req("write_buffer_index", R::kAttr), Req("storage_scope", R::kAttr),
          Opt("consumer_blocks", kNone, R::kInputList)}},
        {"decompose_reduction", "DecomposeReduction", false, {block, loop}},
        {"rfactor", "RFactor", false, {loop, Req("factor_axis", R::kAttr)}},
        {"transform_layout", "TransformLayout", false,
         {block, Req("buffer", R::kBufferAttrs), Req("index_map", R::kInput), Opt("pad_value", kNone, R::kAttr),
          Opt("assume_injective_transform", kFalse, R::kAttrBool)}},
        {"transform_block_layout", "TransformBlockLayout", false, {block, Req("index_map", R::kAttr)}},
        {"blockize", "Blockize", false, {Req("target", R::kInput), Opt("preserve_unit_iters", kTrue, R::kAttrBool)}},
        {"tensorize", "Tensorize", false,
         {Req("block_or_loop", R::kInput), Req("tensor_intrin", R::kAttr),
          Opt("preserve_unit_iters", kTrue, R::kAttrBool)}},
        {"set_scope", "SetScope", false, {block, Req("buffer_index", R::kAttr), Req("storage_scope", R::kAttr)}},
        {"storage_align", "StorageAlign", false,
         {block, Req("buffer_index", R::kAttr), Req("axis", R::kAttr), Req("factor", R::kAttr), Req("offset", R::kAttr)}},
    };
    // compute_at and reverse_compute_at share a signature.
    for (const char* m : {"compute_at", "reverse_compute_at"})
      k.push_back({m, m[0] == 'c' ? "ComputeAt" : "ReverseComputeAt", false,
                   {block, loop, Opt("preserve_unit_loops", kFalse, R::kAttrIntBool),
                    Opt("index", TraceValue::Int(-1), R::kAttr)}});
    return k;
  }();
  return kinds;
}

}  // namespace

const InstructionKind* FindInstructionKind(const std::string& method) {
  for (const InstructionKind& k : Kinds())
    if (k.method == method) return &k;
  return nullptr;
}

const InstructionKind* FindInstructionKindByName(const std::string& name) {
  for (const InstructionKind& k : Kinds())
    if (!name.empty() && k.name == name) return &k;
  return nullptr;
}

BoundArgs::BoundArgs(const std::string& method, const std::vector<std::pair<std::string, TraceValue>>& args)
    : kind_(FindInstructionKind(method)) {
  if (!kind_) throw Error("sch." + method + ": not a schedule primitive tirgen knows");
  const std::vector<ParamSpec>& params = kind_->params;
  // A leading "*name" parameter collects the positional arguments into a list.
  bool has_star = !params.empty() && params[0].name[0] == '*';
  size_t pos = 0;
  std::vector<TraceValue> rest;
  for (const auto& a : args) {
    if (!a.first.empty()) continue;
    if (has_star) {
      rest.push_back(a.second);
    } else {
      if (pos >= params.size()) Fail("too many positional arguments");
      given_[params[pos].name] = true;
      values_[params[pos++].name] = a.second;
    }
  }
  if (has_star) {
    values_[params[0].name.substr(1)] = TraceValue::List(rest);
    given_[params[0].name.substr(1)] = true;
  }
  for (const auto& a : args) {
    if (a.first.empty()) continue;
    bool known = false;
    std::string name = a.first;
    for (const ParamSpec& p : params) {
      if (!p.alias.empty() && p.alias == name) name = p.name;
      known = known || p.name == name;
    }
    if (!known) Fail("unexpected keyword argument '" + a.first + "'");
    if (values_.count(name)) Fail("argument '" + name + "' given twice");
    values_[name] = a.second;
    given_[name] = true;
  }
  for (const ParamSpec& p : params) {
    std::string n = p.name[0] == '*' ? p.name.substr(1) : p.name;
    if (values_.count(n)) continue;
    if (p.required) Fail("missing argument '" + n + "'");
    values_[n] = p.def;
  }
}

void BoundArgs::Fail(const std::string& msg) const { throw Error("sch." + kind_->method + ": " + msg); }

}  // namespace tir
}  // namespace tirgen
