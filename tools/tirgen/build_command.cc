#include "build_command.h"

#include "db_option.h"
#include "emit_schedule.h"
#include "input_loader.h"
#include "tirgen/codegen/build.h"
#include "tirgen/relay/expr.h"
#include "tirgen/runtime/build.h"
#include "tirgen/runtime/schedule_for_target.h"
#include "tirgen/support/io.h"

namespace tirgen {
namespace cli {
namespace {

// The PrimFuncs scheduled as `run` schedules them, except that every parameter keeps its layout:
// the library's caller passes the weights as they are (main is not in the library).
runtime::ScheduledModule ScheduleKeepingLayouts(const IRModule& mod, const target::Target& target,
                                                const runtime::ScheduleProvider& provider) {
  std::map<std::string, ObjectRef> prims, others;
  for (const auto& kv : mod->functions) (kv.second.as<tir::PrimFuncNode>() ? prims : others).insert(kv);
  runtime::ScheduledModule s = runtime::ScheduleForTarget(IRModule(prims, mod->attrs), target, provider);
  std::map<std::string, ObjectRef> functions = s.mod->functions;
  functions.insert(others.begin(), others.end());
  s.mod = IRModule(functions, mod->attrs);
  return s;
}

}  // namespace

void AddBuildCommand(CLI::App& app, BuildOptions* options) {
  CLI::App* cmd = app.add_subcommand("build", "compile a program's PrimFuncs into a shared library");
  cmd->add_option("INPUT", options->program.input, "TVMScript, Relay text or ONNX (.onnx) file (- for stdin)")->required();
  cmd->add_option("-o,--output", options->output, "shared library to write")->required();
  cmd->add_option("--emit-c", options->emit_c, "also write the generated C source to this file");
  cmd->add_option("--params", options->program.params, "weights (.npz) bound to Relay main's parameters");
  AddInputShapeOption(cmd, &options->program.input_shapes);
  cmd->add_flag("--link-params", options->program.link_params, "embed the weights in the PrimFuncs");
  AddCheckBoundsOption(cmd, &options->program);
  cmd->add_option("--target", options->target, kTargetHelp);
  cmd->add_option("--emit-schedule", options->emit_schedule,
                  "write DIR/<func>.py (as lowered), <func>.trace.py (the default schedule as a TVM trace) "
                  "and <func>.scheduled.py for each PrimFunc of a graph model");
  AddDatabaseOption(cmd, &options->db);
}

int RunBuild(const BuildOptions& options) {
  target::Target target = TargetOption(options.target);
  IRModule mod = LoadProgram(options.program);
  // A graph model's PrimFuncs are built as `tirgen run` builds them (with the default CPU
  // schedule); TVMScript is compiled exactly as written.
  auto main = mod->functions.find("main");
  bool graph = main != mod->functions.end() && main->second.as<relay::FunctionNode>();
  if (!graph && !options.emit_schedule.empty())
    throw Error(Span{options.program.input, 0, 0},
                "--emit-schedule: only a graph model (Relay or ONNX) is scheduled; TVMScript is built exactly as "
                "written, so there is no schedule to write (drop --emit-schedule)");
  std::shared_ptr<tuner::ApplyReport> report;
  runtime::ScheduleProvider provider = DatabaseOption(options.db, target, graph, &report);
  if (graph) {
    IRModule lowered = mod;
    runtime::ScheduledModule scheduled = ScheduleKeepingLayouts(mod, target, provider);
    mod = scheduled.mod;
    PrintApplyReport(report);
    if (!options.emit_schedule.empty()) EmitSchedule(options.emit_schedule, lowered, mod, scheduled.traces);
  }
  codegen::CSource src = runtime::EmitC(mod, target);
  std::string lib = codegen::BuildSharedLibrary(src.code, src.needs_openmp, target);
  if (!options.emit_c.empty()) WriteFileAtomic(options.emit_c, src.code);
  WriteFileAtomic(options.output, ReadFile(lib));
  return 0;
}

}  // namespace cli
}  // namespace tirgen
