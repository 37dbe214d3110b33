// The extraction gold set on disk (docs/extract.md): gold claims, labels of emitted slots, verdicts on merged
// logs' disputes, the dev/test split.
// Every reader fails with an Error naming file, line and field. Thread-safety: pure functions.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "util/result.h"

namespace bm::extract_bench {

// A claim a careful reader carries forward from one log (gold.jsonl, one JSON object a line).
struct GoldClaim {
    std::string log;    // "../shared/data/sessions/..." or "bench/data/extract_gold/logs/..."
    std::string key;
    std::string value;
    std::string type;   // a slot type name: Fact, Decision, Constraint, Refuted, Goal, OpenQ, Artifact
    std::string quote;  // verbatim text of the log
    int64_t line = 0;
};

// A judgement of one emitted (log, slot key, value) (labels.jsonl).
struct Label {
    std::string log;
    std::string key;
    std::string value;
    std::string label;                 // good, partial or junk
    std::optional<bool> alternative;   // disputed/contested slots: is this value a real alternative?
    std::string reason;
    int64_t line = 0;
};

// A judgement of one disputed slot of a merge (dispute_labels.jsonl, one JSON object a line).
struct DisputeLabel {
    std::string merge;                // "<split>/<format>", e.g. "dev/dsh"
    std::string key;
    std::vector<std::string> values;  // the slot's values, sorted
    bool real = false;                // a reviewer must choose between them (a real alternative)
    std::string reason;
    int64_t line = 0;
};


// Where logs added after the split was fixed live (session 12, issue #15): always dev.
inline constexpr const char* kGrownDevDir = "bench/data/extract_gold/logs/dev/";
// Where fresh held-out logs live (session 19, issue #15): always test. A log goes here when it is chosen, before
// the extractor has run on it and before its gold is written, and no rule is tuned on it afterwards; it restores
// the test part to at least a third of all logs once dev had grown.
inline constexpr const char* kGrownTestDir = "bench/data/extract_gold/logs/test/";

// One row of split.tsv.
struct SplitLog {
    std::string path;
    std::string format;
    std::string split;   // dev or test
    std::string digest;  // SHA-256 hex of path
};

Result<std::vector<GoldClaim>> read_gold(const std::string& file);
Result<std::vector<Label>> read_labels(const std::string& file);
Result<std::vector<SplitLog>> read_split(const std::string& file);
Result<std::vector<DisputeLabel>> read_dispute_labels(const std::string& file);

// The split rule, fixed before any extractor output was seen: within each format, logs sorted by
// SHA-256 of their path (ties by path); the first ceil(n/3) are test, the rest dev. Sorted by path.
// Logs added later to grow dev (under kGrownDevDir) are dev, those added to grow test (under kGrownTestDir) are
// test, and neither takes part in the thirds, so no earlier log moves between dev and test.
std::vector<SplitLog> assign_split(const std::vector<std::pair<std::string, std::string>>& path_and_format);

// Whether `quote` occurs in `log_text`, raw or with the JSON string escapes \" \n \\ and an ASCII \uXXXX decoded.
bool quote_occurs(const std::string& log_text, const std::string& quote);

}  // namespace bm::extract_bench
