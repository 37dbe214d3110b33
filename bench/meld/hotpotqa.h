// HotpotQA items in the dataset's raw layout (question, context paragraphs as [title, sentences],
// supporting_facts as [title, sentence index]) for `bench meld-recall`.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/result.h"

namespace bm::meld {

struct QaParagraph {
    std::string title;
    std::vector<std::string> sentences;
};

struct QaItem {
    std::string id;
    std::string question;
    std::vector<QaParagraph> paragraphs;
    // (paragraph index, sentence index) of each supporting fact that names a sentence the context
    // holds; HotpotQA has a few that point past their paragraph's end: those are counted in
    // `dangling_supporting` and left out.
    std::vector<std::pair<size_t, size_t>> supporting;
    size_t dangling_supporting = 0;
};

// Reads a JSON array of HotpotQA items. A malformed item is an error naming the file, the item's
// index and the field. Items without any usable supporting fact are skipped.
Result<std::vector<QaItem>> load_hotpotqa(const std::string& path);
// The same over a document in memory; `name` stands for the file in errors.
Result<std::vector<QaItem>> parse_hotpotqa(std::string_view text, const std::string& name);

}  // namespace bm::meld
