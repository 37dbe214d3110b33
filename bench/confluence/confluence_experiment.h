// The confluence experiment of SPEC §6: does folding pairwise merges give the n-ary result?
//
// Enumerates every 3-branch profile of spaces A and B, under both scores and three
// representations, over all 6 merge orders. Deterministic; single-threaded.
#pragma once

#include <string>
#include <vector>

#include "bench/confluence/lossy_representation.h"

namespace bm {

struct ConfluenceCell {
    std::string space;  // "A" or "B"
    ScoreRule score;
    bool well_formed;
    Representation representation;
    long failures = 0;
    long total = 0;
};

struct ConfluenceWitness {
    std::string profile;      // e.g. "{a@1}{a@1}{b@2}"
    std::string representation;
    std::string score;
    std::string nary;         // e.g. "disputed{a,b}"
    std::string incremental;  // e.g. "b"
};

struct CascadeResult {
    std::string profile;
    std::vector<std::string> nary_in;
    std::vector<std::string> incremental_in;
};

struct ConfluenceReport {
    long evaluations = 0;  // profiles × scores
    std::vector<ConfluenceCell> cells;
    std::vector<ConfluenceWitness> witnesses;
    CascadeResult cascade;
    bool idempotent = false;  // merging every profile with itself changes nothing (JOIN)
};

ConfluenceReport run_confluence_experiment();

// "resolved a" → "a", "disputed{a,b}", "empty".
std::string describe(const Decision& d);

}  // namespace bm
