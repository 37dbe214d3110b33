// The fuzz targets of the ingress reducers (reduce_log, reduce_json, reduce_diff, reduce_search, reduce_test):
// any bytes reduce without a crash, deterministically, keeping every required item; JSON stays JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "reduce/text_reducers.h"

inline void fuzz_reducer(std::string_view name, std::string_view input) {
    auto kind = bm::reducer_kind_from_name(name);
    if (!kind) __builtin_trap();  // a target named after no reducer
    const bm::ReducedBody once = bm::reduce_body(*kind, input);
    if (!bm::keeps_required(*kind, input, once.text)) __builtin_trap();
    if (bm::reduce_body(*kind, input).text != once.text) __builtin_trap();
    if (once.lines_kept > once.lines_before) __builtin_trap();
    if (once.used == bm::ReducerKind::kJson &&
        nlohmann::json::parse(once.text.begin(), once.text.end(), nullptr, false).is_discarded())
        __builtin_trap();
}
