# The match-file reader's fuzzer (docs/match-file.md, #28). Its entry,
# tests/fuzz/fuzz_match_file.c, runs two ways:
# - fuzz_match_file_corpus: the seeds of tests/fuzz/match_file_corpus and
#   seeded mutations of each, built with the compiler of everything else
#   (so the sanitizer pass runs it under ASan and UBSan too);
# - fuzz_match_file: libFuzzer, where clang has its runtime: the whole rules
#   core compiled again with clang's coverage, a bounded run as a test.
add_executable(fuzz_match_file_run ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_match_file.c
               ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_match_file_run.c)
target_link_libraries(fuzz_match_file_run PRIVATE stackhouse_core)
add_test(NAME fuzz_match_file_corpus
         COMMAND fuzz_match_file_run ${CMAKE_SOURCE_DIR}/tests/fuzz/match_file_corpus 400)
set_tests_properties(fuzz_match_file_corpus PROPERTIES LABELS "core;fuzz" TIMEOUT 600)

# net.cmake has probed clang for its libFuzzer runtime: its harness target
# exists where it found one.
if(TARGET fuzz_phone_msg_harness)
  set(_mf_bin ${CMAKE_BINARY_DIR}/fuzz_match_file)
  add_custom_command(OUTPUT ${_mf_bin}
    COMMAND ${STACKHOUSE_CLANG} -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -w
            -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
            -I${CMAKE_SOURCE_DIR}/src -I${CMAKE_BINARY_DIR}/generated -isystem ${CHIPMUNK_INCLUDE_DIR}
            ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_match_file.c ${CORE_SOURCES}
            ${CMAKE_BINARY_DIR}/generated/maxstax_cards_data.c ${CHIPMUNK_LIBRARY} -lm -o ${_mf_bin}
    DEPENDS ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_match_file.c ${CORE_SOURCES}
            ${CMAKE_BINARY_DIR}/generated/maxstax_cards_data.c
    COMMENT "libFuzzer harness fuzz_match_file (clang, the rules core with coverage)")
  add_custom_target(fuzz_match_file_harness ALL DEPENDS ${_mf_bin})
  # New inputs go to the build tree; the seeds in the source tree stay as they are.
  file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/fuzz_match_file_corpus)
  add_test(NAME fuzz_match_file COMMAND ${_mf_bin} -seed=1 -runs=20000 -max_len=65536 -rss_limit_mb=4096
           ${CMAKE_BINARY_DIR}/fuzz_match_file_corpus ${CMAKE_SOURCE_DIR}/tests/fuzz/match_file_corpus)
  set_tests_properties(fuzz_match_file PROPERTIES LABELS "core;fuzz" TIMEOUT 600)
endif()
