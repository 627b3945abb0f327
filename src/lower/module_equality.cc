// MetaSchedule's ModuleEquality (structural, ignore-ndarray, anchor-block): which tuning
// workloads are the same. ExtractTasks dedups tasks with it and the tuning database keys its
// workloads by it, so `tirgen tasks` and the database agree on every hash.
#include "tirgen/lower/lower.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/analysis/estimate_flops.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace lower {

ModuleEquality ParseModuleEquality(const std::string& name) {
  if (name == "structural") return ModuleEquality::kStructural;
  if (name == "ignore-ndarray") return ModuleEquality::kIgnoreNDArray;
  if (name == "anchor-block") return ModuleEquality::kAnchorBlock;
  throw Error("unknown module equality '" + name +
              "': use 'structural' (constants compared by value), 'ignore-ndarray' (constants "
              "compared by shape and dtype) or 'anchor-block' (only the main reduction block compared)");
}

ModuleKey::ModuleKey(IRModule m, ModuleEquality eq) : mod(std::move(m)), equality(eq) {
  bool ignore = equality != ModuleEquality::kStructural;
  if (equality == ModuleEquality::kAnchorBlock)
    if (const tir::BlockNode* b = tir::FindAnchorBlock(mod)) anchor = GetRef<tir::Block>(b);
  // A block alone refers to its function's buffers: map them (and any free var) by position.
  hash = anchor.defined() ? StructuralHash(anchor, true, true) : StructuralHash(mod, false, ignore);
}

bool ModuleKey::Equals(const ModuleKey& other) const {
  TIRGEN_ICHECK(equality == other.equality) << "module keys made under different equalities";
  if (hash != other.hash) return false;
  if (anchor.defined() && other.anchor.defined()) return StructuralEqual(anchor, other.anchor, true, true);
  return StructuralEqual(mod, other.mod, false, equality != ModuleEquality::kStructural);
}

}  // namespace lower
}  // namespace tirgen
