// Fold surface construction, frontier derivation and the folded session view.
#include "fold/fold_surface.h"

#include "fold/archive.h"

namespace bm {

size_t FoldSurface::tokens() const {
    size_t total = 0;
    for (const auto& item : items) total += item.tokens;
    return total;
}

namespace {

SurfaceItem live_item(const Message& m) {
    SurfaceItem item;
    item.message = archived_message(m);
    item.seq = m.seq;
    item.tokens = archived_message_tokens(item.message);
    return item;
}

}  // namespace

FoldSurface surface_from_session(const Session& session) {
    FoldSurface s;
    s.session_id = session.id;
    s.items.reserve(session.messages.size());
    for (const auto& m : session.messages) s.items.push_back(live_item(m));
    return s;
}

namespace {

FoldSurface surface_releasing(Session&& session, bool pack) {
    FoldSurface s;
    s.session_id = session.id;
    s.items.reserve(session.messages.size());
    auto arena = pack ? std::make_shared<CompressedArena>() : nullptr;
    std::string cbor;
    for (auto& m : session.messages) {
        s.items.push_back(live_item(m));
        // Its archived form holds all of it: release the parsed one now. (Not `m = Message()`: a
        // string move-assigned from an empty one keeps its buffer, so `raw` would stay allocated.)
        { Message released = std::move(m); }
        if (!pack) continue;
        SurfaceItem& item = s.items.back();
        item.packed_call_ids = archived_call_ids(item.message);
        item.packed_result_ids = archived_result_ids(item.message);
        cbor.clear();
        nlohmann::json::to_cbor(item.message, nlohmann::detail::output_adapter<char>(cbor));
        item.packed = CompressedBytes::in(arena, cbor);
        item.message = nullptr;
    }
    if (arena) arena->seal();
    session.messages.clear();
    session.messages.shrink_to_fit();
    return s;
}

}  // namespace

FoldSurface surface_from_session(Session&& session) { return surface_releasing(std::move(session), false); }

FoldSurface packed_surface_from_session(Session&& session) { return surface_releasing(std::move(session), true); }

void unpack_live_messages(FoldSurface& surface) {
    for (auto& item : surface.items)
        if (!item.is_checkpoint && !item.packed.empty()) item.message = take_live_message(item);
}

nlohmann::json take_live_message(SurfaceItem& item) {
    if (item.packed.empty()) return std::move(item.message);
    nlohmann::json message = nlohmann::json::from_cbor(item.packed.str());
    item.packed = CompressedBytes();
    std::vector<std::string>().swap(item.packed_call_ids);
    std::vector<std::string>().swap(item.packed_result_ids);
    return message;
}

SurfaceItem checkpoint_item(const CheckpointBundle& b) {
    SurfaceItem item;
    item.is_checkpoint = true;
    item.checkpoint_id = b.checkpoint_id;
    item.mode = b.mode;
    item.text = b.rendered_text;
    item.first_seq = b.ordered_surface_seqs.empty() ? 0 : b.ordered_surface_seqs.front();
    item.seq = b.ordered_surface_seqs.empty() ? 0 : b.ordered_surface_seqs.back();
    item.message_count = b.message_count;
    item.tokens = estimate_tokens(b.rendered_text);
    return item;
}

Frontier derive_frontier(const FoldSurface& surface) {
    Frontier f;
    while (f.index < surface.items.size() && surface.items[f.index].is_checkpoint) {
        const auto& item = surface.items[f.index];
        f.frozen_ids.push_back(item.checkpoint_id);
        f.last_folded_seq = item.seq;
        f.frozen_tokens += item.tokens;
        ++f.index;
    }
    return f;
}

std::string surface_to_jsonl(const FoldSurface& surface) {
    std::string out;
    for (const auto& item : surface.items) {
        nlohmann::json j;
        if (item.is_checkpoint)
            j = {{"kind", "checkpoint"},       {"checkpointId", item.checkpoint_id}, {"mode", fold_mode_name(item.mode)},
                 {"firstSeq", item.first_seq}, {"lastSeq", item.seq},               {"messageCount", item.message_count},
                 {"tokens", item.tokens},      {"text", item.text}};
        else
            j = {{"kind", "message"}, {"seq", item.seq}, {"tokens", item.tokens}, {"message", item.message}};
        out += j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    }
    return out;
}

}  // namespace bm
