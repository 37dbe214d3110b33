# bmextractbench: the extraction gold set, the matching rule and the scoring behind
# `beliefmerge bench extract` (included from app/ and tests/; defined once).
if(NOT TARGET bmextractbench)
  add_library(bmextractbench STATIC
    ${CMAKE_CURRENT_LIST_DIR}/gold_set.cpp ${CMAKE_CURRENT_LIST_DIR}/match_rule.cpp
    ${CMAKE_CURRENT_LIST_DIR}/extract_bench.cpp ${CMAKE_CURRENT_LIST_DIR}/extract_report.cpp
    ${CMAKE_CURRENT_LIST_DIR}/merged_disputes.cpp
    # the machine line of the report header (bmbench is not defined when BM_BUILD_BENCH is off)
    ${PROJECT_SOURCE_DIR}/bench/common/machine.cpp)
  target_include_directories(bmextractbench PUBLIC ${PROJECT_SOURCE_DIR} PRIVATE ${PROJECT_SOURCE_DIR}/bench/common)
  target_link_libraries(bmextractbench PUBLIC bmcore bmsnapshot)
endif()
