// The analyses behind CommonSubexprElimTIR (private to src/tir/transforms): which expressions
// count as computations, how many times a statement certainly performs each one, their size
// and the textual order TVM breaks size ties with.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "tirgen/tir/functor.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace cse {

/// A computation that may become a `cse_var`: not a constant or variable, not a call or load and
/// containing none (their value may change or have effects), not a Ramp or Broadcast.
bool IsEligible(const PrimExpr& e);

/// Number of expression nodes in `e` (leaves included): the size candidates are ordered by.
size_t Complexity(const PrimExpr& e);

/// TVM's legacy repr of an expression (`(x + y)`, `floordiv(a, b)`, `(int64)4`): the text that
/// orders candidates of the same size.
std::string LegacyRepr(const PrimExpr& e);

/// Same term: structurally equal (variables by identity), after simplifying both when
/// `normalize` (identify_equiv_terms).
bool SameTerm(const PrimExpr& a, const PrimExpr& b, bool normalize);

/// The eligible expressions closest to `e`'s root below it: its children, or for a child that
/// is not eligible, that child's own closest ones (in visiting order, repeats kept).
std::vector<PrimExpr> DirectSubexprs(const PrimExpr& e);

/// True when every variable `e` reads (other than ones it binds itself) is in `known`.
bool AllVarsKnown(const PrimExpr& e, const std::vector<Var>& known);

/// True when some variable read in `s` is named `name`.
bool UsesVarName(const Stmt& s, const std::string& name);

/// Computations with how many times each is seen, in first-seen order (a multiset keyed by
/// structural equality).
class ComputationTable {
 public:
  struct Entry {
    PrimExpr expr;
    uint64_t hash;
    size_t count;
  };
  /// Adds `n` to the count of `e` (inserted with `n` when new).
  void Add(const PrimExpr& e, size_t n) { Add(e, Hash(e), n); }
  /// Adds every entry of `other` (counts summed).
  void Union(const ComputationTable& other);
  /// The entry for the same expression as `e`, or nullptr.
  const Entry* Find(const Entry& e) const { return Find(e.expr, e.hash); }
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  static uint64_t Hash(const PrimExpr& e);
  void Add(const PrimExpr& e, uint64_t hash, size_t n);
  const Entry* Find(const PrimExpr& e, uint64_t hash) const;
  std::vector<Entry> entries_;
  std::unordered_multimap<uint64_t, size_t> index_;
};

/// The computations a statement or expression certainly performs, with how often. An eligible
/// expression counts as itself (its parts are not listed); other nodes sum their children,
/// except where only some children run: a For counts what at least two of (min, extent, body)
/// do, an IfThenElse what two of (condition, then, else) do, a While what both its condition
/// and body do. So what a loop body or a single branch computes stays inside it. Results are
/// memoized per node (nodes are kept alive, so an address never names two nodes).
class ComputationsDoneBy {
 public:
  const ComputationTable& Of(const Stmt& s);
  const ComputationTable& Of(const PrimExpr& e);

 private:
  std::unordered_map<const Object*, std::pair<ObjectRef, ComputationTable>> memo_;
  const ComputationTable& Remember(const ObjectRef& node, ComputationTable table);
};

}  // namespace cse
}  // namespace transform
}  // namespace tir
}  // namespace tirgen
