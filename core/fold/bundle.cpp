// CheckpointBundleV1: sealing (digests, id, rendering), JSON form, and decode-with-verification.
#include "fold/bundle.h"

#include "fold/checkpoint_body.h"
#include "fold/state_delta.h"
#include "util/canonical_json.h"
#include "util/hash.h"

namespace bm {

namespace {

constexpr const char* kModes[] = {"leaf", "root", "emergency"};

Result<std::string> jcs_hash(const nlohmann::json& value) {
    auto bytes = canonical_json(value);
    if (!bytes.ok()) return bytes.error();
    return sha256_hex(*bytes);
}

nlohmann::json bundle_json(const CheckpointBundle& b, const nlohmann::json& shadowed_messages);

// JCS of `j` (a bundle's JSON whose archive.shadowedMessages is empty) with `messages_jcs`, the JCS
// of the real messages array, in its place: the bytes canonical_json() gives for the full bundle,
// without copying or canonicalising the messages again.
Result<std::string> canonical_with_messages(const nlohmann::json& j, std::string_view messages_jcs) {
    auto bytes = canonical_json(j);
    if (!bytes.ok()) return bytes.error();
    // Quotes inside JSON strings are escaped, so this member can only be the archive's own key.
    static constexpr std::string_view kEmpty = "\"shadowedMessages\":[]";
    const size_t at = bytes->find(kEmpty);
    if (at == std::string::npos || bytes->find(kEmpty, at + 1) != std::string::npos)
        return Error::internal("bundle JSON without exactly one empty archive.shadowedMessages");
    bytes->replace(at + kEmpty.size() - 2, 2, messages_jcs);
    return bytes;
}

// The id's preimage: everything but the id and the rendering.
nlohmann::json identity_json(const CheckpointBundle& b, const nlohmann::json& shadowed_messages) {
    nlohmann::json j = bundle_json(b, shadowed_messages);
    j.erase("checkpointId");
    j.erase("rendered");
    return j;
}

}  // namespace

const char* fold_mode_name(FoldMode mode) { return kModes[static_cast<int>(mode)]; }
std::optional<FoldMode> fold_mode_from_name(const std::string& name) {
    for (int i = 0; i < 3; ++i)
        if (name == kModes[i]) return static_cast<FoldMode>(i);
    return std::nullopt;
}
char fold_mode_letter(FoldMode mode) { return "LRE"[static_cast<int>(mode)]; }

std::string checkpoint_marker(FoldMode mode, const std::string& id) {
    return std::string("[EF1 ") + fold_mode_letter(mode) + " cp:" + id + "]";
}

nlohmann::json bundle_to_json(const CheckpointBundle& b) { return bundle_json(b, b.shadowed_messages); }

namespace {

nlohmann::json bundle_json(const CheckpointBundle& b, const nlohmann::json& shadowed_messages) {
    nlohmann::json refs = nlohmann::json::array();
    for (const auto& r : b.refs) refs.push_back({{"seq", r.seq}, {"digest", r.digest}});
    nlohmann::json j{{"format", "ef-checkpoint"},
                     {"formatVersion", b.state_base ? 2 : 1},
                     {"checkpointId", b.checkpoint_id},
                     {"sessionId", b.session_id},
                     {"createdAt", b.created_at},
                     {"mode", fold_mode_name(b.mode)},
                     {"source", {{"orderedSurfaceSeqs", b.ordered_surface_seqs}, {"sourceDigest", b.source_digest}}},
                     {"archive",
                      {{"shadowedMessages", shadowed_messages},
                       {"messageCount", b.message_count},
                       {"logicalHash", b.logical_hash},
                       {"refs", refs}}},
                     {"rendered", {{"text", b.rendered_text}, {"digest", b.rendered_digest}}}};
    if (b.semantic_text) j["semantic"] = {{"text", *b.semantic_text}};
    if (b.state_anchors || b.state_base) {
        nlohmann::json state = {{"digest", b.state_digest}};
        if (b.state_anchors && b.state_full_stored) {
            state["anchors"] = *b.state_anchors;
            if (b.negative_knowledge) state["negativeKnowledge"] = *b.negative_knowledge;
            if (b.beliefs) state["beliefs"] = *b.beliefs;
        }
        if (b.state_base) {
            state["base"] = *b.state_base;
            state["changes"] = b.state_changes.value_or(nlohmann::json::object());
            state["m3bDigest"] = b.m3b_digest;
        }
        j["state"] = std::move(state);
    }
    return j;
}

}  // namespace

Result<std::string> bundle_bytes(const CheckpointBundle& b) { return canonical_json(bundle_to_json(b)); }

namespace {

// seal_bundle() without the digest of the stored bytes (decode_bundle() has the bytes already).
// `messages_jcs`, when given, receives the JCS of archive.shadowedMessages.
Result<CheckpointBundle> seal_content(CheckpointBundle b, std::string* messages_jcs = nullptr) {
    if (!b.shadowed_messages.is_array())
        return Error::invalid_input("shadowedMessages must be an array", Location("", 0, -1, "archive.shadowedMessages"));
    if (b.ordered_surface_seqs.size() != b.shadowed_messages.size())
        return Error::invalid_input("orderedSurfaceSeqs and shadowedMessages differ in length",
                                    Location("", 0, -1, "source.orderedSurfaceSeqs"));
    b.message_count = static_cast<int64_t>(b.shadowed_messages.size());
    b.refs.clear();
    // JCS of an array is its elements' JCS joined by commas in brackets, so the logical hash is
    // computed from the per-message forms instead of canonicalising every message twice.
    std::string array_jcs = "[";
    for (size_t i = 0; i < b.shadowed_messages.size(); ++i) {
        auto bytes = canonical_json(b.shadowed_messages[i]);
        if (!bytes.ok()) return bytes.error();
        b.refs.push_back({b.ordered_surface_seqs[i], sha256_hex(*bytes)});
        if (i > 0) array_jcs += ',';
        array_jcs += *bytes;
    }
    array_jcs += ']';
    b.logical_hash = sha256_hex(array_jcs);
    const nlohmann::json no_messages = nlohmann::json::array();
    auto source = jcs_hash({{"sessionId", b.session_id}, {"orderedSurfaceSeqs", b.ordered_surface_seqs}});
    if (!source.ok()) return source.error();
    b.source_digest = *source;
    if (b.state_base && !b.state_changes)
        return Error::invalid_input("a bundle with a state base needs its state changes", Location("", 0, -1, "state.changes"));
    if (!b.state_base) b.state_full_stored = true;
    // A V2 bundle decoded without its chain has no full state: its digests are the stored ones
    // (covered by the id) and BundleStore::read checks them against the rebuilt state.
    if (b.state_anchors) {
        auto state = jcs_hash(*b.state_anchors);
        if (!state.ok()) return state.error();
        b.state_digest = *state;
        if (b.state_base) {
            auto m3b = m3b_digest(state_json_of(b));
            if (!m3b.ok()) return m3b.error();
            b.m3b_digest = *m3b;
        }
    }
    auto identity = canonical_with_messages(identity_json(b, no_messages), array_jcs);
    if (!identity.ok()) return identity.error();
    b.checkpoint_id = "ef" + sha256_hex(*identity).substr(0, 30);
    auto text = render_checkpoint(b);
    if (!text.ok()) return text.error();
    b.rendered_text = *text;
    auto digest = jcs_hash(nlohmann::json(b.rendered_text));
    if (!digest.ok()) return digest.error();
    b.rendered_digest = *digest;
    if (messages_jcs) *messages_jcs = std::move(array_jcs);
    return b;
}

}  // namespace

Result<CheckpointBundle> seal_bundle(CheckpointBundle draft) {
    std::string messages_jcs;
    auto sealed = seal_content(std::move(draft), &messages_jcs);
    if (!sealed.ok()) return sealed;
    CheckpointBundle b = std::move(sealed).value();
    // bundle_bytes(b), with the messages' JCS computed once above.
    auto sealed_bytes = canonical_with_messages(bundle_json(b, nlohmann::json::array()), messages_jcs);
    if (!sealed_bytes.ok()) return sealed_bytes.error();
    b.sealed_bytes_digest = sha256_hex(*sealed_bytes);
    return b;
}

bool is_unchanged_since_sealing(const CheckpointBundle& bundle, std::string_view bytes) {
    return !bundle.sealed_bytes_digest.empty() && sha256_hex(bytes) == bundle.sealed_bytes_digest;
}

Result<CheckpointBundle> decode_bundle(std::string_view bytes, const std::string& file) {
    auto corrupt = [&](const std::string& field, const std::string& what) {
        return Error::corruption(what, Location(file, 0, -1, field),
                                 "the bundle file was altered or torn; recall it from a replica or re-fold the session");
    };
    nlohmann::json j = nlohmann::json::parse(bytes, nullptr, false);
    if (j.is_discarded()) return corrupt("", "not valid JSON");
    auto canonical = canonical_json(j);
    if (!canonical.ok()) return corrupt("", "cannot be canonicalised: " + canonical.error().message());
    if (*canonical != bytes) return corrupt("", "bytes are not the RFC 8785 canonical form of the bundle");
    CheckpointBundle b;
    std::string state_digest_stored;
    try {
        if (j.at("format") != "ef-checkpoint") return corrupt("format", "format is not ef-checkpoint");
        const auto& version = j.at("formatVersion");
        if (version != 1 && version != 2)
            return Error::version_too_new("unsupported formatVersion", Location(file, 0, -1, "formatVersion"),
                                          "this build reads CheckpointBundleV1 and V2 only");
        b.checkpoint_id = j.at("checkpointId").get<std::string>();
        b.session_id = j.at("sessionId").get<std::string>();
        b.created_at = j.at("createdAt").get<int64_t>();
        auto mode = fold_mode_from_name(j.at("mode").get<std::string>());
        if (!mode) return corrupt("mode", "unknown fold mode");
        b.mode = *mode;
        b.ordered_surface_seqs = j.at("source").at("orderedSurfaceSeqs").get<std::vector<int64_t>>();
        b.source_digest = j.at("source").at("sourceDigest").get<std::string>();
        const auto& archive = j.at("archive");
        b.shadowed_messages = archive.at("shadowedMessages");
        if (!b.shadowed_messages.is_array()) return corrupt("archive.shadowedMessages", "not an array");
        b.message_count = archive.at("messageCount").get<int64_t>();
        b.logical_hash = archive.at("logicalHash").get<std::string>();
        for (const auto& r : archive.at("refs"))
            b.refs.push_back({r.at("seq").get<int64_t>(), r.at("digest").get<std::string>()});
        if (j.contains("semantic")) b.semantic_text = j.at("semantic").at("text").get<std::string>();
        if (j.contains("state")) {
            const auto& state = j.at("state");
            const bool continues = state.contains("base") || state.contains("changes");
            if (continues != (version == 2))
                return corrupt("state.base", version == 2 ? "a V2 bundle without state.base and state.changes"
                                                          : "a V1 bundle with state.base or state.changes");
            if (continues) {
                b.state_base = state.at("base").get<std::string>();
                b.state_changes = state.at("changes");
                b.m3b_digest = state.at("m3bDigest").get<std::string>();
                b.state_full_stored = state.contains("anchors");
            }
            if (b.state_full_stored) b.state_anchors = state.at("anchors");
            state_digest_stored = state.at("digest").get<std::string>();
            if (state.contains("negativeKnowledge")) b.negative_knowledge = state["negativeKnowledge"];
            if (state.contains("beliefs")) b.beliefs = state["beliefs"];
        } else if (version == 2) {
            return corrupt("state", "a V2 bundle without state");
        }
        b.rendered_text = j.at("rendered").at("text").get<std::string>();
        b.rendered_digest = j.at("rendered").at("digest").get<std::string>();
    } catch (const nlohmann::json::exception& ex) {
        return corrupt("", std::string("missing or mistyped field: ") + ex.what());
    }
    // Re-seal from the content and compare every derived field.
    CheckpointBundle draft;
    draft.session_id = b.session_id;
    draft.created_at = b.created_at;
    draft.mode = b.mode;
    draft.ordered_surface_seqs = b.ordered_surface_seqs;
    draft.shadowed_messages = b.shadowed_messages;
    draft.semantic_text = b.semantic_text;
    draft.state_anchors = b.state_anchors;
    draft.negative_knowledge = b.negative_knowledge;
    draft.beliefs = b.beliefs;
    draft.state_base = b.state_base;
    draft.state_changes = b.state_changes;
    draft.state_full_stored = b.state_full_stored;
    if (!b.state_anchors) {
        draft.state_digest = state_digest_stored;
        draft.m3b_digest = b.m3b_digest;
    }
    if (b.ordered_surface_seqs.size() != b.shadowed_messages.size())
        return corrupt("source.orderedSurfaceSeqs", "length differs from archive.shadowedMessages");
    auto sealed = seal_content(std::move(draft));
    if (!sealed.ok()) return corrupt("", "content fails sealing: " + sealed.error().message());
    const CheckpointBundle& s = *sealed;
    if (s.message_count != b.message_count) return corrupt("archive.messageCount", "messageCount mismatch");
    if (s.logical_hash != b.logical_hash) return corrupt("archive.logicalHash", "logicalHash mismatch");
    if (s.refs.size() != b.refs.size()) return corrupt("archive.refs", "refs count mismatch");
    for (size_t i = 0; i < s.refs.size(); ++i)
        if (s.refs[i].seq != b.refs[i].seq || s.refs[i].digest != b.refs[i].digest)
            return corrupt("archive.refs[" + std::to_string(i) + "]", "message digest mismatch");
    if (s.source_digest != b.source_digest) return corrupt("source.sourceDigest", "sourceDigest mismatch");
    if (b.state_anchors && s.state_digest != state_digest_stored) return corrupt("state.digest", "state digest mismatch");
    if (b.state_anchors && b.state_base && s.m3b_digest != b.m3b_digest)
        return corrupt("state.m3bDigest", "M3b state digest mismatch");
    b.state_digest = state_digest_stored;
    if (s.checkpoint_id != b.checkpoint_id) return corrupt("checkpointId", "checkpointId does not match the content");
    if (s.rendered_text != b.rendered_text) return corrupt("rendered.text", "rendered text does not match the content");
    if (s.rendered_digest != b.rendered_digest) return corrupt("rendered.digest", "rendered digest mismatch");
    b.sealed_bytes_digest = sha256_hex(bytes);  // verified above: these are its sealed bytes
    return b;
}

}  // namespace bm
