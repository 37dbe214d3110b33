// Loader of HotpotQA's raw JSON layout (see hotpotqa.h).
#include "bench/meld/hotpotqa.h"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace bm::meld {

namespace {

Error bad(const std::string& path, size_t item, const std::string& field, const std::string& what) {
    return Error::invalid_input(what, Location{path, 0, -1, "item " + std::to_string(item) + " " + field},
                                "expected HotpotQA's raw layout: [{\"_id\",\"question\",\"context\":[[title,[sentence,..]],..],"
                                "\"supporting_facts\":[[title,index],..]},..]");
}

}  // namespace

Result<std::vector<QaItem>> load_hotpotqa(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error::invalid_input("cannot read the HotpotQA file", Location{path});
    std::stringstream buffer;
    buffer << in.rdbuf();
    return parse_hotpotqa(buffer.str(), path);
}

Result<std::vector<QaItem>> parse_hotpotqa(std::string_view text, const std::string& path) {
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (doc.is_discarded()) return Error::invalid_input("not valid JSON", Location{path});
    if (!doc.is_array()) return Error::invalid_input("the top level is not an array of items", Location{path});
    std::vector<QaItem> out;
    for (size_t i = 0; i < doc.size(); ++i) {
        const nlohmann::json& j = doc[i];
        if (!j.is_object()) return bad(path, i, "", "an item is not an object");
        QaItem item;
        if (!j.contains("_id") || !j["_id"].is_string()) return bad(path, i, "_id", "missing or not a string");
        if (!j.contains("question") || !j["question"].is_string()) return bad(path, i, "question", "missing or not a string");
        item.id = j["_id"].get<std::string>();
        item.question = j["question"].get<std::string>();
        if (!j.contains("context") || !j["context"].is_array()) return bad(path, i, "context", "missing or not an array");
        for (size_t p = 0; p < j["context"].size(); ++p) {
            const nlohmann::json& para = j["context"][p];
            const std::string field = "context[" + std::to_string(p) + "]";
            if (!para.is_array() || para.size() != 2 || !para[0].is_string() || !para[1].is_array())
                return bad(path, i, field, "not a [title, [sentence, ..]] pair");
            QaParagraph paragraph;
            paragraph.title = para[0].get<std::string>();
            for (size_t s = 0; s < para[1].size(); ++s) {
                if (!para[1][s].is_string()) return bad(path, i, field + "[1][" + std::to_string(s) + "]", "a sentence is not a string");
                paragraph.sentences.push_back(para[1][s].get<std::string>());
            }
            item.paragraphs.push_back(std::move(paragraph));
        }
        if (!j.contains("supporting_facts") || !j["supporting_facts"].is_array())
            return bad(path, i, "supporting_facts", "missing or not an array");
        for (size_t f = 0; f < j["supporting_facts"].size(); ++f) {
            const nlohmann::json& fact = j["supporting_facts"][f];
            if (!fact.is_array() || fact.size() != 2 || !fact[0].is_string() || !fact[1].is_number_unsigned())
                return bad(path, i, "supporting_facts[" + std::to_string(f) + "]", "not a [title, sentence index] pair");
            const std::string title = fact[0].get<std::string>();
            const size_t index = fact[1].get<size_t>();
            bool found = false;
            for (size_t p = 0; p < item.paragraphs.size() && !found; ++p)
                if (item.paragraphs[p].title == title && index < item.paragraphs[p].sentences.size()) {
                    found = true;
                    if (std::find(item.supporting.begin(), item.supporting.end(), std::make_pair(p, index)) == item.supporting.end())
                        item.supporting.emplace_back(p, index);
                }
            if (!found) ++item.dangling_supporting;
        }
        if (!item.supporting.empty()) out.push_back(std::move(item));
    }
    return out;
}

}  // namespace bm::meld
