# The phones' view writers (docs/phones.md): the view message's envelope and
# each hidden-hand game's public and private JSON. No SDL: the rules core and
# cJSON only, so that the rules tests' machines build and check them too.
pkg_check_modules(CJSON REQUIRED IMPORTED_TARGET libcjson)
file(GLOB PHONEVIEW_SOURCES CONFIGURE_DEPENDS
     ${CMAKE_SOURCE_DIR}/src/phoneview/*.c ${CMAKE_SOURCE_DIR}/src/games/*/phone/*.c)
add_library(stackhouse_phoneview STATIC ${PHONEVIEW_SOURCES})
target_link_libraries(stackhouse_phoneview PUBLIC stackhouse_core PkgConfig::CJSON)

# tests/phoneview/test_*.c: label "phoneview", in the sanitizer pass like the
# rules tests (tools/test.sh leaves out only "screens" and "strength").
file(GLOB PHONEVIEW_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/phoneview/test_*.c)
foreach(src ${PHONEVIEW_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_executable(${name} ${src})
  target_link_libraries(${name} PRIVATE stackhouse_phoneview PkgConfig::CMOCKA)
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES LABELS "phoneview" TIMEOUT 600)
endforeach()
