# bmmergebench: the MergeBench generator, arms and metrics, shared by bench_mergebench and
# `beliefmerge bench mergebench` (included from app/ and bench/; defined once).
if(NOT TARGET bmmergebench)
  add_library(bmmergebench STATIC
    ${CMAKE_CURRENT_LIST_DIR}/scenario.cpp ${CMAKE_CURRENT_LIST_DIR}/metrics.cpp
    ${CMAKE_CURRENT_LIST_DIR}/mergebench.cpp ${CMAKE_CURRENT_LIST_DIR}/native_log.cpp
    ${CMAKE_CURRENT_LIST_DIR}/scenario_file.cpp)
  target_include_directories(bmmergebench PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(bmmergebench PUBLIC bmcore bmpack)
endif()
