// `bench extract`: run the heuristic extractor over the gold logs and score what it emits against
// the gold claims and the labels (docs/extract.md). Thread-safety: run_extract_bench is reentrant.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bench/extract/gold_set.h"
#include "bench/extract/merged_disputes.h"
#include "snapshot/review_snapshot.h"
#include "util/result.h"

namespace bm::extract_bench {

struct BenchOptions {
    std::string gold_file = "bench/data/extract_gold/gold.jsonl";
    std::string labels_file = "bench/data/extract_gold/labels.jsonl";
    std::string split_file = "bench/data/extract_gold/split.tsv";
    // Verdicts on merged logs' disputes; empty: dispute_labels.jsonl beside the labels file, where a missing
    // file means no verdicts yet (every dispute is listed as unlabelled).
    std::string dispute_labels_file;
    std::string root = ".";      // repository root: logs under bench/ resolve against it
    std::string shared_data;     // where "../shared/data/" resolves; empty: $BM_SHARED_DATA or ROOT/../shared/data
    std::string split = "all";   // dev, test or all
    std::string rules = "default";  // default or all: ExtractOptions::all_rules (core/extract/rule_table.h)
    std::string extractor = "heuristic";  // the arm's name in the report
    ProseExtractor prose;  // empty: the heuristic extractor; else e.g. the model (env.* facts added as for every extractor)
};

// One value of one emitted slot: the unit that is labelled.
struct EmittedValue {
    std::string log, format, split, key, value;
    std::string state;               // settled, resolved, contested, disputed
    std::vector<std::string> rules;  // distinct Claim::rule of its supporters; "(none)" for an empty rule
    std::string quote;               // the first supporter's quote
};

struct Counts {
    size_t logs = 0, slots = 0, values = 0, labelled = 0, good = 0, partial = 0, junk = 0;
    size_t gold = 0, recalled = 0;
    size_t dispute_slots = 0, dispute_labelled = 0, dispute_real = 0;
    std::optional<double> strict() const;     // good / labelled
    std::optional<double> lenient() const;    // (good + partial/2) / labelled
    std::optional<double> recall() const;     // recalled / gold
    std::optional<double> dispute_precision() const;  // real / labelled disputed-or-contested slots
    void add(const Counts& o);
};

struct RuleCounts {
    size_t claims = 0, values = 0, labelled = 0, good = 0, partial = 0, conflicts = 0;
    std::optional<double> strict() const;
    std::optional<double> lenient() const;
};

struct BenchReport {
    std::vector<std::string> splits;                                // the splits reported, "dev" before "test"
    std::map<std::string, std::map<std::string, Counts>> by_format;  // split -> format -> counts
    std::map<std::string, Counts> overall;                          // split -> counts
    std::map<std::string, std::map<std::string, RuleCounts>> by_rule;  // split -> rule -> counts
    std::vector<EmittedValue> unlabelled;                           // sorted by (log, key, value)
    std::vector<std::pair<std::string, GoldClaim>> missed;          // (split, gold claim not recalled), in gold order
    std::vector<std::pair<GoldClaim, std::string>> recalled;        // (gold claim, "key = value" of the first value matching it)
    // Gold logs the reader refuses (a shape it does not read yet): (split, path, the reader's error). Their gold
    // claims count as missed and they emit no value; the bench goes on with the other logs.
    std::vector<std::tuple<std::string, std::string, std::string>> unread;
    size_t stale_labels = 0;  // labels of (log, key, value) the extractor no longer emits (on the splits run)
    // The merged arm: each split's logs of one format merged together (bench/extract/merged_disputes.h).
    std::map<std::string, std::map<std::string, MergedCounts>> merged;  // split -> format -> counts
    std::map<std::string, MergedCounts> merged_overall;                // split -> counts
    std::vector<MergedDispute> disputes;                               // every merge's disputed slots, by (merge, key)
    size_t unlabelled_disputes = 0;                                    // of `disputes`, those with no label
    std::vector<MergedDispute> joined;  // slots whose wordings the merge read as one value (state "joined")
    std::string rules;
    std::string extractor;
};

// Reads gold, labels, dispute labels and split, runs ingest -> extraction (the heuristic, or `prose`, as the snapshot
// pipeline's extract_session_claims does) -> merge_branches on every log of
// the chosen split (env.* slots ignored) and scores; then merges each split's logs of one format
// together and judges that merge's disputed slots. Fails naming the file (and line and field) when
// the gold, the labels or the split cannot be read, or a log is missing; a log the reader refuses is listed in
// `unread` and scored as emitting nothing.
Result<BenchReport> run_extract_bench(const BenchOptions& options);

// Where a log path of the gold set lives on this machine.
std::string resolve_log_path(const BenchOptions& options, const std::string& log);

}  // namespace bm::extract_bench
