// Operation counts of a store's value (group 1a). Loads are free but their index arithmetic
// counts (as integer operations), as in TVM; comparisons are classified by their operands' type
// (TVM looks at the bool result and files float comparisons under int).
#include "feature_internal.h"
#include "tirgen/tir/call_effect.h"
#include "tirgen/tir/functor.h"

namespace tirgen {
namespace tuner {
namespace detail {

using namespace tir;  // NOLINT

namespace {

class ArithCounter : public StmtExprVisitor {
 public:
  explicit ArithCounter(int64_t trip_count) : n_(trip_count) {}
  ArithCounts counts;

  using StmtExprVisitor::VisitExpr_;
  void VisitExpr_(const BinaryNode* op) override {
    bool f = op->a.dtype().is_floating();
    switch (op->kind()) {
      case Kind::kAdd:
      case Kind::kSub: Count(f, &counts.float_add_sub, &counts.int_add_sub); break;
      case Kind::kMul: Count(f, &counts.float_mul, &counts.int_mul); break;
      case Kind::kDiv:
      case Kind::kMod:
      case Kind::kFloorDiv:
      case Kind::kFloorMod: Count(f, &counts.float_div_mod, &counts.int_div_mod); break;
      case Kind::kAnd:
      case Kind::kOr: counts.bool_op += n_; break;
      default: Count(f, &counts.float_cmp, &counts.int_cmp); break;  // min, max, comparisons
    }
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const NotNode* op) override {
    counts.bool_op += n_;
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const SelectNode* op) override {
    counts.select_op += n_;
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const CallNode* op) override {
    bool f = op->dtype.is_floating();
    if (IsPureCall(op->op)) {
      Count(f, &counts.float_math_func, &counts.int_math_func);
    } else {
      Count(f, &counts.float_other_func, &counts.int_other_func);
    }
    StmtExprVisitor::VisitExpr_(op);
  }

 private:
  void Count(bool is_float, int64_t* float_counter, int64_t* int_counter) {
    *(is_float ? float_counter : int_counter) += n_;
  }
  int64_t n_;
};

}  // namespace

ArithCounts CountArith(const BufferStoreNode* store, int64_t trip_count) {
  ArithCounter c(trip_count);
  c.VisitExpr(store->value);
  return c.counts;
}

}  // namespace detail
}  // namespace tuner
}  // namespace tirgen
