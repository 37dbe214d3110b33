// The tiny HotpotQA fixture of the recall and routing tests (tests/data/hotpotqa/dev_distractor_tiny.json:
// 3 questions, at most 16 sentences each), loaded once. REQUIRES: BM_TEST_DATA_DIR names tests/data.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "bench/meld/hotpotqa.h"

namespace bm::meld::meldtest {

inline const std::vector<QaItem>& tiny_hotpotqa() {
    static const std::vector<QaItem> items = [] {
        auto loaded = load_hotpotqa(std::string(BM_TEST_DATA_DIR) + "/hotpotqa/dev_distractor_tiny.json");
        if (!loaded.ok()) throw std::runtime_error(loaded.error().to_string());
        return *loaded;
    }();
    return items;
}

}  // namespace bm::meld::meldtest
