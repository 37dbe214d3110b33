// Readers of gold.jsonl, labels.jsonl and split.tsv, and the split rule (bench/extract/gold_set.h).
#include "bench/extract/gold_set.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "model/claim.h"
#include "util/hash.h"
#include "util/utf8.h"

namespace bm::extract_bench {

namespace {

using nlohmann::json;

Result<std::vector<std::string>> read_lines(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return Error::io("cannot read " + file, Location(file), "check the path (--gold, --labels, --dispute-labels, --split-file)");
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// One JSON object per non-empty line; `allowed` are its only members.
Result<std::vector<std::pair<int64_t, json>>> read_jsonl(const std::string& file, const std::set<std::string>& allowed) {
    auto lines = read_lines(file);
    if (!lines) return lines.error();
    std::vector<std::pair<int64_t, json>> rows;
    for (size_t i = 0; i < lines->size(); ++i) {
        const std::string& text = (*lines)[i];
        const int64_t line = static_cast<int64_t>(i) + 1;
        if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
        json row = json::parse(text, nullptr, false);
        if (row.is_discarded() || !row.is_object())
            return Error::invalid_input("not a JSON object", Location(file, line), "one object per line");
        for (const auto& [name, value] : row.items())
            if (!allowed.count(name)) return Error::invalid_input("unknown field", Location(file, line, -1, name));
        rows.emplace_back(line, std::move(row));
    }
    return rows;
}

Result<std::string> required_string(const std::string& file, int64_t line, const json& row, const std::string& field) {
    auto it = row.find(field);
    if (it == row.end() || !it->is_string() || it->get<std::string>().empty())
        return Error::invalid_input("missing or empty string", Location(file, line, -1, field));
    return it->get<std::string>();
}

// Fills every named target from its required string member; the first missing one is the error.
std::optional<Error> fill_strings(const std::string& file, int64_t line, const json& row,
                                  std::initializer_list<std::pair<const char*, std::string*>> fields) {
    for (auto [field, target] : fields) {
        auto s = required_string(file, line, row, field);
        if (!s) return s.error();
        *target = *s;
    }
    return std::nullopt;
}

}  // namespace

Result<std::vector<GoldClaim>> read_gold(const std::string& file) {
    auto rows = read_jsonl(file, {"log", "key", "value", "type", "quote"});
    if (!rows) return rows.error();
    std::vector<GoldClaim> out;
    for (const auto& [line, row] : *rows) {
        GoldClaim c;
        c.line = line;
        if (auto e = fill_strings(file, line, row, {{"log", &c.log}, {"key", &c.key}, {"value", &c.value},
                                                    {"type", &c.type}, {"quote", &c.quote}}))
            return *e;
        if (!slot_type_from_name(c.type))
            return Error::invalid_input("unknown slot type '" + c.type + "'", Location(file, line, -1, "type"),
                                        "Fact, Decision, Constraint, Refuted, Goal, OpenQ or Artifact");
        out.push_back(std::move(c));
    }
    return out;
}

Result<std::vector<Label>> read_labels(const std::string& file) {
    auto rows = read_jsonl(file, {"log", "key", "value", "label", "alternative", "reason"});
    if (!rows) return rows.error();
    std::vector<Label> out;
    std::map<std::tuple<std::string, std::string, std::string>, int64_t> seen;
    for (const auto& [line, row] : *rows) {
        Label l;
        l.line = line;
        if (auto e = fill_strings(file, line, row, {{"log", &l.log}, {"key", &l.key}, {"value", &l.value},
                                                    {"label", &l.label}, {"reason", &l.reason}}))
            return *e;
        if (l.label != "good" && l.label != "partial" && l.label != "junk")
            return Error::invalid_input("label must be good, partial or junk", Location(file, line, -1, "label"));
        if (auto it = row.find("alternative"); it != row.end()) {
            if (!it->is_boolean()) return Error::invalid_input("expected true or false", Location(file, line, -1, "alternative"));
            l.alternative = it->get<bool>();
        }
        auto [it, fresh] = seen.emplace(std::tuple{l.log, l.key, l.value}, line);
        if (!fresh)
            return Error::invalid_input("duplicate label of (log, key, value) first given on line " +
                                            std::to_string(it->second), Location(file, line, -1, "value"));
        out.push_back(std::move(l));
    }
    return out;
}

Result<std::vector<DisputeLabel>> read_dispute_labels(const std::string& file) {
    auto rows = read_jsonl(file, {"merge", "key", "values", "real", "reason"});
    if (!rows) return rows.error();
    std::vector<DisputeLabel> out;
    std::map<std::tuple<std::string, std::string, std::vector<std::string>>, int64_t> seen;
    for (const auto& [line, row] : *rows) {
        DisputeLabel l;
        l.line = line;
        if (auto e = fill_strings(file, line, row, {{"merge", &l.merge}, {"key", &l.key}, {"reason", &l.reason}}))
            return *e;
        auto values = row.find("values");
        if (values == row.end() || !values->is_array() || values->size() < 2)
            return Error::invalid_input("expected an array of two or more strings", Location(file, line, -1, "values"));
        for (const json& v : *values) {
            if (!v.is_string())
                return Error::invalid_input("expected an array of two or more strings", Location(file, line, -1, "values"));
            l.values.push_back(v.get<std::string>());
        }
        std::sort(l.values.begin(), l.values.end());
        auto real = row.find("real");
        if (real == row.end() || !real->is_boolean())
            return Error::invalid_input("expected true or false", Location(file, line, -1, "real"));
        l.real = real->get<bool>();
        auto [it, fresh] = seen.emplace(std::tuple{l.merge, l.key, l.values}, line);
        if (!fresh)
            return Error::invalid_input("duplicate verdict on (merge, key, values) first given on line " +
                                            std::to_string(it->second), Location(file, line, -1, "values"));
        out.push_back(std::move(l));
    }
    return out;
}

Result<std::vector<SplitLog>> read_split(const std::string& file) {
    auto lines = read_lines(file);
    if (!lines) return lines.error();
    std::vector<SplitLog> out;
    for (size_t i = 0; i < lines->size(); ++i) {
        const std::string& text = (*lines)[i];
        const int64_t line = static_cast<int64_t>(i) + 1;
        if (text.empty() || text[0] == '#') continue;
        std::vector<std::string> cells;
        for (size_t start = 0;;) {
            const size_t tab = text.find('\t', start);
            cells.push_back(text.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
            if (tab == std::string::npos) break;
            start = tab + 1;
        }
        if (cells.size() != 4)
            return Error::invalid_input("expected 4 tab-separated cells (path, format, split, digest)", Location(file, line));
        if (cells[2] != "dev" && cells[2] != "test")
            return Error::invalid_input("split must be dev or test", Location(file, line, -1, "split"));
        out.push_back({cells[0], cells[1], cells[2], cells[3]});
    }
    return out;
}

std::vector<SplitLog> assign_split(const std::vector<std::pair<std::string, std::string>>& path_and_format) {
    std::map<std::string, std::vector<std::pair<std::string, std::string>>> by_format;  // format -> (digest, path)
    std::vector<SplitLog> out;
    for (const auto& [path, format] : path_and_format) {
        if (path.rfind(kGrownDevDir, 0) == 0) out.push_back({path, format, "dev", sha256_hex(path)});
        else if (path.rfind(kGrownTestDir, 0) == 0) out.push_back({path, format, "test", sha256_hex(path)});
        else by_format[format].emplace_back(sha256_hex(path), path);
    }
    for (auto& [format, logs] : by_format) {
        std::sort(logs.begin(), logs.end());
        const size_t n_test = (logs.size() + 2) / 3;
        for (size_t i = 0; i < logs.size(); ++i)
            out.push_back({logs[i].second, format, i < n_test ? "test" : "dev", logs[i].first});
    }
    std::sort(out.begin(), out.end(), [](const SplitLog& a, const SplitLog& b) { return a.path < b.path; });
    return out;
}

bool quote_occurs(const std::string& log_text, const std::string& quote) {
    if (log_text.find(quote) != std::string::npos) return true;
    std::string decoded;
    decoded.reserve(log_text.size());
    for (size_t i = 0; i < log_text.size(); ++i) {
        if (log_text[i] == '\\' && i + 1 < log_text.size()) {
            const char next = log_text[i + 1];
            if (next == '"' || next == '\\' || next == '/') { decoded += next; ++i; continue; }
            if (next == 'n' || next == 'r' || next == 't') { decoded += next == 'n' ? '\n' : next == 'r' ? '\r' : '\t'; ++i; continue; }
            // "\u003e": Go's JSON writer (Entire CLI's) escapes < > & this way; an ASCII code point is decoded
            // (session 26: a fresh log's `requires-python = ">=3.14"`); so is any other one ("\u2014", as a
            // writer with ASCII-only output escapes an em dash; a surrogate pair is one code point: session 32).
            if (next == 'u') {
                auto hex4 = [&](size_t at, unsigned& code) {
                    if (at + 4 > log_text.size()) return false;
                    code = 0;
                    for (size_t k = at; k < at + 4; ++k) {
                        const int lower = std::tolower(static_cast<unsigned char>(log_text[k]));
                        if (!std::isxdigit(lower)) return false;
                        code = code * 16 + static_cast<unsigned>(std::isdigit(lower) ? lower - '0' : lower - 'a' + 10);
                    }
                    return true;
                };
                unsigned code = 0, low = 0;
                if (hex4(i + 2, code) && code >= 0x20 && (code < 0xD800 || code > 0xDFFF)) {
                    append_utf8(decoded, static_cast<char32_t>(code));
                    i += 5;
                    continue;
                }
                if (code >= 0xD800 && code < 0xDC00 && i + 8 <= log_text.size() &&
                    log_text.compare(i + 6, 2, "\\u") == 0 && hex4(i + 8, low) && low >= 0xDC00 && low <= 0xDFFF) {
                    append_utf8(decoded, static_cast<char32_t>(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)));
                    i += 11;
                    continue;
                }
            }
        }
        decoded += log_text[i];
    }
    return decoded.find(quote) != std::string::npos;
}

}  // namespace bm::extract_bench
