// The fold transaction and the fold-until-under-budget loop.
#include "fold/fold_engine.h"

namespace bm {

namespace {

struct CarriedState {
    StateReducer anchors;
    M3bState m3b;
};

// The anchors and M3b lists a verified bundle carries.
Result<CarriedState> carried_by(const CheckpointBundle& b) {
    CarriedState out;
    if (!b.state_anchors) return out;
    auto anchors = StateReducer::from_json(*b.state_anchors);
    if (!anchors.ok()) return anchors.error();
    out.anchors = std::move(anchors).value();
    if (b.negative_knowledge) {
        auto negative = NegativeKnowledgeSet::from_json(*b.negative_knowledge);
        if (!negative.ok()) return negative.error();
        out.m3b.negative = std::move(negative).value();
    }
    if (b.beliefs) {
        auto beliefs = beliefs_from_json(*b.beliefs);
        if (!beliefs.ok()) return beliefs.error();
        out.m3b.beliefs = std::move(beliefs).value();
    }
    return out;
}

// State carried by the last frozen checkpoint before `begin`, read back verified from the store.
Result<CarriedState> prior_state(BundleStore& store, const FoldSurface& s, size_t begin) {
    for (size_t i = begin; i-- > 0;) {
        if (!s.items[i].is_checkpoint) continue;
        auto b = store.read(s.session_id, s.items[i].checkpoint_id);
        if (!b.ok()) return b.error();
        return carried_by(*b);
    }
    return CarriedState();
}

}  // namespace

Result<FoldOutcome> fold_once(BundleStore& store, const FoldSurface& s, FoldMode mode, const FoldOptions& options) {
    FoldOutcome out;
    out.plan = mode == FoldMode::kLeaf   ? plan_leaf(s, options.policy)
               : mode == FoldMode::kRoot ? plan_root(s, options.policy)
                                         : plan_emergency(s, options.policy);
    if (out.plan.empty()) {
        out.surface = s;
        return out;
    }
    CheckpointBundle draft;
    draft.session_id = s.session_id;
    draft.created_at = options.created_at;
    draft.mode = mode;
    CarriedState state;
    if (mode == FoldMode::kRoot) {
        // Rebase: the root archive is the concatenation of the frozen checkpoints' archives.
        for (size_t i = out.plan.begin; i < out.plan.end; ++i) {
            auto b = store.read(s.session_id, s.items[i].checkpoint_id);
            if (!b.ok()) return b.error();
            for (size_t k = 0; k < b->shadowed_messages.size(); ++k) {
                draft.shadowed_messages.push_back(b->shadowed_messages[k]);
                draft.ordered_surface_seqs.push_back(b->ordered_surface_seqs[k]);
            }
            if (b->state_anchors) {
                auto st = carried_by(*b);
                if (!st.ok()) return st.error();
                state = std::move(st).value();
            }
        }
    } else {
        auto st = prior_state(store, s, out.plan.begin);
        if (!st.ok()) return st.error();
        state = std::move(st).value();
        for (size_t i = out.plan.begin; i < out.plan.end; ++i) {
            draft.shadowed_messages.push_back(s.items[i].message);
            draft.ordered_surface_seqs.push_back(s.items[i].seq);
        }
        M3bReducer m3b(std::move(state.m3b), draft.shadowed_messages);
        out.reduce = reduce_messages(state.anchors, draft.shadowed_messages, &m3b);
        if (options.belief_proposer) {
            try {
                m3b.apply_proposals(options.belief_proposer(draft.shadowed_messages));
            } catch (const std::exception& ex) {
                out.semantic_error = std::string("belief proposer threw: ") + ex.what();  // proposals are optional
            }
        }
        out.m3b = m3b.counts();
        state.m3b = m3b.finish();
    }
    draft.state_anchors = state.anchors.to_json();
    if (!state.m3b.negative.entries().empty()) draft.negative_knowledge = state.m3b.negative.to_json();
    if (!state.m3b.beliefs.empty()) draft.beliefs = beliefs_to_json(state.m3b.beliefs);
    if (options.summarizer) {
        Result<std::string> text = Error::internal("summariser threw");
        try {
            text = options.summarizer(draft.shadowed_messages);
        } catch (const std::exception& ex) {
            text = Error::internal(std::string("summariser threw: ") + ex.what());
        }
        if (text.ok() && !text->empty())
            draft.semantic_text = *text;
        else {
            out.semantic_fallback = true;
            // Keep the proposer's earlier error first: the user needs both causes, not the last one.
            const std::string cause = text.ok() ? "empty semantic text" : text.error().to_string();
            out.semantic_error = out.semantic_error.empty() ? cause : out.semantic_error + "; then " + cause;
        }
    }
    auto sealed = seal_bundle(std::move(draft));
    if (!sealed.ok()) return sealed.error();
    // BundleDurable: published, fsynced, read back and verified.
    auto published = store.publish(*sealed);
    if (!published.ok()) return published.error();
    out.already_present = published->already_present;
    CommitRecord commit{sealed->checkpoint_id, sealed->session_id, fold_mode_name(mode), sealed->logical_hash,
                        sealed->rendered_digest,
                        sealed->ordered_surface_seqs.empty() ? 0 : sealed->ordered_surface_seqs.back()};
    Status committed = store.write_commit(commit);
    if (!committed.ok()) return committed.error();
    // Only now: the lossy surface change.
    out.surface.session_id = s.session_id;
    out.surface.items.assign(s.items.begin(), s.items.begin() + static_cast<std::ptrdiff_t>(out.plan.begin));
    out.surface.items.push_back(checkpoint_item(*sealed));
    out.surface.items.insert(out.surface.items.end(), s.items.begin() + static_cast<std::ptrdiff_t>(out.plan.end),
                             s.items.end());
    out.bundle = std::move(sealed).value();
    return out;
}

Result<FoldRun> fold_until(BundleStore& store, FoldSurface surface, FoldMode mode, size_t until_tokens,
                           const FoldOptions& options, size_t max_folds) {
    FoldRun run;
    run.surface = std::move(surface);
    for (size_t i = 0; i < max_folds; ++i) {
        if (i > 0 && run.surface.tokens() <= until_tokens) {
            run.stop_reason = "surface within " + std::to_string(until_tokens) + " tokens";
            break;
        }
        auto step = fold_once(store, run.surface, mode, options);
        if (!step.ok()) return step.error();
        run.root_recommended = step->plan.root_recommended;
        if (!step->bundle) {
            run.stop_reason = step->plan.reason;
            break;
        }
        run.published.push_back(*step->bundle);
        run.surface = std::move(step->surface);
        if (mode != FoldMode::kLeaf) {
            run.stop_reason = std::string(fold_mode_name(mode)) + " fold done";
            break;
        }
    }
    return run;
}

}  // namespace bm
