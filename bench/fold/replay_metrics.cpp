// Reference keys, prompts and their unchanged prefix, and tool-call identity for the fold-quality replay.
#include "bench/fold/replay_metrics.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "fold/archive.h"
#include "util/canonical_json.h"

namespace bm::bench {

namespace {

bool is_split(char c) {
    return std::isspace(static_cast<unsigned char>(c)) || std::string_view("\"'`()[]{}<>,;=:").find(c) != std::string_view::npos;
}
bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

bool is_path(const std::string& w) {
    if (w.find('/') != std::string::npos) return std::count_if(w.begin(), w.end(), is_alnum) >= 2;
    const size_t dot = w.rfind('.');
    if (dot == std::string::npos || dot < 2 || w.size() - dot - 1 < 1 || w.size() - dot - 1 > 5) return false;
    if (!is_alpha(w[dot + 1])) return false;
    const auto name_ok = [](char c) { return is_alnum(c) || c == '_' || c == '-' || c == '.'; };
    return std::all_of(w.begin(), w.end(), name_ok) &&
           std::all_of(w.begin() + static_cast<std::ptrdiff_t>(dot) + 1, w.end(), is_alnum);
}

bool is_id(const std::string& w) {
    if (w.size() < 6) return false;
    const auto id_char = [](char c) { return is_alnum(c) || c == '_' || c == '-'; };
    return std::all_of(w.begin(), w.end(), id_char) && std::any_of(w.begin(), w.end(), is_alpha) &&
           std::any_of(w.begin(), w.end(), is_digit);
}

bool is_value(const std::string& w) {
    if (!std::all_of(w.begin(), w.end(), [](char c) { return is_digit(c) || c == '.'; })) return false;
    const auto digits = std::count_if(w.begin(), w.end(), is_digit);
    const bool dotted = w.find('.') != std::string::npos;
    return digits >= 3 || (dotted && digits >= 2 && is_digit(w.front()) && is_digit(w.back()));
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string trimmed(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

void add_error_lines(const std::string& text, std::set<std::string>& keys) {
    size_t start = 0;
    while (start <= text.size()) {
        const size_t end = std::min(text.find('\n', start), text.size());
        const std::string line = trimmed(text.substr(start, end - start));
        const std::string l = lower(line);
        const bool error = l.find("error") != std::string::npos || l.find("exception") != std::string::npos ||
                           l.find("traceback") != std::string::npos || l.find("failed") != std::string::npos;
        if (error && line.size() >= 12) {
            std::string key = utf8_prefix(line, 60);
            // Whole words only: a cut word ("Pleas") is no word a search can match.
            if (key.size() < line.size() && line[key.size()] != ' ' && key.rfind(' ') != std::string::npos)
                key.erase(key.rfind(' '));
            keys.insert(trimmed(key));
        }
        start = end + 1;
    }
}

}  // namespace

std::vector<std::string> reference_keys(const std::string& text) {
    std::set<std::string> keys;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_split(text[i])) ++i;
        size_t j = i;
        while (j < text.size() && !is_split(text[j])) ++j;
        std::string w = text.substr(i, j - i);
        i = j;
        while (!w.empty() && (w.back() == '.' || w.back() == '!' || w.back() == '?')) w.pop_back();
        if (w.empty() || w.size() > 120) continue;
        if (is_path(w) || is_id(w) || is_value(w)) keys.insert(w);
    }
    add_error_lines(text, keys);
    return {keys.begin(), keys.end()};
}

std::string visible_text(const SurfaceItem& item) {
    return item.is_checkpoint ? item.text : archived_message_text(item.message);
}

Prompt prompt_of(const FoldSurface& surface) {
    Prompt p;
    p.reserve(surface.items.size());
    for (const auto& item : surface.items) {
        if (item.is_checkpoint) {
            p.push_back({item.text, item.tokens});
            continue;
        }
        auto bytes = canonical_json(item.message);
        p.push_back({bytes.ok() ? *bytes : item.message.dump(), item.tokens});
    }
    return p;
}

UnchangedPrefix unchanged_prefix(const Prompt& before, const Prompt& after) {
    UnchangedPrefix u;
    while (u.items < before.size() && u.items < after.size() && before[u.items].bytes == after[u.items].bytes) {
        u.bytes += before[u.items].bytes.size();
        u.tokens += before[u.items].tokens;
        ++u.items;
    }
    return u;
}

std::vector<ToolCall> tool_calls(const nlohmann::json& archived) {
    std::vector<ToolCall> calls;
    for (const auto& b : archived.value("blocks", nlohmann::json::array()))
        if (b.is_object() && b.value("kind", "") == "tool_call")
            calls.push_back({b.value("id", ""), b.value("name", "") + std::string(1, '\0') + b.value("arguments", "")});
    return calls;
}

std::vector<std::pair<std::string, std::string>> tool_results(const nlohmann::json& archived) {
    std::vector<std::pair<std::string, std::string>> results;
    for (const auto& b : archived.value("blocks", nlohmann::json::array()))
        if (b.is_object() && b.value("kind", "") == "tool_result" && !b.value("id", "").empty())
            results.emplace_back(b.value("id", ""), b.value("text", ""));
    return results;
}

}  // namespace bm::bench
