# Desktop integration and packages for Stackhouse.
#
# Included from cmake/app.cmake when the SDL2 game is built. Expects:
#   - PkgConfig::SDL2 (sdl2, SDL2_ttf), PkgConfig::SDL2IMG (SDL2_image) and GNUInstallDirs
#   - PROJECT_VERSION, PROJECT_DESCRIPTION, PROJECT_HOMEPAGE_URL from project()
# Creates:
#   - stackhouse_svg2png : build-time SVG rasteriser (tools/svg2png.c), not installed
#   - stackhouse_icons   : ALL target making hicolor PNG icons in ${CMAKE_BINARY_DIR}/icons
#   - tests packaging_metainfo / packaging_desktop (validators used when present)
#   - install rules for icons, .desktop and metainfo; CPack (DEB + TGZ) config
set(STACKHOUSE_APP_ID io.github.stackhouse.Stackhouse)
set(_pkg_dir ${CMAKE_SOURCE_DIR}/packaging)
set(_icon_svg ${_pkg_dir}/icons/${STACKHOUSE_APP_ID}.svg)

# ---------------------------------------------------------------- rasteriser
add_executable(stackhouse_svg2png ${CMAKE_SOURCE_DIR}/tools/svg2png.c)
target_link_libraries(stackhouse_svg2png PRIVATE PkgConfig::SDL2 PkgConfig::SDL2IMG)
set_target_properties(stackhouse_svg2png PROPERTIES OUTPUT_NAME svg2png
                      RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tools)

# ---------------------------------------------------------------- PNG icons
set(STACKHOUSE_ICON_SIZES 16 24 32 48 64 128 256 512)
set(_icon_pngs)
foreach(n ${STACKHOUSE_ICON_SIZES})
  set(_dir ${CMAKE_BINARY_DIR}/icons/hicolor/${n}x${n}/apps)
  set(_png ${_dir}/${STACKHOUSE_APP_ID}.png)
  add_custom_command(
    OUTPUT ${_png}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${_dir}
    COMMAND stackhouse_svg2png ${_icon_svg} ${n} ${_png}
    DEPENDS stackhouse_svg2png ${_icon_svg}
    COMMENT "Rasterising app icon at ${n}x${n}"
    VERBATIM)
  list(APPEND _icon_pngs ${_png})
  install(FILES ${_png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${n}x${n}/apps)
endforeach()
add_custom_target(stackhouse_icons ALL DEPENDS ${_icon_pngs})

# ---------------------------------------------------------------- desktop files
install(FILES ${_icon_svg} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES ${_pkg_dir}/${STACKHOUSE_APP_ID}.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${_pkg_dir}/${STACKHOUSE_APP_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)

# ---------------------------------------------------------------- validation
# Real validators when installed; otherwise a well-formedness check / key check.
find_program(APPSTREAMCLI appstreamcli)
find_program(XMLLINT xmllint)
find_program(DESKTOP_FILE_VALIDATE desktop-file-validate)
if(APPSTREAMCLI)
  add_test(NAME packaging_metainfo
           COMMAND ${APPSTREAMCLI} validate --no-net ${_pkg_dir}/${STACKHOUSE_APP_ID}.metainfo.xml)
elseif(XMLLINT)
  add_test(NAME packaging_metainfo
           COMMAND ${XMLLINT} --noout ${_pkg_dir}/${STACKHOUSE_APP_ID}.metainfo.xml)
endif()
if(DESKTOP_FILE_VALIDATE)
  add_test(NAME packaging_desktop
           COMMAND ${DESKTOP_FILE_VALIDATE} ${_pkg_dir}/${STACKHOUSE_APP_ID}.desktop)
else()
  add_test(NAME packaging_desktop
           COMMAND ${CMAKE_COMMAND} -DDESKTOP=${_pkg_dir}/${STACKHOUSE_APP_ID}.desktop
                   -DAPP_ID=${STACKHOUSE_APP_ID} -P ${_pkg_dir}/check_desktop.cmake)
endif()
foreach(t packaging_metainfo packaging_desktop)
  if(TEST ${t})
    set_tests_properties(${t} PROPERTIES LABELS packaging TIMEOUT 60)
  endif()
endforeach()

# ---------------------------------------------------------------- CPack
# The DejaVu fonts are copied into the package at build time (cmake/app.cmake),
# so fonts-dejavu-core is not a runtime dependency; the libraries we link come
# from shlibdeps. OpenGL is not linked but loaded by libepoxy and SDL at run
# time, so shlibdeps cannot see it: libgl1 (the GLVND loader) and Mesa's
# drivers, whose llvmpipe gives OpenGL 3.3 even on a machine with no GPU.
set(CPACK_PACKAGE_NAME stackhouse)
set(CPACK_PACKAGE_VENDOR "The Stackhouse developers")
set(CPACK_PACKAGE_CONTACT "The Stackhouse developers <stackhouse@stackhouse.invalid>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Stacking tabletop games for the desktop")
set(CPACK_PACKAGE_DESCRIPTION
    "Stackhouse is a collection of stacking tabletop games: SPEEDSTAX, SAMESTAX, SWAPSTAX, Stakz, STAX, Stack-A-Track and 9 STAX, for one screen, with computer opponents, keyboard, mouse and gamepad.")
set(CPACK_PACKAGE_HOMEPAGE_URL ${PROJECT_HOMEPAGE_URL})
set(CPACK_GENERATOR DEB TGZ)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# shlibdeps sees SDL2_image and SDL2_mixer (linked); the versions say what we
# need of them: IMG_LoadSizedSVG_RW (2.6) and Ogg Vorbis music.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libgl1, libgl1-mesa-dri, libsdl2-image-2.0-0 (>= 2.6), libsdl2-mixer-2.0-0 (>= 2.6)")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "${CPACK_PACKAGE_DESCRIPTION_SUMMARY}\n${CPACK_PACKAGE_DESCRIPTION}")
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/" "/_CPack_Packages/")
include(CPack)
