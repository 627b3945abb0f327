#include "script_command.h"

#include <algorithm>
#include <cstring>
#include <iostream>
#include <string_view>

#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/atomic_file.h"
#include "tirgen/support/mapped_file.h"

namespace tirgen {
namespace cli {

void AddScriptCommand(CLI::App& app, ScriptOptions* options) {
  CLI::App* cmd = app.add_subcommand("script", "parse TVMScript and print it back");
  cmd->add_option("FILE", options->input, "TVMScript file (- for stdin)")->required();
  cmd->add_option("-o,--output", options->output, "output file (default: stdout)");
  cmd->add_flag("--check", options->check,
                "verify print(parse(x)) == x byte for byte (the parser being deterministic, "
                "parse(print(parse(x))) is then parse(x) itself)");
}

namespace {

// Compares printed text with the input piece by piece as the printer produces it (a model with
// embedded weights prints hundreds of MB: neither a second copy of the text nor a second parse
// is kept), remembering where the two first differ.
class StreamCompare {
 public:
  explicit StreamCompare(std::string_view want) : want_(want) {}

  void Feed(std::string_view piece) {
    if (diff_ != std::string::npos) {
      if (tail_.size() < kShown) tail_.append(piece.substr(0, kShown - tail_.size()));
      return;
    }
    size_t n = std::min(piece.size(), want_.size() - pos_);
    if (n == piece.size() && std::memcmp(piece.data(), want_.data() + pos_, n) == 0) {
      pos_ += n;
      return;
    }
    size_t i = static_cast<size_t>(
        std::mismatch(piece.begin(), piece.begin() + n, want_.begin() + pos_).first - piece.begin());
    if (i == piece.size()) {
      pos_ += i;
      return;
    }
    diff_ = pos_ + i;
    tail_.assign(piece.substr(i, kShown));
  }

  /// After the last piece: empty when equal, else "LINE: message" lines for the first
  /// differing line of input and printed text.
  std::string Difference() {
    if (diff_ == std::string::npos) {
      if (pos_ == want_.size()) return "";
      diff_ = pos_;  // the printed text stopped early
    }
    size_t nl = diff_ == 0 ? std::string::npos : want_.rfind('\n', diff_ - 1);
    size_t line_start = nl == std::string::npos ? 0 : nl + 1;
    int line = 1 + static_cast<int>(std::count(want_.begin(), want_.begin() + line_start, '\n'));
    auto shown = [&](std::string s, bool at_end) {
      if (at_end) return std::string("<end of file>");
      s = s.substr(0, s.find('\n'));
      return s.substr(0, kShown);
    };
    std::string prefix(want_.substr(line_start, diff_ - line_start));
    std::string input = shown(std::string(want_.substr(line_start, kShown + 1)), line_start >= want_.size());
    std::string printed = shown(prefix + tail_, prefix.empty() && tail_.empty());
    return std::to_string(line) + ": print(parse(x)) differs from x\n  input:   " + input +
           "\n  printed: " + printed;
  }

 private:
  static constexpr size_t kShown = 200;
  std::string_view want_;
  size_t pos_ = 0;
  size_t diff_ = std::string::npos;
  std::string tail_;  // printed text from the first difference on (kShown characters)
};

}  // namespace

int RunScript(const ScriptOptions& options) {
  std::string name = options.input == "-" ? "<stdin>" : options.input;
  MappedFile file(options.input);
  std::string_view text = file.text();
  ObjectRef parsed = script::Parse(text, name);
  if (!options.check) {
    AtomicFileWriter out(options.output);
    script::Print(parsed, [&out](std::string_view piece) { out.Write(piece); });
    out.Commit();
    return 0;
  }
  // print(parse(x)) == x byte for byte settles the round trip: parsing is deterministic, so
  // parse(print(parse(x))) is parse(x) again and prints as x (no second parse needed).
  StreamCompare compare(text);
  script::Print(parsed, [&compare](std::string_view piece) { compare.Feed(piece); });
  std::string diff = compare.Difference();
  if (!diff.empty()) {
    std::cerr << name << ":" << diff << "\n";
    return 1;
  }
  std::cerr << name << ": round trip ok\n";
  return 0;
}

}  // namespace cli
}  // namespace tirgen
