// storage_align: records [buffer_index, axis, factor, offset] in the block's
// "buffer_dim_align" annotation (one entry per buffer and axis), as TVM does.
#include "../utils.h"

namespace tirgen {
namespace tir {

Buffer BlockAllocatedWrite(const BlockScope& s, int index, const char* prim);

void Schedule::StorageAlign(const BlockRV& rv, int buffer_index, int axis, int factor, int offset) {
  BlockScope s = GetBlockScope(*state_, rv);
  Buffer buf = BlockAllocatedWrite(s, buffer_index, "storage_align");
  int ndim = static_cast<int>(buf->shape.size());
  if (axis < -ndim || axis >= ndim)
    throw ScheduleError("cannot storage_align buffer \"" + buf->name + "\": axis " + std::to_string(axis) +
                        " is out of range for its " + std::to_string(ndim) + " dimension(s)");
  if (axis < 0) axis += ndim;
  if (factor <= 0)
    throw ScheduleError("cannot storage_align buffer \"" + buf->name + "\": factor " + std::to_string(factor) +
                        " must be positive");
  if (offset < 0 || offset >= factor)
    throw ScheduleError("cannot storage_align buffer \"" + buf->name + "\": offset " + std::to_string(offset) +
                        " must be in [0, factor)");
  auto entry = [](int a, int b, int c, int d) {
    return Array(std::vector<ObjectRef>{IntImm(DataType::Int(32), a), IntImm(DataType::Int(32), b),
                                        IntImm(DataType::Int(32), c), IntImm(DataType::Int(32), d)});
  };
  std::vector<ObjectRef> items;
  auto it = s.block->annotations.find("buffer_dim_align");
  bool replaced = false;
  if (it != s.block->annotations.end() && it->second.as<ArrayNode>()) {
    for (const ObjectRef& e : it->second.as<ArrayNode>()->elements) {
      const auto* arr = e.as<ArrayNode>();
      if (arr && arr->elements.size() == 4 && is_const_int(arr->elements[0].cast<PrimExpr>(), buffer_index) &&
          is_const_int(arr->elements[1].cast<PrimExpr>(), axis)) {
        items.push_back(entry(buffer_index, axis, factor, offset));
        replaced = true;
      } else {
        items.push_back(e);
      }
    }
  }
  if (!replaced) items.push_back(entry(buffer_index, axis, factor, offset));
  auto n = CopyNode(*s.block);
  n->annotations["buffer_dim_align"] = Array(items);
  Block nb{std::shared_ptr<const Object>(n)};
  state_->Replace(s.func, s.block, nb, {{s.block, nb}});
  trace_.Append(Instruction{"storage_align",
                            {{"block", Value(rv)},
                             {"buffer_index", TraceValue::Int(buffer_index)},
                             {"axis", TraceValue::Int(axis)},
                             {"factor", TraceValue::Int(factor)},
                             {"offset", TraceValue::Int(offset)}},
                            {},
                            false});
}

}  // namespace tir
}  // namespace tirgen
