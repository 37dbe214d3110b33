# bmloggen: the generators of large, realistic session logs (DeepSeek Harness, Claude Code), shared by
# bench_ingest and `beliefmerge bench fold --scaling` (included from bench/ingest and bench/fold; defined once).
if(NOT TARGET bmloggen)
  set(_bm_loggen_dir ${CMAKE_CURRENT_LIST_DIR})
  add_library(bmloggen STATIC
    ${_bm_loggen_dir}/rng.cpp ${_bm_loggen_dir}/text_gen.cpp ${_bm_loggen_dir}/line_sink.cpp
    ${_bm_loggen_dir}/dsh_generator.cpp ${_bm_loggen_dir}/dsh_turn.cpp
    ${_bm_loggen_dir}/claude_generator.cpp ${_bm_loggen_dir}/claude_tools.cpp ${_bm_loggen_dir}/zstd_frames.cpp)
  target_include_directories(bmloggen PUBLIC ${_bm_loggen_dir})
  target_link_libraries(bmloggen PUBLIC PkgConfig::ZSTD nlohmann_json::nlohmann_json)
endif()
