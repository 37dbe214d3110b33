// ClaimStatus: the status chain active ⊑ deprecated ⊑ overruled ⊑ revoked (SPEC §13.4).
// Thread-safety: pure functions.
#pragma once

#include <optional>
#include <string_view>

namespace bm::meld {

enum class ClaimStatus : int { kActive = 0, kDeprecated = 1, kOverruled = 2, kRevoked = 3 };

const char* claim_status_name(ClaimStatus s);
std::optional<ClaimStatus> parse_claim_status(std::string_view name);
// The join (maximum along the chain).
inline ClaimStatus join(ClaimStatus a, ClaimStatus b) { return static_cast<int>(a) >= static_cast<int>(b) ? a : b; }

}  // namespace bm::meld
