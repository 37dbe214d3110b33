// A Model Context Protocol server core: JSON-RPC 2.0 over newline-delimited stdio messages.
//
// Implements initialize, notifications/initialized, ping, tools/list and tools/call; tools are
// registered with a JSON Schema and a handler. When the client declares the "roots" capability the
// server asks it for roots/list (after notifications/initialized and on roots/list_changed) and
// hands the file:// roots to on_client_roots(). Malformed input never crashes: it gets a JSON-RPC
// error (-32700 parse error, -32600 invalid request, -32601 unknown method, -32602 invalid
// params). The transport (reading stdin, writing stdout) belongs to the front end.
// Thread-safety: one McpServer per connection, one message at a time.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fold/bundle_store.h"
#include "util/result.h"

namespace bm {

struct McpTool {
    std::string name;
    std::string description;
    nlohmann::json input_schema;  // JSON Schema of the arguments object
    // Returns the tool's JSON result; kInvalidInput errors become -32602, others isError results.
    std::function<Result<nlohmann::json>(const nlohmann::json& arguments)> call;
};

class McpServer {
public:
    McpServer(std::string name, std::string version) : m_name(std::move(name)), m_version(std::move(version)) {}

    void add_tool(McpTool tool) { m_tools.push_back(std::move(tool)); }
    const std::vector<McpTool>& tools() const { return m_tools; }

    // One line of input → the line to write back (without '\n'), or nullopt for notifications
    // and empty lines.
    std::optional<std::string> handle_line(std::string_view line);
    // One parsed message → its response (null for a notification).
    nlohmann::json handle(const nlohmann::json& message);

    // Called with the local paths of the client's file:// roots each time it lists them.
    void on_client_roots(std::function<void(std::vector<std::string>)> callback) { m_on_roots = std::move(callback); }
    // Requests from the server to the client (JSON lines) queued by the last handle_line(); the
    // front end writes them after the reply.
    std::vector<std::string> take_outgoing() { return std::exchange(m_outgoing, {}); }

private:
    void request_roots();
    void accept_roots(const nlohmann::json& response);
    nlohmann::json dispatch(const std::string& method, const nlohmann::json& params, const nlohmann::json& id);

    std::string m_name, m_version;
    std::vector<McpTool> m_tools;
    bool m_initialized = false;
    bool m_client_has_roots = false;
    std::function<void(std::vector<std::string>)> m_on_roots;
    std::vector<std::string> m_outgoing;
    int64_t m_next_request = 0;
    std::string m_roots_request;  // id of the roots/list request awaiting its answer
};

// The local path of a file:// URI (percent-decoded); empty for any other URI.
std::string file_uri_path(const std::string& uri);

// JSON-RPC error codes.
inline constexpr int kJsonRpcParseError = -32700;
inline constexpr int kJsonRpcInvalidRequest = -32600;
inline constexpr int kJsonRpcMethodNotFound = -32601;
inline constexpr int kJsonRpcInvalidParams = -32602;
inline constexpr int kJsonRpcInternalError = -32603;

// Registers context_search and context_recall over `store` (which must outlive the server).
void add_fold_tools(McpServer& server, BundleStore& store);

}  // namespace bm
