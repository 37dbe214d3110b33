// Test support for the Claude Code rule tests: the claims every rule (those off by default too, so that each is
// tested) makes of a Claude Code JSONL text.
#pragma once

#include <string>

#include "extract/heuristic_extractor.h"
#include "ingest/ingest.h"

namespace bm::extracttest {

// "rule: key = value" of every non-env claim of `log` (Claude Code JSONL), in order; with `source_role`, each
// line ends " [<the claim's source role>]".
inline std::string claude_log_claims(const std::string& log, bool source_role = false) {
    const ReadResult r = read_bytes(log, "t.jsonl");
    std::string s;
    ExtractOptions all;
    all.all_rules = true;
    for (const BranchClaims& bc : extract_heuristic(r.sessions, all))
        for (const Claim& c : bc.claims) {
            if (c.key.rfind("env.", 0) == 0) continue;
            s += c.rule + ": " + c.key + " = " + c.value;
            s += source_role ? " [" + c.source.role + "]\n" : "\n";
        }
    return s;
}

}  // namespace bm::extracttest
