// Numerics of the shape transforms and indexing ops against NumPy (harness: op_numerics.h).
// These ops move values without arithmetic, so every comparison is exact in practice.
#include <gtest/gtest.h>

#include "op_numerics.h"

namespace tirgen {
namespace testing {
namespace {

TEST(OpNumerics, ReshapeTransposeSqueezeExpand) {
  RunNumericCases({
      {"reshape_plain", {F32({2, 3, 4})}, "reshape(%a, newshape=[4, 6])", "a.reshape(4, 6)"},
      {"layout_nchw_to_nchw4c", {F32({1, 8, 2, 3})},
       "layout_transform(%a, src_layout=\"NCHW\", dst_layout=\"NCHW4c\")",
       "a.reshape(1, 2, 4, 2, 3).transpose(0, 1, 3, 4, 2)"},
      {"layout_padded_split", {F32({2, 6, 2, 2})},
       "layout_transform(%a, src_layout=\"NCHW\", dst_layout=\"NCHW4c\")",
       "np.pad(a, ((0, 0), (0, 2), (0, 0), (0, 0))).reshape(2, 2, 4, 2, 2).transpose(0, 1, 3, 4, 2)"},
      {"layout_nchw4c_to_nhwc", {F32({1, 2, 3, 3, 4})},
       "layout_transform(%a, src_layout=\"NCHW4c\", dst_layout=\"NHWC\")",
       "a.transpose(0, 2, 3, 1, 4).reshape(1, 3, 3, 8)"},
      {"layout_oihw_to_oihw2i4o", {F32({8, 4, 1, 1})},
       "layout_transform(%a, src_layout=\"OIHW\", dst_layout=\"OIHW2i4o\")",
       "a.reshape(2, 4, 2, 2, 1, 1).transpose(0, 2, 4, 5, 3, 1)"},
      {"reshape_infer", {F32({2, 3, 4})}, "reshape(%a, newshape=[6, -1])", "a.reshape(6, -1)"},
      {"reshape_copy0", {F32({2, 3, 4})}, "reshape(%a, newshape=[0, -1])", "a.reshape(2, -1)"},
      {"reshape_rest", {F32({2, 3, 4, 5})}, "reshape(%a, newshape=[-3, -2])", "a.reshape(6, 4, 5)"},
      {"reshape_merge", {F32({2, 3, 4})}, "reshape(%a, newshape=[-3, 4])", "a.reshape(6, 4)"},
      {"reshape_split", {F32({6, 4})}, "reshape(%a, newshape=[-4, 2, -1, 4])", "a.reshape(2, 3, 4)"},
      {"reshape_int", {Int({4, 6}, "int32", -9, 9)}, "reshape(%a, newshape=[2, 2, 6])",
       "a.reshape(2, 2, 6)"},
      {"transpose_perm", {F32({2, 3, 4})}, "transpose(%a, axes=[2, 0, 1])", "np.transpose(a, (2, 0, 1))"},
      {"transpose_neg", {F32({2, 3, 4})}, "transpose(%a, axes=[0, -1, 1])", "np.transpose(a, (0, 2, 1))"},
      {"transpose_default", {F32({2, 3, 4})}, "transpose(%a)", "np.transpose(a)"},
      {"squeeze_all", {F32({1, 3, 1, 4})}, "squeeze(%a)", "np.squeeze(a)"},
      {"squeeze_axis", {F32({1, 3, 1, 4})}, "squeeze(%a, axis=[2])", "np.squeeze(a, axis=2)"},
      {"squeeze_neg", {F32({1, 3, 1, 4})}, "squeeze(%a, axis=[-4])", "np.squeeze(a, axis=0)"},
      {"squeeze_none", {F32({1, 3})}, "squeeze(%a, axis=[])", "a"},
      {"expand_dims_2", {F32({3, 4})}, "expand_dims(%a, axis=1, num_newaxis=2)", "a[:, None, None, :]"},
      {"expand_dims_end", {F32({3, 4})}, "expand_dims(%a, axis=-1)", "a[..., None]"},
      {"expand_dims_front", {F32({3})}, "expand_dims(%a, axis=0)", "a[None]"},
  });
}

TEST(OpNumerics, ConcatStackSplit) {
  RunNumericCases({
      {"concat_axis1", {F32({2, 3, 4}), F32({2, 5, 4})}, "concatenate((%a, %b), axis=1)",
       "np.concatenate([a, b], axis=1)"},
      {"concat_neg", {F32({2, 3}), F32({2, 1}), F32({2, 4})}, "concatenate((%a, %b, %c), axis=-1)",
       "np.concatenate([a, b, c], axis=-1)"},
      {"concat_axis0", {F32({1, 3}), F32({4, 3})}, "concatenate((%a, %b))", "np.concatenate([a, b])"},
      {"stack_0", {F32({3, 4}), F32({3, 4})}, "stack((%a, %b))", "np.stack([a, b])"},
      {"stack_mid", {F32({3, 4}), F32({3, 4}), F32({3, 4})}, "stack((%a, %b, %c), axis=1)",
       "np.stack([a, b, c], axis=1)"},
      {"stack_neg", {F32({3, 4}), F32({3, 4})}, "stack((%a, %b), axis=-1)", "np.stack([a, b], axis=-1)"},
      {"split_sections", {F32({6, 9})}, "split(%a, indices_or_sections=3, axis=1)", "np.split(a, 3, axis=1)"},
      {"split_indices", {F32({2, 8, 3})}, "split(%a, indices_or_sections=[2, 6], axis=1)",
       "np.split(a, [2, 6], axis=1)"},
      {"split_neg_axis", {F32({4, 6})}, "split(%a, indices_or_sections=[1], axis=-1)",
       "np.split(a, [1], axis=-1)"},
      {"split_axis0", {F32({4, 3})}, "split(%a, indices_or_sections=2)", "np.split(a, 2)"},
  });
}

TEST(OpNumerics, StridedSlice) {
  RunNumericCases({
      {"slice_basic", {F32({4, 6})}, "strided_slice(%a, begin=[1, 0], end=[3, 6], strides=[1, 2])",
       "a[1:3, 0:6:2]"},
      {"slice_partial", {F32({4, 6, 3})}, "strided_slice(%a, begin=[1], end=[3], strides=[1])", "a[1:3]"},
      {"slice_negative_step", {F32({5, 4})}, "strided_slice(%a, begin=[3], end=[0], strides=[-1])",
       "a[3:0:-1]"},
      {"slice_negative_bounds", {F32({7, 3})}, "strided_slice(%a, begin=[-1, 2], end=[-8, -4], strides=[-2, -1])",
       "a[-1:-8:-2, 2:-4:-1]"},
      {"slice_clamped_end", {F32({5, 4})}, "strided_slice(%a, begin=[2, -100], end=[100, 100], strides=[1, 1])",
       "a[2:, :]"},
      // Missing entries with a negative stride: TVM begins at the last element and ends
      // before element 0 (end 0), which NumPy spells [::-1][:-1].
      {"slice_fill_negative", {F32({5, 4})}, "strided_slice(%a, begin=[1], end=[3], strides=[1, -1])",
       "a[1:3, :0:-1]"},
      {"slice_axes", {F32({3, 6, 4})},
       "strided_slice(%a, begin=[1, 3], end=[6, 0], strides=[2, -1], axes=[1, 2])", "a[:, 1:6:2, 3:0:-1]"},
      {"slice_axes_neg", {F32({3, 6})}, "strided_slice(%a, begin=[-2], end=[-1], strides=[1], axes=[-2])",
       "a[-2:-1]"},
      {"slice_size_mode", {F32({5, 6})},
       "strided_slice(%a, begin=[1, 2], end=[2, -1], strides=[1], slice_mode=\"size\")", "a[1:3, 2:]"},
      {"slice_int", {Int({6}, "int64", -100, 100)}, "strided_slice(%a, begin=[5], end=[-7], strides=[-2])",
       "a[5::-2]"},
  });
}

TEST(OpNumerics, TakeGather) {
  RunNumericCases({
      {"take_axis0", {F32({10, 4}), Int({2, 3}, "int32", 0, 10)}, "take(%a, %b, axis=0)",
       "np.take(a, b, axis=0)"},
      {"take_axis1_clip", {F32({3, 5, 2}), Int({4}, "int32", -4, 9)}, "take(%a, %b, axis=1)",
       "np.take(a, np.clip(b, 0, 4), axis=1)"},
      {"take_neg_axis", {F32({3, 5}), Int({2, 2}, "int64", 0, 5)}, "take(%a, %b, axis=-1)",
       "np.take(a, b, axis=-1)"},
      {"take_wrap", {F32({3, 5}), Int({6}, "int32", -12, 12)}, "take(%a, %b, axis=1, mode=\"wrap\")",
       "np.take(a, b, axis=1, mode='wrap')"},
      {"take_fast", {F32({6, 2}), Int({3}, "int32", 0, 6)}, "take(%a, %b, axis=0, mode=\"fast\")",
       "np.take(a, b, axis=0)"},
      {"take_flat", {F32({3, 4}), Int({2, 3}, "int32", -3, 15)}, "take(%a, %b)",
       "np.take(a, np.clip(b, 0, 11))"},
      {"take_flat_wrap", {F32({2, 3}), Int({5}, "int32", -20, 20)}, "take(%a, %b, mode=\"wrap\")",
       "np.take(a, b, mode='wrap')"},
      {"take_batch_dims", {F32({2, 5, 3}), Int({2, 4}, "int32", 0, 5)}, "take(%a, %b, batch_dims=1, axis=1)",
       "np.stack([np.take(a[i], b[i], axis=0) for i in range(2)])"},
      {"take_int_data", {Int({8}, "int32", -50, 50), Int({3}, "int32", 0, 8)}, "take(%a, %b, axis=0)",
       "np.take(a, b)"},
      {"gather_axis1", {F32({3, 4}), Int({3, 2}, "int64", 0, 4)}, "gather(%a, %b, axis=1)",
       "np.take_along_axis(a, b, axis=1)"},
      {"gather_axis0", {F32({5, 3}), Int({2, 3}, "int32", 0, 5)}, "gather(%a, %b, axis=0)",
       "np.take_along_axis(a, b, axis=0)"},
      {"gather_neg_axis", {F32({2, 3, 4}), Int({2, 3, 6}, "int32", 0, 4)}, "gather(%a, %b, axis=-1)",
       "np.take_along_axis(a, b, axis=-1)"},
      {"gather_nd_slices", {F32({3, 4, 2}), Int({2, 5}, "int64", 0, 3)}, "gather_nd(%a, %b)",
       "a[tuple(b)]"},
      {"gather_nd_full", {F32({3, 4}), Int({2, 2, 3}, "int32", 0, 3)}, "gather_nd(%a, %b)",
       "a[tuple(b)]"},
      {"gather_nd_batch", {F32({2, 4, 3}), Int({1, 2, 5}, "int32", 0, 4)}, "gather_nd(%a, %b, batch_dims=1)",
       "np.stack([a[i][b[0, i]] for i in range(2)])"},
      {"one_hot_last", {Int({2, 3}, "int32", -1, 5), F32({}), F32({})},
       "one_hot(%a, %b, %c, depth=4, dtype=\"float32\")", "np.where(a[..., None] == np.arange(4), b, c)"},
      {"one_hot_axis0", {Int({3}, "int64", 0, 3), Int({}, "int32", 1, 9), Int({}, "int32", -9, 0)},
       "one_hot(%a, %b, %c, depth=3, axis=0, dtype=\"int32\")",
       "np.where(np.arange(3)[:, None] == a[None, :], b, c).astype('int32')"},
      {"sequence_mask_axis0", {F32({4, 3, 2}), Int({3}, "int32", 0, 5)},
       "sequence_mask(%a, %b, mask_value=-2f)",
       "np.where((np.arange(4)[:, None] >= b[None, :])[:, :, None], np.float32(-2), a)"},
      {"sequence_mask_axis1", {F32({3, 5}), Int({3}, "int64", 0, 6)}, "sequence_mask(%a, %b, axis=1)",
       "np.where(np.arange(5)[None, :] >= b[:, None], np.float32(0), a)"},
      {"reverse_sequence", {F32({4, 3, 2}), Int({3}, "int32", 0, 6)},
       "reverse_sequence(%a, %b, seq_axis=0, batch_axis=1)",
       "np.stack([np.concatenate([a[:min(max(n, 1), 4), j][::-1], a[min(max(n, 1), 4):, j]]) for j, n in enumerate(b)], axis=1)"},
  });
}

TEST(OpNumerics, BroadcastTileRepeatReverse) {
  RunNumericCases({
      {"broadcast_to", {F32({4, 1})}, "broadcast_to(%a, shape=[3, 4, 5])", "np.broadcast_to(a, (3, 4, 5))"},
      {"broadcast_to_same", {F32({2, 3})}, "broadcast_to(%a, shape=[2, 3])", "a"},
      {"tile_same_rank", {F32({2, 3, 4})}, "tile(%a, reps=[2, 1, 2])", "np.tile(a, (2, 1, 2))"},
      {"tile_fewer_reps", {F32({2, 3})}, "tile(%a, reps=[3])", "np.tile(a, 3)"},
      {"tile_more_reps", {F32({2, 3})}, "tile(%a, reps=[2, 1, 2])", "np.tile(a, (2, 1, 2))"},
      {"repeat_axis1", {F32({2, 3, 4})}, "repeat(%a, repeats=2, axis=1)", "np.repeat(a, 2, axis=1)"},
      {"repeat_neg", {F32({2, 3})}, "repeat(%a, repeats=3, axis=-1)", "np.repeat(a, 3, axis=-1)"},
      {"reverse_axis", {F32({2, 3, 4})}, "reverse(%a, axis=2)", "np.flip(a, axis=2)"},
      {"reverse_axis0", {Int({5, 2}, "int32", -9, 9)}, "reverse(%a, axis=0)", "np.flip(a, axis=0)"},
      {"reverse_neg", {F32({3, 4})}, "reverse(%a, axis=-2)", "np.flip(a, axis=0)"},
  });
}

TEST(OpNumerics, Init) {
  RunNumericCases({
      {"zeros", {}, "zeros(shape=[2, 3], dtype=\"float32\")", "np.zeros((2, 3))"},
      {"ones_int", {}, "ones(shape=[4], dtype=\"int32\")", "np.ones(4)"},
      {"full", {F32({})}, "full(%a, shape=[2, 3], dtype=\"float32\")", "np.full((2, 3), a)"},
      {"full_cast", {F32({}, -5, 5)}, "full(%a, shape=[3, 1], dtype=\"int32\")",
       "np.full((3, 1), np.trunc(a))"},
      {"zeros_like", {F32({2, 5})}, "zeros_like(%a)", "np.zeros_like(a)"},
      {"ones_like", {Int({3, 2}, "int64", 0, 9)}, "ones_like(%a)", "np.ones_like(a)"},
      {"full_like", {F32({2, 3}), F32({})}, "full_like(%a, %b)", "np.full_like(a, b)"},
  });
}

}  // namespace
}  // namespace testing
}  // namespace tirgen
