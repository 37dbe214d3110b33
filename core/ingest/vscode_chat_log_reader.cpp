// VS Code's chat session operation log (`chatSessions/<id>.jsonl`, VS Code's ObjectMutationLog): the first line is
// the session document, {"kind": 0, "v": {...}}; each later line changes it: {"kind": 1, "k": path, "v": value} sets
// the member at `path` (names and array indexes), {"kind": 2, "k": path, "v": [items], "i": n} cuts the array at
// `path` to n items (when `i` is given) and appends the items, {"kind": 3, "k": path} deletes the member. The
// document the log ends with is read as an export is (vscode_chat_reader.cpp).
#include <string>

#include "ingest/readers.h"
#include "ingest/vscode_chat_reader.h"

namespace bm {

namespace {

class OperationLog {
public:
    explicit OperationLog(ReadContext& ctx) : m_ctx(ctx) {}

    void line(const json& v, RecordPos pos) {
        if (!v.is_object()) {
            m_ctx.error(pos, "", "expected an operation object; line skipped");
            m_ctx.result().partial = true;
            return;
        }
        const auto kind = m_ctx.integer(v, "kind", pos, "kind");
        if (kind == 0) {
            const auto doc = v.find("v");
            if (doc == v.end() || !doc->is_object()) {
                m_ctx.error(pos, "v", "the initial operation holds no session document; line skipped");
                m_ctx.result().partial = true;
                return;
            }
            m_state = *doc;  // a later initial line (the log compacted in place) starts over
            return;
        }
        if (!kind || *kind < 1 || *kind > 3) {
            m_ctx.error(pos, "kind", "expected an operation kind 0 (initial), 1 (set), 2 (push) or 3 (delete); "
                                     "line skipped");
            m_ctx.result().partial = true;
            return;
        }
        if (!m_state.is_object()) {
            m_ctx.error(pos, "", "an operation before the initial session document; line skipped");
            m_ctx.result().partial = true;
            return;
        }
        const json* path = m_ctx.array(v, "k", pos, "k");
        json* parent = path && !path->empty() ? walk(*path, pos) : nullptr;
        if (!parent) {
            if (!path || path->empty()) m_ctx.error(pos, "k", "an operation without a path; line skipped");
            m_ctx.result().partial = true;
            return;
        }
        const json& last = path->back();
        if (*kind == 3 && parent->is_object() && last.is_string()) {
            parent->erase(last.get<std::string>());
            return;
        }
        json* t = target(*parent, last, pos, *kind != 3);
        if (!t) {
            m_ctx.result().partial = true;
            return;
        }
        if (*kind == 2) return push(v, pos, t);
        const auto value = v.find("v");
        *t = *kind == 3 || value == v.end() ? json() : *value;
    }

    void finish(const std::string& digest) {
        if (!m_state.is_object()) {
            m_ctx.error(RecordPos{1, 0}, "", "no initial session document (kind 0) was read");
            return;
        }
        if (!is_vscode_chat(m_state)) {
            m_ctx.error(RecordPos{1, 0}, "v", "the log's document is not a chat session (no `requests` array)");
            return;
        }
        read_vscode_chat(m_state, m_ctx, digest);
    }

private:
    // The container the path's last step is taken in; null (an error named) when a step is missing.
    json* walk(const json& path, RecordPos pos) {
        json* at = &m_state;
        for (size_t i = 0; i + 1 < path.size(); ++i) {
            at = target(*at, path[i], pos, false);
            if (!at) return nullptr;
        }
        return at;
    }

    // `step` (a member name, or an index) in `in`; a missing member is made when `create`, an index one past the
    // end appends. Null, with an error naming the step, when the step cannot be taken.
    json* target(json& in, const json& step, RecordPos pos, bool create) {
        if (step.is_string() && in.is_object()) {
            const std::string key = step.get<std::string>();
            if (in.contains(key) || create) return &in[key];
        } else if (step.is_number_unsigned() && in.is_array()) {
            const size_t index = step.get<size_t>();
            if (index < in.size()) return &in[index];
            if (create && index == in.size()) return &in.emplace_back();
        }
        std::string shown = step.dump();
        if (shown.size() > 80) shown = shown.substr(0, 77) + "...";
        m_ctx.error(pos, "k", "the path step " + m_ctx.redact_raw(shown) +
                                  " names nothing in the session document; line skipped");
        return nullptr;
    }

    void push(const json& v, RecordPos pos, json* array) {
        if (array->is_null()) *array = json::array();
        if (!array->is_array()) {
            m_ctx.error(pos, "k", "a push to a member that is not an array; line skipped");
            m_ctx.result().partial = true;
            return;
        }
        if (const auto cut = m_ctx.integer(v, "i", pos, "i"); cut && *cut < 0) {
            m_ctx.error(pos, "i", "a negative index to cut the array at; line skipped");
            m_ctx.result().partial = true;
            return;
        } else if (cut && static_cast<size_t>(*cut) < array->size()) {
            array->erase(array->begin() + *cut, array->end());
        }
        if (const json* items = m_ctx.array(v, "v", pos, "v"))
            for (const json& item : *items) array->push_back(item);
    }

    ReadContext& m_ctx;
    json m_state;  // the session document; null until the initial operation is read
};

}  // namespace

bool is_vscode_chat_log_line(const json& first) {
    if (!first.is_object()) return false;
    const auto kind = first.find("kind");
    const auto doc = first.find("v");
    return kind != first.end() && *kind == 0 && doc != first.end() && is_vscode_chat(*doc);
}

bool is_vscode_chat_log_outline(const json& outline) {
    return outline.is_object() && outline.size() == 2 && outline.value("kind", json()) == json(0) &&
           outline.contains("v");
}

void read_vscode_chat_log(ByteSource& source, ReadContext& ctx) {
    OperationLog log(ctx);
    const auto digest = for_each_record(source, ctx, [&](const json& v, RecordPos pos, std::string_view) {
        log.line(v, pos);
    });
    if (digest) log.finish(*digest);
}

}  // namespace bm
