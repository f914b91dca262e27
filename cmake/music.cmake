# The soundtrack: scores we wrote (music/*.score, docs/music.md) rendered at
# build time to Ogg Vorbis with Debian's FluidSynth and the FluidR3 General
# MIDI SoundFont (fluid-soundfont-gm), into <build>/share/stackhouse/music,
# and installed beside the rest of the data. Why Ogg at build time and not
# MIDI at run time: docs/performance.md ("Music"). A piece is rendered again
# only when its score (or a score it includes, or the tools) changes.
# Included from cmake/app.cmake; expects STACKHOUSE_DATA.
option(STACKHOUSE_MUSIC "Render the soundtrack (needs fluidsynth, fluid-soundfont-gm, sox)" ON)
if(NOT STACKHOUSE_MUSIC)
  return()
endif()

find_package(Python3 REQUIRED COMPONENTS Interpreter)
find_program(FLUIDSYNTH_EXECUTABLE fluidsynth)
find_program(SOX_EXECUTABLE sox)
find_file(STACKHOUSE_SOUNDFONT FluidR3_GM.sf2 PATHS /usr/share/sounds/sf2 NO_DEFAULT_PATH)
if(NOT FLUIDSYNTH_EXECUTABLE OR NOT SOX_EXECUTABLE OR NOT STACKHOUSE_SOUNDFONT)
  message(FATAL_ERROR "The soundtrack needs fluidsynth, sox and /usr/share/sounds/sf2/FluidR3_GM.sf2: "
                      "apt-get install fluidsynth fluid-soundfont-gm sox (or -DSTACKHOUSE_MUSIC=OFF: no music)")
endif()

# The score tool on our scores and on broken ones.
add_test(NAME music_scores COMMAND ${CMAKE_SOURCE_DIR}/tests/music/check_scores.sh
         ${CMAKE_SOURCE_DIR} ${Python3_EXECUTABLE})
set_tests_properties(music_scores PROPERTIES LABELS app TIMEOUT 60)

set(STACKHOUSE_MUSIC_PIECES menu table maxstax maxstax_urgent fanfare)
set(_music_tools ${CMAKE_SOURCE_DIR}/tools/score2mid.py ${CMAKE_SOURCE_DIR}/tools/render_music.sh)
set(_music_outs)
foreach(piece ${STACKHOUSE_MUSIC_PIECES})
  set(_score ${CMAKE_SOURCE_DIR}/music/${piece}.score)
  set(_out ${STACKHOUSE_DATA}/music/${piece}.ogg)
  # A score may include another (maxstax_urgent plays maxstax's bars).
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_score})
  file(STRINGS ${_score} _includes REGEX "^include ")
  set(_deps ${_score})
  foreach(inc ${_includes})
    string(REGEX REPLACE "^include +([^ #]+).*" "\\1" inc "${inc}")
    list(APPEND _deps ${CMAKE_SOURCE_DIR}/music/${inc})
  endforeach()
  add_custom_command(
    OUTPUT ${_out}
    COMMAND ${CMAKE_COMMAND} -E env PYTHON3=${Python3_EXECUTABLE} FLUIDSYNTH=${FLUIDSYNTH_EXECUTABLE}
            SOX=${SOX_EXECUTABLE}
            ${CMAKE_SOURCE_DIR}/tools/render_music.sh ${_score} ${STACKHOUSE_SOUNDFONT}
            ${CMAKE_BINARY_DIR}/music ${_out}
    DEPENDS ${_deps} ${_music_tools}
    COMMENT "Rendering music/${piece}.score"
    VERBATIM)
  list(APPEND _music_outs ${_out})
endforeach()
add_custom_target(stackhouse_music ALL DEPENDS ${_music_outs})
if(TARGET stackhouse)
  add_dependencies(stackhouse stackhouse_music)  # the game's data, like its art
endif()
# The renders carry FluidR3's samples, which are under the MIT licence: its
# notice goes with them.
set(_sf2_notice /usr/share/doc/fluid-soundfont-gm/copyright)
if(EXISTS ${_sf2_notice})
  configure_file(${_sf2_notice} ${STACKHOUSE_DATA}/music/FluidR3_GM-copyright.txt COPYONLY)
  list(APPEND _music_outs ${STACKHOUSE_DATA}/music/FluidR3_GM-copyright.txt)
endif()
install(FILES ${_music_outs} DESTINATION ${CMAKE_INSTALL_DATADIR}/stackhouse/music)
