# The SDL2 game: window, renderer, scenes, audio, settings store.
pkg_check_modules(SDL2 REQUIRED IMPORTED_TARGET sdl2 SDL2_ttf)
# SDL2_image rasterises the art (render/atlas.c, skipped on a warm cache);
# SDL2_mixer is the audio layer (src/audio). Both are linked like any library.
pkg_check_modules(SDL2IMG REQUIRED IMPORTED_TARGET SDL2_image)
pkg_check_modules(SDL2MIX REQUIRED IMPORTED_TARGET SDL2_mixer)
pkg_check_modules(EPOXY REQUIRED IMPORTED_TARGET epoxy)
pkg_check_modules(SQLITE3 REQUIRED IMPORTED_TARGET sqlite3)
pkg_check_modules(MD4C REQUIRED IMPORTED_TARGET md4c)
pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)
pkg_check_modules(PNG REQUIRED IMPORTED_TARGET libpng)

# DejaVu comes from Debian's fonts-dejavu-core; found here, installed with the game.
find_path(DEJAVU_DIR DejaVuSans.ttf
          PATHS /usr/share/fonts/truetype/dejavu /usr/share/fonts/dejavu
          REQUIRED NO_DEFAULT_PATH)
set(STACKHOUSE_FONTS DejaVuSans.ttf DejaVuSans-Bold.ttf DejaVuSerif-Bold.ttf DejaVuSansMono.ttf
    DejaVuSans-Oblique.ttf)

# Read-only data in the build tree mirrors the installed layout, so the game
# runs from the build tree and from the install prefix alike (see paths.c).
set(STACKHOUSE_DATA ${CMAKE_BINARY_DIR}/share/stackhouse)
file(MAKE_DIRECTORY ${STACKHOUSE_DATA}/fonts ${STACKHOUSE_DATA}/docs)
foreach(d shaders assets)
  file(CREATE_LINK ${CMAKE_SOURCE_DIR}/${d} ${STACKHOUSE_DATA}/${d} SYMBOLIC)
endforeach()
file(CREATE_LINK ${CMAKE_SOURCE_DIR}/docs/rules ${STACKHOUSE_DATA}/docs/rules SYMBOLIC)
foreach(f ${STACKHOUSE_FONTS})
  file(CREATE_LINK ${DEJAVU_DIR}/${f} ${STACKHOUSE_DATA}/fonts/${f} SYMBOLIC)
endforeach()

file(GLOB APP_SOURCES CONFIGURE_DEPENDS
     ${CMAKE_SOURCE_DIR}/src/shell/*.c ${CMAKE_SOURCE_DIR}/src/app/*.c ${CMAKE_SOURCE_DIR}/src/drivers/*.c ${CMAKE_SOURCE_DIR}/src/render/*.c
     ${CMAKE_SOURCE_DIR}/src/scenes/*.c ${CMAKE_SOURCE_DIR}/src/table/*.c ${CMAKE_SOURCE_DIR}/src/ui/*.c
     ${CMAKE_SOURCE_DIR}/src/audio/*.c ${CMAKE_SOURCE_DIR}/src/games/*/view/*.c)
list(FILTER APP_SOURCES EXCLUDE REGEX ".*/src/drivers/main\\.c$")
add_library(stackhouse_app STATIC ${APP_SOURCES})
target_link_libraries(stackhouse_app PUBLIC stackhouse_core stackhouse_phoneview ${CMAKE_DL_LIBS} PkgConfig::SDL2 PkgConfig::SDL2IMG
                      PkgConfig::SDL2MIX PkgConfig::EPOXY
                      PkgConfig::SQLITE3 PkgConfig::MD4C PkgConfig::STB PkgConfig::PNG)
target_compile_definitions(stackhouse_app PUBLIC
  STACKHOUSE_INSTALL_DATADIR="${CMAKE_INSTALL_FULL_DATADIR}/stackhouse"
  STACKHOUSE_INSTALL_LIBDIR="${CMAKE_INSTALL_FULL_LIBDIR}/stackhouse"
  STACKHOUSE_LIBDIR_REL="${CMAKE_INSTALL_LIBDIR}/stackhouse"
  STACKHOUSE_VERSION="${PROJECT_VERSION}")

if(EXISTS ${CMAKE_SOURCE_DIR}/src/drivers/main.c)
  add_executable(stackhouse ${CMAKE_SOURCE_DIR}/src/drivers/main.c)
  target_link_libraries(stackhouse PRIVATE stackhouse_app)
  add_dependencies(stackhouse stackhouse_phones) # loaded when phones are turned on
  install(TARGETS stackhouse RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

# The bare-window peer that `stackhouse-cli bench startup` measures the game
# against; built beside the game, never installed.
add_executable(stackhouse-peer-window ${CMAKE_SOURCE_DIR}/tools/peer_window.c)
target_link_libraries(stackhouse-peer-window PRIVATE PkgConfig::SDL2 PkgConfig::EPOXY)

# Every synthesised effect to WAV, to measure and look at (docs/performance.md); never installed.
add_executable(synth-wav ${CMAKE_SOURCE_DIR}/tools/synth_wav.c)
target_link_libraries(synth-wav PRIVATE stackhouse_app)

include(${CMAKE_SOURCE_DIR}/cmake/music.cmake)

install(DIRECTORY shaders/ DESTINATION ${CMAKE_INSTALL_DATADIR}/stackhouse/shaders)
install(DIRECTORY assets/ DESTINATION ${CMAKE_INSTALL_DATADIR}/stackhouse/assets)
install(DIRECTORY docs/rules/ DESTINATION ${CMAKE_INSTALL_DATADIR}/stackhouse/docs/rules)
foreach(f ${STACKHOUSE_FONTS})
  install(FILES ${DEJAVU_DIR}/${f} DESTINATION ${CMAKE_INSTALL_DATADIR}/stackhouse/fonts)
endforeach()

# tests/lessons (#29): the lessons, on the app library like the app tests.
file(GLOB APP_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/app/test_*.c ${CMAKE_SOURCE_DIR}/tests/lessons/test_*.c)
foreach(src ${APP_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_executable(${name} ${src})
  target_link_libraries(${name} PRIVATE stackhouse_app PkgConfig::SDL2IMG PkgConfig::CMOCKA)
  if(name STREQUAL "test_phones_table")
    target_link_libraries(${name} PRIVATE stackhouse_net) # it plays the phones itself
  endif()
  if(name STREQUAL "test_startup")
    add_dependencies(${name} stackhouse-cli stackhouse-peer-window) # it runs bench startup
  endif()
  target_compile_definitions(${name} PRIVATE
    STACKHOUSE_SOURCE_DIR="${CMAKE_SOURCE_DIR}" STACKHOUSE_BINARY_DIR="${CMAKE_BINARY_DIR}"
    STACKHOUSE_DATA_BUILD="${STACKHOUSE_DATA}" STACKHOUSE_MUSIC_BUILT=$<BOOL:${STACKHOUSE_MUSIC}>)
  add_test(NAME ${name} COMMAND ${name})
  # SDL's dummy audio driver everywhere in tests; windowed tests start their own Xvfb.
  set(labels app)
  # Pixel tests and whole-game runs of the binary ("screens"): left out of the
  # sanitizer pass for time (each runs the game tens of times, 5-10x slower under
  # ASan) and because they check pixels and traces, not memory; the unit tests
  # that open a GL context (test_loop, test_render_gl) stay in it.
  # A test says so itself ("// ctest-label: screens"), so no list of tests
  # (or of modes) lives here.
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${src})
  file(STRINGS ${src} _label REGEX "^// ctest-label: screens" LIMIT_COUNT 1)
  if(_label)
    list(APPEND labels screens)
  endif()
  set_tests_properties(${name} PROPERTIES LABELS "${labels}" TIMEOUT 900 SKIP_RETURN_CODE 77
    ENVIRONMENT "SDL_AUDIODRIVER=dummy;STACKHOUSE_HEADLESS=1")
  if(TARGET stackhouse)
    add_dependencies(${name} stackhouse)
  endif()
  if(STACKHOUSE_SANITIZE)
    # Third-party exit-time leaks only (D-Bus under SDL's X11 init); see the file.
    set_property(TEST ${name} APPEND PROPERTY ENVIRONMENT
                 "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp")
  endif()
endforeach()
# The phone page in a real browser (tests/web, docs/phones.md): Debian's
# chromium, headless, through puppeteer-core. web_mock plays against a stand-in
# server; web_phones against the game itself on its own Xvfb; web_party the
# page at a party (#25) on two phone sizes against the stand-in; web_flood three
# guests joining the game while strangers flood its port. run.sh skips
# (77) with the reason when chromium, node or the npm packages are missing.
foreach(t mock phones party flood)
  add_test(NAME web_${t} COMMAND ${CMAKE_SOURCE_DIR}/tests/web/run.sh ${CMAKE_BINARY_DIR} ${t}.test.mjs)
  set_tests_properties(web_${t} PROPERTIES LABELS web TIMEOUT 300 SKIP_RETURN_CODE 77)
endforeach()
include(${CMAKE_SOURCE_DIR}/packaging/packaging.cmake OPTIONAL)
