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


# add_fp8q_pass_tablegen(<Layer>)
# For include/fp8q/<Layer>/Passes.td: the pass declarations Passes.h.inc
# (-name Fp8q<Layer>, target FP8Q<Layer>PassIncGen) and the pass reference
# Passes.md (target FP8Q<Layer>PassDocGen, copied to docs/Passes/ by fp8q-doc).
function(add_fp8q_pass_tablegen layer)
  set(LLVM_TARGET_DEFINITIONS Passes.td)
  mlir_tablegen(Passes.h.inc -gen-pass-decls -name Fp8q${layer})
  add_public_tablegen_target(FP8Q${layer}PassIncGen)
  tablegen(MLIR Passes.md -gen-pass-doc)
  add_custom_target(FP8Q${layer}PassDocGen
    DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/Passes.md)
endfunction()
