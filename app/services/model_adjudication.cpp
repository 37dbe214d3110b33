// Two adjudication passes (options forward, then reversed) combined by the symmetry check.
#include "model_adjudication.h"

namespace bm::services {

namespace {
void report_rejections(const AdjudicationReport& report, const char* pass, std::vector<std::string>& warnings) {
    for (const auto& r : report.rejected) warnings.push_back(std::string("adjudication (") + pass + "): " + r);
}
}  // namespace

QCoro::Task<AdjudicationRun> adjudicate_with_model(ModelCaller& caller, const MergedSnapshot& snapshot, size_t limit) {
    auto adjudicating = adjudicate_cases(caller, disputes_for_adjudication(snapshot, limit));
    co_return co_await adjudicating;
}

QCoro::Task<AdjudicationRun> adjudicate_cases(ModelCaller& caller, std::vector<DisputeCase> cases) {
    AdjudicationRun run;
    run.cases = std::move(cases);
    if (run.cases.empty()) co_return run;  // no ties: no call at all
    const std::string model = caller.config().model.toStdString();
    auto forward_call = caller.chat(adjudication_request(run.cases, model, false));
    ChatOutcome forward = co_await forward_call;
    run.forward_digest = forward.request_digest;
    if (!forward.ok) {
        run.error = forward.error;
        run.warnings.push_back("warning: adjudication failed (" + forward.error.to_string() + "); every tie stands");
        co_return run;
    }
    AdjudicationParse f = parse_adjudication(forward.reply.content, run.cases);
    if (!f.ok) {
        run.error = f.error;
        run.warnings.push_back("warning: adjudication reply rejected (" + f.error.to_string() + "); every tie stands");
        co_return run;
    }
    auto reversed_call = caller.chat(adjudication_request(run.cases, model, true));
    ChatOutcome reversed = co_await reversed_call;
    run.reversed_digest = reversed.request_digest;
    run.replayed = forward.replayed && reversed.replayed;
    if (!reversed.ok) {
        run.error = reversed.error;
        run.warnings.push_back("warning: the symmetry-check call failed (" + reversed.error.to_string() +
                               "); no resolution is used unchecked, every tie stands");
        co_return run;
    }
    AdjudicationParse r = parse_adjudication(reversed.reply.content, run.cases);
    if (!r.ok) {
        run.error = r.error;
        run.warnings.push_back("warning: the symmetry-check reply was rejected (" + r.error.to_string() +
                               "); every tie stands");
        co_return run;
    }
    run.forward_report = f.report;
    run.reversed_report = r.report;
    report_rejections(f.report, "forward", run.warnings);
    report_rejections(r.report, "reversed", run.warnings);
    SymmetryResult sym = symmetry_check(run.cases, f.resolutions, r.resolutions);
    run.resolutions = std::move(sym.resolutions);
    run.order_sensitive = std::move(sym.order_sensitive);
    run.dropped = std::move(sym.dropped);
    for (const auto& k : run.order_sensitive)
        run.warnings.push_back("adjudication: " + k + " changed when the options were reversed; downgraded to "
                               "unresolvable (order-sensitive)");
    for (const auto& k : run.dropped)
        run.warnings.push_back("adjudication: " + k + " was answered in only one pass; dropped");
    co_return run;
}

Result<int> record_model_resolutions(DecisionStore& store, const MergedSnapshot& snapshot, const AdjudicationRun& run,
                                     const std::string& model) {
    int appended = 0;
    for (const auto& [key, resolution] : run.resolutions) {
        const Slot* slot = snapshot.find(key);
        if (!slot) continue;
        ModelResolutionRecord record;
        record.slot_key = key;
        record.annotation_digest = annotation_digest(snapshot, *slot);
        record.model = model;
        record.request_digest = run.forward_digest;
        record.resolution = resolution;
        // A replay gives the same resolution again: the log keeps one copy per (digest, resolution).
        auto existing = store.model_resolutions_for_slot(key);
        if (!existing) return existing.error();
        if (!existing->empty() && existing->back().annotation_digest == record.annotation_digest &&
            existing->back().resolution == resolution)
            continue;
        if (auto st = store.append_model_resolution(std::move(record)); !st) return st.error();
        ++appended;
    }
    return appended;
}

AdjudicationRun adjudicate_with_model_blocking(const ServiceConfig& config, const MergedSnapshot& snapshot,
                                               size_t limit) {
    ModelCaller caller(config);
    return QCoro::waitFor(adjudicate_with_model(caller, snapshot, limit));
}

}  // namespace bm::services
