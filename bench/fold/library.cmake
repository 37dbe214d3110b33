# bmfoldbench: the fold benchmark's measurements, shared by bench_fold and `beliefmerge bench fold`
# (included from app/ and bench/; defined once), and the fold-quality replay (EF vs Basic). The scaling run generates its logs with bmloggen.
include(${CMAKE_CURRENT_LIST_DIR}/../ingest/library.cmake)
if(NOT TARGET bmfoldbench)
  add_library(bmfoldbench STATIC ${CMAKE_CURRENT_LIST_DIR}/fold_bench.cpp ${CMAKE_CURRENT_LIST_DIR}/fold_scaling.cpp
              ${CMAKE_CURRENT_LIST_DIR}/fold_replay.cpp ${CMAKE_CURRENT_LIST_DIR}/replay_metrics.cpp
              ${CMAKE_CURRENT_LIST_DIR}/fold_quality.cpp ${CMAKE_CURRENT_LIST_DIR}/fold_quality_report.cpp)
  target_include_directories(bmfoldbench PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(bmfoldbench PUBLIC bmfold bmbench PRIVATE bmloggen)
endif()
