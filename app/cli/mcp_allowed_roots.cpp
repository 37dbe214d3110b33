// AllowedRoots: canonical root directories and the under-a-root test.
#include "cli/mcp_allowed_roots.h"

#include <filesystem>

namespace bm::cli {

namespace fs = std::filesystem;

namespace {

// The absolute path with every symlink of its existing prefix resolved; empty when that fails.
std::string resolved(const std::string& path) {
    std::error_code ec;
    fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
    if (ec) return {};
    std::string out = p.lexically_normal().string();
    while (out.size() > 1 && out.back() == '/') out.pop_back();
    return out;
}

bool under(const std::string& path, const std::string& root) {
    if (root.empty() || path.empty()) return false;
    if (path == root || root == "/") return true;
    return path.size() > root.size() && path.compare(0, root.size(), root) == 0 && path[root.size()] == '/';
}

}  // namespace

void AllowedRoots::add(const std::string& dir) {
    if (std::string r = resolved(dir); !r.empty()) m_allowed.push_back(r);
}

void AllowedRoots::set_client_roots(std::vector<std::string> dirs) {
    m_client.clear();
    for (const auto& d : dirs)
        if (std::string r = resolved(d); !r.empty()) m_client.push_back(r);
}

Status AllowedRoots::check(const std::string& path) const {
    const std::string p = resolved(path);
    for (const auto* roots : {&m_allowed, &m_client})
        for (const auto& root : *roots)
            if (under(p, root)) return {};
    return Error::invalid_input("'" + path + "' is not under a root this server may read",
                                Location("", 0, -1, "paths"),
                                "the server reads session logs only under its --allow directories and the client's roots");
}

}  // namespace bm::cli
