// MergeBench runs (SPEC §11): every arm over generated scenarios, pooled metrics, tables and JSON.
//
// Arms: single:<branch> (that branch's transcript, budget-truncated), concat (all transcripts in
// order, budget-truncated; every arm is charged by the same counter), heuristic and oracle (the
// packed block of the merge under the heuristic or the oracle extractor), and `model` when the
// caller supplies a model extractor (the CLI's, with an endpoint or recorded replies). Deterministic
// per seed (the model arm as far as its replies are).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "extract/branch_claims.h"
#include "bench/mergebench/metrics.h"
#include "bench/mergebench/scenario.h"
#include "pack/token_counter.h"

namespace bm::mergebench {

struct RunOptions {
    Family family = Family::kBase;
    size_t seeds = 5;
    size_t topics = 10;
    size_t branches = 2;
    size_t budget = 400;
};

// What the `model` arm's extractor gives for one scenario.
struct ModelArmClaims {
    std::vector<BranchClaims> branches;
    bool fell_back = false;  // the call or its reply failed: `branches` are the heuristic's
};
using ModelExtractor = std::function<ModelArmClaims(const std::vector<Session>& sessions, const ExtractOptions& options)>;

struct ArmResult {
    std::string arm;
    Tally tally;
    double gain = 0;  // bridge rate minus the best single branch's bridge rate
};

struct RunResult {
    RunOptions options;
    std::string counter;
    size_t local_questions = 0, bridge_questions = 0;
    std::vector<ArmResult> arms;  // single:branch-a, concat, heuristic, oracle[, model]
    bool within_budget = true;    // every block of every arm fit the budget
    bool model_arm = false;
    size_t model_fallbacks = 0;   // scenarios where the model arm fell back to the heuristic
};

// `model`: when set, the `model` arm runs (one call per scenario, REQUIRES: callable repeatedly).
RunResult run_mergebench(const RunOptions& options, const TokenCounter& counter, const ModelExtractor& model = {});

std::string result_json(const RunResult& r);   // the --json form of the issue
std::string result_table(const RunResult& r);  // a Markdown table

// The transcript of `session` as a reader would paste it, truncated to `budget` tokens.
std::string transcript(const std::vector<const Session*>& sessions, size_t budget, const TokenCounter& counter);

}  // namespace bm::mergebench
