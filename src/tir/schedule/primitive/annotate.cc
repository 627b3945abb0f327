// annotate / unannotate: set or remove one annotation of a loop or block.
#include "../utils.h"

namespace tirgen {
namespace tir {

namespace {
ObjectRef AnnotationObject(const AnnotationValue& v) {
  if (const auto* i = std::get_if<int64_t>(&v)) return IntImm(DataType::Int(32), *i);
  if (const auto* f = std::get_if<double>(&v)) return FloatImm(DataType::Float(32), *f);
  if (const auto* b = std::get_if<bool>(&v)) return IntImm(DataType::Bool(), *b);
  return String(std::get<std::string>(v));
}
TraceValue AnnotationTrace(const AnnotationValue& v) {
  if (const auto* e = std::get_if<ExprRV>(&v)) return TraceValue::RV(TraceValue::kExprRV, e->id);
  if (const auto* i = std::get_if<int64_t>(&v)) return TraceValue::Int(*i);
  if (const auto* f = std::get_if<double>(&v)) return TraceValue::Float(*f);
  if (const auto* b = std::get_if<bool>(&v)) return TraceValue::Bool(*b);
  return TraceValue::Str(std::get<std::string>(v));
}

// Applies `edit` to the annotations of the loop or block.
template <class F>
void EditAnnotations(Schedule::State& st, const BlockOrLoopRV& target, F edit) {
  if (const auto* b = std::get_if<BlockRV>(&target)) {
    const BlockNode* block = st.GetBlock(*b);
    auto n = CopyNode(*block);
    edit(&n->annotations, Describe(block));
    Block nb{std::shared_ptr<const Object>(n)};
    st.Replace(st.FuncOf(b->id), block, nb, {{block, nb}});
  } else {
    const LoopRV& l = std::get<LoopRV>(target);
    const ForNode* loop = st.GetLoop(l);
    auto n = CopyNode(*loop);
    edit(&n->annotations, Describe(loop));
    st.Replace(st.FuncOf(l.id), loop, For(std::shared_ptr<const Object>(n)));
  }
}
}  // namespace

void Schedule::Annotate(const BlockOrLoopRV& target, const std::string& key,
                        const AnnotationValue& value) {
  // A sampled value annotates as the integer it holds (and is recorded as its variable).
  const auto* sampled = std::get_if<ExprRV>(&value);
  ObjectRef obj = AnnotationObject(sampled ? AnnotationValue(Get(*sampled)) : value);
  EditAnnotations(*state_, target, [&](AttrMap* ann, const std::string&) { (*ann)[key] = obj; });
  trace_.Append(Instruction{"annotate",
                            {{"block_or_loop", Value(target)},
                             {"ann_key", TraceValue::Str(key)},
                             {"ann_val", AnnotationTrace(value)}},
                            {},
                            false});
}

void Schedule::Unannotate(const BlockOrLoopRV& target, const std::string& key) {
  EditAnnotations(*state_, target, [&](AttrMap* ann, const std::string& what) {
    if (!ann->erase(key)) throw ScheduleError("cannot unannotate: " + what + " has no annotation \"" + key + "\"");
  });
  trace_.Append(Instruction{"unannotate",
                            {{"block_or_loop", Value(target)}, {"ann_key", TraceValue::Str(key)}},
                            {},
                            false});
}

}  // namespace tir
}  // namespace tirgen
