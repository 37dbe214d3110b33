// The fuzz target of the heuristic extractor (core/extract): any log the readers accept, and any bytes
// as a user's, an assistant's and a tool's text, extract under every rule without a crash,
// deterministically, each claim keyed, valued, named after a table rule and quoted from its text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "extract/heuristic_extractor.h"
#include "extract/rule_table.h"
#include "ingest/ingest.h"

inline void check_extracted(const std::vector<bm::Claim>& claims) {
    for (const bm::Claim& c : claims) {
        if (c.key.empty() || c.value.empty()) __builtin_trap();
        if (c.confidence < 0.0 || c.confidence > 1.0) __builtin_trap();
        // A rule-made claim names a row of the table (env.* records of the harness carry none).
        if (!c.rule.empty() && c.key.rfind("env.", 0) != 0 && !bm::find_rule(c.rule)) __builtin_trap();
    }
}

inline void fuzz_extract(std::string_view input) {
    // Whole logs: every reader's sessions through every rule, twice, with identical claims.
    bm::ReadOptions read_options;
    read_options.max_line_bytes = 1 << 20;
    const bm::ReadResult read = bm::read_bytes(input, "fuzz-input", read_options);
    bm::ExtractOptions options;
    options.all_rules = true;
    const auto once = bm::extract_heuristic(read.sessions, options);
    const auto again = bm::extract_heuristic(read.sessions, options);
    if (once.size() != again.size()) __builtin_trap();
    for (size_t b = 0; b < once.size(); ++b) {
        check_extracted(once[b].claims);
        if (once[b].claims.size() != again[b].claims.size()) __builtin_trap();
        for (size_t i = 0; i < once[b].claims.size(); ++i)
            if (once[b].claims[i].key != again[b].claims[i].key || once[b].claims[i].value != again[b].claims[i].value)
                __builtin_trap();
    }
    // The bytes as one message's text: a quote with an offset is that span of the text.
    if (input.size() > 64 * 1024) return;  // the text rules bound their own work; keep the run quick
    const std::string text(input);
    for (const char* role : {"user", "assistant", "tool"}) {
        bm::Claim origin;
        origin.source.role = role;
        origin.source.tool_name = std::string(role) == "tool" ? "Bash" : "";
        const std::string r = role;
        const auto claims = r == "tool" ? bm::tool_result_facts_as_claims(text, origin)
                                        : bm::extract_from_text(text, origin, r == "user");
        check_extracted(claims);
        for (const bm::Claim& c : claims)
            if (c.quote_offset >= 0 && text.compare(static_cast<size_t>(c.quote_offset), c.quote.size(), c.quote) != 0)
                __builtin_trap();
    }
}
