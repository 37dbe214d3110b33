# bmreducebench: `beliefmerge bench reduce` — M1 ingress reduction over the tool outputs of real session logs
# (included from bench/cli; defined once).
if(NOT TARGET bmreducebench)
  add_library(bmreducebench STATIC ${CMAKE_CURRENT_LIST_DIR}/reduce_bench.cpp)
  target_include_directories(bmreducebench PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(bmreducebench PUBLIC bmreduce bmfold bmcore)
endif()
