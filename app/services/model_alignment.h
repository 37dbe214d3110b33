// `--extractor model` (SPEC §5): one joint alignment call over every branch, validated by core;
// on any failure the heuristic extractor runs instead and a warning says so (never silently).
//
// For `merge`/`inspect`: call extract_with_model_blocking() from the CLI thread (it runs the event
// loop while the call is in flight), print every warning to stderr, and use `branches` exactly as
// the heuristic's output. Thread-safety: the thread that owns the QCoreApplication.
#pragma once

#include <string>
#include <vector>

#include <QCoroTask>

#include "adjudicate/alignment_contract.h"
#include "model_caller.h"

namespace bm::services {

struct ModelExtraction {
    std::vector<BranchClaims> branches;  // the model's validated claims, or the heuristic's on fallback
    bool fell_back = false;              // the heuristic ran because the model call or its reply failed
    std::vector<std::string> warnings;   // one line each, ready to print ("model alignment: ...")
    AlignmentReport report;              // drops and counts (zero on fallback)
    std::string request_digest;
    bool replayed = false;
    std::optional<ModelError> error;     // why it fell back
};

QCoro::Task<ModelExtraction> extract_with_model(ModelCaller& caller, const std::vector<Session>& sessions,
                                                ExtractOptions options);

// Blocking form for the CLI: builds a ModelCaller from `config` and waits (event loop running).
ModelExtraction extract_with_model_blocking(const ServiceConfig& config, const std::vector<Session>& sessions,
                                            const ExtractOptions& options);

}  // namespace bm::services
