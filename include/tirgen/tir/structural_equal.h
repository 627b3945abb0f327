// Structural equality and hashing of IR (DESIGN.md §3), with TVM's semantics:
//  - Binding sites (function params, loop vars, block iter vars, let vars, Allocate/AllocateConst
//    buffer vars, CommReducer lhs/rhs, and buffers with the vars their shape/strides/elem_offset
//    introduce) are matched by position when first met, never by name.
//  - A var that no binding site introduced ("free") compares by identity, unless map_free_vars,
//    in which case free vars are matched by first occurrence too.
//  - Buffers are matched on first meeting (declaration or, for AllocateConst/Allocate views, first
//    use); later meetings must pair the same two buffers.
//  - NDArrays compare by cached content hash, then bytes; hashing never re-reads the bytes.
// Deviations from TVM v0.14 (stricter, so round trips catch more): Block.name_hint and
// Buffer.offset_factor are compared, and FloatImm values compare bit-exactly.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "tirgen/ir/object.h"

namespace tirgen {

/// True when `a` and `b` are the same program up to the names of their binding sites.
/// `ignore_ndarray_data`: NDArrays compare by dtype and shape only (MetaSchedule's
/// "ignore-ndarray" module equality: programs differing only in weight values are equal).
bool StructuralEqual(const ObjectRef& a, const ObjectRef& b, bool map_free_vars = false,
                     bool ignore_ndarray_data = false);

/// A hash consistent with StructuralEqual (equal => same hash), deterministic across runs and
/// processes: binding sites hash by definition order, free vars by name and type.
uint64_t StructuralHash(const ObjectRef& obj, bool map_free_vars = false,
                        bool ignore_ndarray_data = false);

/// nullopt when equal; otherwise the path to the first mismatch and what differs, e.g.
/// "PrimFunc.body.Block(root).body.SeqStmt[1].For.body.BufferStore.value.IntImm: value 3 vs 4".
std::optional<std::string> StructuralMismatch(const ObjectRef& a, const ObjectRef& b,
                                              bool map_free_vars = false);

}  // namespace tirgen
