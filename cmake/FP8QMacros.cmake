#===- FP8QMacros.cmake - helpers for fp8q libraries ----------*- cmake -*-===//
#
# add_fp8q_library(<name> <sources...>
#                  [DEPENDS <tablegen targets...>]
#                  [LINK_LIBS <fp8q libraries...>]
#                  [MLIR_LIBS <upstream MLIR libraries...>])
#
# A static, position-independent fp8q library. Upstream MLIR libraries go
# through mlir_target_link_libraries so that, with MLIR_LINK_MLIR_DYLIB, the
# library links libMLIR.so instead of static archives. Every library is
# recorded in the FP8Q_EXPORTED_LIBS property and installed into the
# FP8QTargets export set (find_package(FP8Q) gives FP8Q::<name>).
#
#===----------------------------------------------------------------------===//

function(add_fp8q_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_LIBS;MLIR_LIBS" ${ARGN})
  add_mlir_library(${name}
    ${ARG_UNPARSED_ARGUMENTS}
    DISABLE_INSTALL
    EXCLUDE_FROM_LIBMLIR
    DEPENDS ${ARG_DEPENDS}
    LINK_LIBS PUBLIC ${ARG_LINK_LIBS})
  mlir_target_link_libraries(${name} PUBLIC ${ARG_MLIR_LIBS})
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${FP8Q_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${FP8Q_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  set_property(GLOBAL APPEND PROPERTY FP8Q_EXPORTED_LIBS ${name})
endfunction()

# add_fp8q_tablegen(<td file> <target> <mlir-tblgen invocations...>)
# is plain mlir_tablegen + add_public_tablegen_target; kept in the
# per-directory CMakeLists so each .td's outputs are listed next to it.
