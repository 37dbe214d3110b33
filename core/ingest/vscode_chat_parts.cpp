// The pieces of a VS Code chat export the reader takes apart (vscode_chat_parts.h).
#include "ingest/vscode_chat_parts.h"

#include <string_view>

#include "ingest/readers.h"
#include "util/exit_code.h"

namespace bm::vscode_chat {

namespace {

constexpr size_t kMaxDepth = 64;  // prompt elements nest; a deeper one is not read

// A prompt element's text pieces in order (`{"text"}` leaves under `children`), a line break
// before each nested element that does not follow one.
void element_text(const json& node, std::string& out, size_t depth) {
    if (depth > kMaxDepth || !node.is_object()) return;
    if (const auto t = node.find("text"); t != node.end() && t->is_string()) out += t->get<std::string>();
    const auto children = node.find("children");
    if (children == node.end() || !children->is_array()) return;
    for (const json& child : *children) {
        if (child.is_object() && child.contains("children") && !out.empty() && out.back() != '\n')
            out += '\n';
        element_text(child, out, depth + 1);
    }
}

}  // namespace

// A tool result's text: its content parts' `value`s (a string, or a prompt element `{"node"}`),
// one per line.
std::string result_text(const json& result) {
    std::string out;
    const auto content = result.find("content");
    if (content == result.end() || !content->is_array()) return out;
    for (const json& part : *content) {
        const auto value = part.is_object() ? part.find("value") : part.end();
        if (!part.is_object() || value == part.end()) continue;
        std::string piece;
        if (value->is_string()) piece = value->get<std::string>();
        else if (value->is_object() && value->contains("node")) element_text((*value)["node"], piece, 0);
        if (piece.empty()) continue;
        if (!out.empty() && out.back() != '\n') out += '\n';
        out += piece;
    }
    return out;
}

// The terminal tool's answer of a failed command ends "Command exited with code N": the line is
// taken out of `text` and its code returned; nullopt when the answer ends otherwise.
std::optional<int64_t> take_exit_line(std::string& text) {
    static constexpr std::string_view kLine = "Command exited with code ";
    const size_t last = text.find_last_not_of(" \t\r\n");
    if (last == std::string::npos) return std::nullopt;
    const size_t at = text.rfind(kLine, last);
    if (at == std::string::npos || (at > 0 && text[at - 1] != '\n') || at + kLine.size() > last) return std::nullopt;
    const std::string_view digits(text.data() + at + kLine.size(), last + 1 - at - kLine.size());
    const std::optional<int64_t> code = digits.size() > 6 ? std::nullopt : parse_exit_code(digits);
    if (!code) return std::nullopt;
    size_t end = at;
    while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == '\r' || text[end - 1] == ' ')) --end;
    text.erase(end);
    return code;
}

// `obj`'s member `key`, or null when `obj` is null, not an object, or has no such member.
const json* member_of(const json* obj, const char* key) {
    if (!obj || !obj->is_object()) return nullptr;
    const auto it = obj->find(key);
    return it == obj->end() ? nullptr : &*it;
}

// The file system path a VS Code URI (or a {"uri"} location) names: its `fsPath`, else `path`.
std::string uri_path(const json& v, size_t depth) {
    if (!v.is_object() || depth > 2) return {};
    for (const char* member : {"fsPath", "path"})
        if (const auto p = v.find(member); p != v.end() && p->is_string()) return p->get<std::string>();
    if (const auto u = v.find("uri"); u != v.end()) return uri_path(*u, depth + 1);
    return {};
}

// The name the model calls a tool by, for a tool id the chat view keeps (Copilot's
// ContributedToolName -> ToolName); other ids as they are.
std::string model_tool_name(const std::string& id) {
    static const std::pair<const char*, const char*> kNames[] = {
        {"copilot_readFile", "read_file"},          {"copilot_createFile", "create_file"},
        {"copilot_replaceString", "replace_string_in_file"},
        {"copilot_multiReplaceString", "multi_replace_string_in_file"},
        {"copilot_insertEdit", "insert_edit_into_file"}, {"copilot_applyPatch", "apply_patch"},
        {"copilot_listDirectory", "list_dir"},     {"copilot_findFiles", "file_search"},
        {"copilot_findTextInFiles", "grep_search"}, {"copilot_createDirectory", "create_directory"},
        {"copilot_fetchWebPage", "fetch_webpage"}, {"copilot_getErrors", "get_errors"}};
    for (const auto& [contributed, name] : kNames)
        if (id == contributed) return name;
    return id;
}

bool edits_a_file(const std::string& tool) {
    return tool == "create_file" || tool == "replace_string_in_file" || tool == "multi_replace_string_in_file" ||
           tool == "insert_edit_into_file";
}

// A chat view message ("Read [](file:///w/a.md), lines 1 to 50"): a string, or {"value", "uris"};
// an empty-labelled link is shown as the path of the URI it names.
std::string view_message(const json& m) {
    if (m.is_string()) return m.get<std::string>();
    if (!m.is_object()) return {};
    std::string text = string_member(m, "value");
    const auto uris = m.find("uris");
    std::string out;
    for (size_t at = 0;;) {
        const size_t link = text.find("[](", at);
        const size_t close = link == std::string::npos ? link : text.find(')', link + 3);
        if (close == std::string::npos) return out + text.substr(at);
        const std::string target = text.substr(link + 3, close - link - 3);
        std::string shown = uris != m.end() && uris->is_object() && uris->contains(target) ? uri_path((*uris)[target])
                                                                                          : std::string();
        out += text.substr(at, link - at) + (shown.empty() ? target : shown);
        at = close + 1;
    }
}

// The one file a tool invocation's messages name (their `uris`), or "".
std::string named_file(const json& p) {
    std::string file;
    for (const char* member : {"invocationMessage", "pastTenseMessage"}) {
        const auto m = p.find(member);
        const auto uris = m != p.end() && m->is_object() ? m->find("uris") : p.end();
        if (m == p.end() || !m->is_object() || uris == m->end() || !uris->is_object()) continue;
        for (const auto& [target, uri] : uris->items()) {
            const std::string path = uri_path(uri);
            if (path.empty() || (!file.empty() && path != file)) return {};
            file = path;
        }
    }
    return file;
}

}  // namespace bm::vscode_chat
