# The Debian package: `cd build && cpack -G DEB` (scripts/package_deb.sh) makes
# tirgen_<version>_amd64.deb of everything cmake/install.cmake installs, under /usr.
# Depends: the shared libraries the binaries link (dpkg-shlibdeps: libonnx1, libprotobuf32,
# libxgboost0, libstdc++6, ...) plus what tirgen runs or loads at run time: a C compiler and
# libc headers (the C backend compiles generated C with `cc`, -fopenmp), python3 of the ABI
# the module was built for, numpy (the module's arrays). Recommends graphviz (`tirgen graph`).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tirgen)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "tirgen developers <tirgen@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "tensor compiler: graph-level models (ONNX, Relay) to TensorIR, C and running code")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "A standalone re-implementation of Apache TVM v0.14's Relay to TensorIR lowering: the tirgen "
    "command line, the Python package (import tirgen), and the C++ library with its CMake package "
    "(find_package(tirgen CONFIG)).")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # tirgen_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
if(Python3_VERSION_MAJOR AND Python3_VERSION_MINOR)
  math(EXPR _tirgen_py_next "${Python3_VERSION_MINOR} + 1")
  set(_tirgen_py_dep "python3 (>= 3.${Python3_VERSION_MINOR}), python3 (<< 3.${_tirgen_py_next})")
else()
  set(_tirgen_py_dep "python3")
endif()
set(CPACK_DEBIAN_PACKAGE_DEPENDS "gcc, libc6-dev, ${_tirgen_py_dep}, python3-numpy")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "graphviz")
# For C++ consumers of the CMake package (its find_dependency calls) and the Python front ends.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS
    "cmake, libprotobuf-dev, libonnx-dev, libxgboost-dev, nlohmann-json3-dev, python3-torch, python3-distributed")
# Bytecode Python writes into the package directory is removed with the package.
set(TIRGEN_DEB_PY_DIR ${CPACK_PACKAGING_INSTALL_PREFIX}/${TIRGEN_PYTHON_INSTALL_DIR})
configure_file(${CMAKE_SOURCE_DIR}/cmake/deb/prerm.in ${CMAKE_BINARY_DIR}/deb/prerm @ONLY
               FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                WORLD_READ WORLD_EXECUTE)
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${CMAKE_BINARY_DIR}/deb/prerm)
include(CPack)
