# RUN: tirgen opt %s --pass tir.Simplify
# Each branch of an if_then_else or Select is simplified knowing its condition (TVM v0.14: the
# RewriteSimplifier is an IRMutatorWithAnalyzer; its Call/Select visitors enter a
# ConstraintContext per branch: the condition, then its rewritten negation 8 <= i). The true
# branches lose min(i, 7), the false ones max(i - 8, 0). Hand-written.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((16,), "float32"), C: T.Buffer((16,), "float32"), D: T.Buffer((16,), "float32")):
    for i in range(16):
        C[i] = T.if_then_else(i < 8, A[T.min(i, 7)], A[T.max(i - 8, 0)])
        D[i] = T.Select(i < 8, A[T.min(i, 7)], A[T.max(i - 8, 0)])
        if 4 <= i and i < 8:
            D[i] = A[T.min(i, 7) + T.max(i - 4, 0) * 0] + T.if_then_else(i < 9, T.float32(1), T.float32(2))
        else:
            D[i] = T.if_then_else(i < 4 or 8 <= i, A[i // 16], T.float32(3))
