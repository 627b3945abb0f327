// Layouts and layout_transform (see layout.h). The rules are built as TVM builds them, so the
// indices the compute reads simplify to TVM's expressions.
#include "tirgen/topi/layout.h"

#include <algorithm>

#include "tirgen/arith/analyzer.h"
#include "tirgen/te/operation.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT

namespace {

bool IsPrimal(char c) { return c >= 'A' && c <= 'Z'; }
char Primal(char c) { return IsPrimal(c) ? c : static_cast<char>(c - 'a' + 'A'); }
PrimExpr I32(int64_t v) { return IntImm(DataType::Int(32), v); }

// ceildiv of integers (TVM's shapediv).
PrimExpr ShapeDiv(PrimExpr a, PrimExpr b) {
  return floordiv(sub(add(a, b), make_const(b.dtype(), 1)), b);
}

// TVM's GetStoreRule: for each axis of `to`, its index (and, for shapes, its extent) as an
// expression of `from`'s axis variables.
void StoreRule(const Layout& from, const Layout& to, std::vector<PrimExpr>* index,
               std::vector<PrimExpr>* shape) {
  for (size_t i = 0; i < to.axes.size(); ++i) {
    const LayoutAxis& store = to.axes[i];
    PrimExpr idx = I32(0);
    for (size_t j = 0; j < from.axes.size(); ++j) {
      const LayoutAxis& orig = from.axes[j];
      if (Primal(orig.name) != Primal(store.name)) continue;
      if (IsPrimal(orig.name)) {
        PrimExpr v = orig.var;
        int64_t factor = from.FactorOf(orig.name);
        if (factor > 0) v = mul(v, I32(factor));
        idx = add(idx, v);
      } else {
        PrimExpr factor = I32(1);
        for (size_t k = j + 1; k < from.axes.size(); ++k)
          if (from.axes[k].name == orig.name) factor = mul(factor, I32(from.axes[k].factor));
        idx = add(idx, mul(orig.var, factor));
      }
    }
    TIRGEN_CHECK(!is_zero(idx)) << "layout \"" << from.name << "\" cannot be converted to \""
                                << to.name << "\"";
    PrimExpr shp = idx;
    if (IsPrimal(store.name)) {
      int64_t factor = to.FactorOf(store.name);
      if (factor > 0) {
        shp = ShapeDiv(idx, I32(factor));
        idx = floordiv(idx, I32(factor));
      }
    } else {
      PrimExpr stride = I32(1), factor = I32(1);
      for (size_t j = i; j < to.axes.size(); ++j) {
        if (to.axes[j].name != store.name) continue;
        stride = mul(stride, I32(to.axes[j].factor));
        if (j > i) factor = mul(factor, I32(to.axes[j].factor));
      }
      idx = floordiv(floormod(idx, stride), factor);
      shp = idx;
    }
    index->push_back(idx);
    shape->push_back(shp);
  }
}

}  // namespace

Layout::Layout(const std::string& text) : name(text) {
  TIRGEN_CHECK(!text.empty()) << "layout must not be empty";
  int64_t factor = 0;
  for (char c : text) {
    if (IsPrimal(c)) {
      TIRGEN_CHECK(factor == 0) << "invalid layout \"" << text << "\": a factor before " << c;
      axes.push_back({c, 0, Var(std::string(1, c), DataType::Int(32))});
    } else if (c >= 'a' && c <= 'z') {
      TIRGEN_CHECK(factor > 0) << "invalid layout \"" << text << "\": no factor for " << c;
      axes.push_back({c, factor, Var(std::string(1, c), DataType::Int(32))});
      factor = 0;
    } else if (c >= '0' && c <= '9') {
      factor = factor * 10 + (c - '0');
    } else {
      TIRGEN_CHECK(false) << "invalid layout \"" << text << "\": unexpected '" << c << "'";
    }
  }
  TIRGEN_CHECK(factor == 0) << "invalid layout \"" << text << "\": a trailing factor";
  for (const LayoutAxis& a : axes) {
    int count = 0, primal = 0;
    for (const LayoutAxis& b : axes) {
      count += b.name == a.name;
      primal += b.name == Primal(a.name);
    }
    TIRGEN_CHECK(count == 1) << "invalid layout \"" << text << "\": axis " << a.name << " repeats";
    TIRGEN_CHECK(primal == 1) << "invalid layout \"" << text << "\": sub-axis " << a.name
                              << " without its axis " << Primal(a.name);
  }
}

int64_t Layout::FactorOf(char primal) const {
  char sub = static_cast<char>(primal - 'A' + 'a');
  for (const LayoutAxis& a : axes)
    if (a.name == sub) return a.factor;
  return -1;
}

BijectiveLayout::BijectiveLayout(const std::string& src, const std::string& dst) : src_(src), dst_(dst) {
  std::string ps, pd;
  for (const LayoutAxis& a : src_.axes)
    if (IsPrimal(a.name)) ps += a.name;
  for (const LayoutAxis& a : dst_.axes)
    if (IsPrimal(a.name)) pd += a.name;
  std::sort(ps.begin(), ps.end());
  std::sort(pd.begin(), pd.end());
  TIRGEN_CHECK(ps == pd) << "cannot convert layout \"" << src << "\" to \"" << dst << "\"";
  std::vector<PrimExpr> forward_index, backward_shape;
  StoreRule(src_, dst_, &forward_index, &forward_shape_);
  StoreRule(dst_, src_, &backward_index_, &backward_shape);
}

std::vector<PrimExpr> BijectiveLayout::ForwardShape(const std::vector<PrimExpr>& shape) const {
  TIRGEN_CHECK(shape.size() == src_.axes.size())
      << "a shape of rank " << shape.size() << " does not have layout \"" << src_.name << "\"";
  // Primal axes stand for their extents, sub-axes for 0; sub-axes of dst are their factors.
  std::vector<std::pair<Var, PrimExpr>> bind;
  for (size_t i = 0; i < shape.size(); ++i) {
    const LayoutAxis& a = src_.axes[i];
    if (!IsPrimal(a.name)) {
      const int64_t* d = as_const_int(shape[i]);
      TIRGEN_CHECK(!d || *d == a.factor) << "dimension " << i << " of extent " << *d
                                         << " does not match layout \"" << src_.name << "\"";
    }
    bind.emplace_back(a.var, IsPrimal(a.name) ? cast(DataType::Int(32), shape[i]) : I32(0));
  }
  arith::Analyzer ana;
  std::vector<PrimExpr> out;
  for (size_t i = 0; i < dst_.axes.size(); ++i) {
    const LayoutAxis& a = dst_.axes[i];
    out.push_back(IsPrimal(a.name) ? ana.Simplify(Substitute(forward_shape_[i], bind)) : I32(a.factor));
  }
  return out;
}

std::vector<PrimExpr> BijectiveLayout::BackwardIndex(const std::vector<PrimExpr>& index) const {
  TIRGEN_CHECK(index.size() == dst_.axes.size()) << "internal error: index rank differs from the layout";
  std::vector<std::pair<Var, PrimExpr>> bind;
  for (size_t i = 0; i < index.size(); ++i) bind.emplace_back(dst_.axes[i].var, index[i]);
  arith::Analyzer ana;
  std::vector<PrimExpr> out;
  for (const PrimExpr& rule : backward_index_) out.push_back(ana.Simplify(Substitute(rule, bind)));
  return out;
}

Tensor layout_transform(const Tensor& data, const std::string& src_layout,
                        const std::string& dst_layout, const std::string& name) {
  BijectiveLayout conv(src_layout, dst_layout);
  std::vector<PrimExpr> shape = conv.ForwardShape(data->shape);
  std::vector<ObjectRef> input_shape(data->shape.begin(), data->shape.end());
  AttrMap attrs = {{"schedule_rule", String("None")},
                   {"src_layout", String(src_layout)},
                   {"dst_layout", String(dst_layout)},
                   {"input_shape", Array(input_shape)}};
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> src = conv.BackwardIndex(std::vector<PrimExpr>(v.begin(), v.end()));
        PrimExpr in_range = make_const(DataType::Bool(), 1);
        for (size_t i = 0; i < data.ndim(); ++i) in_range = logical_and(in_range, lt(src[i], data->shape[i]));
        return if_then_else(in_range, data(src), cast(data->dtype, I32(0)));
      },
      name, "injective", attrs);
}

}  // namespace topi
}  // namespace tirgen
