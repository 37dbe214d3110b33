// The approved block, or what the policy allows when there is none or it is stale.
#include "inject/injection.h"

namespace bm {

namespace {

std::string why_not_approved(const ApprovalStatus& status) {
    if (status.state == ApprovalState::kNone) return "no approved block";
    std::string why =
        "approval #" + std::to_string(status.approval->id) + " is stale (" + status.changes.front();
    if (status.changes.size() > 1)
        why += "; " + std::to_string(status.changes.size() - 1) + " more";
    return why + ")";
}

}  // namespace

const char* injection_source_name(InjectionSource source) {
    switch (source) {
        case InjectionSource::kNothing:
            return "nothing";
        case InjectionSource::kApproved:
            return "approved";
        case InjectionSource::kReviewed:
            return "reviewed";
        case InjectionSource::kFresh:
            return "fresh";
    }
    return "nothing";
}

Result<Injection> project_injection(const InjectionOptions& options) {
    auto store = ApprovalStore::open(options.workspace);
    if (!store) return store.error();
    ProjectBlockOptions build;
    auto status = approval_status(**store, options.project, build.extract);
    if (!status) return status.error();
    Injection out;
    out.status = std::move(status).value();
    const ApprovalStatus& s = out.status;
    const std::string project = "'" + options.project + "'";
    if (s.state == ApprovalState::kApproved) {
        out.source = InjectionSource::kApproved;
        out.block = s.approval->block;
        out.notice = "beliefmerge: injected the block of " + project + " approved by " +
                     s.approval->reviewer + " at " + s.approval->approved_at + " (approval #" +
                     std::to_string(s.approval->id) + ")";
        return out;
    }
    const InjectPolicy policy = options.policy.value_or(s.policy);
    const std::string review_hint =
        "review it and run `beliefmerge approve --project " + options.project + "`";
    if (policy == InjectPolicy::kNone) {
        out.notice = "beliefmerge: " + why_not_approved(s) + " for " + project +
                     "; nothing injected (policy none; " + review_hint + ")";
        return out;
    }
    build.budget = s.approval ? static_cast<size_t>(s.approval->budget) : options.budget;
    build.tokenizer = s.approval ? s.approval->tokenizer : options.tokenizer;
    build.reviewed_only = policy == InjectPolicy::kReviewed;
    auto block = build_project_block(options.workspace, options.project, build);
    if (!block) {
        if (block.error().code() == ErrorCode::kNotFound) {
            out.notice =
                "beliefmerge: no session of " + project + " in the workspace yet; nothing injected";
            return out;
        }
        return block.error();
    }
    const PackReport& r = block->packed.report;
    if (r.empty) {
        out.notice = "beliefmerge: " + why_not_approved(s) + " for " + project +
                     "; nothing to inject under policy " + inject_policy_name(policy) + " (" +
                     r.reason + ")";
        return out;
    }
    out.source =
        policy == InjectPolicy::kReviewed ? InjectionSource::kReviewed : InjectionSource::kFresh;
    out.block = std::move(block->packed.block);
    out.notice =
        "beliefmerge: " + why_not_approved(s) + " for " + project + "; injected " +
        std::to_string(r.included) +
        (policy == InjectPolicy::kReviewed ? " human-reviewed slots" : " unreviewed slots") +
        " (policy " + inject_policy_name(policy) + ", " + std::to_string(r.tokens) + "/" +
        std::to_string(r.budget) + " tokens)";
    return out;
}

}  // namespace bm
