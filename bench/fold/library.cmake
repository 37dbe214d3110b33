# bmfoldbench: the fold benchmark's measurements, shared by bench_fold and `beliefmerge bench fold`
# (included from app/ and bench/; defined once).
if(NOT TARGET bmfoldbench)
  add_library(bmfoldbench STATIC ${CMAKE_CURRENT_LIST_DIR}/fold_bench.cpp)
  target_include_directories(bmfoldbench PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(bmfoldbench PUBLIC bmfold)
endif()
