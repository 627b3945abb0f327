// The tirgen command line. Exit codes: 0 ok, 1 check failed, 2 user error, 3 internal error.
#include <CLI/CLI.hpp>

#include <iostream>

#include "build_command.h"
#include "cache_command.h"
#include "fuse_command.h"
#include "graph_command.h"
#include "lower_command.h"
#include "ops_command.h"
#include "opt_command.h"
#include "relay_command.h"
#include "run_command.h"
#include "script_command.h"
#include "tasks_command.h"
#include "tune_command.h"
#include "tirgen/support/error.h"

int main(int argc, char** argv) {
  CLI::App app{"tirgen: graph-level tensor programs to TensorIR"};
  app.require_subcommand(1);
  tirgen::cli::ScriptOptions script;
  tirgen::cli::AddScriptCommand(app, &script);
  tirgen::cli::RelayOptions relay;
  tirgen::cli::AddRelayCommand(app, &relay);
  tirgen::cli::FuseOptions fuse;
  tirgen::cli::AddFuseCommand(app, &fuse);
  tirgen::cli::LowerOptions lower;
  tirgen::cli::AddLowerCommand(app, &lower);
  tirgen::cli::BuildOptions build;
  tirgen::cli::AddBuildCommand(app, &build);
  tirgen::cli::RunOptions run;
  tirgen::cli::AddRunCommand(app, &run);
  tirgen::cli::TasksOptions tasks;
  tirgen::cli::AddTasksCommand(app, &tasks);
  tirgen::cli::TuneOptions tune;
  tirgen::cli::AddTuneCommand(app, &tune);
  tirgen::cli::GraphOptions graph;
  tirgen::cli::AddGraphCommand(app, &graph);
  tirgen::cli::CacheOptions cache;
  tirgen::cli::AddCacheCommand(app, &cache);
  tirgen::cli::AddOpsCommand(app);
  tirgen::cli::OptCommandOptions opt;
  tirgen::cli::AddOptCommand(app, &opt);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  try {
    if (app.got_subcommand("script")) return tirgen::cli::RunScript(script);
    if (app.got_subcommand("relay")) return tirgen::cli::RunRelay(relay);
    if (app.got_subcommand("fuse")) return tirgen::cli::RunFuse(fuse);
    if (app.got_subcommand("lower")) return tirgen::cli::RunLower(lower);
    if (app.got_subcommand("build")) return tirgen::cli::RunBuild(build);
    if (app.got_subcommand("run")) return tirgen::cli::RunRun(run);
    if (app.got_subcommand("tasks")) return tirgen::cli::RunTasks(tasks);
    if (app.got_subcommand("tune")) return tirgen::cli::RunTune(tune);
    if (app.got_subcommand("graph")) return tirgen::cli::RunGraph(graph);
    if (app.got_subcommand("cache")) return tirgen::cli::RunCache(cache);
    if (app.got_subcommand("ops")) return tirgen::cli::RunOps();
    if (app.got_subcommand("opt")) return tirgen::cli::RunOptCommand(opt);
  } catch (const tirgen::Error& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const tirgen::InternalError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 3;
  } catch (const std::exception& e) {
    std::cerr << "error: internal compiler error (a tirgen bug, please report it): " << e.what()
              << "\n";
    return 3;
  }
  return 0;
}
