// A small dataflow-pattern language and rewriter with the semantics of TVM's DFPattern
// rewriting (relay.dataflow_pattern.rewrite), for graph simplification passes:
//  - patterns: Wildcard(), IsConstant(), IsOp("reshape")({x}), calls of any op of a pattern
//    kind, alternatives (a || b); a pattern node used twice must match the same expression;
//    calls of add and multiply also match with their two arguments swapped;
//  - per rewrite, matches are grouped from the outputs towards the inputs; a match is refused
//    when it overlaps an earlier match or when a matched interior node is also used outside
//    it; the callback then runs bottom-up on the already-rewritten graph;
//  - the rewrites run in order, with type inference before each, until nothing changes.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "tirgen/relay/expr.h"
#include "tirgen/relay/op.h"
#include "tirgen/ir/module.h"

namespace tirgen {
namespace relay {
namespace pattern {

struct PatternNode;
using Pattern = std::shared_ptr<PatternNode>;

struct PatternNode {
  enum class Kind { kWildcard, kConstant, kCall, kAlt };
  Kind kind;
  std::vector<std::string> ops;  ///< kCall: accepted op names (empty: any op of `op_kind`)
  int op_kind = -1;              ///< kCall with no names: the OpPatternKind the op must have
  std::vector<Pattern> args;     ///< kCall: argument patterns; kAlt: the two alternatives
};

Pattern Wildcard();
Pattern IsConstant();
Pattern operator||(const Pattern& a, const Pattern& b);

/// A call pattern builder: IsOp("add")({x, y}), (IsOp("reshape") || IsOp("squeeze"))({x}).
struct OpPattern {
  std::vector<std::string> names;
  int op_kind = -1;
  Pattern operator()(std::vector<Pattern> args) const;
};
OpPattern IsOp(const std::string& name);
OpPattern operator||(const OpPattern& a, const OpPattern& b);
/// Any op whose registered pattern kind is `kind` (TVM's IsWildcard().HasAttr(TOpPattern)).
OpPattern IsOpOfKind(OpPatternKind kind);

/// What a callback sees of a match: the rewritten expression each pattern node matched.
class Match {
 public:
  bool Has(const Pattern& p) const { return post_.count(p.get()) != 0; }
  /// The (rewritten) expression `p` matched; InternalError when it matched nothing.
  const Expr& operator[](const Pattern& p) const;

 private:
  friend class Rewriter;
  std::unordered_map<const PatternNode*, Expr> post_;
};

/// One rewrite: a pattern and what to do with a match. `pre` is the matched root as it was
/// before this sweep (typed), `post` the same node with rewritten arguments; returning `post`
/// keeps it.
struct Rewrite {
  std::string name;
  Pattern pattern;
  std::function<Expr(const Expr& pre, const Expr& post, const Match& m)> callback;
};

/// Applies `rewrites` to `expr` (a function) until a fixed point; the result is typed.
Expr RewritePatterns(const std::vector<Rewrite>& rewrites, const Expr& expr,
                     const IRModule& mod = IRModule());

}  // namespace pattern
}  // namespace relay
}  // namespace tirgen
