"""Python lambdas as index maps: the lambda is called on symbolic indices and its result is
written back as lambda text (`lambda n, c, h, w: ((n), (h), (w), (c))`), which tirgen's schedule
parses and prints the way TVM does (`lambda n, c, h, w: (n, h, w, c,)`)."""
import inspect


class _Index:
    """A symbolic index: every operation is written out fully parenthesized."""

    def __init__(self, text):
        self.text = text

    @staticmethod
    def _wrap(x):
        if isinstance(x, _Index):
            return x.text
        if isinstance(x, bool) or not isinstance(x, int):
            raise TypeError("index maps use integers and the lambda's parameters only, got %r" % (x,))
        return str(x)

    def _bin(self, op, other, reverse=False):
        a, b = self._wrap(self), self._wrap(other)
        if reverse:
            a, b = b, a
        return _Index("(%s %s %s)" % (a, op, b))

    def __add__(self, o): return self._bin("+", o)
    def __radd__(self, o): return self._bin("+", o, True)
    def __sub__(self, o): return self._bin("-", o)
    def __rsub__(self, o): return self._bin("-", o, True)
    def __mul__(self, o): return self._bin("*", o)
    def __rmul__(self, o): return self._bin("*", o, True)
    def __floordiv__(self, o): return self._bin("//", o)
    def __rfloordiv__(self, o): return self._bin("//", o, True)
    def __mod__(self, o): return self._bin("%", o)
    def __rmod__(self, o): return self._bin("%", o, True)
    def __neg__(self): return _Index("(-%s)" % self.text)


def lambda_text(fn):
    """The lambda text of a Python callable mapping indices to a tuple (or one) of indices."""
    names = [p.name for p in inspect.signature(fn).parameters.values()
             if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    out = fn(*[_Index(n) for n in names])
    if not isinstance(out, (tuple, list)):
        out = (out,)
    return "lambda %s: (%s,)" % (", ".join(names), ", ".join(_Index._wrap(o) for o in out))
