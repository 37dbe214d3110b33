// context_search and context_recall (SPEC §12): the contracts the CLI and the MCP server expose.
//
// Results are JSON objects so every front end prints the same thing. A bundle that fails
// verification is never served: recall answers {"status":"unavailable","reason":...}.
// Thread-safety: one call at a time per BundleStore.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "fold/bundle_store.h"
#include "util/result.h"

namespace bm {

enum class RecallDepth { kSummary, kDetail, kExact };
std::optional<RecallDepth> recall_depth_from_name(const std::string& name);

struct RecallRequest {
    std::string ref;  // checkpoint id, "cp:<id>" or a marker line "[EF1 L cp:<id>]"
    RecallDepth depth = RecallDepth::kSummary;
    int64_t offset = 0;
    int64_t limit = 20;          // clamped to kMaxRecallLimit
    size_t max_tokens = 8000;    // per exact page, clamped to kMaxPageTokens
};

inline constexpr int64_t kMaxRecallLimit = 20;
inline constexpr size_t kMaxPageTokens = 32000;

// The checkpoint id named by `ref`, or empty when it names none.
std::string checkpoint_id_from_ref(const std::string& ref);

// summary: {status, checkpointId, depth, text}; detail: {..., text, textSource};
// exact: {status, checkpointId, depth, totalMessages, offset, limit, nextOffset?, messages, tokens,
// skipped?}. Errors (kInvalidInput, kNotFound) for a bad ref, offset or a missing checkpoint.
Result<nlohmann::json> context_recall(BundleStore& store, const RecallRequest& request);

// The bytes of an exact page as `recall --depth exact` prints them: each message's canonical JSON
// (RFC 8785) and a newline. REQUIRES: `page` is an exact context_recall result with status "ok".
std::string exact_page_bytes(const nlohmann::json& page);

// {query, hits:[{checkpointId, sessionId, matchKind, excerpt, messageIndex?, sourceRange{firstSeq,lastSeq}, createdAt}],
//  unavailable?:[{checkpointId, reason}]}: each hit's bundle is verified first; the hits of one that
// fails are left out and it is listed under "unavailable" (absent when none failed).
Result<nlohmann::json> context_search(BundleStore& store, const std::string& query, size_t limit);

}  // namespace bm
