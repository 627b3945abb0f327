// RNN, GRU and LSTM, unrolled over the static sequence length into dense ops exactly as TVM
// v0.14's frontend does it (frontend/common.py rnn_cell / gru_cell / lstm_cell): the input is
// split into steps, each direction's weights are split out and their gates reordered
// (LSTM: ONNX i-o-f-c to i-f-c-o; GRU: z-r-n to r-z-n), the cell runs forward or backward,
// and Y (seq, dirs, batch, hidden), Y_h and Y_c are stacked from the steps.
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
  Expr Act(const char* op, const Expr& x) { return ctx.Call(op, {x}); }
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

// One direction's weights: w_inp (gates*H, I), w_hid (gates*H, H), biases, initial states.
struct Direction {
  Expr h, c, w_inp, w_hid, b_inp, b_hid, p_i, p_f, p_o;
};

// The steps of X (seq, batch, input) and each direction's squeezed weights and states.
struct Unrolled {
  std::vector<Expr> steps;
  std::vector<Direction> dirs;
};

Unrolled Prepare(Builder& b, int gates, const std::vector<int>& order) {
  NodeContext& ctx = b.ctx;
  std::vector<int64_t> x_shape = ctx.Shape(0), r_shape = ctx.Shape(2);
  int num_dirs = static_cast<int>(ctx.Shape(1)[0]);
  int64_t hidden = r_shape.back(), seq = x_shape[0], batch = x_shape[1];
  if (ctx.Shape(1)[1] != gates * hidden) ctx.Fail("W's second dimension must be " + std::to_string(gates) + " * hidden_size");
  Unrolled u;
  std::vector<Expr> steps = b.Split(ctx.Input(0), static_cast<int>(seq), 0);
  for (const Expr& s : steps) u.steps.push_back(b.Squeeze0(s));
  Expr h0 = ctx.HasInput(5) ? ctx.Input(5)
                            : ctx.Call("zeros", {}, {{"shape", AttrInts({num_dirs, batch, hidden})},
                                                     {"dtype", String(ctx.DType(1).str())}});
  std::vector<Expr> hs = b.Split(h0, num_dirs, 0), ws = b.Split(ctx.Input(1), num_dirs, 0),
                    rs = b.Split(ctx.Input(2), num_dirs, 0), bs, cs, ps_i, ps_o, ps_f;
  if (ctx.HasInput(3)) bs = b.Split(ctx.Input(3), num_dirs, 0);
  bool lstm = ctx.op_type() == "LSTM";
  if (lstm) {
    if (ctx.HasInput(6)) {
      cs = b.Split(ctx.Input(6), num_dirs, 0);
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
  return u;
}

// A direction's outputs: per step in the order computed, and the final states.
struct CellOut {
  std::vector<Expr> outputs;
  Expr h, c;
};

CellOut RnnCell(Builder& b, const std::vector<Expr>& steps, Direction d, bool backwards) {
  CellOut out;
  for (size_t k = 0; k < steps.size(); ++k) {
    const Expr& x = steps[backwards ? steps.size() - 1 - k : k];
    Expr xw = b.Dense(x, d.w_inp), hw = b.Dense(d.h, d.w_hid);
    if (d.b_inp.defined()) {
      xw = b.Add(xw, d.b_inp);
      hw = b.Add(hw, d.b_hid);
    }
    d.h = b.Act("tanh", b.Add(xw, hw));
    out.outputs.push_back(d.h);
  }
  out.h = d.h;
  return out;
}

// TVM's gru_cell (without sequence_lens), gates r, z, n after reordering.
CellOut GruCell(Builder& b, const std::vector<Expr>& steps, Direction d, bool backwards, bool linear_before_reset) {
  CellOut out;
  for (size_t k = 0; k < steps.size(); ++k) {
    const Expr& x = steps[backwards ? steps.size() - 1 - k : k];
    Expr xw = b.Dense(x, d.w_inp), r, z, n;
    if (linear_before_reset) {
      Expr hw = b.Dense(d.h, d.w_hid);
      if (d.b_inp.defined()) {
        xw = b.Add(xw, d.b_inp);
        hw = b.Add(hw, d.b_hid);
      }
      std::vector<Expr> i = b.Split(xw, 3, -1), h = b.Split(hw, 3, -1);
      r = b.Act("sigmoid", b.Add(i[0], h[0]));
      z = b.Act("sigmoid", b.Add(i[1], h[1]));
      n = b.Act("tanh", b.Add(i[2], b.Mul(r, h[2])));
    } else {
      std::vector<Expr> i = b.Split(xw, 3, 1), w = b.Split(d.w_hid, 3, 0);
      r = b.Add(i[0], b.Dense(d.h, w[0]));
      z = b.Add(i[1], b.Dense(d.h, w[1]));
      Expr in = i[2], hn;
      if (d.b_inp.defined()) {
        std::vector<Expr> bi = b.Split(d.b_inp, 3, -1), bh = b.Split(d.b_hid, 3, -1);
        r = b.Act("sigmoid", b.Add(r, b.Add(bi[0], bh[0])));
        z = b.Add(z, b.Add(bi[1], bh[1]));
        in = b.Add(in, bi[2]);
        hn = b.Add(b.Dense(b.Mul(r, d.h), w[2]), bh[2]);
      } else {
        r = b.Act("sigmoid", r);
        hn = b.Dense(b.Mul(r, d.h), w[2]);
      }
      z = b.Act("sigmoid", z);
      n = b.Act("tanh", b.Add(in, hn));
    }
    d.h = b.Add(b.Mul(b.Sub(d.h, n), z), n);
    out.outputs.push_back(d.h);
  }
  out.h = d.h;
  return out;
}

// TVM's lstm_cell: one dense over [x, h] with [W, R], gates i, f, c, o after reordering.
CellOut LstmCell(Builder& b, const std::vector<Expr>& steps, Direction d, bool backwards) {
  CellOut out;
  for (size_t k = 0; k < steps.size(); ++k) {
    const Expr& x = steps[backwards ? steps.size() - 1 - k : k];
    Expr gates = b.Dense(b.Concat({x, d.h}, 1), b.Concat({d.w_inp, d.w_hid}, 1));
    if (d.b_inp.defined()) gates = b.Add(gates, d.b_inp);
    if (d.b_hid.defined()) gates = b.Add(gates, d.b_hid);
    std::vector<Expr> g = b.Split(gates, 4, -1);
    Expr i = g[0], f = g[1], c = g[2], o = g[3];
    if (d.p_i.defined()) {
      i = b.Act("sigmoid", b.Add(i, b.Mul(d.p_i, d.c)));
      f = b.Act("sigmoid", b.Add(f, b.Mul(d.p_f, d.c)));
    } else {
      i = b.Act("sigmoid", i);
      f = b.Act("sigmoid", f);
    }
    c = b.Act("tanh", c);
    d.c = b.Add(b.Mul(f, d.c), b.Mul(i, c));
    o = d.p_o.defined() ? b.Act("sigmoid", b.Add(o, b.Mul(d.p_o, d.c))) : b.Act("sigmoid", o);
    d.h = b.Mul(o, b.Act("tanh", d.c));
    out.outputs.push_back(d.h);
  }
  out.h = d.h;
  out.c = d.c;
  return out;
}

void ConvertRecurrent(NodeContext& ctx) {
  Builder b{ctx};
  const std::string& op = ctx.op_type();
  int gates = op == "LSTM" ? 4 : op == "GRU" ? 3 : 1;
  std::vector<int> order = op == "LSTM"  ? std::vector<int>{0, 2, 3, 1}
                           : op == "GRU" ? std::vector<int>{1, 0, 2}
                                         : std::vector<int>{0};
  Unrolled u = Prepare(b, gates, order);
  bool lbr = ctx.Int("linear_before_reset", 0) != 0;
  auto run = [&](const Direction& d, bool backwards) {
    if (op == "LSTM") return LstmCell(b, u.steps, d, backwards);
    if (op == "GRU") return GruCell(b, u.steps, d, backwards, lbr);
    return RnnCell(b, u.steps, d, backwards);
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
    // TVM runs a one-direction "reverse" node forward (rnn_cell's backwards flag is only set
    // for the second direction); ONNX runs it backwards with Y in time order, which is what
    // is done here.
    CellOut one = run(u.dirs[0], reverse_only);
    std::vector<Expr> outs = one.outputs;
    if (reverse_only) std::reverse(outs.begin(), outs.end());
    y = ctx.Call("expand_dims", {b.Stack(outs, 0)}, {{"axis", AttrInt(1)}});
    y_h = b.Expand0(one.h);
    if (op == "LSTM") y_c = b.Expand0(one.c);
  }
  if (ctx.HasOutput(0)) ctx.SetOutput(0, y);
  if (ctx.HasOutput(1)) ctx.SetOutput(1, y_h);
  if (ctx.HasOutput(2)) ctx.SetOutput(2, y_c);
}

std::string RecurrentForms(const NodeForm& f) {
  if (f.Int("layout", 0) != 0) return "layout=1 (batch-first)";
  if (f.HasInput(4)) return "the sequence_lens input";
  if (f.HasAttr("clip")) return "the clip attribute";
  if (f.Int("input_forget", 0) != 0) return "input_forget=1";
  const std::string& op = f.node.op_type();
  std::vector<std::string> dflt = op == "LSTM" ? std::vector<std::string>{"Sigmoid", "Tanh", "Tanh"}
                                  : op == "GRU" ? std::vector<std::string>{"Sigmoid", "Tanh"}
                                                : std::vector<std::string>{"Tanh"};
  for (const auto& a : f.node.attribute()) {
    if (a.name() != "activations") continue;
    for (int i = 0; i < a.strings_size(); ++i)
      if (a.strings(i) != dflt[i % dflt.size()]) return "activation " + a.strings(i);
  }
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
