// Runs an extractor (the heuristic by default, or a ProseExtractor such as the model) over the gold logs and scores it (bench/extract/extract_bench.h).
#include "bench/extract/extract_bench.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

#include "bench/extract/match_rule.h"
#include "extract/tool_action_rules.h"
#include "ingest/ingest.h"
#include "merge/merger.h"

namespace bm::extract_bench {

namespace {

using ValueKey = std::tuple<std::string, std::string, std::string>;  // (log, key, value)


std::optional<double> ratio(double num, size_t den) {
    if (den == 0) return std::nullopt;
    return num / static_cast<double>(den);
}

bool is_environment(const std::string& key) { return key.rfind("env.", 0) == 0; }

// One log's values: every non-env value of every slot of its merged snapshot, or, for a log in a shape no reader
// knows, none and the reader's error (`refused`).
struct LogValues {
    std::vector<EmittedValue> values;
    std::optional<Error> refused;
};

// Reads and extracts one log; counts claims per rule. `branches` receives the log's extracted branches, for the
// merged arm. A log the reader refuses (ReadResult::unrecognised) gives no value; any other failure to read it (a
// missing or unreadable file) is the bench's error.
Result<LogValues> emitted_values(const BenchOptions& o, const SplitLog& log, std::map<std::string, RuleCounts>& rules,
                                 size_t& slots, std::vector<BranchClaims>& branches) {
    const std::string path = resolve_log_path(o, log.path);
    ReadOptions read;
    read.keep_raw = false;
    ReadResult r = read_file(path, read);
    if (r.sessions.empty() && r.unrecognised && !r.errors.empty()) return LogValues{{}, r.errors.front()};
    if (r.sessions.empty() && !r.errors.empty()) return r.errors.front();
    if (r.sessions.empty()) return Error::invalid_input("no session read", Location(path), "is the shared data present?");
    SnapshotOptions extract;
    extract.extract.all_rules = o.rules == "all";
    extract.prose = o.prose;
    MergedSnapshot snap = merge_branches(extract_session_claims(r.sessions, extract));
    for (const auto& branch : snap.inputs)
        for (const auto& c : branch.claims)
            if (!is_environment(c.key)) ++rules[c.rule.empty() ? "(none)" : c.rule].claims;
    LogValues out;
    for (const Slot& slot : snap.slots) {
        if (is_environment(slot.key)) continue;
        ++slots;
        for (const SlotValue& v : slot.values) {
            EmittedValue e{log.path, log.format, log.split, slot.key, v.value, slot_state_name(slot.state), {}, {}};
            for (const ClaimRef& ref : v.supporters) {
                const Claim& c = snap.claim(ref);
                const std::string rule = c.rule.empty() ? "(none)" : c.rule;
                if (std::find(e.rules.begin(), e.rules.end(), rule) == e.rules.end()) e.rules.push_back(rule);
                if (e.quote.empty()) e.quote = c.quote;
            }
            if (e.rules.empty()) e.rules.push_back("(none)");
            std::sort(e.rules.begin(), e.rules.end());
            out.values.push_back(std::move(e));
        }
    }
    for (BranchClaims& b : snap.inputs) branches.push_back(std::move(b));  // the log's branches, for the merged arm
    return out;
}

void score_label(const Label& l, Counts& c) {
    ++c.labelled;
    if (l.label == "good") ++c.good;
    else if (l.label == "partial") ++c.partial;
    else ++c.junk;
}

}  // namespace

std::optional<double> Counts::strict() const { return ratio(good, labelled); }
std::optional<double> Counts::lenient() const { return ratio(good + 0.5 * partial, labelled); }
std::optional<double> Counts::recall() const { return ratio(recalled, gold); }
std::optional<double> Counts::dispute_precision() const { return ratio(dispute_real, dispute_labelled); }
void Counts::add(const Counts& o) {
    logs += o.logs, slots += o.slots, values += o.values, labelled += o.labelled, good += o.good;
    partial += o.partial, junk += o.junk, gold += o.gold, recalled += o.recalled;
    dispute_slots += o.dispute_slots, dispute_labelled += o.dispute_labelled, dispute_real += o.dispute_real;
}
std::optional<double> RuleCounts::strict() const { return ratio(good, labelled); }
std::optional<double> RuleCounts::lenient() const { return ratio(good + 0.5 * partial, labelled); }

std::string resolve_log_path(const BenchOptions& o, const std::string& log) {
    static const std::string kShared = "../shared/data/";
    if (log.rfind(kShared, 0) == 0) {
        std::string shared = o.shared_data;
        if (shared.empty()) {
            const char* env = std::getenv("BM_SHARED_DATA");
            shared = env && *env ? env : o.root + "/../shared/data";
        }
        return shared + "/" + log.substr(kShared.size());
    }
    return o.root + "/" + log;
}

Result<BenchReport> run_extract_bench(const BenchOptions& o) {
    auto gold = read_gold(o.gold_file);
    if (!gold) return gold.error();
    auto labels = read_labels(o.labels_file);
    if (!labels) return labels.error();
    auto split = read_split(o.split_file);
    if (!split) return split.error();
    std::string dispute_file = o.dispute_labels_file;
    if (dispute_file.empty()) {
        const size_t slash = o.labels_file.rfind('/');
        dispute_file = (slash == std::string::npos ? std::string() : o.labels_file.substr(0, slash + 1)) + "dispute_labels.jsonl";
    }
    const bool optional = o.dispute_labels_file.empty() && !std::ifstream(dispute_file).good();
    auto dispute_labels = optional ? Result<std::vector<DisputeLabel>>(std::vector<DisputeLabel>{})
                                   : read_dispute_labels(dispute_file);
    if (!dispute_labels) return dispute_labels.error();
    // A label judges a value's content, so it holds for the value with other casing too (session 39: requests keep
    // the user's casing now, labelled when they were lowercased); a label of the exact value comes first.
    std::map<ValueKey, const Label*> exact_label, folded_label;
    for (const Label& l : *labels) {
        exact_label[{l.log, l.key, l.value}] = &l;
        folded_label.emplace(ValueKey{l.log, l.key, ascii_lower(l.value)}, &l);
    }
    const auto label_of = [&](const std::string& log, const std::string& key,
                              const std::string& value) -> const Label* {
        if (const auto it = exact_label.find({log, key, value}); it != exact_label.end()) return it->second;
        const auto it = folded_label.find({log, key, ascii_lower(value)});
        return it == folded_label.end() ? nullptr : it->second;
    };

    BenchReport report;
    report.rules = o.rules;
    report.extractor = o.extractor;
    for (const char* s : {"dev", "test"})
        if (o.split == "all" || o.split == s) report.splits.push_back(s);
    std::set<ValueKey> emitted_keys;
    std::set<std::string> logs_run;
    std::map<std::pair<std::string, std::string>, std::vector<BranchClaims>> merge_inputs;  // (split, format) -> branches
    for (const SplitLog& log : *split) {
        if (std::find(report.splits.begin(), report.splits.end(), log.split) == report.splits.end()) continue;
        logs_run.insert(log.path);
        Counts c;
        c.logs = 1;
        auto& rules = report.by_rule[log.split];
        std::vector<BranchClaims>& branches = merge_inputs[{log.split, log.format}];
        auto read = emitted_values(o, log, rules, c.slots, branches);
        ++report.merged[log.split][log.format].logs;
        if (!read) return read.error();
        // A shape the reader refuses is scored as emitting nothing, each of its gold claims missed.
        if (read->refused) {
            std::string error = read->refused->to_string();
            error = error.substr(0, error.find(" (supported: "));  // the list of every format adds nothing here
            report.unread.emplace_back(log.split, log.path, std::move(error));
        }
        const std::vector<EmittedValue>& values = read->values;
        c.values = values.size();
        // Slot-level dispute counts and rule conflicts: group this log's values by key.
        std::map<std::string, std::vector<const EmittedValue*>> by_key;
        for (const EmittedValue& e : values) by_key[e.key].push_back(&e);
        for (const auto& [key, group] : by_key) {
            const std::string& state = group.front()->state;
            if (state == "disputed" || state == "contested") {
                ++c.dispute_slots;
                bool all_labelled = true, all_real = true;
                for (const EmittedValue* e : group) {
                    const Label* l = label_of(e->log, e->key, e->value);
                    if (!l || !l->alternative) all_labelled = false;
                    else if (!*l->alternative) all_real = false;
                }
                if (all_labelled) ++c.dispute_labelled, c.dispute_real += all_real ? 1 : 0;
            }
            std::set<std::string> slot_rules;
            for (const EmittedValue* e : group) slot_rules.insert(e->rules.begin(), e->rules.end());
            if (group.size() > 1 && slot_rules.size() > 1)
                for (const std::string& r : slot_rules) ++rules[r].conflicts;
        }
        for (const EmittedValue& e : values) {
            emitted_keys.insert({e.log, e.key, ascii_lower(e.value)});
            const Label* l = label_of(e.log, e.key, e.value);
            for (const std::string& r : e.rules) {
                ++rules[r].values;
                if (!l) continue;
                ++rules[r].labelled;
                if (l->label == "good") ++rules[r].good;
                if (l->label == "partial") ++rules[r].partial;
            }
            if (!l) report.unlabelled.push_back(e);
            else score_label(*l, c);
        }
        for (const GoldClaim& g : *gold) {
            if (g.log != log.path) continue;
            ++c.gold;
            const auto hit = std::find_if(values.begin(), values.end(), [&](const EmittedValue& e) {
                return slot_matches_gold(e.key, e.value, g.key, g.value);
            });
            if (hit != values.end()) {
                ++c.recalled;
                report.recalled.emplace_back(g, hit->key + " = " + hit->value);
            } else {
                report.missed.emplace_back(log.split, g);
            }
        }
        report.by_format[log.split][log.format].add(c);
        report.overall[log.split].add(c);
    }
    for (auto& [group, branches] : merge_inputs) {
        const auto& [split_name, format] = group;
        MergedCounts& m = report.merged[split_name][format];
        auto found = merged_disputes(split_name + "/" + format, std::move(branches), *dispute_labels, m);
        for (MergedDispute& d : found) {
            if (d.state == "joined") {
                report.joined.push_back(std::move(d));
                continue;
            }
            report.unlabelled_disputes += d.real.has_value() ? 0 : 1;
            report.disputes.push_back(std::move(d));
        }
        report.merged_overall[split_name].add(m);
    }
    for (const Label& l : *labels)
        if (logs_run.count(l.log) && !emitted_keys.count({l.log, l.key, ascii_lower(l.value)})) ++report.stale_labels;
    std::sort(report.unlabelled.begin(), report.unlabelled.end(), [](const EmittedValue& a, const EmittedValue& b) {
        return std::tie(a.log, a.key, a.value) < std::tie(b.log, b.key, b.value);
    });
    return report;
}

}  // namespace bm::extract_bench
