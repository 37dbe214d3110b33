// The claim key, scope canonical form, status names and the Context compatibility test.
#include "meld/claim.h"

#include <algorithm>

#include "meld/canon.h"
#include "util/hash.h"

namespace bm::meld {

const char* claim_status_name(ClaimStatus s) {
    switch (s) {
        case ClaimStatus::kActive: return "active";
        case ClaimStatus::kDeprecated: return "deprecated";
        case ClaimStatus::kOverruled: return "overruled";
        case ClaimStatus::kRevoked: return "revoked";
    }
    return "active";
}

std::optional<ClaimStatus> parse_claim_status(std::string_view name) {
    if (name == "active") return ClaimStatus::kActive;
    if (name == "deprecated") return ClaimStatus::kDeprecated;
    if (name == "overruled") return ClaimStatus::kOverruled;
    if (name == "revoked") return ClaimStatus::kRevoked;
    return std::nullopt;
}

void Scope::normalise() {
    std::sort(cells.begin(), cells.end());
    cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
}

std::string Scope::canonical() const {
    std::vector<std::string> canon;
    canon.reserve(cells.size());
    for (const auto& c : cells) canon.push_back(canon_text(c));
    std::sort(canon.begin(), canon.end());
    canon.erase(std::unique(canon.begin(), canon.end()), canon.end());
    std::string out;
    for (size_t i = 0; i < canon.size(); ++i) out += (i ? "|" : "") + canon[i];
    return out;
}

std::string claim_key(const std::string& text, const Scope& scope) {
    std::string material = canon_text(text);
    material += '\x1F';
    material += scope.canonical();
    return sha256_hex(material);
}

bool context_compatible(const Claim& a, const Claim& b, double r_min) {
    return a.scope.canonical() == b.scope.canonical() && a.validity.overlaps(b.validity) && a.retention >= r_min &&
           b.retention >= r_min;
}

}  // namespace bm::meld
