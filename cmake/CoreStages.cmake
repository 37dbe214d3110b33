# The order of core/'s pipeline stages, lowest first: a stage may include its own headers and those
# of stages before it, never a later one (cmake/ScanStageIncludes.cmake; docs/architecture.md).
# Each entry is a folder under core/; a file belongs to the longest entry its path starts with.
set(BM_CORE_STAGE_ORDER
  util model redact ingest meld/signals trust extract derive merge pack store fold reduce meld adjudicate snapshot inject)

# Sets `out` to the index in BM_CORE_STAGE_ORDER of the stage holding `path` (relative to core/), or -1.
function(bm_core_stage_of path out)
  set(_best -1)
  set(_best_len 0)
  set(_i 0)
  foreach(_stage IN LISTS BM_CORE_STAGE_ORDER)
    string(LENGTH "${_stage}" _len)
    string(FIND "${path}" "${_stage}/" _at)
    if(_at EQUAL 0 AND _len GREATER _best_len)
      set(_best ${_i})
      set(_best_len ${_len})
    endif()
    math(EXPR _i "${_i} + 1")
  endforeach()
  set(${out} ${_best} PARENT_SCOPE)
endfunction()
