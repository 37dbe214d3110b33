// A test run that passes after one that failed: the earlier failure count is no longer the state (session 27).
#include <string>

#include "extract/action_claims.h"

namespace bm {

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

void mark_cleared_failures(std::vector<Claim>& claims) {
    std::vector<Claim> cleared;
    for (size_t i = 0; i < claims.size(); ++i) {
        const Claim& passed = claims[i];
        if (passed.rule != "action.test_counts" || !ends_with(passed.key, ".passed")) continue;
        const std::string failed_key = passed.key.substr(0, passed.key.size() - 6) + "failed";
        bool failed_before = false, failed_here = false;
        for (size_t j = 0; j < claims.size(); ++j) {
            const Claim& c = claims[j];
            if (c.rule != "action.test_counts" || c.key != failed_key) continue;
            if (c.source.message_id == passed.source.message_id) failed_here = true;
            else if (j < i) failed_before = c.value != "0";
        }
        if (!failed_before || failed_here) continue;
        Claim c = passed;  // the passing summary is the quote: it reports no failure
        c.key = failed_key;
        c.value = "0";
        cleared.push_back(std::move(c));
    }
    for (Claim& c : cleared) claims.push_back(std::move(c));
}

}  // namespace bm
