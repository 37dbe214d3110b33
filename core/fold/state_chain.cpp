// Rebuilding a V2 bundle's full state from its chain of bases (BundleStore::read and verify).
//
// Each base is read for its state only (the archive and texts are skipped while parsing); the
// state is rebuilt from the nearest stored full state (a V1 bundle, a root or a keyframe) or a
// recently rebuilt one, each link's changes applied oldest first and each result checked against
// that link's digests, so a broken or altered link is named. The bundle being read was verified in
// full by decode_bundle; its own digests are checked last.
#include "fold/bundle_store.h"
#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm {

namespace {

// Far above kStateKeyframeInterval: only a damaged store (or a foreign writer) gets near it.
constexpr size_t kMaxStateChain = 4096;
constexpr size_t kStateCacheSize = 8;

Result<std::string> anchors_digest(const nlohmann::json& anchors) {
    auto bytes = canonical_json(anchors);
    if (!bytes.ok()) return bytes.error();
    return sha256_hex(*bytes);
}

// OK when `state` has the digests stored for checkpoint `id`.
Status check_digests(const StateJson& state, const std::string& digest, const std::string& m3b,
                     const std::string& id, const std::string& reading) {
    auto anchors = anchors_digest(state.anchors);
    if (!anchors.ok()) return anchors.error();
    auto lists = m3b_digest(state);
    if (!lists.ok()) return lists.error();
    if (*anchors != digest || (!m3b.empty() && *lists != m3b))
        return Error::corruption("the state rebuilt for checkpoint " + id + " does not match its digest",
                                 Location(reading, 0, -1, "state.digest"),
                                 "a bundle of its state chain was altered or replaced; re-fold the session");
    return {};
}

}  // namespace

struct BundleStore::StoredState {
    std::string path;
    std::optional<std::string> base;
    nlohmann::json changes;
    std::optional<StateJson> full;
    std::string digest, m3b_digest;
};

Result<BundleStore::StoredState> BundleStore::read_stored_state(const std::string& session_id,
                                                                const std::string& checkpoint_id) {
    auto file = load_stored_file(session_id, checkpoint_id);
    if (!file.ok()) return file.error();
    if (*file) {
        const std::string& path = (*file)->path;
        const std::string* bytes = &(*file)->bytes;
        // Only `state` is needed: the archive, rendering and summary are dropped while parsing.
        auto keep = [](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
            return !(depth == 1 && event == nlohmann::json::parse_event_t::key &&
                     (parsed == "archive" || parsed == "rendered" || parsed == "semantic" || parsed == "source"));
        };
        nlohmann::json j = nlohmann::json::parse(*bytes, keep, false);
        auto bad = [&](const std::string& what) {
            return Error::corruption("state base " + checkpoint_id + ": " + what, Location(path, 0, -1, "state"),
                                     "a bundle of the state chain is damaged; re-fold the session");
        };
        if (j.is_discarded() || !j.is_object() || !j.contains("state") || !j["state"].is_object())
            return bad("no readable state");
        StoredState out;
        out.path = path;
        try {
            const auto& state = j["state"];
            out.digest = state.at("digest").get<std::string>();
            if (state.contains("base")) {
                out.base = state.at("base").get<std::string>();
                out.changes = state.at("changes");
                out.m3b_digest = state.at("m3bDigest").get<std::string>();
            }
            if (state.contains("anchors")) {
                StateJson full;
                full.anchors = state["anchors"];
                if (state.contains("negativeKnowledge")) full.negative_knowledge = state["negativeKnowledge"];
                if (state.contains("beliefs")) full.beliefs = state["beliefs"];
                out.full = std::move(full);
            } else if (!out.base) {
                return bad("neither a full state nor a base");
            }
        } catch (const nlohmann::json::exception& ex) {
            return bad(std::string("missing or mistyped field: ") + ex.what());
        }
        return out;
    }
    return Error::not_found("state base " + checkpoint_id + " of session " + session_id + " is not in the store",
                            Location(session_dir(session_id)), "a V2 bundle needs the checkpoints its state continues; export them together");
}

const BundleStore::CachedState* BundleStore::cached_state(const std::string& checkpoint_id) const {
    for (auto it = m_state_cache.rbegin(); it != m_state_cache.rend(); ++it)
        if (it->checkpoint_id == checkpoint_id) return &*it;
    return nullptr;
}

void BundleStore::remember_state(const std::string& checkpoint_id, const StateJson& state, size_t depth) {
    if (cached_state(checkpoint_id)) return;
    if (m_state_cache.size() >= kStateCacheSize) m_state_cache.erase(m_state_cache.begin());
    m_state_cache.push_back({checkpoint_id, state, depth});
}

Status BundleStore::rebuild_state(CheckpointBundle& b) {
    if (!b.state_base) {
        if (b.state_anchors) remember_state(b.checkpoint_id, state_json_of(b), 0);  // a chain may start here
        return {};
    }
    if (b.state_anchors) {  // a keyframe: stored in full (and checked by decode_bundle)
        b.state_chain_depth = 0;
        remember_state(b.checkpoint_id, state_json_of(b), 0);
        return {};
    }
    // Back from the base to a known full state; links newest first.
    std::vector<std::pair<std::string, StoredState>> links;
    std::string id = *b.state_base;
    StateJson state;
    size_t depth = 0;
    for (;;) {
        if (links.size() > kMaxStateChain)
            return Error::corruption("the state chain of checkpoint " + b.checkpoint_id + " is longer than " +
                                         std::to_string(kMaxStateChain) + " links (a cycle?)",
                                     Location("", 0, -1, "state.base"), "re-fold the session");
        if (const CachedState* cached = cached_state(id)) {
            state = cached->state;
            depth = cached->depth;
            break;
        }
        auto link = read_stored_state(b.session_id, id);
        if (!link.ok()) return link.error();
        if (link->full) {
            state = std::move(*link->full);
            Status ok = check_digests(state, link->digest, link->m3b_digest, id, link->path);
            if (!ok.ok()) return ok.error();
            break;
        }
        std::string next = *link->base;
        links.emplace_back(id, std::move(link).value());
        id = std::move(next);
    }
    for (auto it = links.rbegin(); it != links.rend(); ++it) {
        auto applied = apply_state_changes(state, it->second.changes);
        if (!applied.ok())
            return Error::corruption("state chain at checkpoint " + it->first + ": " + applied.error().message(),
                                     Location(it->second.path, 0, -1, "state.changes"), "re-fold the session");
        state = std::move(applied).value();
        Status ok = check_digests(state, it->second.digest, it->second.m3b_digest, it->first, it->second.path);
        if (!ok.ok()) return ok.error();
        remember_state(it->first, state, ++depth);
    }
    auto applied = apply_state_changes(state, *b.state_changes);
    if (!applied.ok()) return applied.error();
    Status ok = check_digests(*applied, b.state_digest, b.m3b_digest, b.checkpoint_id, "bundle " + b.checkpoint_id);
    if (!ok.ok()) return ok.error();
    b.state_chain_depth = depth + 1;
    remember_state(b.checkpoint_id, *applied, b.state_chain_depth);
    set_full_state(b, std::move(applied).value());
    return {};
}

}  // namespace bm
