// Rendering slots into the injected block (SPEC §9, §10): Markdown, JSON and a DSH user message.
//
// A block is assembled from pieces — an opening (header and, when needed, the trust banner), one
// piece per item, a trailer of counts and a closing — so the packer can charge every piece and the
// assembled bytes are exactly the pieces concatenated. Quoted text is escaped so it can neither
// close the block nor forge a header, a marker or a new item. Thread-safety: pure functions.
#pragma once

#include <string>

#include "merge/snapshot.h"
#include "pack/resolution.h"

namespace bm {

enum class PackFormat { kMarkdown, kJson, kDsh };
const char* pack_format_name(PackFormat f);
bool pack_format_from_name(const std::string& name, PackFormat* out);

// The fixed banner shown whenever anything presented is below TRUSTED.
extern const char* const kTrustBanner;
// The marker of an item (or a value) whose trust is UNTRUSTED.
extern const char* const kUntrustedMarker;

// Markdown-safe text: one line, no markup, no angle brackets; at most `max_bytes` (0: no limit,
// cut at a UTF-8 boundary with "…").
std::string escape_inline(const std::string& text, size_t max_bytes = 0);

struct TrailerCounts {
    size_t omitted = 0, unresolved = 0, adjudicated = 0, redacted = 0, retracted = 0;
};

// The pieces of one format.
std::string render_opening(PackFormat f, bool banner);
std::string render_item(PackFormat f, const MergedSnapshot& snap, const Slot& slot, const SlotResolution* resolution);
// `first`: JSON needs a separator before every item but the first.
std::string render_item_separator(PackFormat f, bool first);
std::string render_closing(PackFormat f, const TrailerCounts& counts);

// The DSH user message carrying a Markdown block: byte for byte what format dsh packs for the same
// selection, so an approved Markdown block reaches DSH unchanged.
std::string render_dsh_message(const std::string& markdown_block);

// The Markdown line of one item (without the trailing newline); the DSH form escapes it.
std::string render_markdown_item(const MergedSnapshot& snap, const Slot& slot, const SlotResolution* resolution);

}  // namespace bm
