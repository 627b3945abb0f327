// ApplyScheduleCall: TVM's Python schedule API by name, with Python argument binding (TVM's
// parameter names and positions, defaults), for trace replay.
#include <map>

#include "instruction_kind.h"
#include "tirgen/tir/schedule/schedule.h"

namespace tirgen {
namespace tir {

namespace {

using Args = std::vector<std::pair<std::string, TraceValue>>;

// Bound arguments (instruction_kind.cc binds them) read as the types the primitives take.
class Bound : public BoundArgs {
 public:
  Bound(const std::string& method, const Args& args) : BoundArgs(method, args) {}
  BlockRV Block(const std::string& n) const {
    const TraceValue& v = Get(n);
    if (v.kind != TraceValue::kBlockRV) Fail("argument '" + n + "' must be a block handle");
    return BlockRV{static_cast<int>(v.i)};
  }
  LoopRV Loop(const TraceValue& v, const std::string& n) const {
    if (v.kind != TraceValue::kLoopRV) Fail("argument '" + n + "' must be a loop handle");
    return LoopRV{static_cast<int>(v.i)};
  }
  LoopRV Loop(const std::string& n) const { return Loop(Get(n), n); }
  BlockOrLoopRV BlockOrLoop(const std::string& n) const {
    const TraceValue& v = Get(n);
    if (v.kind == TraceValue::kBlockRV) return BlockRV{static_cast<int>(v.i)};
    return Loop(v, n);
  }
  std::vector<LoopRV> Loops(const std::string& n) const {
    std::vector<LoopRV> out;
    for (const TraceValue& v : Get(n).items) out.push_back(Loop(v, n));
    return out;
  }
  std::vector<BlockRV> Blocks(const std::string& n) const {
    std::vector<BlockRV> out;
    const TraceValue& v = Get(n);
    if (v.kind == TraceValue::kNone) return out;
    for (const TraceValue& b : v.items) {
      if (b.kind != TraceValue::kBlockRV) Fail("argument '" + n + "' must be a list of block handles");
      out.push_back(BlockRV{static_cast<int>(b.i)});
    }
    return out;
  }
  int64_t Int(const std::string& n) const {
    const TraceValue& v = Get(n);
    if (v.kind != TraceValue::kInt) Fail("argument '" + n + "' must be an integer");
    return v.i;
  }
  std::optional<int64_t> OptInt(const std::string& n) const {
    if (Get(n).kind == TraceValue::kNone) return std::nullopt;
    return Int(n);
  }
  std::vector<int64_t> Ints(const std::string& n) const {
    const TraceValue& v = Get(n);
    std::vector<int64_t> out;
    if (v.kind != TraceValue::kList && v.kind != TraceValue::kTuple) Fail("argument '" + n + "' must be a list of integers");
    for (const TraceValue& i : v.items) {
      if (i.kind != TraceValue::kInt) Fail("argument '" + n + "' must be a list of integers");
      out.push_back(i.i);
    }
    return out;
  }
  bool Bool(const std::string& n) const {
    const TraceValue& v = Get(n);
    if (v.kind != TraceValue::kBool && v.kind != TraceValue::kInt) Fail("argument '" + n + "' must be a bool");
    return v.i != 0;
  }
  std::string Str(const std::string& n) const {
    const TraceValue& v = Get(n);
    if (v.kind != TraceValue::kString) Fail("argument '" + n + "' must be a string");
    return v.s;
  }

};

// A buffer argument as TVM's _normalize_buffer_arg takes it: ("read" | "write", index) or the
// name of a buffer the block accesses (one both read and written counts as written).
std::pair<bool, int> BufferArg(Schedule& sch, const BlockRV& block, const Bound& b, const char* prim) {
  const TraceValue& buf = b.Get("buffer");
  if (buf.kind == TraceValue::kString) {
    Block blk = sch.Get(block);
    bool is_write = false;
    int index = -1;
    for (size_t i = 0; i < blk->reads.size(); ++i)
      if (blk->reads[i]->buffer->name == buf.s) is_write = false, index = static_cast<int>(i);
    for (size_t i = 0; i < blk->writes.size(); ++i)
      if (blk->writes[i]->buffer->name == buf.s) is_write = true, index = static_cast<int>(i);
    if (index < 0)
      throw ScheduleError(std::string("cannot ") + prim + ": block \"" + blk->name_hint + "\" accesses no buffer named \"" + buf.s + "\"");
    return {is_write, index};
  }
  if ((buf.kind == TraceValue::kTuple || buf.kind == TraceValue::kList) && buf.items.size() == 2 &&
      buf.items[0].kind == TraceValue::kString && buf.items[1].kind == TraceValue::kInt &&
      (buf.items[0].s == "read" || buf.items[0].s == "write"))
    return {buf.items[0].s == "write", static_cast<int>(buf.items[1].i)};
  b.Fail("buffer must be (\"read\" or \"write\", index) or a buffer name");
}

template <class RV>
std::vector<TraceValue> Values(Schedule& sch, const std::vector<RV>& rvs) {
  std::vector<TraceValue> out;
  for (const RV& rv : rvs) out.push_back(sch.Value(rv));
  return out;
}

// One handler per schedule method (TVM's Python names; a pair sharing argument binding shares
// its handler and tells the two apart by `m`). Arguments are bound by name or position first.
using Handler = std::vector<TraceValue> (*)(Schedule& sch, Bound& b, const std::string& m);

const std::map<std::string, Handler>& Handlers() {
  static const std::map<std::string, Handler> table = [] {
    std::map<std::string, Handler> t;
    auto add = [&t](std::initializer_list<const char*> names, Handler h) {
      for (const char* n : names) t.emplace(n, h);
    };
    add({"get_block"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      return {sch.Value(sch.GetBlock(b.Str("name"), b.Str("func_name")))};
    });
    add({"enter_postproc"}, [](Schedule& sch, Bound&, const std::string&) -> std::vector<TraceValue> {
      sch.EnterPostproc();
      return {};
    });
    add({"work_on"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      sch.WorkOn(b.Str("func_name"));
      return {};
    });
    add({"get_loops"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      return Values(sch, sch.GetLoops(b.Block("block")));
    });
    add({"get_child_blocks"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      return Values(sch, sch.GetChildBlocks(b.BlockOrLoop("block_or_loop")));
    });
    add({"get_producers", "get_consumers"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      return Values(sch, m == "get_producers" ? sch.GetProducers(b.Block("block")) : sch.GetConsumers(b.Block("block")));
    });
    add({"get_output_blocks"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      return Values(sch, sch.GetOutputBlocks(b.Block("block")));
    });
    add({"add_unit_loop"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      return {sch.Value(sch.AddUnitLoop(b.BlockOrLoop("block_or_loop")))};
    });
    add({"decompose_padding"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      return {sch.Value(sch.DecomposePadding(b.Block("block"), b.Loop("loop")))};
    });
    add({"reindex"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      BlockRV block = b.Block("block");
      auto [is_write, index] = BufferArg(sch, block, b, "reindex");
      return {sch.Value(sch.ReIndex(block, is_write, index))};
    });
    add({"unsafe_set_dtype"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      sch.UnsafeSetDType(b.Block("block"), static_cast<int>(b.Int("buffer_index")), b.Str("dtype"));
      return {};
    });
    add({"split"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      std::vector<SplitFactor> factors;
      for (const TraceValue& f : b.Get("factors").items) {
        if (f.kind == TraceValue::kNone) factors.push_back(SplitFactor::Inferred());
        else if (f.kind == TraceValue::kInt) factors.push_back(SplitFactor::Const(f.i));
        else if (f.kind == TraceValue::kExprRV) factors.push_back(SplitFactor::Sampled(ExprRV{static_cast<int>(f.i)}));
        else b.Fail("factors must be integers, sampled values or None");
      }
      return Values(sch, sch.Split(b.Loop("loop"), factors, b.Bool("preserve_unit_iters")));
    });
    add({"sample_perfect_tile"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      std::optional<std::vector<int64_t>> decision;
      if (b.Get("decision").kind != TraceValue::kNone) decision = b.Ints("decision");
      return Values(sch, sch.SamplePerfectTile(b.Loop("loop"), static_cast<int>(b.Int("n")),
                                               static_cast<int>(b.Int("max_innermost_factor")), decision));
    });
    add({"sample_categorical"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      std::vector<double> probs;
      for (const TraceValue& p : b.Get("probs").items) {
        if (p.kind != TraceValue::kFloat && p.kind != TraceValue::kInt) b.Fail("probs must be numbers");
        probs.push_back(p.kind == TraceValue::kFloat ? p.f : static_cast<double>(p.i));
      }
      return {sch.Value(sch.SampleCategorical(b.Ints("candidates"), probs, b.OptInt("decision")))};
    });
    add({"sample_compute_location"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      return {sch.Value(sch.SampleComputeLocation(b.Block("block"), b.OptInt("decision")))};
    });
    add({"fuse"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      return {sch.Value(sch.Fuse(b.Loops("loops"), b.Bool("preserve_unit_iters")))};
    });
    add({"merge"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      return {sch.Value(sch.Merge(b.Loops("loops")))};
    });
    add({"reorder"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      sch.Reorder(b.Loops("ordered_loops"));
      return {};
    });
    add({"parallel", "vectorize", "unroll"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      if (m == "parallel") sch.Parallel(b.Loop("loop"));
      else if (m == "vectorize") sch.Vectorize(b.Loop("loop"));
      else sch.Unroll(b.Loop("loop"));
      return {};
    });
    add({"annotate"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      const TraceValue& v = b.Get("ann_val");
      AnnotationValue val;
      switch (v.kind) {
        case TraceValue::kInt: val = v.i; break;
        case TraceValue::kFloat: val = v.f; break;
        case TraceValue::kBool: val = v.i != 0; break;
        case TraceValue::kString: val = v.s; break;
        case TraceValue::kExprRV: val = ExprRV{static_cast<int>(v.i)}; break;
        default: b.Fail("ann_val must be an int, float, bool, string or sampled value");
      }
      sch.Annotate(b.BlockOrLoop("block_or_loop"), b.Str("ann_key"), val);
      return {};
    });
    add({"unannotate"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      sch.Unannotate(b.BlockOrLoop("block_or_loop"), b.Str("ann_key"));
      return {};
    });
    add({"compute_inline", "reverse_compute_inline"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      if (m == "compute_inline") sch.ComputeInline(b.Block("block"));
      else sch.ReverseComputeInline(b.Block("block"));
      return {};
    });
    add({"compute_at", "reverse_compute_at"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      if (m == "compute_at")
        sch.ComputeAt(b.Block("block"), b.Loop("loop"), b.Bool("preserve_unit_loops"), static_cast<int>(b.Int("index")));
      else
        sch.ReverseComputeAt(b.Block("block"), b.Loop("loop"), b.Bool("preserve_unit_loops"), static_cast<int>(b.Int("index")));
      return {};
    });
    add({"cache_read"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      return {sch.Value(sch.CacheRead(b.Block("block"), static_cast<int>(b.Int("read_buffer_index")),
                                      b.Str("storage_scope"), b.Blocks("consumer_blocks")))};
    });
    add({"cache_write"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      return {sch.Value(sch.CacheWrite(b.Block("block"), static_cast<int>(b.Int("write_buffer_index")),
                                       b.Str("storage_scope"), b.Blocks("consumer_blocks")))};
    });
    add({"decompose_reduction"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      return {sch.Value(sch.DecomposeReduction(b.Block("block"), b.Loop("loop")))};
    });
    add({"rfactor"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      return {sch.Value(sch.RFactor(b.Loop("loop"), static_cast<int>(b.Int("factor_axis"))))};
    });
    add({"transform_layout"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      BlockRV block = b.Block("block");
      auto [is_write, index] = BufferArg(sch, block, b, "transform_layout");
      const TraceValue& im = b.Get("index_map");
      if (im.kind != TraceValue::kLambda && im.kind != TraceValue::kString) b.Fail("index_map must be a lambda");
      if (b.Get("pad_value").kind != TraceValue::kNone)
        throw ScheduleError("cannot transform_layout: pad_value is not implemented by tirgen (only bijective maps are)");
      sch.TransformLayout(block, is_write, index, IndexMap::FromPython(im.s), b.Bool("assume_injective_transform"));
      return {};
    });
    add({"transform_block_layout"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      BlockRV block = b.Block("block");
      const TraceValue& im = b.Get("index_map");
      if (im.kind != TraceValue::kLambda && im.kind != TraceValue::kString) b.Fail("index_map must be a lambda");
      sch.TransformBlockLayout(block, IndexMap::FromPython(im.s));
      return {};
    });
    add({"blockize"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      return {sch.Value(sch.Blockize(b.Loop("target"), b.Bool("preserve_unit_iters")))};
    });
    add({"tensorize"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      sch.Tensorize(b.BlockOrLoop("block_or_loop"), b.Str("tensor_intrin"), b.Bool("preserve_unit_iters"));
      return {};
    });
    add({"set_scope"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      sch.SetScope(b.Block("block"), static_cast<int>(b.Int("buffer_index")), b.Str("storage_scope"));
      return {};
    });
    add({"storage_align"}, [](Schedule& sch, Bound& b, const std::string& m) -> std::vector<TraceValue> {
      sch.StorageAlign(b.Block("block"), static_cast<int>(b.Int("buffer_index")), static_cast<int>(b.Int("axis")),
                       static_cast<int>(b.Int("factor")), static_cast<int>(b.Int("offset")));
      return {};
    });
    return t;
  }();
  return table;
}

}  // namespace

std::vector<std::string> ScheduleMethodNames() {
  std::vector<std::string> out;
  for (const auto& kv : Handlers()) out.push_back(kv.first);  // a std::map: already sorted
  return out;
}

std::vector<TraceValue> ApplyScheduleCall(Schedule& sch, const std::string& m, const Args& args) {
  auto it = Handlers().find(m);
  if (it == Handlers().end()) throw Error("sch." + m + ": not a schedule primitive tirgen knows");
  Bound b(m, args);
  return it->second(sch, b, m);
}

}  // namespace tir
}  // namespace tirgen
