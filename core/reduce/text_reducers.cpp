// reduce_body: dispatch to the five reducers; required_items/keeps_required: the check every reduction
// must pass (used by the ingress transaction, the tests, the fuzz targets and the bench).
#include "reduce/text_reducers.h"

#include <functional>
#include <nlohmann/json.hpp>
#include <set>

namespace bm {

namespace {

bool is_line_reducer(ReducerKind kind, std::string_view raw) {
    return kind != ReducerKind::kJson || !looks_like_json(raw);
}

LineKeep marked(ReducerKind kind, std::string_view raw) {
    LineKeep k(raw);
    switch (kind) {
    case ReducerKind::kTest: mark_test_lines(k); break;
    case ReducerKind::kDiff: mark_diff_lines(k); break;
    case ReducerKind::kSearch: mark_search_lines(k); break;
    case ReducerKind::kLog:
    case ReducerKind::kJson: mark_log_lines(k); break;
    }
    return k;
}

void error_strings(const nlohmann::json& v, std::vector<std::string>* out) {
    if (v.is_string()) {
        if (is_error_line(v.get_ref<const std::string&>())) out->push_back(v.get<std::string>());
    } else if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (is_error_line(it.key())) out->push_back(it.key());
            error_strings(it.value(), out);
        }
    } else if (v.is_array()) {
        for (const auto& e : v) error_strings(e, out);
    }
}

void all_strings(const nlohmann::json& v, std::set<std::string>* out) {
    if (v.is_string()) out->insert(v.get<std::string>());
    else if (v.is_object())
        for (auto it = v.begin(); it != v.end(); ++it) {
            out->insert(it.key());
            all_strings(it.value(), out);
        }
    else if (v.is_array())
        for (const auto& e : v) all_strings(e, out);
}

}  // namespace

ReducedBody reduce_body(ReducerKind kind, std::string_view raw) {
    ReducedBody out;
    out.lines_before = split_lines(raw).size();
    if (!is_line_reducer(kind, raw)) {
        out.used = ReducerKind::kJson;
        out.text = reduce_json_text(raw);
        out.lines_kept = split_lines(out.text).size();
        return out;
    }
    out.used = kind == ReducerKind::kJson ? ReducerKind::kLog : kind;
    LineKeep k = marked(out.used, raw);
    out.text = k.render(!raw.empty() && raw.back() == '\n', &out.lines_kept);
    return out;
}

std::vector<std::string> required_items(ReducerKind kind, std::string_view raw) {
    std::vector<std::string> items;
    if (!is_line_reducer(kind, raw)) {
        error_strings(nlohmann::json::parse(raw.begin(), raw.end(), nullptr, false), &items);
        return items;
    }
    const ReducerKind used = kind == ReducerKind::kJson ? ReducerKind::kLog : kind;
    LineKeep k = marked(used, raw);
    for (size_t i = 0; i < k.lines.size(); ++i) {
        if (!k.must[i]) continue;
        items.emplace_back(k.replaced[i].empty() ? k.lines[i] : match_location(k.lines[i]));
    }
    return items;
}

bool keeps_required(ReducerKind kind, std::string_view raw, std::string_view body) {
    const auto items = required_items(kind, raw);
    if (!is_line_reducer(kind, raw)) {
        auto doc = nlohmann::json::parse(body.begin(), body.end(), nullptr, false);
        if (doc.is_discarded()) return items.empty() && body == raw;
        std::set<std::string> present;
        all_strings(doc, &present);
        for (const auto& s : items)
            if (!present.count(s)) return false;
        return true;
    }
    const auto lines = split_lines(body);
    size_t at = 0;
    for (const auto& item : items) {
        while (at < lines.size() && lines[at].substr(0, item.size()) != item) ++at;
        if (at == lines.size()) return false;
        ++at;
    }
    return true;
}

}  // namespace bm
