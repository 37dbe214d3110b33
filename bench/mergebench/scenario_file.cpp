// Reading and writing MergeBench scenario files: one JSON object per line, every field checked.
#include "bench/mergebench/scenario_file.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "bench/mergebench/native_log.h"
#include "ingest/ingest.h"
#include "util/fast_json.h"

namespace bm::mergebench {

namespace {

using nlohmann::json;

const char* const kConflicts[] = {"none", "resolve", "tie"};  // TopicTruth: !conflicted, conflicted, tie

// One JSON line; a reader's text that is not valid UTF-8 is written with U+FFFD instead of throwing.
std::string json_line(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Where the line being read is, and how a problem there is reported.
struct Place {
    const std::string& file;
    int64_t line;
    Error fail(const std::string& field, const std::string& what, const std::string& hint = {}) const {
        return Error::invalid_input(what, Location(file, line, -1, field), hint);
    }
};

using Problem = std::optional<Error>;

// Members of `object` not in `known` are typos or unsupported: named, not ignored.
Problem only_known(const Place& at, const json& object, const std::string& path, std::initializer_list<const char*> known) {
    for (auto it = object.begin(); it != object.end(); ++it) {
        bool ok = false;
        for (const char* k : known) ok = ok || it.key() == k;
        if (!ok) return at.fail(path + it.key(), "unknown member", "see docs/mergebench.md, \"Scenario files\"");
    }
    return std::nullopt;
}

// An optional array of non-empty strings at `object[name]`, lowercased into `out`.
Problem words(const Place& at, const json& object, const char* name, const std::string& path, bool required,
              std::vector<std::string>* out) {
    auto it = object.find(name);
    if (it == object.end()) return required ? Problem(at.fail(path, "missing (an array of strings)")) : std::nullopt;
    if (!it->is_array()) return at.fail(path, "expected an array of strings");
    for (size_t i = 0; i < it->size(); ++i) {
        const json& w = (*it)[i];
        if (!w.is_string() || w.get<std::string>().empty())
            return at.fail(path + "[" + std::to_string(i) + "]", "expected a non-empty string");
        out->push_back(lower(w.get<std::string>()));
    }
    if (required && out->empty()) return at.fail(path, "needs at least one value");
    return std::nullopt;
}

// Runs `each(object, path)` over `v[name]`, a non-empty array of objects with only `members`.
template <typename Each>
Problem each_object(const Place& at, const json& v, const std::string& name, const char* shape,
                    std::initializer_list<const char*> members, Each each) {
    auto it = v.find(name);
    if (it == v.end() || !it->is_array() || it->empty()) return at.fail(name, std::string("expected a non-empty array of ") + shape);
    for (size_t i = 0; i < it->size(); ++i) {
        const json& object = (*it)[i];
        const std::string path = name + "[" + std::to_string(i) + "]";
        if (!object.is_object()) return at.fail(path, std::string("expected an object ") + shape);
        if (auto p = only_known(at, object, path + ".", members)) return p;
        if (auto p = each(object, path)) return p;
    }
    return std::nullopt;
}

// The bytes of an inline log: a string as it is, an array as JSONL (one record a line), an object as a document.
std::optional<std::string> log_bytes(const json& log) {
    if (log.is_string()) return log.get<std::string>();
    if (log.is_object()) return json_line(log);
    if (!log.is_array()) return std::nullopt;
    std::string out;
    for (const auto& record : log) out += json_line(record) + "\n";
    return out;
}

// Ground-truth claims for a log whose format carries none: `{"message": N, ...}` puts the claim (the
// native format's claim object) on the log's N-th message (1-based). They are validated by the native
// reader itself (key, value, type, evidence, verbatim quote, derivedFrom), on the session written as
// native JSONL; the session keeps its own structure and only gains the annotations.
Problem attach_claims(const Place& at, const json& claims, const std::string& path, Session& s) {
    if (!claims.is_array()) return at.fail(path, "expected an array of claim objects");
    json records = native_log_records(s);  // records[k + 1] is message k
    std::map<std::pair<size_t, size_t>, size_t> origin;  // (message, position in its claims) -> index in `claims`
    for (size_t i = 0; i < claims.size(); ++i) {
        const std::string cpath = path + "[" + std::to_string(i) + "]";
        if (!claims[i].is_object()) return at.fail(cpath, "expected a claim object {\"message\", \"key\", \"value\", ...}");
        auto n = claims[i].find("message");
        if (n == claims[i].end() || !n->is_number_unsigned() || n->get<uint64_t>() == 0 || n->get<uint64_t>() > s.messages.size())
            return at.fail(cpath + ".message", "expected the 1-based index of a message of the log (1.." +
                                                   std::to_string(s.messages.size()) + ")");
        json claim = claims[i];
        claim.erase("message");
        json& record = records[n->get<uint64_t>()];
        if (!record.contains("claims")) record["claims"] = json::array();
        origin[{n->get<uint64_t>() - 1, record["claims"].size()}] = i;
        record["claims"].push_back(std::move(claim));
    }
    std::string bytes;
    for (const auto& r : records) bytes += json_line(r) + "\n";
    ReadOptions options;
    options.keep_raw = false;
    ReadResult read = read_bytes(bytes, "claims", options);
    if (!read.errors.empty()) {  // name the claim as the file has it: path[i].member
        const Error& e = read.errors.front();
        size_t position = 0;
        int rest = 0;
        if (e.where().line >= 2 && std::sscanf(e.where().field.c_str(), "claims[%zu]%n", &position, &rest) == 1) {
            auto it = origin.find({static_cast<size_t>(e.where().line - 2), position});
            if (it != origin.end())
                return at.fail(path + "[" + std::to_string(it->second) + "]" + e.where().field.substr(static_cast<size_t>(rest)), e.message(), e.hint());
        }
        return at.fail(path, "the claims do not read: " + e.to_string());
    }
    if (read.sessions.size() != 1 || read.sessions.front().messages.size() != s.messages.size())
        return at.fail(path, "the claims do not read back onto the log's messages");
    for (size_t k = 0; k < s.messages.size(); ++k) s.messages[k].annotations = read.sessions.front().messages[k].annotations;
    return std::nullopt;
}

Problem read_branches(const Place& at, const json& v, Scenario& sc) {
    std::set<std::string> ids;
    return each_object(at, v, "branches", "{\"log\": ...}", {"log", "claims"}, [&](const json& b, const std::string& path) -> Problem {
        auto log = b.find("log");
        if (log == b.end()) return at.fail(path + ".log", "missing (the branch's log)");
        auto bytes = log_bytes(*log);
        if (!bytes) return at.fail(path + ".log", "expected a string (any supported log), an array of JSONL records or a JSON document");
        ReadOptions options;
        options.keep_raw = false;
        ReadResult read = read_bytes(*bytes, "log", options);
        if (!read.errors.empty()) return at.fail(path + ".log", "the log does not read: " + read.errors.front().to_string());
        if (read.sessions.size() != 1)
            return at.fail(path + ".log", "holds " + std::to_string(read.sessions.size()) + " sessions; a branch is one session");
        Session& s = read.sessions.front();
        if (s.messages.empty()) return at.fail(path + ".log", "the session has no messages");
        if (!ids.insert(s.id).second) return at.fail(path + ".log", "session id '" + s.id + "' is another branch's too");
        if (auto claims = b.find("claims"); claims != b.end())
            if (auto p = attach_claims(at, *claims, path + ".claims", s)) return p;
        sc.sessions.push_back(std::move(s));
        return std::nullopt;
    });
}

Problem read_topics(const Place& at, const json& v, Scenario& sc, std::map<std::string, size_t>* index) {
    const auto members = {"key", "correct", "alternative", "conflict"};
    return each_object(at, v, "topics", "{\"key\", \"correct\", ...}", members, [&](const json& t, const std::string& path) -> Problem {
        TopicTruth truth;
        auto key = t.find("key");
        if (key == t.end() || !key->is_string() || key->get<std::string>().empty())
            return at.fail(path + ".key", "expected a non-empty string");
        truth.key = key->get<std::string>();
        if (!index->emplace(truth.key, sc.topics.size()).second) return at.fail(path + ".key", "topic '" + truth.key + "' is listed twice");
        if (auto p = words(at, t, "correct", path + ".correct", true, &truth.correct)) return p;
        if (auto p = words(at, t, "alternative", path + ".alternative", false, &truth.alternative)) return p;
        std::string conflict = "none";
        if (auto c = t.find("conflict"); c != t.end()) {
            if (!c->is_string()) return at.fail(path + ".conflict", "expected \"none\", \"resolve\" or \"tie\"");
            conflict = c->get<std::string>();
        }
        if (conflict != kConflicts[0] && conflict != kConflicts[1] && conflict != kConflicts[2])
            return at.fail(path + ".conflict", "unknown conflict '" + conflict + "'", "use none, resolve or tie");
        truth.conflicted = conflict != kConflicts[0];
        truth.tie = conflict == kConflicts[2];
        if (truth.conflicted && truth.alternative.empty())
            return at.fail(path + ".alternative", "a conflicted topic needs the alternative value's forms");
        sc.topics.push_back(std::move(truth));
        return std::nullopt;
    });
}

Problem read_questions(const Place& at, const json& v, Scenario& sc, const std::map<std::string, size_t>& index) {
    return each_object(at, v, "questions", "{\"kind\", \"keys\"}", {"kind", "keys"}, [&](const json& q, const std::string& path) -> Problem {
        auto kind = q.find("kind");
        if (kind == q.end() || !kind->is_string() || (*kind != "local" && *kind != "bridge"))
            return at.fail(path + ".kind", "expected \"local\" or \"bridge\"");
        Question question;
        question.bridge = *kind == "bridge";
        auto keys = q.find("keys");
        if (keys == q.end() || !keys->is_array()) return at.fail(path + ".keys", "expected an array of topic keys");
        for (size_t k = 0; k < keys->size(); ++k) {
            const json& key = (*keys)[k];
            const std::string kpath = path + ".keys[" + std::to_string(k) + "]";
            auto found = key.is_string() ? index.find(key.get<std::string>()) : index.end();
            if (found == index.end()) return at.fail(kpath, "expected the key of a topic of this scenario");
            for (size_t seen : question.topics)
                if (seen == found->second) return at.fail(kpath, "topic '" + found->first + "' is asked twice");
            question.topics.push_back(found->second);
        }
        if (!question.bridge && question.topics.size() != 1) return at.fail(path + ".keys", "a local question asks one topic");
        if (question.bridge && question.topics.size() < 2) return at.fail(path + ".keys", "a bridge question asks two or more topics");
        sc.questions.push_back(std::move(question));
        return std::nullopt;
    });
}

// Deep values are refused before parsing, since writing them back (an inline log is re-serialised)
// recurses; a scenario needs far fewer levels than the engine's limit (util/fast_json.h).
constexpr size_t kMaxDepth = 64;

Result<Scenario> read_scenario(const Place& at, std::string_view text) {
    if (json_depth_exceeded_at(text, kMaxDepth) != std::string_view::npos)
        return at.fail("", "arrays and objects nest deeper than " + std::to_string(kMaxDepth) + " levels");
    json v = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (v.is_discarded()) return at.fail("", "not a JSON value", "one scenario object per line");
    if (!v.is_object()) return at.fail("", "expected a scenario object");
    if (auto p = only_known(at, v, "", {"family", "budget", "branches", "topics", "questions", "decoys", "directives"})) return *p;
    Scenario sc;
    sc.family = "custom";
    if (auto f = v.find("family"); f != v.end()) {
        if (!f->is_string() || f->get<std::string>().empty()) return at.fail("family", "expected a non-empty string (a label)");
        sc.family = f->get<std::string>();
    }
    auto budget = v.find("budget");
    if (budget == v.end() || !budget->is_number_unsigned() || budget->get<uint64_t>() == 0)
        return at.fail("budget", "expected a whole number of tokens >= 1");
    sc.budget = budget->get<uint64_t>();
    std::map<std::string, size_t> index;
    if (auto p = read_branches(at, v, sc)) return *p;
    if (auto p = read_topics(at, v, sc, &index)) return *p;
    if (auto p = read_questions(at, v, sc, index)) return *p;
    if (auto p = words(at, v, "decoys", "decoys", false, &sc.decoys)) return *p;
    if (auto p = words(at, v, "directives", "directives", false, &sc.directives)) return *p;
    return sc;
}

}  // namespace

std::string scenario_line(const Scenario& sc) {
    json branches = json::array(), topics = json::array(), questions = json::array();
    for (const auto& s : sc.sessions) branches.push_back({{"log", native_log_records(s)}});
    for (const auto& t : sc.topics)
        topics.push_back({{"key", t.key}, {"correct", t.correct}, {"alternative", t.alternative},
                          {"conflict", kConflicts[t.tie ? 2 : t.conflicted ? 1 : 0]}});
    for (const auto& q : sc.questions) {
        json keys = json::array();
        for (size_t t : q.topics) keys.push_back(sc.topics[t].key);
        questions.push_back({{"kind", q.bridge ? "bridge" : "local"}, {"keys", keys}});
    }
    json line = {{"family", sc.family}, {"budget", sc.budget}, {"branches", branches}, {"topics", topics},
                 {"questions", questions}};
    if (!sc.decoys.empty()) line["decoys"] = sc.decoys;
    if (!sc.directives.empty()) line["directives"] = sc.directives;
    return json_line(line) + "\n";
}

Result<std::vector<Scenario>> read_scenarios(std::string_view text, const std::string& file) {
    std::vector<Scenario> out;
    int64_t number = 0;
    for (size_t start = 0; start < text.size();) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.find_first_not_of(" \t") == std::string_view::npos) continue;  // blank lines separate nothing
        auto sc = read_scenario(Place{file, number}, line);
        if (!sc) return sc.error();
        out.push_back(std::move(*sc));
    }
    if (out.empty()) return Error::invalid_input("no scenarios", Location(file), "one scenario object per line");
    return out;
}

Result<std::vector<Scenario>> read_scenario_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error::io("cannot open the scenario file", Location(path));
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (in.bad()) return Error::io("cannot read the scenario file", Location(path));
    return read_scenarios(bytes.str(), path);
}

}  // namespace bm::mergebench
