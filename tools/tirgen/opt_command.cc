#include "opt_command.h"

#include <iostream>

#include "tirgen/opt/opt.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"

namespace tirgen {
namespace cli {

void AddOptCommand(CLI::App& app, OptCommandOptions* options) {
  CLI::App* cmd = app.add_subcommand(
      "opt", "run named passes (TVM's names: tir.FlattenBuffer, FoldConstant, ...) on a file");
  cmd->add_option("FILE", options->input, "TVMScript or Relay text file (- for stdin)");
  cmd->add_option("--pass", options->passes,
                  "passes to run in order, comma-separated, arguments in parentheses: "
                  "tir.LowerInitBlock,tir.NarrowDataType(32) (repeatable)");
  cmd->add_option("--schedule", options->schedule,
                  "a schedule trace (TVM's printed apply_trace) applied before the passes");
  cmd->add_option("--tensor-intrin", options->tensor_intrins,
                  "NAME=DESC.py,IMPL.py: register a tensor intrinsic for the trace's tensorize "
                  "calls (each file one @T.prim_func; repeatable)");
  cmd->add_option("-c,--pass-config", options->pass_config,
                  "a TIR pass option, TVM's PassContext config: KEY.OPTION=VALUE, e.g. "
                  "tir.Simplify.transitively_prove_inequalities=1 (repeatable)");
  cmd->add_option("-o,--output", options->output, "output file (default: stdout)");
  cmd->add_flag("--print-after-all", options->print_after_all,
                "print the module after each pass and schedule primitive (to stderr)");
  cmd->add_flag("--verify-each", options->verify_each,
                "check the input and the TIR after each pass and primitive is well formed");
  cmd->add_flag("--list-passes", options->list_passes, "list the known passes and exit");
}

int RunOptCommand(const OptCommandOptions& options) {
  if (options.list_passes) {
    for (const opt::PassInfo& p : opt::KnownPasses())
      std::cout << p.name << "  (" << (p.tir ? "TIR, on TVMScript" : "Relay, on Relay text") << ")\n";
    return 0;
  }
  TIRGEN_CHECK(!options.input.empty()) << "error: opt: no input FILE; give a TVMScript or Relay text "
                                          "file, or --list-passes";
  opt::OptOptions o;
  o.input_name = options.input == "-" ? "<stdin>" : options.input;
  o.input = ReadFile(options.input);
  for (const std::string& list : options.passes)
    for (const std::string& p : opt::SplitPassList(list)) o.passes.push_back(p);
  if (!options.schedule.empty()) {
    o.schedule = ReadFile(options.schedule);
    o.schedule_name = options.schedule;
  }
  for (const std::string& spec : options.tensor_intrins) o.tensor_intrins.push_back(opt::TensorIntrinFromSpec(spec));
  o.pass_config = options.pass_config;
  o.print_after_all = options.print_after_all;
  o.verify_each = options.verify_each;
  opt::OptResult r = opt::RunOpt(o);
  if (options.print_after_all) std::cerr << r.after_all;
  WriteFileAtomic(options.output, r.output);
  return 0;
}

}  // namespace cli
}  // namespace tirgen
