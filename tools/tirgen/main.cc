// The tirgen command line. Exit codes: 0 ok, 1 check failed, 2 user error, 3 internal error.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <csignal>
#include <functional>
#include <iostream>
#include <new>
#include <string>

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
#include "tirgen/runtime/call_record.h"
#include "tirgen/support/error.h"
#include "tirgen/support/forked.h"
#include "tirgen/support/stack_guard.h"

namespace {

int Dispatch(const CLI::App& app, const tirgen::cli::ScriptOptions& script,
             const tirgen::cli::RelayOptions& relay, const tirgen::cli::FuseOptions& fuse,
             const tirgen::cli::LowerOptions& lower, const tirgen::cli::BuildOptions& build,
             const tirgen::cli::RunOptions& run, const tirgen::cli::TasksOptions& tasks,
             const tirgen::cli::TuneOptions& tune, const tirgen::cli::GraphOptions& graph,
             const tirgen::cli::CacheOptions& cache, const tirgen::cli::OptCommandOptions& opt) {
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
  return 0;
}

// A user error as printed: located errors come rendered ("file:line:col: error: ..." with a
// caret line); an unlocated one gets its "error: " prefix and is kept on one line.
std::string UserErrorText(const tirgen::Error& e) {
  std::string text = e.what();
  if (e.span().defined() || !e.span().file.empty()) return text;
  for (size_t i = 0; (i = text.find('\n', i)) != std::string::npos;) {
    size_t j = text.find_first_not_of(" \t\n", i);
    bool end = j == std::string::npos;
    bool after_colon = i > 0 && text[i - 1] == ':';  // "...: \n  item" reads "...: item"
    text.replace(i, (end ? text.size() : j) - i, end ? "" : after_colon ? " " : "; ");
  }
  if (text.rfind("error:", 0) == 0 || text.find(": error: ") != std::string::npos) return text;
  return "error: " + text;
}

// `run` executes compiled code, which can fault (an index out of range under take's "fast"
// mode, an out-of-bounds access in user TensorIR): the work runs in a forked child, and a
// fatal signal becomes one error line naming the compiled function that was running.
int RunGuarded(const std::function<int()>& work) {
  tirgen::support::ForkedExit exit;
  try {
    exit = tirgen::support::RunForked([&](char* note, std::size_t bytes) {
      tirgen::runtime::RecordRunningFunctionIn(note, bytes);
      return work();
    });
  } catch (const tirgen::Error& e) {
    std::cerr << UserErrorText(e) << "\n";
    return 2;
  }
  if (!exit.signal) return exit.code;
  std::string signal = tirgen::support::SignalName(exit.signal);
  if (!exit.note.empty()) {
    std::cerr << "error: function " << exit.note << " crashed with " << signal
              << "; the compiled code faulted (an index out of range? rerun with --check-bounds to find it)\n";
    return 2;
  }
  if (exit.signal == SIGKILL) {
    std::cerr << "error: killed by " << signal << " (out of memory, or killed by someone); make the input smaller\n";
    return 2;
  }
  std::cerr << "error: internal compiler error (a tirgen bug, please report it): tirgen crashed with " << signal
            << "\n";
  return 3;
}

}  // namespace

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
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    // One line, as every user error: CLI11's own text would span two, without "error:".
    std::string what = e.what();
    std::replace(what.begin(), what.end(), '\n', ' ');
    std::cerr << "error: " << what << "; see tirgen --help\n";
    return 2;
  }
  // The work runs on a thread with a 1 GB stack (reserved, committed only as used): passes that
  // recurse over nesting (100k-deep let chains or sums) get through; deeper input is a clear
  // error (support::CheckStack), never a SIGSEGV.
  auto work = [&] {
    int status = 0;
    tirgen::support::RunWithStack(tirgen::support::kWorkStack, [&] {
      try {
        status = Dispatch(app, script, relay, fuse, lower, build, run, tasks, tune, graph, cache, opt);
      } catch (const tirgen::Error& e) {
        std::cerr << UserErrorText(e) << "\n";
        status = 2;
      } catch (const tirgen::InternalError& e) {
        std::cerr << "error: " << e.what() << "\n";
        status = 3;
      } catch (const std::bad_alloc&) {
        std::cerr << "error: out of memory: the input asks for more memory than this machine has "
                     "(a tensor or program too large); make it smaller\n";
        status = 2;
      } catch (const std::exception& e) {
        std::cerr << "error: internal compiler error (a tirgen bug, please report it): " << e.what()
                  << "\n";
        status = 3;
      }
    });
    return status;
  };
  if (!app.got_subcommand("run")) return work();
  return RunGuarded(work);
}

