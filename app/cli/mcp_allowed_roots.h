// Where the MCP server may read session logs: the --allow directories and the client's roots.
//
// Least privilege for agents: a path outside every root is refused with one message that is the
// same whether or not the path exists. Paths are judged with symlinks resolved, so a link inside a
// root cannot lead outside it. Thread-safety: one server thread.
#pragma once

#include <string>
#include <vector>

#include "util/result.h"

namespace bm::cli {

class AllowedRoots {
public:
    // A directory given with --allow.
    void add(const std::string& dir);
    // The client's roots (MCP roots/list), replacing those it declared before.
    void set_client_roots(std::vector<std::string> dirs);
    // OK when `path` (symlinks resolved) is a root or lies under one; else the one refusal.
    Status check(const std::string& path) const;

private:
    std::vector<std::string> m_allowed, m_client;
};

}  // namespace bm::cli
