"""Threefry random numbers (relay random.*, topi/random.cc) and the ONNX ops mapped on them
(ops_random.cc): RandomUniform(Like), RandomNormal(Like), Bernoulli, Multinomial.

- The Python Threefry model (threefry_ref.py) reproduces the published Threefry-2x64 and 4x64
  known-answer vectors (Random123's kat_vectors, 20 rounds); tirgen's lowered Threefry
  block and generator equal that model run with TVM's rules (no final key injection, counter
  and path handling), bit for bit, for whole and partial blocks, exhausted counters and paths
  (where TVM's new-key branch is dead code, the model and tirgen follow what TVM runs).
- A given seed gives TVM's numbers: uniform values equal the model's exactly; normal values to
  rtol 1e-5 (libm's float32 log/sin against NumPy's).
- Statistics over 40000 draws, tolerances about 5 standard errors: uniform mean within 0.008 of
  (low + high) / 2 and variance within 0.005 of (high - low)^2 / 12 (on [0, 1)); normal mean
  within 0.08 and standard deviation within 2% (scale 3); Bernoulli and Multinomial
  frequencies within 0.012 of the probabilities.
- Determinism: the same model imports and runs to the same bits; an unseeded node's seed is a
  function of its output name, so two unseeded nodes differ."""
import numpy as np
import pytest
from onnx import TensorProto, helper

import threefry_ref as ref
import tirgen
from onnx_op_util import import_error
from tirgen import relay

KAT4 = [  # rounds, counter, key, output (hex words)
    (20, "0" * 64, "0" * 64, "09218ebde6c85537 55941f5266d86105 4bd25e16282434dc ee29ec846bd2e40b"),
    (20, "f" * 64, "f" * 64, "29c24097942bba1b 0371bbfb0f6f4e11 3c231ffa33f83a1c cd29113fde32d168"),
    (20, "243f6a8885a308d3 13198a2e03707344 a4093822299f31d0 082efa98ec4e6c89",
     "452821e638d01377 be5466cf34e90c6c be5466cf34e90c6c c0ac29b7c97c50dd",
     "a7e8fde591651bd9 baafd0c30138319b 84a5c1a729e685b9 901d406ccebc1ba4"),
]
KAT2 = [
    (20, "0" * 32, "0" * 32, "c2b6e3a8c2c69865 6f81ed42f350084d"),
    (20, "f" * 32, "f" * 32, "e02cb7c4d95d277a d06633d0893b8b68"),
    (20, "243f6a8885a308d3 13198a2e03707344", "a4093822299f31d0 082efa98ec4e6c89", "263c7d30bb0f0af1 56be8361d3311526"),
]


def words(text):
    text = text.replace(" ", "")
    return [int(text[i:i + 16], 16) for i in range(0, len(text), 16)]


@pytest.mark.parametrize("rounds, ctr, key, out", KAT4 + KAT2)
def test_reference_threefry_reproduces_the_published_vectors(rounds, ctr, key, out):
    assert ref.threefry(words(key), words(ctr), rounds) == words(out)


def run_relay(body, key, params=""):
    text = '#[version = "0.0.5"]\ndef @main(%key: Tensor[(10), uint64]' + params + ") {\n  " + body + "\n}\n"
    return [np.asarray(o) for o in tirgen.run(relay.parse(text), {"key": np.array(key, dtype=np.uint64)})]


PI_KEY = words("452821e638d01377 be5466cf34e90c6c be5466cf34e90c6c c0ac29b7c97c50dd")
PI_CTR = words("243f6a8885a308d3 13198a2e03707344 a4093822299f31d0 082efa98ec4e6c89")


def test_threefry_block_is_the_cipher_without_its_final_injection():
    for key, ctr in [([0] * 4, [0] * 4), (PI_KEY, PI_CTR)]:
        new_key, bits = run_relay("random.threefry_generate(%key, out_shape=[4])", key + ctr + [1 << 63, 0])
        assert bits.dtype == np.uint64
        assert [int(b) for b in bits] == ref.tvm_block(key, ctr)
        assert [int(b) for b in bits] != ref.threefry(key, ctr)  # TVM's block differs from the cipher's


@pytest.mark.parametrize("shape", [[4], [7], [3], [2, 3, 5], [1]])
@pytest.mark.parametrize("gen", [
    ref.key_of_seed(0),
    ref.key_of_seed(123456),
    PI_KEY + PI_CTR + [1 << 40, 0],                              # a path in progress
    PI_KEY + [5, 6, 7, ref.M - 9, 1 << 63, 0],                    # counter used up: extend the path
    PI_KEY + [5, 6, 7, ref.M - 9, 1, 0],                          # ... into the low path word
    PI_KEY + [5, 6, 7, ref.M - 9, 0, 4],
    PI_KEY + [5, 6, 7, ref.M - 2, 0, 0],                          # path full too: TVM extends it by nothing
])
def test_threefry_generate_follows_tvms_rules(shape, gen):
    new_key, bits = run_relay(f"random.threefry_generate(%key, out_shape={shape})", gen)
    want_key, want = ref.generate(gen, int(np.prod(shape)))
    assert bits.shape == tuple(shape)
    assert [int(b) for b in bits.ravel()] == want
    assert [int(k) for k in new_key] == want_key


@pytest.mark.parametrize("gen", [ref.key_of_seed(7), PI_KEY + PI_CTR + [1, 0], PI_KEY + PI_CTR + [0, 0]])
def test_threefry_split_follows_tvms_rules(gen):
    left, right = run_relay("random.threefry_split(%key)", gen)
    want_left, want_right = ref.split(gen)
    assert [int(k) for k in left] == want_left and [int(k) for k in right] == want_right


def random_model(op, attrs, inputs=(), out_type=TensorProto.FLOAT, opset=17):
    ins = [helper.make_tensor_value_info(n, t, s) for n, t, s in inputs]
    nodes = [helper.make_node(op, [n for n, _, _ in inputs], ["y"], **attrs)]
    graph = helper.make_graph(nodes, "g", ins, [helper.make_tensor_value_info("y", out_type, None)])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def run_model(model, feed=None):
    mod, params = tirgen.from_onnx(model)
    return str(mod), tirgen.run(mod, feed or {}, params=params)[0]


@pytest.mark.parametrize("dtype, onnx_type", [(np.float32, TensorProto.FLOAT), (np.float64, TensorProto.DOUBLE)])
def test_random_uniform_with_a_seed_gives_tvms_numbers(dtype, onnx_type):
    model = random_model("RandomUniform", {"shape": [3, 5], "low": -2.0, "high": 3.0, "seed": 5.0, "dtype": onnx_type})
    text, got = run_model(model)
    assert "random.uniform(" in text
    _, bits = ref.generate(ref.key_of_seed(5), 15)
    want = ref.uniform(bits, dtype, np.float32(-2.0), np.float32(3.0)).reshape(3, 5)
    assert got.dtype == dtype
    np.testing.assert_array_equal(got, want)


def test_random_normal_with_a_seed_gives_tvms_numbers():
    model = random_model("RandomNormal", {"shape": [4, 6], "mean": 1.5, "scale": 0.5, "seed": 11.0})
    _, got = run_model(model)
    _, bits = ref.generate(ref.key_of_seed(11), 48)
    u = ref.uniform(bits, np.float32).reshape(2, 4, 6)
    f = np.float32
    want = np.sqrt(f(-2) * np.log(f(1) - u[0])) * np.sin(f(2 * np.pi) * u[1]) * f(0.5) + f(1.5)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_uniform_range_and_moments():
    _, got = run_model(random_model("RandomUniform", {"shape": [200, 200], "seed": 3.0}))
    assert got.min() >= 0 and got.max() < 1
    assert abs(got.mean() - 0.5) < 0.008 and abs(got.var() - 1 / 12) < 0.005
    _, wide = run_model(random_model("RandomUniform", {"shape": [200, 200], "low": -4.0, "high": 6.0, "seed": 3.0}))
    assert wide.min() >= -4 and wide.max() < 6 and abs(wide.mean() - 1.0) < 0.08


def test_normal_moments():
    _, got = run_model(random_model("RandomNormal", {"shape": [40000], "mean": 2.0, "scale": 3.0, "seed": 9.0}))
    assert np.isfinite(got).all()
    assert abs(got.mean() - 2.0) < 0.08 and abs(got.std() / 3.0 - 1) < 0.02


@pytest.mark.parametrize("op", ["RandomUniformLike", "RandomNormalLike"])
def test_like_ops_take_the_input_shape_and_dtype(op):
    x = np.zeros((3, 4), np.float64)
    model = random_model(op, {"seed": 1.0}, [("x", TensorProto.DOUBLE, [3, 4])], TensorProto.DOUBLE)
    _, got = run_model(model, {"x": x})
    assert got.shape == (3, 4) and got.dtype == np.float64
    model = random_model(op, {"seed": 1.0, "dtype": TensorProto.FLOAT}, [("x", TensorProto.DOUBLE, [3, 4])])
    assert run_model(model, {"x": x})[1].dtype == np.float32


def test_bernoulli_frequencies_and_dtype():
    p = np.tile(np.array([0.0, 0.1, 0.5, 0.9, 1.0], np.float32), (8000, 1))
    model = random_model("Bernoulli", {"seed": 4.0}, [("p", TensorProto.FLOAT, [8000, 5])], opset=15)
    text, got = run_model(model, {"p": p})
    assert got.dtype == np.float32 and set(np.unique(got)) <= {0.0, 1.0}
    np.testing.assert_allclose(got.mean(0), p[0], atol=0.012)
    assert got[:, 0].max() == 0 and got[:, 4].min() == 1
    model = random_model("Bernoulli", {"seed": 4.0, "dtype": TensorProto.INT32}, [("p", TensorProto.FLOAT, [8000, 5])],
                         TensorProto.INT32, opset=15)
    ints = run_model(model, {"p": p})[1]
    assert ints.dtype == np.int32
    np.testing.assert_array_equal(ints, got.astype(np.int32))


def test_multinomial_samples_the_softmax_of_the_logits():
    logits = np.log(np.array([[0.1, 0.2, 0.3, 0.4], [0.7, 0.0001, 0.2, 0.0999]], np.float32))
    model = random_model("Multinomial", {"seed": 2.0, "sample_size": 20000}, [("x", TensorProto.FLOAT, [2, 4])],
                         TensorProto.INT32)
    text, got = run_model(model, {"x": logits})
    assert "random.multinomial(" in text and "nn.softmax(" in text
    # ONNX's default dtype is int32 (onnxruntime's too; TVM v0.14 defaults to int64).
    assert got.shape == (2, 20000) and got.dtype == np.int32
    for row in range(2):
        freq = np.bincount(got[row], minlength=4) / 20000
        np.testing.assert_allclose(freq, np.exp(logits[row]), atol=0.012)


def test_multinomial_dtype_int64_when_asked():
    model = random_model("Multinomial", {"seed": 2.0, "sample_size": 3, "dtype": TensorProto.INT64},
                         [("x", TensorProto.FLOAT, [2, 4])], TensorProto.INT64)
    _, got = run_model(model, {"x": np.zeros((2, 4), np.float32)})
    assert got.dtype == np.int64 and got.shape == (2, 3) and got.min() >= 0 and got.max() < 4


@pytest.mark.parametrize("op, shape", [("RandomUniform", [65536, 65536, 4]), ("RandomNormal", [1 << 30, 2])])
def test_draws_beyond_int32_indices_are_refused_with_the_node(op, shape):
    with pytest.raises(tirgen.TirgenError, match=r"" + op + r".*needs more than 2\^31 - 1 random draws"):
        tirgen.from_onnx(random_model(op, {"seed": 1.0, "shape": shape}))


def test_relay_random_refuses_draws_beyond_int32_indices():
    text = ('#[version = "0.0.5"]\ndef @main(%key: Tensor[(10), uint64]) {\n'
            '  random.uniform(%key, 0f, 1f, out_shape=[65536, 65536, 4], out_dtype="float32")\n}\n')
    with pytest.raises(tirgen.TirgenError, match=r"needs more than 2\^31 - 1 random draws"):
        tirgen.run(relay.parse(text), {"key": np.zeros(10, np.uint64)})


def test_a_model_runs_to_the_same_bits_every_time_and_unseeded_nodes_differ():
    nodes = [helper.make_node("RandomUniform", [], ["a"], shape=[64]),
             helper.make_node("RandomUniform", [], ["b"], shape=[64])]
    outs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in "ab"]
    model = helper.make_model(helper.make_graph(nodes, "g", [], outs), opset_imports=[helper.make_opsetid("", 17)])
    runs = []
    for _ in range(2):
        mod, params = tirgen.from_onnx(model)
        runs.append(tirgen.run(mod, {}, params=params))
    np.testing.assert_array_equal(runs[0][0], runs[1][0])
    np.testing.assert_array_equal(runs[0][1], runs[1][1])
    assert not np.array_equal(runs[0][0], runs[0][1])


def test_unsupported_forms_are_listed_up_front():
    nodes = [helper.make_node("RandomUniform", [], ["a"], shape=[2], dtype=TensorProto.FLOAT16),
             helper.make_node("RandomNormal", [], ["b"], shape=[2], seed=-1.0),
             helper.make_node("RandomNormal", [], ["c"]),
             helper.make_node("Multinomial", ["x"], ["d"], dtype=TensorProto.FLOAT)]
    err = import_error(nodes, {"x": (TensorProto.FLOAT, [2, 3])}, ["a", "b", "c", "d"])
    assert "RandomUniform with dtype 10 (only float32 and float64 random values)" in err
    assert "RandomNormal with seed -1" in err and "non-negative integer seed" in err
    assert "RandomNormal with no shape attribute" in err
    assert "Multinomial with dtype 1 (int32 or int64)" in err
