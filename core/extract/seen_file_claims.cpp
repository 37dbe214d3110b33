// tool.file_seen never speaks over what another rule says of the same file (session 22).
#include "extract/seen_file_claims.h"

#include <algorithm>
#include <string>
#include <string_view>

namespace bm {

namespace {

constexpr std::string_view kFile = "file.";

bool ends_with_path(std::string_view a, std::string_view b) {
    return a.size() > b.size() + 1 && a.substr(a.size() - b.size()) == b && a[a.size() - b.size() - 1] == '/';
}

bool same_file(std::string_view a, std::string_view b) { return a == b || ends_with_path(a, b) || ends_with_path(b, a); }

}  // namespace

void drop_files_seen_otherwise_named(std::vector<Claim>& claims) {
    std::vector<std::string> named;  // paths other rules key a file by (copies: the claims move below)
    for (const Claim& c : claims)
        if (c.rule != "tool.file_seen" && c.key.size() > kFile.size() && c.key.rfind(kFile, 0) == 0)
            named.push_back(c.key.substr(kFile.size()));
    if (named.empty()) return;
    std::vector<Claim> kept;
    kept.reserve(claims.size());
    for (Claim& c : claims) {
        const bool seen = c.rule == "tool.file_seen" && c.key.rfind(kFile, 0) == 0;
        const std::string_view path = seen ? std::string_view(c.key).substr(kFile.size()) : std::string_view();
        if (seen && std::any_of(named.begin(), named.end(), [&](const std::string& p) { return same_file(p, path); }))
            continue;
        kept.push_back(std::move(c));
    }
    claims = std::move(kept);
}

}  // namespace bm
