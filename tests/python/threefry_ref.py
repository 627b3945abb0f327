"""NumPy-side (Python integer) models for tests/python/test_onnx_ops_random.py: the published
Threefry-2x64 / 4x64 block cipher (Salmon et al., SC'11; Skein's constants), and TVM v0.14's
generator rules around it (topi/random/kernel.py: threefry_key, threefry_generate's counter and
path handling, threefry_split, uniform's bits-to-float rule), written from their descriptions."""
from functools import reduce

import numpy as np

M = (1 << 64) - 1
PARITY = 0x1BD11BDAA9FC1A22
ROT2 = [16, 42, 12, 31, 16, 32, 24, 21]
ROT4 = [[14, 16], [52, 57], [23, 40], [5, 37], [25, 33], [46, 12], [58, 22], [32, 32]]
PERM4 = [0, 3, 2, 1]


def rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & M


def threefry(key, ctr, rounds=20, final_injection=True):
    """Threefry-Nx64 (N = len(key), 2 or 4) of the counter ``ctr``: the key schedule injected
    before every fourth round; the published cipher also injects after the last round (TVM's
    kernel does not: final_injection=False)."""
    n = len(key)
    ks = list(key) + [reduce(lambda a, b: a ^ b, key, PARITY)]
    x = list(ctr)

    def inject(s):
        for j in range(n):
            x[j] = (x[j] + ks[(s + j) % (n + 1)] + (s if j == n - 1 else 0)) & M

    for r in range(rounds):
        if r % 4 == 0:
            inject(r // 4)
        if n == 2:
            x[0] = (x[0] + x[1]) & M
            x[1] = rotl(x[1], ROT2[r % 8]) ^ x[0]
        else:
            for p in range(2):
                x[2 * p] = (x[2 * p] + x[2 * p + 1]) & M
                x[2 * p + 1] = rotl(x[2 * p + 1], ROT4[r % 8][p]) ^ x[2 * p]
            x = [x[PERM4[j]] for j in range(4)]
    if final_injection and rounds % 4 == 0:
        inject(rounds // 4)
    return x


def tvm_block(key, ctr):
    return threefry(key, ctr, final_injection=False)


def key_of_seed(seed):
    """TVM's threefry_key(seed)."""
    words = [(seed >> (64 * i)) & M for i in range(4)]
    return words + [0, 0, 0, 0, 1 << 63, 0]


def shift_position(hi, lo):
    if hi == 1:
        return [0, 1 << 63]
    if hi == 0:
        return [0, lo >> 1]
    return [hi >> 1, 0]


def generate(gen, n_out):
    """TVM's threefry_generate: (new key, n_out random words). Its new-key branch for a full
    path tests `gen[8] == 0 and gen[9] == 0`, which Python evaluates to False (a deferred TIR
    equality's truth is object identity), so a used-up counter always extends the path."""
    gen = [int(g) for g in gen]
    if gen[7] < M - n_out:
        tmp = list(gen)
    else:
        tmp = gen[:4] + [gen[4] | gen[8], gen[5] | gen[9], 0, 0] + shift_position(gen[8], gen[9])
    nfull, rem = divmod(n_out, 4)
    out = []
    for block in range(nfull):
        out += tvm_block(tmp[:4], [(c + block) & M for c in tmp[4:8]])
    if rem:
        tmp[7] = (tmp[7] + nfull * 4) & M
        out += tvm_block(tmp[:4], tmp[4:8])[:rem]
        last = (tmp[7] + 4) & M
    else:
        last = (tmp[7] + n_out) & M
    return tmp[:6] + [0, last] + tmp[8:10], out


def split(gen):
    """TVM's threefry_split: (left, right); its new-key branch is dead too (see generate)."""
    gen = [int(g) for g in gen]
    pos = shift_position(gen[8], gen[9])
    left = gen[:8] + pos
    right = gen[:4] + [gen[4] | gen[8], gen[5] | gen[9]] + gen[6:8] + pos
    return left, right


def uniform(words, dtype, low=0.0, high=1.0):
    """TVM's uniform: the top mantissa bits of each word (its low 32 bits for float32) under
    exponent 0, minus one, times (high - low), plus low, in ``dtype``."""
    bits = np.array(words, dtype=np.uint64)
    if dtype == np.float32:
        m = (bits.astype(np.uint32) >> np.uint32(9)) | np.uint32(127 << 23)
    else:
        m = (bits >> np.uint64(12)) | np.uint64(1023 << 52)
    std = m.view(dtype) - dtype(1)
    return std * (dtype(high) - dtype(low)) + dtype(low)
