// tirgen-measure: the tuner runner's child process (see include/tirgen/tuner/runner.h). A
// separate small executable rather than a `tirgen` subcommand: it links only the runtime
// pieces it uses (no operator/pass registries, frontends or CLI to start up for every
// candidate), and the tuner reaches it with fork+exec, never a bare fork.
#include "tirgen/tuner/runner.h"

int main(int argc, char** argv) { return tirgen::tuner::MeasureChildMain(argc, argv); }
