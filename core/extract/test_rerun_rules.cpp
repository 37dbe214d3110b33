// A test run that passes after one that failed: the earlier failure count is no longer the state (session 27).
#include <map>
#include <set>
#include <string>
#include <utility>

#include "extract/action_claims.h"

namespace bm {

namespace {

// The runner key of a count's key ("pytest.a.py.failed" → "pytest.a.py"); empty when the key counts another field.
std::string runner_of(const std::string& key, const std::string& field) {
    return key.ends_with("." + field) ? key.substr(0, key.size() - field.size() - 1) : std::string();
}

}  // namespace

void mark_cleared_failures(std::vector<Claim>& claims) {
    // The summaries that count failures or errors of their own: (message, runner). None: nothing to clear.
    std::set<std::pair<std::string, std::string>> own_failures;
    for (const Claim& c : claims)
        if (c.rule == "action.test_counts")
            for (const char* field : {"failed", "errors"})
                if (const std::string runner = runner_of(c.key, field); !runner.empty())
                    own_failures.insert({c.source.message_id, runner});
    if (own_failures.empty()) return;
    std::map<std::string, std::string> failed;  // runner key → its last failure count, in branch order
    std::vector<Claim> out;
    out.reserve(claims.size());
    for (Claim& c : claims) {
        const bool counts = c.rule == "action.test_counts";
        const std::string failed_runner = counts ? runner_of(c.key, "failed") : std::string();
        const std::string passed_runner = counts ? runner_of(c.key, "passed") : std::string();
        if (!failed_runner.empty()) failed[failed_runner] = c.value;
        out.push_back(std::move(c));
        if (passed_runner.empty() || out.back().value == "0") continue;
        const auto before = failed.find(passed_runner);
        if (before == failed.end() || before->second == "0") continue;
        // The same summary's own failure or error count says the run did not pass whole.
        if (own_failures.count({out.back().source.message_id, passed_runner})) continue;
        Claim cleared = out.back();  // the passing summary is the quote: it reports no failure
        cleared.key = passed_runner + ".failed";
        cleared.value = "0";
        before->second = "0";
        out.push_back(std::move(cleared));  // right after the claim it is read from, in branch order
    }
    claims = std::move(out);
}

}  // namespace bm
