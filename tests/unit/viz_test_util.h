// Helpers shared by the picture tests (viz_*_test.cc, cli_graph_test.cc).
#pragma once

#include <cstdlib>
#include <string>

namespace tirgen_viz_test {

/// Whether Graphviz's `dot` is on PATH (SVG checks skip, saying so, without it).
inline bool HaveDot() { return std::system("command -v dot > /dev/null 2>&1") == 0; }

/// Occurrences of `what` in `text`.
inline size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

}  // namespace tirgen_viz_test
