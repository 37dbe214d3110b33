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
#include "util/fast_json.h"

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

// Equal values of equal JSON types (nlohmann's == treats 1 and 1u and 1.0 as equal).
bool same_json(const nlohmann::json& a, const nlohmann::json& b) {
    if (a.type() != b.type()) return false;
    if (a.is_object()) {
        if (a.size() != b.size()) return false;
        for (auto ia = a.begin(), ib = b.begin(); ia != a.end(); ++ia, ++ib)
            if (ia.key() != ib.key() || !same_json(*ia, *ib)) return false;
        return true;
    }
    if (a.is_array()) {
        if (a.size() != b.size()) return false;
        for (size_t i = 0; i < a.size(); ++i)
            if (!same_json(a[i], b[i])) return false;
        return true;
    }
    return a == b;
}

// Differential check: whenever the fast parser accepts, nlohmann accepts with the same value.
void check_fast_json(std::string_view text) {
    auto fast = bm::parse_json_fast(text);
    if (!fast) return;
    nlohmann::json reference = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (reference.is_discarded() || !same_json(*fast, reference)) __builtin_trap();
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
    } else if (kind == "fast_json") {
        check_fast_json(input);
        for (size_t start = 0; start < input.size();) {  // and every line of a JSONL input
            size_t end = input.find('\n', start);
            if (end == std::string_view::npos) end = input.size();
            check_fast_json(input.substr(start, end - start));
            start = end + 1;
        }
    } else if (kind == "redact") {
        std::string once = bm::redact(input);
        if (bm::redact(once) != once) __builtin_trap();  // idempotent
    } else {
        read_as(input, kind);
    }
    return 0;
}
