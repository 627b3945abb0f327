// Where the tests find their data and the CLI (force-included into every test file).
// Defined in test_paths.cc, the one file compiled with the build's absolute paths.
#pragma once

const char* TirgenSharedDir();  ///< tests/data/tvm: real TVM v0.14 outputs
const char* TirgenSourceDir();  ///< the checkout
const char* TirgenCliPath();    ///< the built `tirgen` binary

#define TIRGEN_SHARED_DIR TirgenSharedDir()
#define TIRGEN_SOURCE_DIR TirgenSourceDir()
#define TIRGEN_CLI_PATH TirgenCliPath()
