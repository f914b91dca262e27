# The phone server (docs/phones.md): HTTP + WebSocket on the local network,
# its protocol, the QR code and the load generator. No SDL and no game state,
# so the game links it and the CLI benchmarks it alike.
pkg_check_modules(LWS REQUIRED IMPORTED_TARGET libwebsockets)
pkg_check_modules(CJSON REQUIRED IMPORTED_TARGET libcjson)
pkg_check_modules(QRENCODE REQUIRED IMPORTED_TARGET libqrencode)
find_package(Threads REQUIRED)

file(GLOB NET_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/net/*.c)
add_library(stackhouse_net STATIC ${NET_SOURCES})
target_link_libraries(stackhouse_net PUBLIC stackhouse_core PkgConfig::LWS PkgConfig::CJSON
                      PkgConfig::QRENCODE Threads::Threads)
# The game loads the server as a module, only when Phones as hands is turned
# on (src/net/phone_api.h): libwebsockets and OpenSSL stay out of every other
# start-up. Beside the game in the build tree; in <libdir>/stackhouse installed.
set_target_properties(stackhouse_net stackhouse_core PROPERTIES POSITION_INDEPENDENT_CODE ON)
add_library(stackhouse_phones MODULE ${CMAKE_SOURCE_DIR}/src/net/phone_api.c)
target_link_libraries(stackhouse_phones PRIVATE stackhouse_net)
set_target_properties(stackhouse_phones PROPERTIES PREFIX "" OUTPUT_NAME stackhouse-phones
                      LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
install(TARGETS stackhouse_phones LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/stackhouse)

# tests/net/test_*.c: the parser, the QR wrapper and a real server on loopback.
file(GLOB NET_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/net/test_*.c)
foreach(src ${NET_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_executable(${name} ${src})
  target_link_libraries(${name} PRIVATE stackhouse_net PkgConfig::CMOCKA)
  target_compile_definitions(${name} PRIVATE
    STACKHOUSE_SOURCE_DIR="${CMAKE_SOURCE_DIR}" STACKHOUSE_BINARY_DIR="${CMAKE_BINARY_DIR}")
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES LABELS net TIMEOUT 300)
endforeach()

# libFuzzer harness of the message parser, built with clang whatever compiles
# the rest (libFuzzer is clang's); a bounded run is a test. Without clang and
# its fuzzer runtime the cmocka fuzz case in test_phone_proto still runs.
find_program(STACKHOUSE_CLANG NAMES clang clang-16 clang-15 clang-14)
if(STACKHOUSE_CLANG)
  set(_fuzz_probe ${CMAKE_BINARY_DIR}/fuzz_probe.c)
  file(WRITE ${_fuzz_probe}
    "#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);\n"
    "int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n")
  execute_process(COMMAND ${STACKHOUSE_CLANG} -fsanitize=fuzzer ${_fuzz_probe} -o ${CMAKE_BINARY_DIR}/fuzz_probe
                  RESULT_VARIABLE _fuzz_rc OUTPUT_QUIET ERROR_QUIET)
  if(_fuzz_rc EQUAL 0)
    set(_fuzz_bin ${CMAKE_BINARY_DIR}/fuzz_phone_msg)
    add_custom_command(OUTPUT ${_fuzz_bin}
      COMMAND ${STACKHOUSE_CLANG} -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1
              -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
              ${CJSON_CFLAGS} -I${CMAKE_SOURCE_DIR}/src
              ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_phone_msg.c ${CMAKE_SOURCE_DIR}/src/net/phone_proto.c
              ${CMAKE_SOURCE_DIR}/src/core/seat.c ${CMAKE_SOURCE_DIR}/src/core/utf8.c
              ${CJSON_LDFLAGS} -lm -o ${_fuzz_bin}
      DEPENDS ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_phone_msg.c ${CMAKE_SOURCE_DIR}/src/net/phone_proto.c
              ${CMAKE_SOURCE_DIR}/src/core/seat.c ${CMAKE_SOURCE_DIR}/src/core/seat.h
              ${CMAKE_SOURCE_DIR}/src/core/utf8.c ${CMAKE_SOURCE_DIR}/src/core/utf8.h
              ${CMAKE_SOURCE_DIR}/src/net/phone_proto.h ${CMAKE_SOURCE_DIR}/src/net/phone_server.h
      COMMENT "libFuzzer harness fuzz_phone_msg (clang)")
    add_custom_target(fuzz_phone_msg_harness ALL DEPENDS ${_fuzz_bin})
    # New inputs go to the build tree; the seeds in the source tree stay as they are.
    file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/fuzz_phone_msg_corpus)
    add_test(NAME fuzz_phone_msg COMMAND ${_fuzz_bin} -seed=1 -runs=500000 -max_len=4096
             ${CMAKE_BINARY_DIR}/fuzz_phone_msg_corpus ${CMAKE_SOURCE_DIR}/tests/fuzz/phone_msg_corpus)
    set_tests_properties(fuzz_phone_msg PROPERTIES LABELS "net;fuzz" TIMEOUT 300)
  else()
    message(STATUS "clang has no libFuzzer runtime: fuzz_phone_msg not built")
  endif()
endif()
