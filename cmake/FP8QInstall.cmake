#===- FP8QInstall.cmake - the installed FP8Q CMake package ---*- cmake -*-===//
#
# `cmake --install build --prefix <p>` gives <p>/lib/cmake/fp8q/FP8QConfig.cmake,
# so that consumers write
#
#   find_package(FP8Q REQUIRED CONFIG)   # also finds MLIR 22
#   target_link_libraries(mytool PRIVATE FP8Q::FP8QInitAll)
#
#===----------------------------------------------------------------------===//

include(CMakePackageConfigHelpers)

get_property(fp8q_libs GLOBAL PROPERTY FP8Q_EXPORTED_LIBS)
install(TARGETS ${fp8q_libs} EXPORT FP8QTargets
  ARCHIVE DESTINATION lib
  LIBRARY DESTINATION lib)
install(DIRECTORY ${FP8Q_SOURCE_DIR}/include/fp8q
  DESTINATION include
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${FP8Q_BINARY_DIR}/include/fp8q
  DESTINATION include
  FILES_MATCHING PATTERN "*.inc")
install(EXPORT FP8QTargets NAMESPACE FP8Q::
  DESTINATION lib/cmake/fp8q)

string(REPLACE ";" " " FP8Q_EXPORTED_LIBS_LIST "${fp8q_libs}")
configure_package_config_file(
  ${FP8Q_SOURCE_DIR}/cmake/FP8QConfig.cmake.in
  ${FP8Q_BINARY_DIR}/FP8QConfig.cmake
  INSTALL_DESTINATION lib/cmake/fp8q)
write_basic_package_version_file(
  ${FP8Q_BINARY_DIR}/FP8QConfigVersion.cmake
  VERSION 0.1.0 COMPATIBILITY SameMinorVersion)
install(FILES
  ${FP8Q_BINARY_DIR}/FP8QConfig.cmake
  ${FP8Q_BINARY_DIR}/FP8QConfigVersion.cmake
  DESTINATION lib/cmake/fp8q)
