// Decoding a Codex tool output (JSON envelope with metadata, or a text header) into text and exit code.
#include "ingest/codex_output.h"

#include <string_view>

#include "ingest/read_context.h"
#include "util/exit_code.h"

namespace bm {

// "Exit code: 3" / "Process exited with code 3" at the start of one of the first header lines.
std::optional<int64_t> codex_header_exit_code(std::string_view text) {
    size_t at = 0;
    for (int line = 0; line < 6 && at < text.size(); ++line) {
        size_t eol = text.find('\n', at);
        if (eol == std::string_view::npos) eol = text.size();
        std::string_view l = text.substr(at, eol - at);
        at = eol + 1;
        if (l == "Output:") break;  // the header ends where the command's own output begins
        for (std::string_view marker : {std::string_view("Exit code: "), std::string_view("Process exited with code ")}) {
            if (l.substr(0, marker.size()) != marker) continue;
            return parse_exit_code(l.substr(marker.size()));
        }
    }
    return std::nullopt;
}

CodexOutput decode_codex_output(const nlohmann::json& output) {
    CodexOutput out;
    if (output.is_string()) {
        const std::string& s = output.get_ref<const std::string&>();
        if (!s.empty() && s.front() == '{') {
            auto v = nlohmann::json::parse(s, nullptr, false);
            if (v.is_object()) {
                auto o = v.find("output");
                auto m = v.find("metadata");
                if (o != v.end() && o->is_string() && m != v.end() && m->is_object()) {
                    out.text = o->get<std::string>();
                    if (auto c = m->find("exit_code"); c != m->end() && c->is_number_integer())
                        out.exit_code = c->get<int64_t>();
                    out.failed = out.exit_code && *out.exit_code != 0;
                    return out;
                }
            }
        }
        out.text = s;
    } else if (output.is_object() || output.is_array()) {
        out.text = flatten_text(output);
        if (output.is_object())
            if (auto s = output.find("success"); s != output.end() && s->is_boolean() && !s->get<bool>())
                out.failed = true;
        return out;
    } else {
        return out;
    }
    if (auto code = codex_header_exit_code(out.text)) out.exit_code = code, out.code_in_text = true, out.failed = *code != 0;
    if (out.text.rfind("exec_command failed", 0) == 0) out.failed = true;
    return out;
}

}  // namespace bm
