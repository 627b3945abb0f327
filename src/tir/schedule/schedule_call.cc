// ApplyScheduleCall: TVM's Python schedule API by name, with Python argument binding (TVM's
// parameter names and positions, defaults), for trace replay.
#include <map>

#include "tirgen/tir/schedule/schedule.h"

namespace tirgen {
namespace tir {

namespace {

using Args = std::vector<std::pair<std::string, TraceValue>>;

struct Param {
  std::string name;
  bool required;
  TraceValue def;
};

// Binds positional and keyword arguments to `params` (a trailing "*name" param collects the
// remaining positional arguments into a list).
class Bound {
 public:
  Bound(const std::string& method, const std::vector<Param>& params, const Args& args) : method_(method) {
    size_t pos = 0;
    std::vector<TraceValue> rest;
    bool has_star = !params.empty() && params[0].name[0] == '*';
    for (const auto& a : args) {
      if (!a.first.empty()) continue;
      if (has_star) {
        rest.push_back(a.second);
      } else {
        if (pos >= params.size()) Fail("too many positional arguments");
        values_[params[pos++].name] = a.second;
      }
    }
    if (has_star) values_[params[0].name.substr(1)] = TraceValue::List(rest);
    for (const auto& a : args) {
      if (a.first.empty()) continue;
      bool known = false;
      for (const Param& p : params) known = known || p.name == a.first;
      if (!known) Fail("unexpected keyword argument '" + a.first + "'");
      if (values_.count(a.first)) Fail("argument '" + a.first + "' given twice");
      values_[a.first] = a.second;
    }
    for (const Param& p : params) {
      std::string n = p.name[0] == '*' ? p.name.substr(1) : p.name;
      if (values_.count(n)) continue;
      if (p.required) Fail("missing argument '" + n + "'");
      values_[n] = p.def;
    }
  }
  [[noreturn]] void Fail(const std::string& msg) const {
    throw Error("sch." + method_ + ": " + msg);
  }
  const TraceValue& Get(const std::string& n) const { return values_.at(n); }
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

 private:
  std::string method_;
  std::map<std::string, TraceValue> values_;
};

Param Req(const std::string& n) { return Param{n, true, TraceValue()}; }
Param Opt(const std::string& n, TraceValue v) { return Param{n, false, std::move(v)}; }

template <class RV>
std::vector<TraceValue> Values(Schedule& sch, const std::vector<RV>& rvs) {
  std::vector<TraceValue> out;
  for (const RV& rv : rvs) out.push_back(sch.Value(rv));
  return out;
}

}  // namespace

std::vector<TraceValue> ApplyScheduleCall(Schedule& sch, const std::string& m, const Args& args) {
  const TraceValue kTrue = TraceValue::Bool(true), kFalse = TraceValue::Bool(false);
  if (m == "get_block") {
    Bound b(m, {Req("name"), Opt("func_name", TraceValue::Str(""))}, args);
    return {sch.Value(sch.GetBlock(b.Str("name"), b.Str("func_name")))};
  }
  if (m == "work_on") {
    Bound b(m, {Req("func_name")}, args);
    sch.WorkOn(b.Str("func_name"));
    return {};
  }
  if (m == "get_loops") {
    Bound b(m, {Req("block")}, args);
    return Values(sch, sch.GetLoops(b.Block("block")));
  }
  if (m == "get_child_blocks") {
    Bound b(m, {Req("block_or_loop")}, args);
    return Values(sch, sch.GetChildBlocks(b.BlockOrLoop("block_or_loop")));
  }
  if (m == "get_producers" || m == "get_consumers") {
    Bound b(m, {Req("block")}, args);
    return Values(sch, m == "get_producers" ? sch.GetProducers(b.Block("block")) : sch.GetConsumers(b.Block("block")));
  }
  if (m == "split") {
    Bound b(m, {Req("loop"), Req("factors"), Opt("preserve_unit_iters", kTrue)}, args);
    std::vector<std::optional<int64_t>> factors;
    for (const TraceValue& f : b.Get("factors").items) {
      if (f.kind == TraceValue::kNone) factors.push_back(std::nullopt);
      else if (f.kind == TraceValue::kInt) factors.push_back(f.i);
      else b.Fail("factors must be integers or None");
    }
    return Values(sch, sch.Split(b.Loop("loop"), factors, b.Bool("preserve_unit_iters")));
  }
  if (m == "fuse") {
    Bound b(m, {Req("*loops"), Opt("preserve_unit_iters", kTrue)}, args);
    return {sch.Value(sch.Fuse(b.Loops("loops"), b.Bool("preserve_unit_iters")))};
  }
  if (m == "reorder") {
    Bound b(m, {Req("*ordered_loops")}, args);
    sch.Reorder(b.Loops("ordered_loops"));
    return {};
  }
  if (m == "parallel" || m == "vectorize" || m == "unroll") {
    Bound b(m, {Req("loop")}, args);
    if (m == "parallel") sch.Parallel(b.Loop("loop"));
    else if (m == "vectorize") sch.Vectorize(b.Loop("loop"));
    else sch.Unroll(b.Loop("loop"));
    return {};
  }
  if (m == "annotate") {
    Bound b(m, {Req("block_or_loop"), Req("ann_key"), Req("ann_val")}, args);
    const TraceValue& v = b.Get("ann_val");
    AnnotationValue val;
    switch (v.kind) {
      case TraceValue::kInt: val = v.i; break;
      case TraceValue::kFloat: val = v.f; break;
      case TraceValue::kBool: val = v.i != 0; break;
      case TraceValue::kString: val = v.s; break;
      default: b.Fail("ann_val must be an int, float, bool or string");
    }
    sch.Annotate(b.BlockOrLoop("block_or_loop"), b.Str("ann_key"), val);
    return {};
  }
  if (m == "unannotate") {
    Bound b(m, {Req("block_or_loop"), Req("ann_key")}, args);
    sch.Unannotate(b.BlockOrLoop("block_or_loop"), b.Str("ann_key"));
    return {};
  }
  if (m == "compute_inline" || m == "reverse_compute_inline") {
    Bound b(m, {Req("block")}, args);
    if (m == "compute_inline") sch.ComputeInline(b.Block("block"));
    else sch.ReverseComputeInline(b.Block("block"));
    return {};
  }
  if (m == "compute_at" || m == "reverse_compute_at") {
    Bound b(m, {Req("block"), Req("loop"), Opt("preserve_unit_loops", kFalse), Opt("index", TraceValue::Int(-1))}, args);
    if (m == "compute_at")
      sch.ComputeAt(b.Block("block"), b.Loop("loop"), b.Bool("preserve_unit_loops"), static_cast<int>(b.Int("index")));
    else
      sch.ReverseComputeAt(b.Block("block"), b.Loop("loop"), b.Bool("preserve_unit_loops"), static_cast<int>(b.Int("index")));
    return {};
  }
  if (m == "cache_read") {
    Bound b(m, {Req("block"), Req("read_buffer_index"), Req("storage_scope"), Opt("consumer_blocks", TraceValue::None())}, args);
    return {sch.Value(sch.CacheRead(b.Block("block"), static_cast<int>(b.Int("read_buffer_index")),
                                    b.Str("storage_scope"), b.Blocks("consumer_blocks")))};
  }
  if (m == "cache_write") {
    Bound b(m, {Req("block"), Req("write_buffer_index"), Req("storage_scope"), Opt("consumer_blocks", TraceValue::None())}, args);
    return {sch.Value(sch.CacheWrite(b.Block("block"), static_cast<int>(b.Int("write_buffer_index")),
                                     b.Str("storage_scope"), b.Blocks("consumer_blocks")))};
  }
  if (m == "decompose_reduction") {
    Bound b(m, {Req("block"), Req("loop")}, args);
    return {sch.Value(sch.DecomposeReduction(b.Block("block"), b.Loop("loop")))};
  }
  if (m == "rfactor") {
    Bound b(m, {Req("loop"), Req("factor_axis")}, args);
    return {sch.Value(sch.RFactor(b.Loop("loop"), static_cast<int>(b.Int("factor_axis"))))};
  }
  if (m == "transform_layout") {
    Bound b(m, {Req("block"), Req("buffer"), Req("index_map"), Opt("pad_value", TraceValue::None()),
                Opt("assume_injective_transform", kFalse)}, args);
    BlockRV block = b.Block("block");
    const TraceValue& buf = b.Get("buffer");
    bool is_write = false;
    int index = -1;
    if (buf.kind == TraceValue::kString) {
      // By name: unique among the block's buffers; a buffer both read and written counts as written.
      Block blk = sch.Get(block);
      for (size_t i = 0; i < blk->reads.size(); ++i)
        if (blk->reads[i]->buffer->name == buf.s) is_write = false, index = static_cast<int>(i);
      for (size_t i = 0; i < blk->writes.size(); ++i)
        if (blk->writes[i]->buffer->name == buf.s) is_write = true, index = static_cast<int>(i);
      if (index < 0) throw ScheduleError("cannot transform_layout: block \"" + blk->name_hint + "\" accesses no buffer named \"" + buf.s + "\"");
    } else if ((buf.kind == TraceValue::kTuple || buf.kind == TraceValue::kList) && buf.items.size() == 2 &&
               buf.items[0].kind == TraceValue::kString && buf.items[1].kind == TraceValue::kInt &&
               (buf.items[0].s == "read" || buf.items[0].s == "write")) {
      is_write = buf.items[0].s == "write";
      index = static_cast<int>(buf.items[1].i);
    } else {
      b.Fail("buffer must be (\"read\" or \"write\", index) or a buffer name");
    }
    const TraceValue& im = b.Get("index_map");
    if (im.kind != TraceValue::kLambda && im.kind != TraceValue::kString) b.Fail("index_map must be a lambda");
    if (b.Get("pad_value").kind != TraceValue::kNone)
      throw ScheduleError("cannot transform_layout: pad_value is not implemented by tirgen (only bijective maps are)");
    sch.TransformLayout(block, is_write, index, IndexMap::FromPython(im.s), b.Bool("assume_injective_transform"));
    return {};
  }
  if (m == "blockize") {
    Bound b(m, {Req("target"), Opt("preserve_unit_iters", kTrue)}, args);
    return {sch.Value(sch.Blockize(b.Loop("target"), b.Bool("preserve_unit_iters")))};
  }
  if (m == "tensorize") {
    Bound b(m, {Req("block_or_loop"), Req("tensor_intrin"), Opt("preserve_unit_iters", kTrue)}, args);
    sch.Tensorize(b.BlockOrLoop("block_or_loop"), b.Str("tensor_intrin"), b.Bool("preserve_unit_iters"));
    return {};
  }
  if (m == "set_scope") {
    Bound b(m, {Req("block"), Req("buffer_index"), Req("storage_scope")}, args);
    sch.SetScope(b.Block("block"), static_cast<int>(b.Int("buffer_index")), b.Str("storage_scope"));
    return {};
  }
  if (m == "storage_align") {
    Bound b(m, {Req("block"), Req("buffer_index"), Req("axis"), Req("factor"), Req("offset")}, args);
    sch.StorageAlign(b.Block("block"), static_cast<int>(b.Int("buffer_index")), static_cast<int>(b.Int("axis")),
                     static_cast<int>(b.Int("factor")), static_cast<int>(b.Int("offset")));
    return {};
  }
  throw Error("sch." + m + ": not a schedule primitive tirgen knows");
}

}  // namespace tir
}  // namespace tirgen
