// The public packing API (SPEC §10): a merged snapshot + budget + format + query + token counter
// → one rendered block that never exceeds the budget, and a report of what was chosen and why.
//
// Used by the CLI (`beliefmerge merge`), the studio's pack preview and the MCP server. The block
// is byte-identical for an identical snapshot and options (no timestamps, stable ordering). A
// snapshot that fails a trust invariant is refused: nothing is rendered and every violation is
// listed. Thread-safety: a pure function; the counter must be safe to call concurrently if shared.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "merge/snapshot.h"
#include "pack/render.h"
#include "pack/resolution.h"
#include "pack/select.h"
#include "pack/token_counter.h"
#include "util/result.h"

namespace bm {

struct PackOptions {
    size_t budget = 0;  // tokens for the whole block: header, banner, items, trailer, newlines
    PackFormat format = PackFormat::kMarkdown;
    std::string query;  // raises personal value by relevance (0..1) ×2
    PackAlgorithm algorithm = PackAlgorithm::kPartialEnumeration;
    size_t seed_size = 3;
    size_t top_m = 0;  // 0: automatic (see SelectOptions::top_m)
    double gamma = kDefaultGamma;
    bool volatile_first = false;  // the reversed layout, only to measure what stable-first preserves
    ResolutionMap resolutions;    // adjudications and human decisions by slot key
};

// One item of the block, in layout order.
struct PackedItem {
    std::string key;
    std::string text;    // its exact bytes in the block
    size_t tokens = 0;   // what it was charged (its own count + 1 for the join)
    double personal = 0;
    bool untrusted = false;
};

struct PackReport {
    std::string counter;       // TokenCounter::name()
    std::string format;
    std::string algorithm;     // which ran, e.g. "partial-enumeration(k=3, M=16 of 40)"
    bool beat_greedy = false;  // enumeration found a better set than density greedy
    double value = 0;          // U(S) of the packed set
    double greedy_value = 0;   // U of density greedy on the same input
    size_t seeds_tried = 0;
    size_t budget = 0;
    size_t tokens = 0;         // count of the whole block (≤ budget)
    size_t candidates = 0;
    size_t included = 0;
    size_t trimmed = 0;        // items dropped after the exact recount of the assembled block
    size_t filled = 0;         // items added into the room the worst-case reservations left
    TrailerCounts trailer;
    bool banner = false;
    bool empty = false;
    std::string reason;        // why the block is empty
};

struct PackResult {
    std::string block;  // empty when nothing can be injected (see report.reason)
    std::vector<PackedItem> items;
    PackReport report;
};

// Packs and renders `snapshot`. Fails (kRefused) when a trust invariant is violated, naming every
// violation; an empty snapshot or a budget too small for header + banner + one item gives an empty
// block with the reason instead.
Result<PackResult> pack_context(const MergedSnapshot& snapshot, const PackOptions& options, const TokenCounter& counter);

// The item texts of a result (for preserved_prefix).
std::vector<std::string> item_texts(const PackResult& result);

}  // namespace bm
