// The Markdown report of bench_signals.
#pragma once

#include <string>
#include <vector>

#include "evaluate.h"
#include "machine.h"

namespace bm::bench {

struct ConfigurationResult {
    std::string name;
    std::string identity;
    SimilarityResult dev, train;
    bool has_contradiction = false;
    ContradictionResult contradiction;
};

struct WordNetLoad {
    bool loaded = false;
    std::string error;
    double first_ms = 0;               // the first load in the process: what a user waits for
    double median_ms = 0, min_ms = 0;  // over all loads (later loads reuse freed memory)
    int runs = 0;
    size_t synsets = 0, lemmas = 0;
};

struct Report {
    Machine machine;
    WordNetLoad wordnet;
    size_t sts_train_pairs = 0, sts_dev_pairs = 0, snli_pairs = 0, snli_contradictions = 0;
    std::vector<ConfigurationResult> configurations;
};

void print_report(const Report& report);

}  // namespace bm::bench
