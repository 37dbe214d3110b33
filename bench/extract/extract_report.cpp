// Markdown and canonical JSON renderings of a BenchReport (bench/extract/extract_report.h).
#include "bench/extract/extract_report.h"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>

#include "util/canonical_json.h"

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
    out += "\nunlabelled emitted slot values: " + std::to_string(r.unlabelled.size()) + "\n";
    for (const EmittedValue& e : r.unlabelled)
        out += "- " + e.log + " | " + e.key + " = " + e.value + " | " + e.state + " | quote: " + e.quote.substr(0, 160) + "\n";
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
        splits[s] = {{"overall", counts_json(o == r.overall.end() ? Counts{} : o->second)}, {"formats", formats},
                     {"rules", rules}};
    }
    json unlabelled = json::array();
    for (const EmittedValue& e : r.unlabelled)
        unlabelled.push_back({{"log", e.log}, {"format", e.format}, {"split", e.split}, {"key", e.key},
                              {"value", e.value}, {"state", e.state}, {"rules", e.rules}, {"quote", e.quote}});
    json out = {{"extractor", r.extractor}, {"rules", r.rules}, {"splits", splits},
                {"unlabelled", unlabelled}, {"stale_labels", r.stale_labels}};
    return canonical_json(out);
}

std::string missed_markdown(const BenchReport& r) {
    std::string out = "gold claims not recalled: " + std::to_string(r.missed.size()) + "\n";
    for (const auto& [split, g] : r.missed)
        out += "- " + split + " | " + g.log + " | " + g.key + " = " + g.value + " | " + g.type + " | quote: " +
               g.quote.substr(0, 160) + "\n";
    out += "\ngold claims recalled: " + std::to_string(r.recalled.size()) + " (gold | the emitted value that matched)\n";
    for (const auto& [g, by] : r.recalled) out += "- " + g.log + " | " + g.key + " = " + g.value + " | by " + by + "\n";
    return out;
}

}  // namespace bm::extract_bench
