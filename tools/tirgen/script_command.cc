#include "script_command.h"

#include <iostream>
#include <sstream>

#include "tirgen/ir/structural_equal.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/io.h"

namespace tirgen {
namespace cli {

void AddScriptCommand(CLI::App& app, ScriptOptions* options) {
  CLI::App* cmd = app.add_subcommand("script", "parse TVMScript and print it back");
  cmd->add_option("FILE", options->input, "TVMScript file (- for stdin)")->required();
  cmd->add_option("-o,--output", options->output, "output file (default: stdout)");
  cmd->add_flag("--check", options->check,
                "verify print(parse(x)) == x and structural equality after a second round trip");
}

namespace {
// 1-based number and text of the first line where a and b differ.
std::pair<int, std::string> FirstDifference(const std::string& a, const std::string& b) {
  std::istringstream sa(a), sb(b);
  std::string la, lb;
  int line = 0;
  while (true) {
    ++line;
    bool ga = static_cast<bool>(std::getline(sa, la));
    bool gb = static_cast<bool>(std::getline(sb, lb));
    if (!ga && !gb) break;
    if (!ga || !gb || la != lb) {
      std::string msg = "  input:   " + (ga ? la.substr(0, 200) : std::string("<end of file>")) +
                        "\n  printed: " + (gb ? lb.substr(0, 200) : std::string("<end of file>"));
      return {line, msg};
    }
  }
  return {0, ""};
}
}  // namespace

int RunScript(const ScriptOptions& options) {
  std::string name = options.input == "-" ? "<stdin>" : options.input;
  std::string text = ReadFile(options.input);
  ObjectRef parsed = script::Parse(text, name);
  std::string printed = script::Print(parsed);
  if (!options.check) {
    WriteFileAtomic(options.output, printed);
    return 0;
  }
  if (printed != text) {
    auto diff = FirstDifference(text, printed);
    std::cerr << name << ":" << diff.first << ": print(parse(x)) differs from x\n"
              << diff.second << "\n";
    return 1;
  }
  ObjectRef reparsed = script::Parse(printed, name);
  if (auto mismatch = StructuralMismatch(parsed, reparsed)) {
    std::cerr << name << ": parse(print(parse(x))) is not structurally equal to parse(x): "
              << *mismatch << "\n";
    return 1;
  }
  if (script::Print(reparsed) != printed) {
    std::cerr << name << ": second round trip printed different text\n";
    return 1;
  }
  std::cerr << name << ": round trip ok\n";
  return 0;
}

}  // namespace cli
}  // namespace tirgen
