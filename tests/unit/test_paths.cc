// The build's absolute paths (compile definitions set on this file only; see CMakeLists.txt).
const char* TirgenSharedDir() { return TIRGEN_SHARED_DIR_VALUE; }
const char* TirgenSourceDir() { return TIRGEN_SOURCE_DIR_VALUE; }
const char* TirgenCliPath() { return TIRGEN_CLI_PATH_VALUE; }
