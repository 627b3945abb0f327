// RNN, GRU and LSTM, unrolled over the static sequence length into dense ops exactly as TVM
// v0.14's frontend does it (frontend/common.py rnn_cell / gru_cell / lstm_cell): the input is
// split into steps, each direction's weights are split out and their gates reordered
// (LSTM: ONNX i-o-f-c to i-f-c-o; GRU: z-r-n to r-z-n), the cell runs forward or backward,
// and Y (seq, dirs, batch, hidden), Y_h and Y_c are stacked from the steps. Activations and
// activation_alpha/beta are read as TVM reads them (an alpha/beta is consumed only by an
// activation that takes one).
// Beyond TVM (which gets these wrong or ignores them): layout=1 transposes X and the initial
// states in and Y, Y_h, Y_c out (TVM's two-axis transpose of rank-3 tensors fails to type);
// sequence_lens masks every cell's states as TVM's gru_cell does for GRU (TVM ignores it for
// RNN and LSTM); clip bounds each gate's pre-activation to [-clip, clip] as ONNX Runtime does
// (TVM ignores it); a one-direction "reverse" node runs backwards (TVM runs it forward).
#include <algorithm>

#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::AttrInts;
using relay::Expr;

struct Builder {
  NodeContext& ctx;

  Expr Add(const Expr& a, const Expr& b) { return ctx.Call("add", {a, b}); }
  Expr Mul(const Expr& a, const Expr& b) { return ctx.Call("multiply", {a, b}); }
  Expr Sub(const Expr& a, const Expr& b) { return ctx.Call("subtract", {a, b}); }
  /// The node's activations, `per_dir` for each direction in ONNX's order (f, g[, h]).
  struct ActSpec {
    std::string name;
    double alpha, beta;
  };
  std::vector<ActSpec> acts = {};
  int per_dir = 1;
  double clip = 0;  ///< bound of every gate's pre-activation; 0: none
  /// Activation `k` of direction `dir` on a gate's pre-activation, clipped first.
  Expr Gate(int dir, int k, const Expr& x) {
    Expr in = clip > 0 ? ctx.Call("clip", {x}, {{"a_min", FloatAttr(-clip)}, {"a_max", FloatAttr(clip)}}) : x;
    return Out(dir, k, in);
  }
  /// Activation `k` of direction `dir` unclipped (LSTM's h on the cell state).
  Expr Out(int dir, int k, const Expr& x) {
    const ActSpec& a = acts[dir * per_dir + k];
    return Activation(ctx, a.name, x, a.alpha, a.beta);
  }
  Expr Transpose(const Expr& x, std::vector<int64_t> axes) {
    return ctx.Call("transpose", {x}, {{"axes", AttrInts(std::move(axes))}});
  }
  Expr Dense(const Expr& x, const Expr& w) { return ctx.Call("nn.dense", {x, w}); }
  Expr Squeeze0(const Expr& x) { return ctx.Call("squeeze", {x}, {{"axis", AttrInts({0})}}); }
  /// relay split into `n` equal sections along `axis`, as a list.
  std::vector<Expr> Split(const Expr& x, int n, int axis) {
    Expr t = ctx.Call("split", {x}, {{"indices_or_sections", AttrInt(n)}, {"axis", AttrInt(axis)}});
    std::vector<Expr> out;
    for (int i = 0; i < n; ++i) out.push_back(ctx.GetItem(t, i));
    return out;
  }
  Expr Concat(std::vector<Expr> xs, int axis) {
    return ctx.Call("concatenate", {ctx.MakeTuple(std::move(xs))}, {{"axis", AttrInt(axis)}});
  }
  Expr Stack(std::vector<Expr> xs, int axis) {
    return ctx.Call("stack", {ctx.MakeTuple(std::move(xs))}, {{"axis", AttrInt(axis)}});
  }
  Expr Expand0(const Expr& x) { return ctx.Call("expand_dims", {x}, {{"axis", AttrInt(0)}}); }
  /// The gate blocks of a (gates * hidden, k) matrix or (gates * hidden) vector, reordered.
  Expr Reorder(const Expr& x, int gates, const std::vector<int>& order) {
    std::vector<Expr> parts = Split(x, gates, 0), picked;
    for (int i : order) picked.push_back(parts[i]);
    return Concat(picked, 0);
  }
};

// Per-op facts: gate count, TVM's gate order, default activations.
int GateCount(const std::string& op) { return op == "LSTM" ? 4 : op == "GRU" ? 3 : 1; }

std::vector<std::string> DefaultActivations(const std::string& op) {
  if (op == "LSTM") return {"Sigmoid", "Tanh", "Tanh"};
  if (op == "GRU") return {"Sigmoid", "Tanh"};
  return {"Tanh"};
}

std::vector<std::string> ActivationList(const onnx::NodeProto& node) {
  std::vector<std::string> out;
  for (const auto& a : node.attribute())
    if (a.name() == "activations") out.assign(a.strings().begin(), a.strings().end());
  return out;
}

int NumDirections(const std::string& direction) { return direction == "bidirectional" ? 2 : 1; }

// TVM's RNN._get_activations.
std::vector<Builder::ActSpec> ReadActivations(NodeContext& ctx, int per_dir, int num_dirs) {
  std::vector<std::string> names = ActivationList(ctx.node());
  if (names.empty()) {
    for (int d = 0; d < num_dirs; ++d)
      for (const std::string& n : DefaultActivations(ctx.op_type())) names.push_back(n);
  }
  std::vector<double> alphas = ctx.Floats("activation_alpha"), betas = ctx.Floats("activation_beta");
  size_t ai = 0, bi = 0;
  std::vector<Builder::ActSpec> out;
  for (const std::string& n : names) {
    const ActivationSpec* a = FindActivation(n);  // the form check has refused unknown names
    TIRGEN_ICHECK(a) << "activation " << n << " passed the form check";
    double alpha = a->alpha, beta = a->beta;
    if (a->takes_alpha && ai < alphas.size()) alpha = alphas[ai++];
    if (a->takes_beta && bi < betas.size()) beta = betas[bi++];
    out.push_back({n, alpha, beta});
  }
  return out;
}

// One direction's weights: w_inp (gates*H, I), w_hid (gates*H, H), biases, initial states.
struct Direction {
  int index = 0;  ///< which direction (picks its activations)
  Expr h, c, w_inp, w_hid, b_inp, b_hid, p_i, p_f, p_o;
};

// The steps of X (seq, batch, input), each direction's squeezed weights and states, and the
// sequence_lens masks per step (batch, 1): step valid, step past the end, step == length.
struct Unrolled {
  std::vector<Expr> steps;
  std::vector<Direction> dirs;
  std::vector<Expr> keep, past, start;
  int64_t batch = 0, hidden = 0;
};

// TVM's gru_cell masks: arange(seq) against sequence_lens broadcast to (seq, batch), cast to
// the data type and unbound into steps. The arange is a constant (what FoldConstant makes of
// TVM's arange of constants).
void MakeMasks(Builder& b, Unrolled& u, int64_t seq, bool backwards) {
  NodeContext& ctx = b.ctx;
  DataType it = ctx.DType(4), dt = ctx.DType(0);
  if (!it.is_int()) ctx.Fail("sequence_lens must be an integer tensor");
  HostTensor range = HostTensor::Make({seq, 1}, it);
  for (int64_t i = 0; i < seq; ++i) range.SetInt(i, i);
  Expr arange = ctx.Const(ToNDArray(range));
  Expr lens = ctx.Call("broadcast_to", {ctx.Input(4)}, {{"shape", AttrInts({seq, u.batch})}});
  auto unbind = [&](const char* cmp) {
    Expr m = ctx.Call("cast", {ctx.Call(cmp, {arange, lens})}, {{"dtype", String(dt.str())}});
    m = ctx.Call("expand_dims", {m}, {{"axis", AttrInt(2)}});
    std::vector<Expr> out;
    for (const Expr& s : b.Split(m, static_cast<int>(seq), 0)) out.push_back(b.Squeeze0(s));
    return out;
  };
  u.keep = unbind("less");
  u.past = unbind("greater_equal");
  if (backwards) u.start = unbind("equal");
}

Unrolled Prepare(Builder& b, int gates, const std::vector<int>& order, bool batch_first) {
  NodeContext& ctx = b.ctx;
  std::vector<int64_t> x_shape = ctx.Shape(0), r_shape = ctx.Shape(2);
  int num_dirs = static_cast<int>(ctx.Shape(1)[0]);
  if (num_dirs != 1 && num_dirs != 2) ctx.Fail("W's first dimension (num_directions) must be 1 or 2");
  const std::string direction = ctx.Str("direction", "forward");
  if (num_dirs != NumDirections(direction))
    ctx.Fail("W's first dimension is " + std::to_string(num_dirs) + " but direction '" + direction + "' needs " +
             std::to_string(NumDirections(direction)));
  int64_t hidden = r_shape.back(), seq = x_shape[batch_first ? 1 : 0], batch = x_shape[batch_first ? 0 : 1];
  // TVM ignores the attribute; a model whose weights disagree with it is inconsistent.
  if (ctx.HasAttr("hidden_size") && ctx.Int("hidden_size", hidden) != hidden)
    ctx.Fail("hidden_size is " + std::to_string(ctx.Int("hidden_size", hidden)) + " but R's last dimension is " +
             std::to_string(hidden));
  if (ctx.Shape(1)[1] != gates * hidden) ctx.Fail("W's second dimension must be " + std::to_string(gates) + " * hidden_size");
  auto seq_first = [&](const Expr& x) { return batch_first ? b.Transpose(x, {1, 0, 2}) : x; };
  Unrolled u;
  u.batch = batch;
  u.hidden = hidden;
  std::vector<Expr> steps = b.Split(seq_first(ctx.Input(0)), static_cast<int>(seq), 0);
  for (const Expr& s : steps) u.steps.push_back(b.Squeeze0(s));
  Expr h0 = ctx.HasInput(5) ? seq_first(ctx.Input(5))
                            : ctx.Call("zeros", {}, {{"shape", AttrInts({num_dirs, batch, hidden})},
                                                     {"dtype", String(ctx.DType(1).str())}});
  std::vector<Expr> hs = b.Split(h0, num_dirs, 0), ws = b.Split(ctx.Input(1), num_dirs, 0),
                    rs = b.Split(ctx.Input(2), num_dirs, 0), bs, cs, ps_i, ps_o, ps_f;
  if (ctx.HasInput(3)) bs = b.Split(ctx.Input(3), num_dirs, 0);
  bool lstm = ctx.op_type() == "LSTM";
  if (lstm) {
    if (ctx.HasInput(6)) {
      cs = b.Split(seq_first(ctx.Input(6)), num_dirs, 0);
    } else {
      for (const Expr& h : hs) cs.push_back(ctx.Call("zeros_like", {h}));
    }
    if (ctx.HasInput(7)) {
      std::vector<Expr> p = b.Split(ctx.Input(7), 3, 1);  // ONNX P: i, o, f
      ps_i = b.Split(p[0], num_dirs, 0);
      ps_o = b.Split(p[1], num_dirs, 0);
      ps_f = b.Split(p[2], num_dirs, 0);
    }
  }
  for (int d = 0; d < num_dirs; ++d) {
    Direction dir;
    dir.index = d;
    dir.h = b.Squeeze0(hs[d]);
    if (lstm) dir.c = b.Squeeze0(cs[d]);
    // RNN has one gate: its weights are only squeezed (as TVM does).
    auto gated = [&](const Expr& x) { return gates == 1 ? b.Squeeze0(x) : b.Reorder(b.Squeeze0(x), gates, order); };
    dir.w_inp = gated(ws[d]);
    dir.w_hid = gated(rs[d]);
    if (!bs.empty()) {
      std::vector<Expr> bih = b.Split(bs[d], 2, -1);
      dir.b_inp = gated(bih[0]);
      dir.b_hid = gated(bih[1]);
    }
    if (!ps_i.empty()) {
      dir.p_i = b.Squeeze0(ps_i[d]);
      dir.p_f = b.Squeeze0(ps_f[d]);
      dir.p_o = b.Squeeze0(ps_o[d]);
    }
    u.dirs.push_back(dir);
  }
  bool backwards = num_dirs == 2 || direction == "reverse";
  if (ctx.HasInput(4)) MakeMasks(b, u, seq, backwards);
  return u;
}

struct State {
  Expr h, c;
};

// TVM's rnn_cell step.
State RnnStep(Builder& b, const Direction& d, const Expr& x, const State& s) {
  Expr xw = b.Dense(x, d.w_inp), hw = b.Dense(s.h, d.w_hid);
  if (d.b_inp.defined()) {
    xw = b.Add(xw, d.b_inp);
    hw = b.Add(hw, d.b_hid);
  }
  return {b.Gate(d.index, 0, b.Add(xw, hw)), Expr()};
}

// TVM's gru_cell step, gates r, z, n after reordering (f on r and z, g on n).
State GruStep(Builder& b, const Direction& d, const Expr& x, const State& s, bool linear_before_reset) {
  Expr xw = b.Dense(x, d.w_inp), r, z, n;
  if (linear_before_reset) {
    Expr hw = b.Dense(s.h, d.w_hid);
    if (d.b_inp.defined()) {
      xw = b.Add(xw, d.b_inp);
      hw = b.Add(hw, d.b_hid);
    }
    std::vector<Expr> i = b.Split(xw, 3, -1), h = b.Split(hw, 3, -1);
    r = b.Gate(d.index, 0, b.Add(i[0], h[0]));
    z = b.Gate(d.index, 0, b.Add(i[1], h[1]));
    n = b.Gate(d.index, 1, b.Add(i[2], b.Mul(r, h[2])));
  } else {
    std::vector<Expr> i = b.Split(xw, 3, 1), w = b.Split(d.w_hid, 3, 0);
    r = b.Add(i[0], b.Dense(s.h, w[0]));
    z = b.Add(i[1], b.Dense(s.h, w[1]));
    Expr in = i[2], hn;
    if (d.b_inp.defined()) {
      std::vector<Expr> bi = b.Split(d.b_inp, 3, -1), bh = b.Split(d.b_hid, 3, -1);
      r = b.Gate(d.index, 0, b.Add(r, b.Add(bi[0], bh[0])));
      z = b.Add(z, b.Add(bi[1], bh[1]));
      in = b.Add(in, bi[2]);
      hn = b.Add(b.Dense(b.Mul(r, s.h), w[2]), bh[2]);
    } else {
      r = b.Gate(d.index, 0, r);
      hn = b.Dense(b.Mul(r, s.h), w[2]);
    }
    z = b.Gate(d.index, 0, z);
    n = b.Gate(d.index, 1, b.Add(in, hn));
  }
  return {b.Add(b.Mul(b.Sub(s.h, n), z), n), Expr()};
}

// TVM's lstm_cell step: one dense over [x, h] with [W, R], gates i, f, c, o after reordering
// (f on i, f and o, g on c, h on the new cell state).
State LstmStep(Builder& b, const Direction& d, const Expr& x, const State& s) {
  Expr gates = b.Dense(b.Concat({x, s.h}, 1), b.Concat({d.w_inp, d.w_hid}, 1));
  if (d.b_inp.defined()) gates = b.Add(gates, d.b_inp);
  if (d.b_hid.defined()) gates = b.Add(gates, d.b_hid);
  std::vector<Expr> g = b.Split(gates, 4, -1);
  Expr i = g[0], f = g[1], c = g[2], o = g[3];
  if (d.p_i.defined()) {
    i = b.Gate(d.index, 0, b.Add(i, b.Mul(d.p_i, s.c)));
    f = b.Gate(d.index, 0, b.Add(f, b.Mul(d.p_f, s.c)));
  } else {
    i = b.Gate(d.index, 0, i);
    f = b.Gate(d.index, 0, f);
  }
  c = b.Gate(d.index, 1, c);
  State out;
  out.c = b.Add(b.Mul(f, s.c), b.Mul(i, c));
  o = d.p_o.defined() ? b.Gate(d.index, 0, b.Add(o, b.Mul(d.p_o, out.c))) : b.Gate(d.index, 0, o);
  out.h = b.Mul(o, b.Out(d.index, 2, out.c));
  return out;
}

// A direction's outputs: per step in the order computed, and the final states.
struct CellOut {
  std::vector<Expr> outputs;
  Expr h, c;
};

// Runs one direction over the steps. With sequence_lens (TVM's gru_cell scheme, here for every
// cell): states past a sequence's end are zeroed, the final state is the last valid one, and
// a backwards pass starts each sequence from the initial state at its own last step.
template <typename StepFn>
CellOut RunDirection(Builder& b, const Unrolled& u, const Direction& d, bool backwards, StepFn step) {
  NodeContext& ctx = b.ctx;
  bool masked = !u.keep.empty(), lstm = d.c.defined();
  State s{d.h, d.c}, init = s, last;
  if (masked) {
    relay::AttrFields zeros{{"shape", AttrInts({u.batch, u.hidden})}, {"dtype", String(ctx.DType(0).str())}};
    last.h = ctx.Call("zeros", {}, zeros);
    if (lstm) last.c = ctx.Call("zeros", {}, zeros);
  }
  CellOut out;
  size_t n = u.steps.size();
  for (size_t k = 0; k < n; ++k) {
    size_t i = backwards ? n - 1 - k : k;
    State t = step(u.steps[i], s);
    if (masked) {
      t.h = b.Mul(t.h, u.keep[i]);
      if (lstm) t.c = b.Mul(t.c, u.keep[i]);
    }
    out.outputs.push_back(t.h);
    if (masked) {
      last.h = b.Add(b.Mul(last.h, u.past[i]), t.h);
      if (lstm) last.c = b.Add(b.Mul(last.c, u.past[i]), t.c);
      if (backwards) {
        t.h = b.Add(t.h, b.Mul(init.h, u.start[i]));
        if (lstm) t.c = b.Add(t.c, b.Mul(init.c, u.start[i]));
      }
    }
    s = t;
  }
  out.h = masked ? last.h : s.h;
  out.c = masked ? last.c : s.c;
  return out;
}

void ConvertRecurrent(NodeContext& ctx) {
  Builder b{ctx};
  const std::string& op = ctx.op_type();
  int gates = GateCount(op);
  std::vector<int> order = op == "LSTM"  ? std::vector<int>{0, 2, 3, 1}
                           : op == "GRU" ? std::vector<int>{1, 0, 2}
                                         : std::vector<int>{0};
  bool batch_first = ctx.Int("layout", 0) == 1;
  Unrolled u = Prepare(b, gates, order, batch_first);
  b.per_dir = static_cast<int>(DefaultActivations(op).size());
  b.acts = ReadActivations(ctx, b.per_dir, static_cast<int>(u.dirs.size()));
  if (b.acts.size() != u.dirs.size() * b.per_dir)
    ctx.Fail("activations must name " + std::to_string(b.per_dir) + " functions per direction");
  b.clip = ctx.Float("clip", 0.0);
  bool lbr = ctx.Int("linear_before_reset", 0) != 0;
  auto run = [&](const Direction& d, bool backwards) {
    if (op == "LSTM")
      return RunDirection(b, u, d, backwards, [&](const Expr& x, const State& s) { return LstmStep(b, d, x, s); });
    if (op == "GRU")
      return RunDirection(b, u, d, backwards, [&](const Expr& x, const State& s) { return GruStep(b, d, x, s, lbr); });
    return RunDirection(b, u, d, backwards, [&](const Expr& x, const State& s) { return RnnStep(b, d, x, s); });
  };
  bool reverse_only = ctx.Str("direction", "forward") == "reverse";
  Expr y, y_h, y_c;
  if (u.dirs.size() == 2) {
    CellOut fw = run(u.dirs[0], false), bw = run(u.dirs[1], true);
    std::vector<Expr> steps;
    size_t n = u.steps.size();
    for (size_t i = 0; i < n; ++i) steps.push_back(b.Stack({fw.outputs[i], bw.outputs[n - 1 - i]}, 0));
    y = b.Stack(steps, 0);
    y_h = b.Stack({fw.h, bw.h}, 0);
    if (op == "LSTM") y_c = b.Stack({fw.c, bw.c}, 0);
  } else {
    // ONNX runs a one-direction "reverse" node backwards with Y in time order.
    CellOut one = run(u.dirs[0], reverse_only);
    std::vector<Expr> outs = one.outputs;
    if (reverse_only) std::reverse(outs.begin(), outs.end());
    y = ctx.Call("expand_dims", {b.Stack(outs, 0)}, {{"axis", AttrInt(1)}});
    y_h = b.Expand0(one.h);
    if (op == "LSTM") y_c = b.Expand0(one.c);
  }
  if (batch_first) {  // Y (batch, seq, dirs, hidden), Y_h and Y_c (batch, dirs, hidden)
    y = b.Transpose(y, {2, 0, 1, 3});
    y_h = b.Transpose(y_h, {1, 0, 2});
    if (y_c.defined()) y_c = b.Transpose(y_c, {1, 0, 2});
  }
  if (ctx.HasOutput(0)) ctx.SetOutput(0, y);
  if (ctx.HasOutput(1)) ctx.SetOutput(1, y_h);
  if (ctx.HasOutput(2)) ctx.SetOutput(2, y_c);
}

std::string RecurrentForms(const NodeForm& f) {
  int64_t layout = f.Int("layout", 0);
  if (layout != 0 && layout != 1) return "layout=" + std::to_string(layout);
  if (f.Int("input_forget", 0) != 0) return "input_forget=1";
  std::string direction = f.Str("direction", "forward");
  if (direction != "forward" && direction != "reverse" && direction != "bidirectional")
    return "direction '" + direction + "'";
  const std::string& op = f.node.op_type();
  std::vector<std::string> names = ActivationList(f.node);
  for (const std::string& n : names)
    if (!FindActivation(n)) return "activation " + n;
  size_t per_dir = DefaultActivations(op).size();
  if (!names.empty() && names.size() != per_dir * NumDirections(direction))
    return std::to_string(names.size()) + " activations (" + std::to_string(per_dir) + " per direction are needed)";
  if (f.Rank(0) >= 0 && f.Rank(0) != 3) return "an input of rank " + std::to_string(f.Rank(0));
  return "";
}

}  // namespace

void AddRecurrentConverters(ConverterTable* table) {
  for (const char* op : {"RNN", "GRU", "LSTM"}) (*table)[op] = Converter(ConvertRecurrent, RecurrentForms);
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen
