#include "tirgen/ir/object.h"

namespace tirgen {

namespace detail {
namespace {

// Releases nested this deep run on the stack (every ordinary program); deeper ones wait in a
// per-thread queue that the outermost release drains. Each level costs a handful of frames.
constexpr int kMaxNestedRelease = 32;

thread_local int release_depth = 0;
// Set when this thread's queue is gone (thread exit): later releases just recurse.
thread_local bool queue_gone = false;

struct ReleaseQueue {
  std::vector<std::shared_ptr<const Object>> items;
  ~ReleaseQueue() { queue_gone = true; }
};
thread_local ReleaseQueue queue;

}  // namespace

void ReleaseLast(std::shared_ptr<const Object>* data) noexcept {
  if (queue_gone) {
    data->reset();
    return;
  }
  if (release_depth >= kMaxNestedRelease) {
    queue.items.push_back(std::move(*data));
    return;
  }
  ++release_depth;
  data->reset();
  if (release_depth == 1) {
    while (!queue.items.empty()) {
      std::shared_ptr<const Object> next = std::move(queue.items.back());
      queue.items.pop_back();
      next.reset();
    }
  }
  --release_depth;
}

}  // namespace detail

const char* KindName(Kind k) {
  switch (k) {
#define K(x)    \
  case Kind::k##x: \
    return #x;
    K(String) K(Array) K(Map) K(NDArray) K(IntImm) K(FloatImm) K(StringImm) K(Var) K(SizeVar)
    K(Cast) K(Add) K(Sub) K(Mul) K(Div) K(Mod) K(FloorDiv) K(FloorMod) K(Min) K(Max) K(EQ) K(NE)
    K(LT) K(LE) K(GT) K(GE) K(And) K(Or) K(Not) K(Select) K(BufferLoad) K(ProducerLoad) K(Ramp)
    K(Broadcast) K(Let) K(Call) K(Reduce) K(LetStmt) K(AttrStmt) K(AssertStmt) K(BufferStore)
    K(Allocate) K(AllocateConst) K(DeclBuffer) K(SeqStmt) K(IfThenElse) K(Evaluate) K(For)
    K(While) K(Block) K(BlockRealize) K(Range) K(IterVar) K(Buffer) K(BufferRegion)
    K(MatchBufferRegion) K(CommReducer) K(PrimFunc) K(IRModule) K(Tensor) K(PlaceholderOp)
    K(ComputeOp) K(RelayVar) K(GlobalVar) K(Constant) K(RelayCall) K(Tuple) K(TupleGetItem)
    K(RelayLet) K(If) K(Function) K(Op) K(TensorType) K(TupleType) K(FuncType) K(RelayAttrs)
    K(Shuffle) K(BufferRealize) K(ExternOp) K(ScanOp)
#undef K
  }
  return "?";
}

String::String(std::string v) : ObjectRef(std::make_shared<StringObj>(std::move(v))) {}

Array::Array(std::vector<ObjectRef> elements) {
  auto n = std::make_shared<ArrayNode>();
  n->elements = std::move(elements);
  data_ = std::move(n);
}

Map::Map(AttrMap items) {
  auto n = std::make_shared<MapNode>();
  n->items = std::move(items);
  data_ = std::move(n);
}

}  // namespace tirgen
