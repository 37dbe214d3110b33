// MCP (JSON-RPC 2.0) request handling and the context_search / context_recall tools.
#include "fold/mcp_server.h"

#include "fold/recall.h"

#include <cctype>

namespace bm {

namespace {

nlohmann::json rpc_error(const nlohmann::json& id, int code, const std::string& message) {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

nlohmann::json rpc_result(const nlohmann::json& id, nlohmann::json result) {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

struct InvalidParams {
    std::string message;
};

const char* kProtocolVersions[] = {"2025-06-18", "2025-03-26", "2024-11-05"};

}  // namespace

std::optional<std::string> McpServer::handle_line(std::string_view line) {
    size_t b = line.find_first_not_of(" \t\r\n");
    if (b == std::string_view::npos) return std::nullopt;
    nlohmann::json msg = nlohmann::json::parse(line, nullptr, false);
    nlohmann::json response;
    if (msg.is_discarded()) {
        response = rpc_error(nullptr, kJsonRpcParseError, "parse error: the line is not valid JSON");
    } else if (msg.is_array()) {
        if (msg.empty()) {
            response = rpc_error(nullptr, kJsonRpcInvalidRequest, "invalid request: empty batch");
        } else {
            response = nlohmann::json::array();
            for (const auto& m : msg) {
                nlohmann::json r = handle(m);
                if (!r.is_null()) response.push_back(std::move(r));
            }
            if (response.empty()) return std::nullopt;
        }
    } else {
        response = handle(msg);
        if (response.is_null()) return std::nullopt;
    }
    return response.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

nlohmann::json McpServer::handle(const nlohmann::json& msg) {
    if (!msg.is_object()) return rpc_error(nullptr, kJsonRpcInvalidRequest, "invalid request: not a JSON object");
    nlohmann::json id = nullptr;
    const bool has_id = msg.contains("id");
    if (has_id) {
        id = msg["id"];
        if (!(id.is_string() || id.is_number() || id.is_null()))
            return rpc_error(nullptr, kJsonRpcInvalidRequest, "invalid request: id must be a string or number");
    }
    if (!msg.contains("jsonrpc") || msg["jsonrpc"] != "2.0")
        return rpc_error(id, kJsonRpcInvalidRequest, "invalid request: \"jsonrpc\" must be \"2.0\"");
    if (!msg.contains("method") || !msg["method"].is_string()) {
        if (has_id && (msg.contains("result") || msg.contains("error"))) {  // a response from the client
            if (id.is_string() && id.get<std::string>() == m_roots_request) accept_roots(msg);
            return nullptr;
        }
        return rpc_error(id, kJsonRpcInvalidRequest, "invalid request: \"method\" must be a string");
    }
    const nlohmann::json params = msg.value("params", nlohmann::json::object());
    if (!params.is_object() && !params.is_array())
        return has_id ? rpc_error(id, kJsonRpcInvalidParams, "invalid params: must be an object") : nullptr;
    nlohmann::json out;
    try {
        out = dispatch(msg["method"].get<std::string>(), params, id);
    } catch (const InvalidParams& e) {
        out = rpc_error(id, kJsonRpcInvalidParams, "invalid params: " + e.message);
    } catch (const std::exception& e) {
        out = rpc_error(id, kJsonRpcInternalError, std::string("internal error: ") + e.what());
    }
    return has_id ? out : nullptr;
}

nlohmann::json McpServer::dispatch(const std::string& method, const nlohmann::json& params, const nlohmann::json& id) {
    if (method == "initialize") {
        std::string version = kProtocolVersions[0];
        if (params.is_object() && params.contains("protocolVersion") && params["protocolVersion"].is_string())
            for (const char* v : kProtocolVersions)
                if (params["protocolVersion"] == v) version = v;
        m_initialized = true;
        m_client_has_roots = params.is_object() && params.contains("capabilities") && params["capabilities"].is_object() &&
                             params["capabilities"].contains("roots");
        return rpc_result(id, {{"protocolVersion", version},
                               {"capabilities", {{"tools", {{"listChanged", false}}}}},
                               {"serverInfo", {{"name", m_name}, {"version", m_version}}},
                               {"instructions",
                                "Search folded history with context_search, then read it exactly with "
                                "context_recall(ref, depth=exact, offset, limit)."}});
    }
    if (method == "notifications/initialized" || method == "notifications/roots/list_changed") {
        request_roots();
        return nullptr;
    }
    if (method == "notifications/cancelled") return nullptr;
    if (method == "ping") return rpc_result(id, nlohmann::json::object());
    if (method == "tools/list") {
        nlohmann::json list = nlohmann::json::array();
        for (const auto& t : m_tools)
            list.push_back({{"name", t.name}, {"description", t.description}, {"inputSchema", t.input_schema}});
        return rpc_result(id, {{"tools", list}});
    }
    if (method == "tools/call") {
        if (!params.is_object() || !params.contains("name") || !params["name"].is_string())
            throw InvalidParams{"tools/call needs a string \"name\""};
        const std::string name = params["name"].get<std::string>();
        const nlohmann::json args = params.value("arguments", nlohmann::json::object());
        if (!args.is_object()) throw InvalidParams{"\"arguments\" must be an object"};
        for (const auto& t : m_tools) {
            if (t.name != name) continue;
            Result<nlohmann::json> r = t.call(args);
            if (!r.ok() && r.error().is_invalid_input()) throw InvalidParams{r.error().to_string()};
            if (!r.ok())
                return rpc_result(id, {{"content", {{{"type", "text"}, {"text", r.error().to_string()}}}}, {"isError", true}});
            const std::string text = r->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
            return rpc_result(id, {{"content", {{{"type", "text"}, {"text", text}}}},
                                   {"structuredContent", *r},
                                   {"isError", false}});
        }
        throw InvalidParams{"unknown tool '" + name + "'"};
    }
    return rpc_error(id, kJsonRpcMethodNotFound, "method not found: " + method);
}

void McpServer::request_roots() {
    if (!m_client_has_roots || !m_on_roots) return;
    m_roots_request = "roots-" + std::to_string(++m_next_request);
    m_outgoing.push_back(nlohmann::json{{"jsonrpc", "2.0"}, {"id", m_roots_request}, {"method", "roots/list"}}.dump());
}

void McpServer::accept_roots(const nlohmann::json& response) {
    m_roots_request.clear();
    std::vector<std::string> paths;
    if (response.contains("result") && response["result"].is_object() && response["result"].contains("roots") &&
        response["result"]["roots"].is_array())
        for (const auto& r : response["result"]["roots"])
            if (r.is_object() && r.contains("uri") && r["uri"].is_string())
                if (std::string p = file_uri_path(r["uri"].get<std::string>()); !p.empty()) paths.push_back(p);
    m_on_roots(std::move(paths));
}

std::string file_uri_path(const std::string& uri) {
    if (uri.rfind("file://", 0) != 0) return {};
    std::string rest = uri.substr(7);
    if (rest.rfind("localhost/", 0) == 0) rest = rest.substr(9);
    if (rest.empty() || rest[0] != '/') return {};  // another host, or not absolute
    std::string out;
    for (size_t i = 0; i < rest.size(); ++i) {
        if (rest[i] == '%' && i + 2 < rest.size() && std::isxdigit(static_cast<unsigned char>(rest[i + 1])) &&
            std::isxdigit(static_cast<unsigned char>(rest[i + 2]))) {
            out += static_cast<char>(std::stoi(rest.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += rest[i];
        }
    }
    return out.find('\0') == std::string::npos ? out : std::string();
}

namespace {

std::string string_arg(const nlohmann::json& args, const char* key, bool required) {
    if (!args.contains(key)) {
        if (required) throw InvalidParams{std::string("missing required argument \"") + key + "\""};
        return {};
    }
    if (!args[key].is_string()) throw InvalidParams{std::string("argument \"") + key + "\" must be a string"};
    return args[key].get<std::string>();
}

std::optional<int64_t> int_arg(const nlohmann::json& args, const char* key) {
    if (!args.contains(key) || args[key].is_null()) return std::nullopt;
    if (!args[key].is_number_integer()) throw InvalidParams{std::string("argument \"") + key + "\" must be an integer"};
    return args[key].get<int64_t>();
}

}  // namespace

void add_fold_tools(McpServer& server, BundleStore& store) {
    server.add_tool(
        {"context_search",
         "Lexical search (BM25) over folded history: checkpoint ids, checkpoint text, archived messages and tool "
         "names. Hits holding the words in the query's order come first, then those holding every word, newest first in "
         "each; they carry checkpointId, matchKind, an excerpt and messageIndex (the offset "
         "for exact recall).",
         {{"type", "object"},
          {"properties",
           {{"query", {{"type", "string"}, {"description", "words, a tool name, or a \"quoted phrase\""}}},
            {"limit", {{"type", "integer"}, {"minimum", 1}, {"maximum", 100}, {"default", 10}}}}},
          {"required", {"query"}}},
         [&store](const nlohmann::json& args) -> Result<nlohmann::json> {
             const std::string query = string_arg(args, "query", true);
             const int64_t limit = int_arg(args, "limit").value_or(10);
             if (limit < 1 || limit > 100) throw InvalidParams{"limit must be between 1 and 100"};
             return context_search(store, query, static_cast<size_t>(limit));
         }});
    server.add_tool(
        {"context_recall",
         "Recall a folded checkpoint: depth summary (its checkpoint text), detail (semantic text or the checkpoint "
         "text) or exact (the archived messages byte-exactly, paged: at most 20 per page under a token cap; follow "
         "nextOffset). A corrupt bundle answers status \"unavailable\", never wrong bytes.",
         {{"type", "object"},
          {"properties",
           {{"ref", {{"type", "string"}, {"description", "checkpoint id, cp:<id> or an [EF1 ...] marker line"}}},
            {"depth", {{"type", "string"}, {"enum", {"summary", "detail", "exact"}}, {"default", "summary"}}},
            {"offset", {{"type", "integer"}, {"minimum", 0}, {"default", 0}}},
            {"limit", {{"type", "integer"}, {"minimum", 1}, {"maximum", 20}, {"default", 20}}},
            {"maxTokens", {{"type", "integer"}, {"minimum", 1}, {"maximum", 32000}, {"default", 8000}}}}},
          {"required", {"ref"}}},
         [&store](const nlohmann::json& args) -> Result<nlohmann::json> {
             RecallRequest req;
             req.ref = string_arg(args, "ref", true);
             const std::string depth = string_arg(args, "depth", false);
             if (!depth.empty()) {
                 auto d = recall_depth_from_name(depth);
                 if (!d) throw InvalidParams{"depth must be summary, detail or exact"};
                 req.depth = *d;
             }
             req.offset = int_arg(args, "offset").value_or(0);
             req.limit = int_arg(args, "limit").value_or(20);
             const int64_t max_tokens = int_arg(args, "maxTokens").value_or(8000);
             if (max_tokens < 1) throw InvalidParams{"maxTokens must be >= 1"};
             req.max_tokens = static_cast<size_t>(max_tokens);
             return context_recall(store, req);
         }});
}

}  // namespace bm
