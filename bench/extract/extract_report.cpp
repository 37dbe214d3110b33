// Markdown and canonical JSON renderings of a BenchReport (bench/extract/extract_report.h).
#include "bench/extract/extract_report.h"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>

#include "util/canonical_json.h"
#include "util/utf8.h"

namespace bm::extract_bench {

namespace {

using nlohmann::json;

std::string fixed(std::optional<double> v) {
    if (!v) return "–";
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.2f", *v);
    return buf;
}

std::string gap(std::optional<double> dev, std::optional<double> test) {
    if (!dev || !test) return "–";
    char buf[16];
    std::snprintf(buf, sizeof buf, "%+.2f", *dev - *test);
    return buf;
}

json ratio_json(std::optional<double> v) { return v ? json(*v) : json(nullptr); }

json counts_json(const Counts& c) {
    return {{"logs", c.logs}, {"slots", c.slots}, {"values", c.values}, {"labelled", c.labelled}, {"good", c.good},
            {"partial", c.partial}, {"junk", c.junk}, {"gold", c.gold}, {"recalled", c.recalled},
            {"dispute_slots", c.dispute_slots}, {"dispute_labelled", c.dispute_labelled},
            {"dispute_real", c.dispute_real}, {"strict", ratio_json(c.strict())}, {"lenient", ratio_json(c.lenient())},
            {"recall", ratio_json(c.recall())}, {"dispute_precision", ratio_json(c.dispute_precision())}};
}

std::string metrics_cells(const Counts& c) {
    return " " + std::to_string(c.logs) + " | " + std::to_string(c.slots) + " | " + fixed(c.strict()) + " | " +
           fixed(c.lenient()) + " | " + fixed(c.recall()) + " (" + std::to_string(c.recalled) + "/" +
           std::to_string(c.gold) + ") | " + fixed(c.dispute_precision()) + " (" + std::to_string(c.dispute_slots) + ") |";
}

// One row: a format (or "all") across the reported splits, then the dev - test gap.
std::string table_row(const BenchReport& r, const std::string& name, const Counts* dev, const Counts* test) {
    std::string row = "| " + name + " |";
    static const Counts kEmpty;
    for (const std::string& s : r.splits) row += metrics_cells(s == "dev" ? (dev ? *dev : kEmpty) : (test ? *test : kEmpty));
    if (r.splits.size() == 2) {
        const Counts& d = dev ? *dev : kEmpty;
        const Counts& t = test ? *test : kEmpty;
        row += " " + gap(d.strict(), t.strict()) + " | " + gap(d.lenient(), t.lenient()) + " | " +
               gap(d.recall(), t.recall()) + " |";
    }
    return row + "\n";
}

std::string merged_cells(const MergedCounts& m) {
    return " " + std::to_string(m.logs) + " | " + std::to_string(m.slots) + " | " + std::to_string(m.disputes) + " | " +
           fixed(m.precision()) + " (" + std::to_string(m.real) + "/" + std::to_string(m.labelled) + ") |";
}

json merged_json(const MergedCounts& m) {
    return {{"logs", m.logs}, {"slots", m.slots}, {"disputes", m.disputes}, {"labelled", m.labelled},
            {"real", m.real}, {"dispute_precision", ratio_json(m.precision())}};
}

// The merged arm's table (one row a format, then all) and every dispute it found with its verdict.
std::string merged_markdown(const BenchReport& r) {
    std::string out = "\ndisputes when each split's logs of one format are merged together (as a reviewer merges a "
                      "week of sessions; verdicts in dispute_labels.jsonl):\n\n| format |";
    std::string rule_line = "|---|";
    for (const std::string& s : r.splits) {
        out += " " + s + " logs | " + s + " merged slots | " + s + " disputed | " + s + " dispute prec. (real/labelled) |";
        rule_line += "---:|---:|---:|---:|";
    }
    if (r.splits.size() == 2) out += " gap dispute prec. |", rule_line += "---:|";
    out += "\n" + rule_line + "\n";
    std::set<std::string> formats;
    for (const auto& [split, by] : r.merged)
        for (const auto& [format, m] : by) formats.insert(format);
    static const MergedCounts kNone;
    auto find = [&](const std::string& s, const std::string& f) -> const MergedCounts& {
        auto a = r.merged.find(s);
        if (a == r.merged.end()) return kNone;
        auto b = a->second.find(f);
        return b == a->second.end() ? kNone : b->second;
    };
    auto row = [&](const std::string& name, auto get) {
        std::string line = "| " + name + " |";
        for (const std::string& s : r.splits) line += merged_cells(get(s));
        if (r.splits.size() == 2) line += " " + gap(get("dev").precision(), get("test").precision()) + " |";
        return line + "\n";
    };
    for (const std::string& f : formats) out += row(f, [&](const std::string& s) -> const MergedCounts& { return find(s, f); });
    out += row("**all**", [&](const std::string& s) -> const MergedCounts& {
        auto it = r.merged_overall.find(s);
        return it == r.merged_overall.end() ? kNone : it->second;
    });
    out += "\nmerged disputes: " + std::to_string(r.disputes.size()) + " (" + std::to_string(r.unlabelled_disputes) +
           " unlabelled)\n";
    for (const MergedDispute& d : r.disputes) {
        std::string values;
        for (const std::string& v : d.values) values += (values.empty() ? "" : " | ") + utf8_prefix(v, 80);
        std::string rules;
        for (const std::string& x : d.rules) rules += (rules.empty() ? "" : ", ") + x;
        out += "- " + d.merge + " | " + d.key + " | {" + values + "} | " +
               (!d.real ? "UNLABELLED" : *d.real ? "real" : "not real") + " | " + d.state + " | " + rules + "\n";
    }
    out += "\nwordings the merge read as one fact (shown value first; merge/value_refinement.h): " +
           std::to_string(r.joined.size()) + "\n";
    for (const MergedDispute& j : r.joined) {
        std::string values;
        for (const std::string& v : j.values) values += (values.empty() ? "" : " | ") + utf8_prefix(v, 80);
        out += "- " + j.merge + " | " + j.key + " | {" + values + "}\n";
    }
    return out;
}

const Counts* find_counts(const BenchReport& r, const std::string& split, const std::string& format) {
    auto s = r.by_format.find(split);
    if (s == r.by_format.end()) return nullptr;
    auto f = s->second.find(format);
    return f == s->second.end() ? nullptr : &f->second;
}

}  // namespace

std::string report_markdown(const BenchReport& r, const std::string& machine_line) {
    std::string out = "bench extract: " + r.extractor + " extractor, rules " + r.rules + ", splits";
    for (const std::string& s : r.splits) out += " " + s;
    out += "\nmachine: " + machine_line + "\n\n";
    out += "| format |";
    std::string rule_line = "|---|";
    for (const std::string& s : r.splits) {
        out += " " + s + " logs | " + s + " slots | " + s + " strict | " + s + " lenient | " + s + " recall | " + s +
               " dispute prec. (slots) |";
        rule_line += "---:|---:|---:|---:|---:|---:|";
    }
    if (r.splits.size() == 2) out += " gap strict | gap lenient | gap recall |", rule_line += "---:|---:|---:|";
    out += "\n" + rule_line + "\n";
    std::set<std::string> formats;
    for (const auto& [split, by] : r.by_format)
        for (const auto& [format, c] : by) formats.insert(format);
    for (const std::string& f : formats) out += table_row(r, f, find_counts(r, "dev", f), find_counts(r, "test", f));
    auto overall = [&](const char* s) { auto it = r.overall.find(s); return it == r.overall.end() ? nullptr : &it->second; };
    out += table_row(r, "**all**", overall("dev"), overall("test"));
    out += merged_markdown(r);

    out += "\nper rule (values: emitted slot values the rule supports; conflicts: slots where its value "
           "differs from another rule's):\n\n| split | rule | claims | values | labelled | strict | lenient | conflicts |\n"
           "|---|---|---:|---:|---:|---:|---:|---:|\n";
    for (const std::string& s : r.splits) {
        auto it = r.by_rule.find(s);
        if (it == r.by_rule.end()) continue;
        for (const auto& [rule, c] : it->second)
            out += "| " + s + " | " + rule + " | " + std::to_string(c.claims) + " | " + std::to_string(c.values) + " | " +
                   std::to_string(c.labelled) + " | " + fixed(c.strict()) + " | " + fixed(c.lenient()) + " | " +
                   std::to_string(c.conflicts) + " |\n";
    }
    out += "\nlogs the reader refuses (they emit nothing; their gold counts as missed): " +
           std::to_string(r.unread.size()) + "\n";
    for (const auto& [split, log, error] : r.unread) out += "- " + split + " | " + log + " | " + error + "\n";
    out += "\nunlabelled emitted slot values: " + std::to_string(r.unlabelled.size()) + "\n";
    for (const EmittedValue& e : r.unlabelled)
        out += "- " + e.log + " | " + e.key + " = " + e.value + " | " + e.state + " | quote: " +
               utf8_prefix(e.quote, 160) + "\n";
    out += "stale labels (no longer emitted): " + std::to_string(r.stale_labels) + "\n";
    return out;
}

Result<std::string> report_json(const BenchReport& r) {
    json splits = json::object();
    for (const std::string& s : r.splits) {
        json formats = json::object();
        if (auto it = r.by_format.find(s); it != r.by_format.end())
            for (const auto& [f, c] : it->second) formats[f] = counts_json(c);
        json rules = json::object();
        if (auto it = r.by_rule.find(s); it != r.by_rule.end())
            for (const auto& [rule, c] : it->second)
                rules[rule] = {{"claims", c.claims}, {"values", c.values}, {"labelled", c.labelled}, {"good", c.good},
                               {"partial", c.partial}, {"conflicts", c.conflicts}, {"strict", ratio_json(c.strict())},
                               {"lenient", ratio_json(c.lenient())}};
        auto o = r.overall.find(s);
        json merged_formats = json::object();
        if (auto it = r.merged.find(s); it != r.merged.end())
            for (const auto& [f, m] : it->second) merged_formats[f] = merged_json(m);
        auto mo = r.merged_overall.find(s);
        json merged = {{"overall", merged_json(mo == r.merged_overall.end() ? MergedCounts{} : mo->second)},
                       {"formats", merged_formats}};
        splits[s] = {{"overall", counts_json(o == r.overall.end() ? Counts{} : o->second)}, {"formats", formats},
                     {"rules", rules}, {"merged", merged}};
    }
    json unlabelled = json::array();
    for (const EmittedValue& e : r.unlabelled)
        unlabelled.push_back({{"log", e.log}, {"format", e.format}, {"split", e.split}, {"key", e.key},
                              {"value", e.value}, {"state", e.state}, {"rules", e.rules}, {"quote", e.quote}});
    json unread = json::array();
    for (const auto& [split, log, error] : r.unread)
        unread.push_back({{"split", split}, {"log", log}, {"error", error}});
    json disputes = json::array();
    for (const MergedDispute& d : r.disputes)
        disputes.push_back({{"merge", d.merge}, {"key", d.key}, {"state", d.state}, {"values", d.values},
                            {"rules", d.rules}, {"quotes", d.quotes}, {"real", d.real ? json(*d.real) : json(nullptr)}});
    json joined = json::array();
    for (const MergedDispute& j : r.joined) joined.push_back({{"merge", j.merge}, {"key", j.key}, {"wordings", j.values}});
    json out = {{"extractor", r.extractor}, {"rules", r.rules}, {"splits", splits}, {"unlabelled", unlabelled},
                {"unread", unread}, {"stale_labels", r.stale_labels}, {"disputes", disputes},
                {"unlabelled_disputes", r.unlabelled_disputes},
                {"joined", joined}};
    return canonical_json(out);
}

std::string missed_markdown(const BenchReport& r) {
    std::string out = "gold claims not recalled: " + std::to_string(r.missed.size()) + "\n";
    for (const auto& [split, g] : r.missed)
        out += "- " + split + " | " + g.log + " | " + g.key + " = " + g.value + " | " + g.type + " | quote: " +
               utf8_prefix(g.quote, 160) + "\n";
    out += "\ngold claims recalled: " + std::to_string(r.recalled.size()) + " (gold | the emitted value that matched)\n";
    for (const auto& [g, by] : r.recalled) out += "- " + g.log + " | " + g.key + " = " + g.value + " | by " + by + "\n";
    return out;
}

}  // namespace bm::extract_bench
