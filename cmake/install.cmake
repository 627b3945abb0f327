# Install rules: `cmake --install build --prefix P` gives
#   P/bin/tirgen, P/bin/tirgen-measure           the CLI and the tuner's measuring child
#   P/lib/libtirgen.a, P/include/tirgen/...       the library and its public headers
#   P/lib/cmake/tirgen/tirgenConfig.cmake (+ version, targets): find_package(tirgen CONFIG)
#                                                  gives tirgen::tirgen
#   P/${TIRGEN_PYTHON_INSTALL_DIR}/tirgen/        the Python package (module, .py files, and a
#                                                  tirgen-measure beside the module, where the
#                                                  tuner looks for it from Python)
include(CMakePackageConfigHelpers)

# lib/python3.X/dist-packages is on Debian python3's sys.path under both /usr/local (what
# `cmake --install` defaults to) and /usr (the .deb), so one relative directory serves both.
find_package(Python3 COMPONENTS Interpreter QUIET)
if(Python3_VERSION_MINOR)
  set(_tirgen_py_default "lib/python3.${Python3_VERSION_MINOR}/dist-packages")
else()
  set(_tirgen_py_default "lib/python3/dist-packages")
endif()
set(TIRGEN_PYTHON_INSTALL_DIR "${_tirgen_py_default}" CACHE STRING
    "where the Python package goes, relative to the install prefix")

# tirgen::tirgen for consumers: the static archive linked whole (operators and passes register
# from static initializers nothing names), plus the headers' own dependency (nlohmann json).
find_package(nlohmann_json CONFIG REQUIRED)
add_library(tirgen_whole INTERFACE)
# (CMake does not rename targets inside $<LINK_LIBRARY:...> on export: each side names its own.)
target_link_libraries(tirgen_whole INTERFACE
  "$<BUILD_INTERFACE:$<LINK_LIBRARY:WHOLE_ARCHIVE,tirgen_lib>>"
  "$<INSTALL_INTERFACE:$<LINK_LIBRARY:WHOLE_ARCHIVE,tirgen::tirgen_static>>"
  nlohmann_json::nlohmann_json)
set_target_properties(tirgen_lib PROPERTIES EXPORT_NAME tirgen_static)
set_target_properties(tirgen_whole PROPERTIES EXPORT_NAME tirgen)

install(TARGETS tirgen_lib tirgen_whole EXPORT tirgenTargets
        ARCHIVE DESTINATION lib)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/tirgen DESTINATION include)
install(TARGETS tirgen-measure RUNTIME DESTINATION bin)
if(TARGET tirgen)
  install(TARGETS tirgen RUNTIME DESTINATION bin)
endif()

set(TIRGEN_CMAKE_DIR lib/cmake/tirgen)
install(EXPORT tirgenTargets NAMESPACE tirgen:: DESTINATION ${TIRGEN_CMAKE_DIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/tirgenConfig.cmake.in
  ${CMAKE_BINARY_DIR}/tirgenConfig.cmake INSTALL_DESTINATION ${TIRGEN_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/tirgenConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/tirgenConfig.cmake ${CMAKE_BINARY_DIR}/tirgenConfigVersion.cmake
        DESTINATION ${TIRGEN_CMAKE_DIR})

if(TARGET _tirgen)
  set(_tirgen_py_dest ${TIRGEN_PYTHON_INSTALL_DIR}/tirgen)
  install(TARGETS _tirgen LIBRARY DESTINATION ${_tirgen_py_dest})
  install(FILES ${TIRGEN_PY_FILES} DESTINATION ${_tirgen_py_dest})
  install(TARGETS tirgen-measure RUNTIME DESTINATION ${_tirgen_py_dest})
endif()

# ctest: install into a temporary prefix, build examples/cpp_consumer against it and run it,
# import the installed Python package from a clean environment, run the installed CLI.
if(TIRGEN_BUILD_TESTS AND TARGET tirgen AND TARGET _tirgen AND TIRGEN_SANITIZE)
  # A sanitized libtirgen.a needs clang's sanitizer runtime, which a consumer linked the ordinary
  # way (g++, no -fsanitize) lacks: the check means nothing there, and says so as a skip.
  add_test(NAME install_consumer COMMAND /bin/sh -c
    "echo 'skipped: a sanitized archive needs the sanitizer runtime; the normal build runs this check'; exit 77")
  set_tests_properties(install_consumer PROPERTIES SKIP_RETURN_CODE 77)
elseif(TIRGEN_BUILD_TESTS AND TARGET tirgen AND TARGET _tirgen)
  add_test(NAME install_consumer
    COMMAND ${CMAKE_SOURCE_DIR}/tests/install/check_install.sh ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR}
            ${TIRGEN_PYTHON_INSTALL_DIR})
  set_tests_properties(install_consumer PROPERTIES TIMEOUT 600)
endif()

include(${CMAKE_SOURCE_DIR}/cmake/package.cmake)
