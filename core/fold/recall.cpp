// context_recall (summary / detail / exact paging under a token cap) and context_search.
#include "fold/recall.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "fold/archive.h"
#include "fold/checkpoint_body.h"
#include "fold/search_index.h"
#include "util/canonical_json.h"

namespace bm {

std::optional<RecallDepth> recall_depth_from_name(const std::string& name) {
    if (name == "summary") return RecallDepth::kSummary;
    if (name == "detail") return RecallDepth::kDetail;
    if (name == "exact") return RecallDepth::kExact;
    return std::nullopt;
}

std::string checkpoint_id_from_ref(const std::string& ref) {
    size_t at = ref.find("cp:");
    std::string id = at == std::string::npos ? ref : ref.substr(at + 3);
    size_t b = id.find_first_not_of(" \t");
    if (b == std::string::npos) return {};
    id = id.substr(b);
    size_t e = 0;
    while (e < id.size() && std::isalnum(static_cast<unsigned char>(id[e]))) ++e;
    id.resize(e);
    if (id.size() != 32 || id.compare(0, 2, "ef") != 0) return {};
    for (size_t i = 2; i < id.size(); ++i)
        if (!((id[i] >= '0' && id[i] <= '9') || (id[i] >= 'a' && id[i] <= 'f'))) return {};
    return id;
}

Result<nlohmann::json> context_recall(BundleStore& store, const RecallRequest& req) {
    const std::string id = checkpoint_id_from_ref(req.ref);
    if (id.empty())
        return Error::invalid_input("'" + utf8_prefix(req.ref, 80) + "' names no checkpoint", Location("", 0, -1, "ref"),
                                    "pass a checkpoint id (ef + 30 hex digits), cp:<id> or a marker line");
    if (req.offset < 0) return Error::invalid_input("offset must be >= 0", Location("", 0, -1, "offset"));
    if (req.limit < 1) return Error::invalid_input("limit must be >= 1", Location("", 0, -1, "limit"));
    if (Status st = store.check_is_store(); !st.ok()) return st.error();
    auto entry = store.find(id);
    if (!entry) return Error::not_found("no checkpoint " + id + " in " + store.root(), Location(store.root()),
                                        "use context_search to find checkpoint ids");
    auto bundle = store.read(entry->session_id, id);
    if (!bundle.ok()) {
        if (bundle.error().code() == ErrorCode::kNotFound) return bundle.error();
        return nlohmann::json{{"status", "unavailable"}, {"checkpointId", id}, {"reason", bundle.error().to_string()}};
    }
    const CheckpointBundle& b = *bundle;
    nlohmann::json out{{"status", "ok"}, {"checkpointId", id}, {"sessionId", b.session_id}, {"mode", fold_mode_name(b.mode)}};
    // A V2 checkpoint renders only its state changes; summary and detail also give the full state
    // at that checkpoint (rebuilt by BundleStore::read), rendered as a V1 bundle would be.
    if (req.depth != RecallDepth::kExact && b.state_base) {
        CheckpointBundle full = b;
        full.state_base.reset();
        full.state_changes.reset();
        auto text = render_checkpoint(full);
        if (text.ok()) out["fullStateText"] = *text;
    }
    if (req.depth == RecallDepth::kSummary) {
        out["depth"] = "summary";
        out["text"] = b.rendered_text;
        return out;
    }
    if (req.depth == RecallDepth::kDetail) {
        out["depth"] = "detail";
        out["text"] = b.semantic_text ? *b.semantic_text : b.rendered_text;
        out["textSource"] = b.semantic_text ? "semantic" : "rendered";
        return out;
    }
    const int64_t total = static_cast<int64_t>(b.shadowed_messages.size());
    if (req.offset > total)
        return Error::invalid_input("offset " + std::to_string(req.offset) + " is past the " + std::to_string(total) +
                                        " archived messages",
                                    Location("", 0, -1, "offset"), "page from 0 and follow nextOffset");
    const int64_t limit = std::min(req.limit, kMaxRecallLimit);
    const size_t cap = std::min(req.max_tokens, kMaxPageTokens);
    nlohmann::json messages = nlohmann::json::array();
    size_t tokens = 0;
    int64_t next = req.offset;
    while (next < total && static_cast<int64_t>(messages.size()) < limit) {
        const auto& m = b.shadowed_messages[static_cast<size_t>(next)];
        const size_t t = archived_message_tokens(m);
        if (tokens + t > cap) {
            if (messages.empty())  // one message above the cap: report it, never an over-budget page
                out["skipped"] = {{"index", next}, {"tokens", t},
                                  {"reason", "message exceeds the page token cap " + std::to_string(cap) +
                                                 "; raise maxTokens (at most " + std::to_string(kMaxPageTokens) + ")"}};
            break;
        }
        messages.push_back(m);
        tokens += t;
        ++next;
    }
    out["depth"] = "exact";
    out["totalMessages"] = total;
    out["offset"] = req.offset;
    out["limit"] = limit;
    out["tokens"] = tokens;
    out["maxTokens"] = cap;
    out["messages"] = std::move(messages);
    if (out.contains("skipped") && next < total) next = next + 1;
    if (next < total) out["nextOffset"] = next;
    return out;
}

Result<nlohmann::json> context_search(BundleStore& store, const std::string& query, size_t limit) {
    if (Status st = store.check_is_store(); !st.ok()) return st.error();  // never create an index elsewhere
    auto index = SearchIndex::open(store);
    if (!index.ok()) return index.error();
    auto hits = (*index)->search(query, limit);
    if (!hits.ok()) return hits.error();
    // The index is a cache that notices a changed file by its size only: each hit's bundle is
    // verified before any excerpt of it is served, so a bundle damaged in place is never served.
    std::map<std::string, std::string> refused;  // checkpoint id -> reason
    std::set<std::string> verified;
    auto servable = [&](const SearchHit& h) {
        if (verified.count(h.checkpoint_id)) return true;
        if (refused.count(h.checkpoint_id)) return false;
        auto entry = store.find(h.checkpoint_id);
        Verification v = entry ? store.verify(*entry) : Verification{VerifyState::kMissing, "bundle file gone"};
        if (v.state == VerifyState::kVerified) return verified.insert(h.checkpoint_id), true;
        refused[h.checkpoint_id] = v.reason;
        return false;
    };
    nlohmann::json list = nlohmann::json::array();
    for (const auto& h : *hits) {
        if (!servable(h)) continue;
        nlohmann::json j{{"checkpointId", h.checkpoint_id},
                         {"sessionId", h.session_id},
                         {"matchKind", h.match_kind},
                         {"excerpt", h.excerpt},
                         {"sourceRange", {{"firstSeq", h.first_seq}, {"lastSeq", h.last_seq}}},
                         {"createdAt", h.created_at}};
        if (h.message_index) j["messageIndex"] = *h.message_index;
        list.push_back(std::move(j));
    }
    nlohmann::json out{{"query", query}, {"hits", std::move(list)}};
    for (const auto& [id, reason] : refused) out["unavailable"].push_back({{"checkpointId", id}, {"reason", reason}});
    return out;
}

std::string exact_page_bytes(const nlohmann::json& page) {
    std::string out;
    for (const auto& m : page["messages"]) {
        auto bytes = canonical_json(m);
        out += bytes.ok() ? *bytes : m.dump();
        out += '\n';
    }
    return out;
}

}  // namespace bm
