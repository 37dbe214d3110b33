// The JSON reducer: the document keeps its shape and every key; arrays longer than a few items keep
// their ends, long strings their start, and any string that reports an error stays whole. The output
// is compact JSON (one line), so pretty-printed input also loses its indentation.
#include <nlohmann/json.hpp>

#include "fold/archive.h"
#include "reduce/text_reducers.h"

namespace bm {

namespace {
constexpr size_t kArrayHead = 5;
constexpr size_t kArrayTail = 2;
constexpr size_t kStringBytes = 200;

bool holds_error(const nlohmann::json& v) {
    if (v.is_string()) return is_error_line(v.get_ref<const std::string&>());
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it)
            if (is_error_line(it.key()) || holds_error(it.value())) return true;
    }
    if (v.is_array())
        for (const auto& e : v)
            if (holds_error(e)) return true;
    return false;
}

nlohmann::json shrink(const nlohmann::json& v) {
    if (v.is_string()) {
        const auto& s = v.get_ref<const std::string&>();
        if (s.size() <= kStringBytes + 40 || is_error_line(s)) return v;
        return utf8_prefix(s, kStringBytes) + "\xE2\x80\xA6[+" + std::to_string(s.size() - utf8_prefix(s, kStringBytes).size()) + " bytes]";
    }
    if (v.is_object()) {
        nlohmann::json out = nlohmann::json::object();
        for (auto it = v.begin(); it != v.end(); ++it) out[it.key()] = shrink(it.value());
        return out;
    }
    if (!v.is_array()) return v;
    nlohmann::json out = nlohmann::json::array();
    const size_t n = v.size();
    size_t elided = 0;
    for (size_t i = 0; i < n; ++i) {
        const bool edge = i < kArrayHead || i + kArrayTail >= n;
        if (!edge && !holds_error(v[i])) { ++elided; continue; }
        if (elided) out.push_back(elision_marker(elided));  // a run of items, named like dropped lines
        elided = 0;
        out.push_back(shrink(v[i]));
    }
    if (elided) out.push_back(elision_marker(elided));
    return out;
}
}  // namespace

std::string reduce_json_text(std::string_view raw) {
    auto doc = nlohmann::json::parse(raw.begin(), raw.end(), nullptr, false);
    if (doc.is_discarded()) return std::string(raw);
    return shrink(doc).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace bm
