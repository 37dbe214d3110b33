// Joint model alignment with validation and the visible heuristic fallback.
#include "model_alignment.h"

#include <QCoroTask>

#include "extract/heuristic_extractor.h"

namespace bm::services {

QCoro::Task<ModelExtraction> extract_with_model(ModelCaller& caller, const std::vector<Session>& sessions,
                                                ExtractOptions options) {
    ModelExtraction out;
    const auto branches = alignment_branches(sessions, options);
    ChatRequest request = alignment_request(branches, caller.config().model.toStdString());
    auto calling = caller.chat(std::move(request));
    ChatOutcome outcome = co_await calling;
    out.request_digest = outcome.request_digest;
    out.replayed = outcome.replayed;
    std::optional<ModelError> failure;
    if (!outcome.ok) {
        failure = outcome.error;
    } else {
        AlignmentValidation v = validate_alignment(outcome.reply.content, branches, options);
        if (!v.ok) {
            failure = v.error;
        } else {
            out.branches = std::move(v.branches);
            out.report = v.report;
            const int dropped = v.report.opinions_in_reply - v.report.opinions_kept;
            if (dropped > 0 || v.report.unknown_derived_from > 0)
                out.warnings.push_back("model alignment: " + v.report.summary());
            if (v.report.opinions_kept == 0 && v.report.opinions_in_reply > 0)
                out.warnings.push_back("model alignment: every opinion of the reply was dropped; the merge has no "
                                       "model claims");
        }
    }
    if (failure) {
        out.error = failure;
        out.fell_back = true;
        out.branches = extract_heuristic(sessions, options);
        out.warnings.push_back("warning: model alignment failed (" + failure->to_string() +
                               "); fell back to the heuristic extractor");
    }
    co_return out;
}

ModelExtraction extract_with_model_blocking(const ServiceConfig& config, const std::vector<Session>& sessions,
                                            const ExtractOptions& options) {
    ModelCaller caller(config);
    return QCoro::waitFor(extract_with_model(caller, sessions, options));
}

}  // namespace bm::services
