"""LSTM, GRU and RNN (unrolled into dense ops as TVM does) against PyTorch: forward and
bidirectional, multi-layer, with and without initial states, every output."""
import pytest
import torch

from onnx_op_util import check_module


class Wrap(torch.nn.Module):
    def __init__(self, rnn, with_state):
        super().__init__()
        self.rnn = rnn
        self.with_state = with_state

    def forward(self, x, *state):
        if self.with_state:
            st = state if isinstance(self.rnn, torch.nn.LSTM) else state[0]
            out = self.rnn(x, st)
        else:
            out = self.rnn(x)
        return out


@pytest.mark.parametrize(
    "kind, bidirectional, with_state",
    [("LSTM", True, True), ("LSTM", False, False), ("GRU", True, True), ("GRU", False, False), ("RNN", True, True),
     ("RNN", False, False)],
)
def test_recurrent(kind, bidirectional, with_state):
    torch.manual_seed(0)
    layers = 2 if bidirectional else 1
    rnn = getattr(torch.nn, kind)(5, 4, num_layers=layers, bidirectional=bidirectional)
    seq, batch = 3, 2
    x = torch.randn(seq, batch, 5)
    dirs = 2 if bidirectional else 1
    state = ()
    if with_state:
        state = (torch.randn(layers * dirs, batch, 4),)
        if kind == "LSTM":
            state = state + (torch.randn(layers * dirs, batch, 4),)
    check_module(Wrap(rnn, with_state), (x,) + state, expect_ops=["nn.dense("])


def test_batch_first_lstm_without_bias():
    torch.manual_seed(0)
    rnn = torch.nn.LSTM(6, 3, batch_first=True, bias=False)
    check_module(Wrap(rnn, False), (torch.randn(2, 4, 6),))
