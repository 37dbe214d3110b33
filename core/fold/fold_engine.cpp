// The fold transaction and the fold-until-under-budget loop.
#include "fold/fold_engine.h"

#include "fold/state_delta.h"
#include "fold/state_forms.h"

namespace bm {

namespace {

struct CarriedState {
    StateReducer anchors;
    M3bState m3b;
    // The checkpoint this state was read from or sealed into (empty: none), the canonical forms of
    // its state as stored there, and its links since the last full state: a leaf or emergency fold
    // stores only its changes against it.
    std::string base_id;
    StateForms base;
    size_t base_depth = 0;
};

// The anchors and M3b lists a verified bundle carries.
Result<CarriedState> carried_by(const CheckpointBundle& b) {
    CarriedState out;
    if (!b.state_anchors) return out;
    out.base_id = b.checkpoint_id;
    auto base = state_forms_of(state_json_of(b));
    if (!base.ok()) return base.error();
    out.base = std::move(base).value();
    out.base_depth = b.state_chain_depth;
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
Result<CarriedState> prior_state(BundleStore& store, const std::string& session_id, const SurfaceItem* last_frozen) {
    if (!last_frozen) return CarriedState();
    auto b = store.read(session_id, last_frozen->checkpoint_id);
    if (!b.ok()) return b.error();
    return carried_by(*b);
}

const SurfaceItem* last_checkpoint_before(const FoldSurface& s, size_t begin) {
    for (size_t i = begin; i-- > 0;)
        if (s.items[i].is_checkpoint) return &s.items[i];
    return nullptr;
}

// Reduces the draft's archived messages onto `state`, the state carried by the last frozen checkpoint.
Status reduce_draft(const FoldOptions& options, CheckpointBundle& draft, CarriedState& state, FoldOutcome& out) {
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
    return {};
}

// Leaf and emergency drafts: the live messages [first, last) are archived (copied) and reduced.
Status draft_from_messages(const SurfaceItem* first, const SurfaceItem* last, const FoldOptions& options,
                           CheckpointBundle& draft, CarriedState& state, FoldOutcome& out) {
    for (const SurfaceItem* item = first; item != last; ++item) {
        draft.shadowed_messages.push_back(item->message);
        draft.ordered_surface_seqs.push_back(item->seq);
    }
    return reduce_draft(options, draft, state, out);
}

// The same for a leaf run, whose folded items are never read again: their messages move.
Status draft_taking_messages(SurfaceItem* first, SurfaceItem* last, const FoldOptions& options,
                             CheckpointBundle& draft, CarriedState& state, FoldOutcome& out) {
    for (SurfaceItem* item = first; item != last; ++item) {
        draft.shadowed_messages.push_back(take_live_message(*item));
        draft.ordered_surface_seqs.push_back(item->seq);
    }
    return reduce_draft(options, draft, state, out);
}

// Root draft: the concatenation of the frozen checkpoints' archives [begin, end).
Status draft_from_checkpoints(BundleStore& store, const FoldSurface& s, size_t begin, size_t end,
                              CheckpointBundle& draft, CarriedState& state) {
    for (size_t i = begin; i < end; ++i) {
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
            state.base_id.clear();  // a root stores its state in full
        }
    }
    return {};
}

// The full carried state into the bundle's state fields (as set_full_state leaves them).
void put_full_state(CheckpointBundle& b, const CarriedState& state) {
    b.state_anchors = state.anchors.to_json();
    if (!state.m3b.negative.entries().empty()) b.negative_knowledge = state.m3b.negative.to_json();
    if (!state.m3b.beliefs.empty()) b.beliefs = beliefs_to_json(state.m3b.beliefs);
}

// The rest of the transaction: state and semantic text into the draft, seal, publish (durable),
// commit record. The caller changes the surface only after this succeeded. On success `state`
// becomes the state of the sealed bundle (its base for the next fold). `full_in_memory`: the
// returned bundle holds the full state even where its bytes hold only the changes.
Result<CheckpointBundle> seal_with_state(CheckpointBundle draft, CarriedState& state, StateFormCache& forms_cache,
                                         bool full_in_memory, const FoldOptions& options, FoldOutcome& out) {
    // The canonical form of every entry, reusing those of entries the previous fold left unchanged:
    // the digests and changes below cost what changed, not the whole state (state_forms.h).
    auto forms = forms_cache.forms(state.anchors, state.m3b);
    if (!forms.ok()) return forms.error();
    // A fold that continues a checkpoint's state stores (and renders) only what it changed; every
    // kStateKeyframeInterval-th link of a chain also stores the full state, so a reader rebuilds
    // any state from a bounded number of bundles.
    const bool continues = !state.base_id.empty() && draft.mode != FoldMode::kRoot;
    if (continues) {
        draft.state_base = state.base_id;
        draft.state_changes = state_changes_of(state.base, *forms, state.anchors, state.m3b);
        draft.state_chain_depth = state.base_depth + 1;
        draft.state_full_stored = draft.state_chain_depth >= kStateKeyframeInterval;
        if (draft.state_full_stored) draft.state_chain_depth = 0;
        draft.state_digest = forms->state_digest;  // what seal_bundle computes from the full JSON
        draft.m3b_digest = forms->m3b_digest;
    }
    if (!continues || draft.state_full_stored) put_full_state(draft, state);
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
    if (!sealed.ok()) return sealed;
    if (full_in_memory && !sealed->state_anchors) put_full_state(*sealed, state);
    state.base_id = sealed->checkpoint_id;
    state.base = std::move(forms).value();
    state.base_depth = sealed->state_chain_depth;
    return sealed;
}

// BundleDurable for sealed bundles of one session: published (fsynced, read back, verified) as one
// group, then their commit records as another. Returns, per bundle, whether it was already there.
Result<std::vector<bool>> publish_and_commit(BundleStore& store, const std::vector<const CheckpointBundle*>& sealed) {
    auto published = store.publish_group(sealed);
    if (!published.ok()) return published.error();
    std::vector<CommitRecord> commits;
    std::vector<bool> already_present;
    for (size_t i = 0; i < sealed.size(); ++i) {
        const CheckpointBundle& b = *sealed[i];
        commits.push_back({b.checkpoint_id, b.session_id, fold_mode_name(b.mode), b.logical_hash, b.rendered_digest,
                           b.ordered_surface_seqs.empty() ? 0 : b.ordered_surface_seqs.back()});
        already_present.push_back((*published)[i].already_present);
    }
    Status committed = store.write_commits(commits);
    if (!committed.ok()) return committed.error();
    return already_present;
}

// One checkpoint, sealed and made durable on its own (fold_once, basic_compact).
Result<CheckpointBundle> seal_and_publish(BundleStore& store, CheckpointBundle draft, CarriedState state,
                                          const FoldOptions& options, FoldOutcome& out) {
    StateFormCache forms;
    auto sealed = seal_with_state(std::move(draft), state, forms, true, options, out);
    if (!sealed.ok()) return sealed.error();
    auto published = publish_and_commit(store, {&*sealed});
    if (!published.ok()) return published.error();
    out.already_present = published->front();
    return sealed;
}

// What a listing of the published checkpoints needs; the archive, state and texts are dropped.
void strip_body(CheckpointBundle& b) {
    b.shadowed_messages = nlohmann::json::array();
    b.refs.clear();
    b.semantic_text.reset();
    b.state_anchors.reset();
    b.negative_knowledge.reset();
    b.beliefs.reset();
    b.state_changes.reset();
    b.rendered_text.clear();
}

CheckpointBundle new_draft(const std::string& session_id, FoldMode mode, const FoldOptions& options) {
    CheckpointBundle draft;
    draft.session_id = session_id;
    draft.created_at = options.created_at;
    draft.mode = mode;
    return draft;
}

// The surface of a run of leaf folds, changed in place: the frozen prefix, then the items of the
// input surface from `head` on. A fold appends one checkpoint to the prefix and moves `head` past
// the folded messages, so it costs the fold, not the surface.
class LeafRun {
public:
    explicit LeafRun(FoldSurface surface) : m_surface(std::move(surface)), m_planner(m_surface.items) {
        settle();
    }

    FoldPlan plan(const FoldPolicy& policy) const {
        const bool recommended =
            m_frozen.size() > 1 && m_frozen_tokens > policy.frozen_checkpoint_token_budget;
        return to_surface(m_planner.plan(m_head, recommended, policy));
    }
    const SurfaceItem* last_frozen() const { return m_frozen.empty() ? nullptr : &m_frozen.back(); }
    // The live message at surface index `i` (past the frozen prefix).
    const SurfaceItem* live(size_t i) const { return m_surface.items.data() + m_head + (i - m_frozen.size()); }
    // The same, for moving its message out once folded (the planner reads only tokens and kinds).
    SurfaceItem* live(size_t i) { return m_surface.items.data() + m_head + (i - m_frozen.size()); }
    size_t tokens() const { return m_frozen_tokens + m_planner.tokens(m_head, m_surface.items.size()); }

    // REQUIRES: `plan` came from plan() and is not empty; `checkpoint` shadows its messages.
    void fold(const FoldPlan& plan, SurfaceItem checkpoint) {
        m_head += plan.end - plan.begin;
        m_frozen_tokens += checkpoint.tokens;
        m_frozen.push_back(std::move(checkpoint));
        settle();
    }

    FoldSurface take() && {
        FoldSurface out;
        out.session_id = m_surface.session_id;
        out.items = std::move(m_frozen);
        out.items.insert(out.items.end(), std::make_move_iterator(m_surface.items.begin() + static_cast<std::ptrdiff_t>(m_head)),
                         std::make_move_iterator(m_surface.items.end()));
        return out;
    }

private:
    // Checkpoints right after the frozen prefix join it (derive_frontier's rule).
    void settle() {
        while (m_head < m_surface.items.size() && m_surface.items[m_head].is_checkpoint) {
            m_frozen_tokens += m_surface.items[m_head].tokens;
            m_frozen.push_back(m_surface.items[m_head++]);
        }
    }
    FoldPlan to_surface(FoldPlan plan) const {
        const size_t shift = m_frozen.size();
        plan.begin = plan.begin - m_head + shift;
        plan.end = plan.end - m_head + shift;
        return plan;
    }

    FoldSurface m_surface;  // the input surface; items before m_head are folded or frozen
    LeafPlanner m_planner;  // indexes m_surface.items, which never change
    std::vector<SurfaceItem> m_frozen;
    size_t m_frozen_tokens = 0;
    size_t m_head = 0;
};

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
    CheckpointBundle draft = new_draft(s.session_id, mode, options);
    CarriedState state;
    if (mode != FoldMode::kRoot) {
        auto prior = prior_state(store, s.session_id, last_checkpoint_before(s, out.plan.begin));
        if (!prior.ok()) return prior.error();
        state = std::move(prior).value();
    }
    Status drafted = mode == FoldMode::kRoot
                         ? draft_from_checkpoints(store, s, out.plan.begin, out.plan.end, draft, state)
                         : draft_from_messages(s.items.data() + out.plan.begin, s.items.data() + out.plan.end,
                                               options, draft, state, out);
    if (!drafted.ok()) return drafted.error();
    auto sealed = seal_and_publish(store, std::move(draft), std::move(state), options, out);
    if (!sealed.ok()) return sealed.error();
    // Only now: the lossy surface change.
    out.surface.session_id = s.session_id;
    out.surface.items.assign(s.items.begin(), s.items.begin() + static_cast<std::ptrdiff_t>(out.plan.begin));
    out.surface.items.push_back(checkpoint_item(*sealed));
    out.surface.items.insert(out.surface.items.end(), s.items.begin() + static_cast<std::ptrdiff_t>(out.plan.end),
                             s.items.end());
    out.bundle = std::move(sealed).value();
    return out;
}

Result<FoldOutcome> basic_compact(BundleStore& store, const FoldSurface& s, const FoldOptions& options) {
    FoldOutcome out;
    out.plan = plan_basic(s, options.policy);
    if (out.plan.empty()) {
        out.surface = s;
        return out;
    }
    CheckpointBundle draft = new_draft(s.session_id, FoldMode::kRoot, options);
    CarriedState state;
    const size_t live = derive_frontier(s).index;  // the previous summary (if any) is items [0, live)
    Status drafted = draft_from_checkpoints(store, s, 0, live, draft, state);
    if (drafted.ok())
        drafted = draft_from_messages(s.items.data() + live, s.items.data() + out.plan.end, options, draft, state, out);
    if (!drafted.ok()) return drafted.error();
    auto sealed = seal_and_publish(store, std::move(draft), std::move(state), options, out);
    if (!sealed.ok()) return sealed.error();
    out.surface.session_id = s.session_id;
    out.surface.items.push_back(checkpoint_item(*sealed));
    out.surface.items.insert(out.surface.items.end(), s.items.begin() + static_cast<std::ptrdiff_t>(out.plan.end),
                             s.items.end());
    out.bundle = std::move(sealed).value();
    return out;
}

namespace {

// Checkpoints a leaf run publishes per group.
constexpr size_t kPublishGroup = 16;

// fold_until for leaf folds: the same folds as repeated fold_once, on a LeafRun.
Result<FoldRun> leaf_fold_until(BundleStore& store, FoldSurface surface, size_t until_tokens,
                                const FoldOptions& options, size_t max_folds) {
    FoldRun run;
    const std::string session_id = surface.session_id;
    LeafRun leaf(std::move(surface));
    // The state the next fold starts from: read back (verified) from the store for the first fold,
    // then the one each fold carried into the bundle it just published (and verified by read-back).
    std::optional<CarriedState> carried;
    StateFormCache forms;  // the carried state's per-entry forms, across the run
    // Sealed, not yet published: the next fold needs only the carried state, so checkpoints are
    // published in groups (one directory fsync each) and reported only once durable.
    std::vector<CheckpointBundle> pending;
    auto flush = [&]() -> Status {
        std::vector<const CheckpointBundle*> group;
        for (const auto& b : pending) group.push_back(&b);
        auto published = publish_and_commit(store, group);
        if (!published.ok()) return published.error();
        for (auto& b : pending) {
            run.published.push_back(std::move(b));
            if (!options.keep_published_bodies) strip_body(run.published.back());
        }
        pending.clear();
        return {};
    };
    for (size_t i = 0; i < max_folds; ++i) {
        if (i > 0 && leaf.tokens() <= until_tokens) {
            run.stop_reason = "surface within " + std::to_string(until_tokens) + " tokens";
            break;
        }
        if (i > 0 && options.keep_going && !options.keep_going(i, leaf.tokens())) {
            run.stop_reason = "cancelled";
            run.cancelled = true;
            break;
        }
        FoldOutcome out;
        out.plan = leaf.plan(options.policy);
        run.root_recommended = out.plan.root_recommended;
        if (out.plan.empty()) {
            run.stop_reason = out.plan.reason;
            break;
        }
        CheckpointBundle draft = new_draft(session_id, FoldMode::kLeaf, options);
        if (!carried) {
            auto prior = prior_state(store, session_id, leaf.last_frozen());
            if (!prior.ok()) return prior.error();
            carried = std::move(prior).value();
        }
        // The state stays structures across the run: the next fold continues the one this fold
        // sealed (the bundle carries exactly it; tests compare with folds that read it back).
        Status drafted =
            draft_taking_messages(leaf.live(out.plan.begin), leaf.live(out.plan.end), options, draft, *carried, out);
        if (!drafted.ok()) return drafted.error();
        auto sealed = seal_with_state(std::move(draft), *carried, forms, options.keep_published_bodies, options, out);
        if (!sealed.ok()) return sealed.error();
        leaf.fold(out.plan, checkpoint_item(*sealed));
        pending.push_back(std::move(sealed).value());
        if (pending.size() >= kPublishGroup) {
            Status flushed = flush();
            if (!flushed.ok()) return flushed.error();
        }
    }
    Status flushed = flush();
    if (!flushed.ok()) return flushed.error();
    run.surface = std::move(leaf).take();
    return run;
}

}  // namespace

Result<FoldRun> fold_until(BundleStore& store, FoldSurface surface, FoldMode mode, size_t until_tokens,
                           const FoldOptions& options, size_t max_folds) {
    if (mode == FoldMode::kLeaf) return leaf_fold_until(store, std::move(surface), until_tokens, options, max_folds);
    FoldRun run;
    run.surface = std::move(surface);
    if (max_folds == 0) return run;
    auto step = fold_once(store, run.surface, mode, options);
    if (!step.ok()) return step.error();
    run.root_recommended = step->plan.root_recommended;
    if (!step->bundle) {
        run.stop_reason = step->plan.reason;
        return run;
    }
    run.published.push_back(*step->bundle);
    run.surface = std::move(step->surface);
    run.stop_reason = std::string(fold_mode_name(mode)) + " fold done";
    return run;
}

}  // namespace bm
