"""Einsum (relay einsum, topi/einsum.cc) from torch.einsum through ONNX, compared with PyTorch
(float32, rtol 1e-4), and the equation checks of its type relation."""
import numpy as np
import pytest
import torch

import tirgen
from onnx_op_util import Fn, check_module


def rand(*shape, seed=0):
    torch.manual_seed(seed)
    return torch.randn(*shape)


@pytest.mark.parametrize("eq, shapes", [
    ("ij,jk->ik", [(3, 4), (4, 5)]),             # matmul
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),    # batched
    ("ii->i", [(4, 4)]),                         # diagonal
    ("ii", [(4, 4)]),                            # trace, implicit output
    ("ij->ji", [(3, 5)]),                        # transpose
    ("i,j->ij", [(3,), (4,)]),                   # outer product
    ("ij,ij->", [(3, 4), (3, 4)]),               # full contraction
    ("...ij,...jk->...ik", [(2, 1, 3, 4), (3, 4, 2)]),  # broadcast batch dims
    ("bhqd,bhkd->bhqk", [(1, 2, 3, 4), (1, 2, 5, 4)]),  # attention scores
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)]),  # three operands
    ("ba,ca", [(2, 3), (4, 3)]),                 # implicit output: labels used once, sorted
])
def test_einsum(eq, shapes):
    xs = tuple(rand(*s, seed=i) for i, s in enumerate(shapes))
    check_module(Fn(lambda *a: torch.einsum(eq, *a)), xs, rtol=1e-4, atol=1e-5, expect_ops=["einsum("])


def test_einsum_relation_rejects_bad_equations():
    for text, why in [("ij,jk->ik", "label 'j' has extents 4 and 3"),
                      ("ijk,jk->ik", "does not match operand 0 of rank 2"),
                      ("ij->iz", "output label 'z' is in no operand")]:
        relay = f"""#[version = "0.0.5"]
def @main(%a: Tensor[(3, 4), float32], %b: Tensor[(3, 5), float32]) {{
  einsum((%a, %b), equation="{text}")
}}"""
        if text == "ij->iz":
            relay = relay.replace("(%a, %b)", "(%a,)")
        with pytest.raises(tirgen.TirgenError, match=why):
            tirgen.relay.parse(relay)
