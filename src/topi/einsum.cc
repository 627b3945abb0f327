// einsum: parse the equation into per-operand label lists (with "..." expanded to broadcast
// labels), then one compute over the output labels reducing the rest.
#include "tirgen/topi/einsum.h"

#include <algorithm>
#include <map>

#include "tirgen/support/error.h"
#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT

namespace {

// Labels are letters; the ellipsis dims get labels past 'z' (broadcast-aligned from the right).
struct Parsed {
  std::vector<std::vector<int>> operands;  ///< each operand's label per dim
  std::vector<int> output;
  std::map<int, int64_t> extent;           ///< label -> extent (the non-1 one when broadcast)
};

constexpr int kEllipsisBase = 1000;

[[noreturn]] void Bad(const std::string& eq, const std::string& why) {
  throw Error("einsum \"" + eq + "\": " + why);
}

// One subscript term into labels; `ell` is how many dims "..." stands for (-1: not yet known).
std::vector<int> Terms(const std::string& eq, const std::string& term, int ell_dims, bool* has_ell) {
  std::vector<int> labels;
  *has_ell = false;
  for (size_t i = 0; i < term.size(); ++i) {
    char c = term[i];
    if (c == ' ') continue;
    if (c == '.') {
      if (term.compare(i, 3, "...") != 0 || *has_ell) Bad(eq, "'.' outside one \"...\" per term");
      *has_ell = true;
      for (int k = 0; k < ell_dims; ++k) labels.push_back(kEllipsisBase + k);
      i += 2;
      continue;
    }
    if (!std::isalpha(static_cast<unsigned char>(c))) Bad(eq, std::string("'") + c + "' is not a subscript letter");
    labels.push_back(c);
  }
  return labels;
}

Parsed Parse(const std::string& eq, const std::vector<std::vector<int64_t>>& shapes) {
  std::string lhs = eq, rhs;
  size_t arrow = eq.find("->");
  bool explicit_out = arrow != std::string::npos;
  if (explicit_out) {
    lhs = eq.substr(0, arrow);
    rhs = eq.substr(arrow + 2);
  }
  std::vector<std::string> terms;
  size_t start = 0;
  for (size_t comma; (comma = lhs.find(',', start)) != std::string::npos; start = comma + 1)
    terms.push_back(lhs.substr(start, comma - start));
  terms.push_back(lhs.substr(start));
  if (terms.size() != shapes.size())
    Bad(eq, std::to_string(terms.size()) + " operand terms for " + std::to_string(shapes.size()) + " operands");
  Parsed p;
  int ell_rank = 0;
  std::vector<int> ell_dims(terms.size(), 0);
  for (size_t t = 0; t < terms.size(); ++t) {
    bool has_ell = false;
    size_t named = Terms(eq, terms[t], 0, &has_ell).size();
    int rank = static_cast<int>(shapes[t].size());
    if (has_ell ? named > static_cast<size_t>(rank) : named != static_cast<size_t>(rank))
      Bad(eq, "term " + std::to_string(t) + " '" + terms[t] + "' does not match operand " + std::to_string(t) +
                  " of rank " + std::to_string(rank));
    ell_dims[t] = has_ell ? rank - static_cast<int>(named) : 0;
    ell_rank = std::max(ell_rank, ell_dims[t]);
  }
  std::map<int, int> uses;
  for (size_t t = 0; t < terms.size(); ++t) {
    bool has_ell = false;
    std::vector<int> labels = Terms(eq, terms[t], ell_dims[t], &has_ell);
    // Align an operand's ellipsis dims to the right of the broadcast ellipsis.
    for (int& l : labels)
      if (l >= kEllipsisBase) l += ell_rank - ell_dims[t];
    for (size_t d = 0; d < labels.size(); ++d) {
      int64_t n = shapes[t][d];
      auto it = p.extent.find(labels[d]);
      if (it == p.extent.end() || it->second == 1) {
        p.extent[labels[d]] = n;
      } else if (n != 1 && n != it->second) {
        std::string name = labels[d] >= kEllipsisBase ? "a \"...\" dim" : std::string("label '") + char(labels[d]) + "'";
        Bad(eq, name + " has extents " + std::to_string(it->second) + " and " + std::to_string(n));
      }
      ++uses[labels[d]];
    }
    p.operands.push_back(labels);
  }
  if (explicit_out) {
    bool has_ell = false;
    p.output = Terms(eq, rhs, ell_rank, &has_ell);
    for (size_t i = 0; i < p.output.size(); ++i) {
      if (!p.extent.count(p.output[i])) Bad(eq, std::string("output label '") + char(p.output[i]) + "' is in no operand");
      if (std::count(p.output.begin(), p.output.end(), p.output[i]) > 1)
        Bad(eq, std::string("output label '") + char(p.output[i]) + "' repeats");
    }
    if (!has_ell && ell_rank > 0) Bad(eq, "the operands have \"...\" dims the output leaves out");
  } else {  // implicit: the broadcast dims, then the labels used once, in alphabetical order
    for (int k = 0; k < ell_rank; ++k) p.output.push_back(kEllipsisBase + k);
    for (const auto& [label, n] : uses)
      if (label < kEllipsisBase && n == 1) p.output.push_back(label);
  }
  return p;
}

}  // namespace

std::vector<int64_t> einsum_shape(const std::string& equation, const std::vector<std::vector<int64_t>>& shapes) {
  Parsed p = Parse(equation, shapes);
  std::vector<int64_t> out;
  for (int l : p.output) out.push_back(p.extent.at(l));
  return out;
}

te::Tensor einsum(const std::string& equation, const std::vector<te::Tensor>& inputs, const std::string& name) {
  std::vector<std::vector<int64_t>> shapes;
  for (const auto& t : inputs) {
    std::vector<int64_t> s;
    for (const auto& d : t->shape) {
      const int64_t* v = as_const_int(d);
      TIRGEN_CHECK(v) << "einsum: operand shapes must be static";
      s.push_back(*v);
    }
    shapes.push_back(s);
  }
  Parsed p = Parse(equation, shapes);
  DataType idx = inputs.empty() ? DataType::Int(32) : inputs[0]->shape.empty() ? DataType::Int(32) : inputs[0]->shape[0].dtype();
  std::map<int, IterVar> reduce;
  std::vector<IterVar> axes;
  for (const auto& [label, n] : p.extent) {
    if (std::count(p.output.begin(), p.output.end(), label)) continue;
    std::string vname = label >= kEllipsisBase ? "e" + std::to_string(label - kEllipsisBase) : std::string(1, char(label));
    IterVar iv = te::reduce_axis(Range(make_const(idx, 0), make_const(idx, n)), vname);
    reduce[label] = iv;
    axes.push_back(iv);
  }
  std::vector<PrimExpr> out_shape;
  for (int l : p.output) out_shape.push_back(make_const(idx, p.extent.at(l)));
  return te::compute(
      out_shape,
      [&](const std::vector<Var>& v) {
        std::map<int, PrimExpr> at;
        for (size_t i = 0; i < p.output.size(); ++i) at[p.output[i]] = v[i];
        for (const auto& [label, iv] : reduce) at[label] = iv->var;
        PrimExpr prod;
        for (size_t t = 0; t < inputs.size(); ++t) {
          std::vector<PrimExpr> index;
          for (size_t d = 0; d < p.operands[t].size(); ++d)
            index.push_back(shapes[t][d] == 1 ? make_const(idx, 0) : at.at(p.operands[t][d]));
          PrimExpr x = inputs[t](index);
          prod = prod.defined() ? prod * x : x;
        }
        return axes.empty() ? prod : sum(prod, axes);
      },
      name, "einsum");
}

}  // namespace topi
}  // namespace tirgen
