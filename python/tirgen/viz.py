"""The fused model as a picture: ``tirgen.viz.graph(mod)`` is the SVG ``tirgen graph`` writes.

    mod, params = tirgen.from_onnx("resnet18.onnx")
    svg = tirgen.viz.graph(mod, params)          # str: an <svg> document
    open("resnet18.svg", "w").write(svg)

Main after ``relay.optimize``, one box (Graphviz cluster) per fused function labelled with the
name ``lower_te`` gives its PrimFunc, op nodes with their output type, constants with shape and
size. Graphviz's ``dot`` lays it out (Debian package ``graphviz``). An IRModule with a Relay
main shows as this picture in notebooks (``IRModule._repr_svg_``).
"""
from . import _tirgen

_FORMATS = ("svg", "dot")


def graph(mod, params=None, link_params=False, unfused=False, format="svg"):  # noqa: A002
    """The picture of ``mod`` (an IRModule with a Relay ``main``, or a Relay Function).

    A module that is not optimized yet goes through ``relay.optimize(mod, params,
    link_params)`` first; an optimized (fused) one is drawn as it is. ``unfused=True`` draws
    the optimized operators without fusion. ``format="dot"`` returns Graphviz's input text
    instead of SVG (no Graphviz needed).
    """
    if format not in _FORMATS:
        raise ValueError(f"tirgen.viz.graph: format must be one of {_FORMATS}, not {format!r}")
    dot = _tirgen._viz_graph_dot(mod, params, link_params, unfused)
    return dot if format == "dot" else _tirgen._viz_render_dot(dot, "svg")


def _repr_svg_(mod):
    """Notebooks: a module with a Relay main displays as its graph; others have no picture."""
    if "main" not in mod or not isinstance(mod["main"], _tirgen.relay.Function):
        return None
    return graph(mod)


_tirgen.IRModule._repr_svg_ = _repr_svg_
