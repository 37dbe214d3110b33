# Enforces that the engine target never links or includes Qt (SPEC §1): checked at configure and build time.
function(bm_check_qt_free target)
  get_target_property(_libs ${target} LINK_LIBRARIES)
  foreach(_lib IN LISTS _libs)
    if(_lib MATCHES "^Qt[0-9]*::" OR _lib MATCHES "QCoro")
      message(FATAL_ERROR "${target} must stay Qt-free but links ${_lib}")
    endif()
  endforeach()
  add_custom_target(${target}_qt_free_check ALL
    COMMAND ${CMAKE_COMMAND} -DDIR=${CMAKE_SOURCE_DIR}/core -P ${CMAKE_SOURCE_DIR}/cmake/ScanQtIncludes.cmake
    COMMENT "Checking that core/ includes no Qt header")
  add_dependencies(${target} ${target}_qt_free_check)
endfunction()
