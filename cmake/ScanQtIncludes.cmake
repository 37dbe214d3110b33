# Build-time scan: fails when any file under core/ includes a Qt or QCoro header.
file(GLOB_RECURSE _files "${DIR}/*.h" "${DIR}/*.cpp")
foreach(_f IN LISTS _files)
  file(STRINGS "${_f}" _hits REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"](Q[A-Za-z]+|qcoro|Qt[A-Za-z]*/)")
  if(_hits)
    message(FATAL_ERROR "core/ must not include Qt: ${_f}: ${_hits}")
  endif()
endforeach()
