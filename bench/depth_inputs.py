#!/usr/bin/python3
"""Writes the depth and size stress inputs of issue 18 for a given N into a directory.

  relu_chain.onnx   an ONNX model: N Relu nodes in a chain
  let_chain.relay   Relay: N nested lets, each binding nn.relu of the previous one
  call_chain.relay  Relay: N nested calls nn.relu(nn.relu(...)) (dataflow form, %0 = ...)
  sum.py            TVMScript: one store of a sum of N terms
  nest.py           TVMScript: N/20 nested `if` statements around one store (a deep statement nest;
                    its text grows with the square of the depth through indentation, so 100k levels
                    would be a 20 GB file: statement nests 100k deep are built in C++ by the tests)
  for_nest.py       TVMScript: N/20 nested unit `for` loops around one store

Usage: depth_inputs.py N DIR [--families a,b,...]. bench/depth_bench.sh times every subcommand on
them; the unit tests build the same shapes in C++.
"""
import argparse
import os


def relu_chain_model(n):
    """The serialized ONNX model (tests/python/test_depth.py imports it too)."""
    from onnx import TensorProto, helper
    nodes = []
    prev = "x"
    for i in range(n):
        out = "y" if i == n - 1 else "r%d" % i
        nodes.append(helper.make_node("Relu", [prev], [out], name="relu%d" % i))
        prev = out
    graph = helper.make_graph(nodes, "relu_chain",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [4])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    return model.SerializeToString()


def relu_chain_onnx(n, path):
    with open(path, "wb") as f:
        f.write(relu_chain_model(n))


def relay_chain(n, path, let):
    lines = ['#[version = "0.0.5"]', "def @main(%x: Tensor[(4), float32]) {"]
    prev = "%x"
    for i in range(n):
        name = ("%%v%d" % i) if let else ("%%%d" % i)
        lines.append("  %s%s = nn.relu(%s);" % ("let " if let else "", name, prev))
        prev = name
    lines.append("  " + prev)
    lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


HEADER = ("# from tvm.script import tir as T\n\n@T.prim_func\n"
          "def main(A: T.Buffer((16,), \"float32\"), B: T.Buffer((16,), \"float32\")):\n")


def script_sum(n, path):
    terms = " + ".join("A[%d]" % (i % 16) for i in range(n))
    with open(path, "w") as f:
        f.write(HEADER + "    B[0] = " + terms + "\n")


def script_nest(n, path, loops):
    n = max(1, n // 20)
    out = [HEADER]
    indent = "    "
    for i in range(n):
        if loops:
            out.append("%sfor i%d in range(1):\n" % (indent, i))
        else:
            out.append("%sif A[%d] < T.float32(%d):\n" % (indent, i % 16, i % 7))
        indent += "    "
    out.append("%sB[0] = A[0]\n" % indent)
    with open(path, "w") as f:
        f.write("".join(out))


FAMILIES = {
    "relu_chain.onnx": lambda n, p: relu_chain_onnx(n, p),
    "let_chain.relay": lambda n, p: relay_chain(n, p, True),
    "call_chain.relay": lambda n, p: relay_chain(n, p, False),
    "sum.py": script_sum,
    "nest.py": lambda n, p: script_nest(n, p, False),
    "for_nest.py": lambda n, p: script_nest(n, p, True),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int)
    ap.add_argument("dir")
    ap.add_argument("--families", default=",".join(FAMILIES))
    args = ap.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    for name in args.families.split(","):
        FAMILIES[name](args.n, os.path.join(args.dir, name))


if __name__ == "__main__":
    main()
