// The fold surface (what a harness would send the model) and its frontier.
//
// A surface is a sequence of items: live messages (archived form) and checkpoint markers that
// shadow folded messages. The frozen prefix is the leading run of checkpoints; the frontier is the
// first item after it. The frontier is always re-derived from the surface (identity of the items),
// never stored as an index. Thread-safety: plain values and pure functions.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fold/bundle.h"
#include "model/session.h"
#include "util/compressed_arena.h"

namespace bm {

struct SurfaceItem {
    bool is_checkpoint = false;
    nlohmann::json message;      // live message: archived form (null while packed)
    CompressedBytes packed;      // live message held packed: CBOR of its archived form (see pack below)
    std::vector<std::string> packed_call_ids, packed_result_ids;  // packed: its tool-call ids, for planning
    int64_t seq = 0;             // live message: its seq; checkpoint: last shadowed seq
    std::string checkpoint_id;   // checkpoint
    FoldMode mode = FoldMode::kLeaf;
    std::string text;            // checkpoint: rendered text
    int64_t first_seq = 0;       // checkpoint: first shadowed seq
    int64_t message_count = 0;   // checkpoint
    size_t tokens = 0;
};

struct FoldSurface {
    std::string session_id;
    std::vector<SurfaceItem> items;

    size_t tokens() const;
};

// Every message of `session`, in order, as live items.
FoldSurface surface_from_session(const Session& session);
// The same, releasing each message of `session` once archived, so a long session is not held
// twice (the CLI's fold); `session` is left without messages.
FoldSurface surface_from_session(Session&& session);
SurfaceItem checkpoint_item(const CheckpointBundle& bundle);

// A long session's live messages held packed: each item keeps the CBOR of its archived form (the
// same JSON value back), compressed in chunks shared by the surface's items, instead of the tree
// (about a tenth of the memory of the parsed tree, a quarter of the CBOR). Only a
// leaf run (fold_until in leaf mode) takes a packed surface; unpack what is left before anything else.
FoldSurface packed_surface_from_session(Session&& session);
void unpack_live_messages(FoldSurface& surface);
// Moves the archived form out of a live item (unpacking it), leaving the item without its message.
nlohmann::json take_live_message(SurfaceItem& item);

struct Frontier {
    size_t index = 0;               // first item after the frozen prefix
    int64_t last_folded_seq = -1;   // last seq shadowed by the frozen prefix (-1: none)
    std::vector<std::string> frozen_ids;
    size_t frozen_tokens = 0;
};

Frontier derive_frontier(const FoldSurface& surface);

// One JSON line per item: {"kind":"checkpoint",...} or {"kind":"message","seq",...,"message"}.
std::string surface_to_jsonl(const FoldSurface& surface);

}  // namespace bm
