// MergeBench runs (SPEC §11): every arm over generated or loaded scenarios, metrics, tables and JSON.
//
// Arms: single:<branch> (that branch's transcript, budget-truncated), concat (all transcripts in
// order, budget-truncated; every arm is charged by the same counter), heuristic and oracle (the
// packed block of the merge under the heuristic or the oracle extractor), and `model` when the
// caller supplies a model extractor (the CLI's, with an endpoint or recorded replies). Generated
// scenarios and scenarios read from a file (scenario_file.h) go through the same `run_scenarios`
// and the same scoring (metrics.h). Deterministic (the model arm as far as its replies are).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "extract/branch_claims.h"
#include "bench/mergebench/metrics.h"
#include "bench/mergebench/scenario.h"
#include "pack/token_counter.h"

namespace bm::mergebench {

// What the generator makes: `seeds` scenarios (seeds 0..seeds-1) of one family and size.
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

// How contexts are scored (metrics.h); both are named in every report.
struct ScoringOptions {
    Match match = Match::kWords;
    Average average = Average::kPooled;
};

struct ArmResult {
    std::string arm;
    Tally tally;                      // pooled over every scenario
    std::vector<Tally> per_scenario;  // one per scenario, in order
    Rates rates;                      // arm_rates(per_scenario, the run's average)
    double gain = 0;                  // bridge rate minus the best single branch's bridge rate
};

struct RunResult {
    std::string family;  // the scenarios' family label; "mixed" when they differ
    size_t scenarios = 0;
    std::optional<size_t> topics, branches, budget;  // set when every scenario has the same
    ScoringOptions scoring;
    std::string counter;
    size_t local_questions = 0, bridge_questions = 0;
    std::vector<ArmResult> arms;  // single:<first branch>, concat, heuristic[, oracle][, model]
    bool within_budget = true;    // every block of every arm fit its scenario's budget
    bool leaks_column = false;    // some scenario names injected directives
    size_t without_claims = 0;    // scenarios with no ground-truth claims: the oracle arm runs only at 0
    bool model_arm = false;
    size_t model_fallbacks = 0;   // scenarios where the model arm fell back to the heuristic
};

// The generator's scenarios for `options` (seed i is scenario i), each with `options.budget`.
std::vector<Scenario> generate_scenarios(const RunOptions& options);

// Every arm over `scenarios` (REQUIRES: at least one, each with at least one session).
// `model`: when set, the `model` arm runs (one call per scenario, REQUIRES: callable repeatedly).
RunResult run_scenarios(const std::vector<Scenario>& scenarios, const ScoringOptions& scoring,
                        const TokenCounter& counter, const ModelExtractor& model = {});

// run_scenarios(generate_scenarios(options), scoring, ...).
RunResult run_mergebench(const RunOptions& options, const TokenCounter& counter, const ModelExtractor& model = {},
                         const ScoringOptions& scoring = {});

std::string result_json(const RunResult& r);   // the --json form of the issue
std::string result_table(const RunResult& r);  // a Markdown table

// The transcript of `session` as a reader would paste it, truncated to `budget` tokens.
std::string transcript(const std::vector<const Session*>& sessions, size_t budget, const TokenCounter& counter);

}  // namespace bm::mergebench
