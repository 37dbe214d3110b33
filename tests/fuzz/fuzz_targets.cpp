// libFuzzer entry point shared by every fuzz target; BM_FUZZ_KIND picks the parser under test.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "ingest/ingest.h"
#include "ingest/read_context.h"
#include "ingest/readers.h"
#include "redact/redactor.h"
#include "util/canonical_json.h"

namespace {

void read_as(std::string_view data, const std::string& kind) {
    bm::ReadResult out;
    out.file = "fuzz-input";
    bm::ReadOptions options;
    options.max_line_bytes = 1 << 20;
    bm::ReadContext ctx(out, options);
    bm::MemoryByteSource src(data);
    if (kind == "dsh") bm::read_dsh(src, ctx);
    else if (kind == "claude_code") bm::read_claude_code(src, ctx);
    else if (kind == "codex") bm::read_codex(src, ctx);
    else if (kind == "native") bm::read_native(src, ctx);
    else {
        auto doc = bm::parse_document(ctx, data);
        if (!doc) return;
        if (kind == "openai_chat") bm::read_openai_chat(*doc, ctx, "0000000000000000");
        else if (kind == "swe_agent") bm::read_swe_agent(*doc, ctx, "0000000000000000");
        else if (kind == "openhands") bm::read_openhands(*doc, ctx, "0000000000000000");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::string kind = BM_FUZZ_KIND;
    if (kind == "ingest_auto") {
        bm::ReadOptions options;
        options.max_line_bytes = 1 << 20;
        (void)bm::read_bytes(input, "fuzz-input", options);
    } else if (kind == "canonical_json") {
        auto first = bm::canonicalize_json_text(input);
        if (first.ok()) {
            // Canonical form is a fixed point.
            auto second = bm::canonicalize_json_text(*first);
            if (!second.ok() || *second != *first) __builtin_trap();
        }
    } else if (kind == "redact") {
        std::string once = bm::redact(input);
        if (bm::redact(once) != once) __builtin_trap();  // idempotent
    } else {
        read_as(input, kind);
    }
    return 0;
}
