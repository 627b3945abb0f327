// A tiny pretty-printing document: text pieces and line breaks that carry an indent.
// Indenting a document shifts its line breaks, so nested bodies indent once per level.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace tirgen {
namespace relay {
namespace text {

class Doc {
 public:
  Doc() = default;
  explicit Doc(std::string text) { *this << std::move(text); }

  Doc& operator<<(std::string text) {
    if (text.empty()) return *this;
    if (!atoms_.empty() && !atoms_.back().is_line) {
      atoms_.back().text += text;
    } else {
      atoms_.push_back(Atom{false, 0, std::move(text)});
    }
    return *this;
  }
  Doc& operator<<(const char* text) { return *this << std::string(text); }
  Doc& operator<<(const Doc& other) {
    for (const Atom& a : other.atoms_) {
      if (a.is_line) atoms_.push_back(a);
      else *this << a.text;
    }
    return *this;
  }

  static Doc NewLine(int indent = 0) {
    Doc d;
    d.atoms_.push_back(Atom{true, indent, ""});
    return d;
  }
  /// `doc` with every line break indented `n` more.
  static Doc Indent(int n, Doc doc) {
    for (Atom& a : doc.atoms_)
      if (a.is_line) a.indent += n;
    return doc;
  }
  /// Items separated by ", ".
  static Doc Concat(const std::vector<Doc>& items, const std::string& sep = ", ") {
    Doc d;
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) d << sep;
      d << items[i];
    }
    return d;
  }

  std::string str() const {
    std::string out;
    for (const Atom& a : atoms_) {
      if (a.is_line) {
        out += '\n';
        out.append(a.indent, ' ');
      } else {
        out += a.text;
      }
    }
    return out;
  }

 private:
  struct Atom {
    bool is_line;
    int indent;
    std::string text;
  };
  std::vector<Atom> atoms_;
};

}  // namespace text
}  // namespace relay
}  // namespace tirgen
