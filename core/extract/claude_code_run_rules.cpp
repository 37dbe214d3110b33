// Claude Code run records as claims: API-error notices (also a chat harness's, session 19), the stream-json result
// (session 17, x18cc) and AutoGen's code-executor exit codes in OpenAI-chat logs (session 20).
#include "extract/claude_code_run_rules.h"

#include <cctype>
#include <string>

#include "extract/environment_claims.h"
#include "extract/harness_rules.h"
#include "extract/request_rules.h"

namespace bm {

namespace {

// "billing_error" → "billing_error"; anything but lower-case letters, digits and '_' → "error".
std::string error_kind(const std::string& q) {
    if (q.empty() || q.size() > 40) return "error";
    for (char ch : q)
        if (!std::islower(static_cast<unsigned char>(ch)) && !std::isdigit(static_cast<unsigned char>(ch)) && ch != '_')
            return "error";
    return q;
}

}  // namespace

void add_claude_code_run_claims(const Session& session, BranchClaims& branch) {
    // Chat harnesses write failed model calls as assistant turns too (the OpenAI-chat reader's api_error; session 19).
    if (session.format != SessionFormat::kClaudeCode && session.format != SessionFormat::kOpenAiChat) return;
    std::vector<Claim> found;
    for (const EnvironmentFact& f : session.environment) {
        if (f.value.empty() || is_placeholder_value(f.value)) continue;
        if (f.name == "api_error") {
            // One line of at most 200 bytes: a notice, not a dump.
            if (f.value.find('\n') != std::string::npos || f.value.size() > 200) continue;
            Claim c = harness_fact_claim(session, branch, f);
            c.rule = "harness.api_error";
            c.key = "api." + error_kind(f.qualifier);
            c.value = f.value;
            c.type = SlotType::kRefuted;
            found.push_back(std::move(c));
        } else if (f.name == "code_exit" && session.format == SessionFormat::kOpenAiChat &&
                   !file_key_part(f.qualifier).empty()) {
            // AutoGen's code executor ran the code saved to a named file (the OpenAI-chat reader; session 20), keyed
            // as every file is: its lowercased base name.
            Claim c = harness_fact_claim(session, branch, f);
            c.rule = "harness.code_exit";
            c.key = file_key_part(f.qualifier) + ".exit_code";
            c.value = f.value;
            found.push_back(std::move(c));
        } else if (f.name == "exit_status" && session.format == SessionFormat::kClaudeCode) {
            Claim c = harness_fact_claim(session, branch, f);
            c.rule = "harness.run_exit_status";
            c.key = "run." + session_tag(session.id) + ".exit_status";
            c.value = f.value;
            found.push_back(std::move(c));
        }
    }
    place_by_seq(std::move(found), branch);
}

}  // namespace bm
