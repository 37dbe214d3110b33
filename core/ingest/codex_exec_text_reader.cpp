// `codex exec` without `--json` (codex-rs exec's human output, session 38: a saved one was "not JSON text"):
//   OpenAI Codex v0.147.0            the version line, after an optional "Reading additional input from stdin..."
//   --------                         then "key: value" settings (workdir, model, session id, …) up to "--------"
//   user / codex / thinking          a section header alone on its line; its text follows up to the next header
//   exec                             "<command> in <cwd>", then " succeeded in 12ms:" or " exited 1 in 12ms:" (on
//                                    the same line or the next), then the first lines of the command's output
//   file update                      "A path" / "M path" / "D path" and their content, then
//                                    "apply_patch(auto_approved=true) exited 0 in 5ms:" and its output
//   tokens used                      the count, then (stdout) the last message again
// Plan steps ("  ✓ step", "  → step", "  • step") are the update_plan call Codex made. Read in Codex's format, so the
// rules read its commands as a rollout's.
#include "ingest/codex_exec_text_reader.h"

#include <optional>
#include <string>
#include <vector>

#include "ingest/codex_stream_session.h"
#include "ingest/terminal_escapes.h"
#include "ingest/text_lines.h"
#include "util/exit_code.h"
#include "util/hash.h"
#include "util/trim.h"

namespace bm {

namespace {

constexpr std::string_view kStdinNotice = "Reading additional input from stdin...";
constexpr std::string_view kVersion = "OpenAI Codex v";
constexpr std::string_view kRule = "--------";

// A line without the blanks after it (not its line break: lines come without one).
std::string_view trimmed_right(std::string_view s) { return trim_right(s, " \t\r"); }

// A line as printed: without colour codes (`--color always`), a leading BOM, or the "[2025-05-01T10:00:00] "
// timestamp older versions put before each line.
std::string plain(std::string_view line) {
    std::string out = line.find('\x1b') == std::string_view::npos ? std::string(line) : without_escapes(line);
    if (out.rfind("\xEF\xBB\xBF", 0) == 0) out.erase(0, 3);
    if (out.size() >= 22 && out[0] == '[' && out[11] == 'T' && out[20] == ']' && out[21] == ' ') out.erase(0, 22);
    return out;
}

// A line codex-rs prints on its own, outside any section: an error, a warning, an MCP server's state, the run
// interrupted or its context compacted.
bool one_line_notice(std::string_view line) {
    for (std::string_view prefix : {"ERROR: ", "warning: ", "deprecated: ", "mcp: ", "mcp startup: "})
        if (line.rfind(prefix, 0) == 0) return true;
    return line == "task interrupted" || line.rfind("task aborted", 0) == 0 || line == "context compacted";
}

// Whether a patch line names its file as codex prints them: an absolute path.
bool absolute_path(std::string_view path) {
    return (!path.empty() && (path[0] == '/' || path[0] == '\\')) ||
           (path.size() > 2 && path[1] == ':' && (path[2] == '\\' || path[2] == '/'));
}

enum class Section { kNone, kUser, kAgent, kThinking, kExec, kPatch, kDiff, kTokens, kPlan };

// The section a header line opens; nullopt for a line that is none.
std::optional<Section> header(std::string_view line) {
    line = trimmed_right(line);
    if (line == "user") return Section::kUser;
    if (line == "codex") return Section::kAgent;
    if (line == "thinking") return Section::kThinking;
    if (line == "exec") return Section::kExec;
    if (line == "file update") return Section::kPatch;
    if (line == "file update:") return Section::kDiff;
    if (line == "tokens used") return Section::kTokens;
    if (line == "Plan update") return Section::kPlan;
    return std::nullopt;
}

// A command's end line: " succeeded in 12ms:" (code 0) or " exited 2 in 1m 02s:"; `at` receives where it starts.
std::optional<int64_t> exec_end(std::string_view line, size_t& at) {
    line = trimmed_right(line);
    if (line.empty() || line.back() != ':') return std::nullopt;
    const auto duration = [&](size_t from) {  // "12ms:", "1.20s:", "1m 02s:"
        const std::string_view d = line.substr(from);
        return d.size() >= 3 && d.size() <= 16 && d[0] >= '0' && d[0] <= '9';
    };
    if (const size_t s = line.rfind(" succeeded in "); s != std::string_view::npos && duration(s + 14)) {
        at = s;
        return 0;
    }
    const size_t e = line.rfind(" exited ");
    if (e == std::string_view::npos) return std::nullopt;
    const std::string_view rest = line.substr(e + 8);  // "<code> in <duration>:"
    const size_t in = rest.find(" in ");
    if (in == std::string_view::npos || in == 0 || in > 7 || !duration(e + 8 + in + 4)) return std::nullopt;
    const std::optional<int64_t> code = parse_exit_code(rest.substr(0, in));
    if (code) at = e;
    return code;
}

// A plan step line ("  ✓ step", "  → step", "  • step"): its status and text.
std::optional<std::pair<const char*, std::string>> plan_step(std::string_view line) {
    static const std::pair<std::string_view, const char*> kMarks[] = {
        {"  \xE2\x9C\x93 ", "completed"}, {"  \xE2\x86\x92 ", "in_progress"}, {"  \xE2\x80\xA2 ", "pending"}};
    for (const auto& [mark, status] : kMarks)
        if (line.rfind(mark, 0) == 0 && line.size() > mark.size())
            return std::pair{status, std::string(trimmed_right(line.substr(mark.size())))};
    return std::nullopt;
}

class ExecTextBuilder {
public:
    explicit ExecTextBuilder(ReadContext& ctx) : m_ctx(ctx), m_out(ctx) {}

    void line(const Line& l) {
        m_digest.update(l.text);
        m_digest.update("\n");
        std::string line = plain(l.text);
        const std::string_view text = line;
        if (!m_started) {  // the notice, then the version line
            if (trimmed_right(text).empty() || trimmed_right(text) == kStdinNotice) return;
            m_started = true;
            if (text.rfind(kVersion, 0) != 0)
                m_ctx.error(pos(l), "", "expected the \"OpenAI Codex v…\" line of `codex exec`'s output");
            return;
        }
        if (m_settings != Settings::kDone) return setting(l, text);
        if (m_section == Section::kPatch && text.rfind("apply_patch(", 0) == 0) {
            flush();  // the patch's end line answers the call its section made
            return notice(l, text);
        }
        if (auto h = header(text)) {
            flush();
            m_section = *h;
            m_first = l.number;
            return;
        }
        // A notice ends the section before it, but inside a command's output (which can print "ERROR: …"), which
        // ends after the 20 lines codex-rs shows of it.
        const bool output = m_section == Section::kExec && m_output_lines >= 0 && m_output_lines < kShownOutput;
        if (m_section != Section::kUser && !output && one_line_notice(trimmed_right(text))) flush();
        if (m_section == Section::kExec && m_output_lines >= kShownOutput) flush();
        if (m_section == Section::kNone) return notice(l, text);
        if (m_section == Section::kDiff || m_section == Section::kTokens) return;  // never read
        if (m_section == Section::kExec && m_output_lines >= 0) ++m_output_lines;
        else if (m_section == Section::kExec) {
            size_t at = 0;
            if (exec_end(text, at)) m_output_lines = 0;  // the output starts on the next line
        }
        m_lines.push_back(std::move(line));  // `text` views it: not used past here
        m_numbers.push_back(l.number);
    }

    void finish() {
        if (m_started && m_settings != Settings::kDone)
            m_ctx.error(RecordPos{}, "", "the settings block of `codex exec`'s output never closed (no second "
                                         "\"--------\" line); nothing after it was read");
        flush();
        m_out.finish(to_hex(m_digest.finish()));
    }

private:
    enum class Settings { kBefore, kIn, kDone };

    static RecordPos pos(const Line& l) { return RecordPos{l.number, 0}; }
    RecordPos first() const { return RecordPos{m_first, 0}; }

    // "key: value" between the two "--------" lines: workdir, model and session id are kept.
    void setting(const Line& l, std::string_view line) {
        const std::string_view text = trimmed_right(line);
        if (text == kRule) {
            m_settings = m_settings == Settings::kBefore ? Settings::kIn : Settings::kDone;
            return;
        }
        if (m_settings == Settings::kBefore) {
            m_ctx.error(pos(l), "", "expected the \"--------\" line that opens `codex exec`'s settings");
            m_settings = Settings::kDone;
            return;
        }
        const size_t colon = text.find(": ");
        if (colon == std::string_view::npos) return;
        const std::string key(text.substr(0, colon)), value(text.substr(colon + 2));
        const char* name = key == "workdir" ? "cwd" : key == "model" ? "model" : key == "session id" ? "session_id"
                         : key == "approval" ? "approval_policy" : key == "sandbox" ? "sandbox_policy" : nullptr;
        if (!name) return;
        if (key == "workdir") m_out.session.cwd = m_ctx.redact_text(value);
        if (key == "model") m_out.model = value;
        if (key == "session id") m_out.session.id_form = value;
        EnvironmentFact f;
        f.name = name;
        f.value = m_ctx.redact_text(value);
        f.field = key;
        f.line = l.number;
        f.quote = m_ctx.redact_raw(text);
        f.quote_offset = 0;
        m_out.session.environment.push_back(std::move(f));
    }

    // A line outside any section: the harness's notices ("ERROR: …", "warning: …", "mcp: …") and a patch's end.
    void notice(const Line& l, std::string_view line) {
        const std::string_view text = trimmed_right(line);
        if (text.rfind("apply_patch(", 0) == 0 && !m_patch.empty()) {
            size_t at = 0;
            const auto code = exec_end(text, at);
            m_out.result(m_patch, "", code && *code != 0, pos(l));  // its output lines follow, left out
            m_patch.clear();
            return;
        }
        if (text.rfind("ERROR: ", 0) == 0) {
            Message m = m_out.message(pos(l), "line-" + std::to_string(l.number), Role::kSystem, SourceKind::kPlugin);
            m.source.name = "error";
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text.substr(7)));
            m_out.push(std::move(m));
            return;
        }
        if (!text.empty()) ++m_out.non_message;
    }

    std::string joined(size_t from = 0, size_t to = std::string::npos) const {
        std::string out;
        for (size_t i = from; i < std::min(to, m_lines.size()); ++i) out += (i > from ? "\n" : "") + m_lines[i];
        while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
        return out;
    }

    void flush() {
        const Section s = m_section;
        m_section = Section::kNone;
        if (s == Section::kUser || s == Section::kAgent || s == Section::kThinking || s == Section::kPlan) words(s);
        else if (s == Section::kExec) exec();
        else if (s == Section::kPatch) patch();
        else if (s == Section::kDiff || s == Section::kTokens) ++m_out.non_message;  // the turn's diff, its count
        m_lines.clear();
        m_numbers.clear();
        m_output_lines = -1;
    }

    // The user's prompt, the agent's message or its reasoning; plan steps among them are its update_plan call.
    void words(Section s) {
        // Plan steps: the lines after "Plan update", or the block of step lines that ends an agent message (as
        // newer versions print a plan with no header line).
        size_t from = m_lines.size();
        if (s == Section::kPlan) from = 0;
        else if (s == Section::kAgent)
            while (from > 0 && plan_step(m_lines[from - 1])) --from;
        json plan = json::array();
        size_t kept = from;  // the lines before the steps stay; a line among them that is no step moves up
        for (size_t i = from; i < m_lines.size(); ++i) {
            if (auto step = plan_step(m_lines[i])) {
                plan.push_back({{"step", step->second}, {"status", step->first}});
                continue;
            }
            if (kept != i) m_lines[kept] = std::move(m_lines[i]);  // the explanation "Plan update" may print first
            ++kept;
        }
        m_lines.resize(kept);
        const std::string text = joined();
        const std::string id = "line-" + std::to_string(m_first);
        if (!text.empty()) {
            const bool user = s == Section::kUser;
            Message m = m_out.message(first(), id, user ? Role::kUser : Role::kAssistant,
                                      user ? SourceKind::kUser : SourceKind::kModel);
            m.blocks.push_back(text_block(m_ctx, s == Section::kThinking ? BlockKind::kReasoning : BlockKind::kText, text));
            m_out.push(std::move(m));
        }
        if (!plan.empty() && m_out.call(id + "#plan", "update_plan", json{{"plan", plan}}.dump(), first()))
            m_out.result(id + "#plan", "", false, first());  // the output prints no answer to a plan
    }

    // "<command> in <cwd>", its end line (on that line or the next) and the output's first lines.
    void exec() {
        if (m_lines.empty()) return;
        const std::string id = "exec-" + std::to_string(m_first);
        // The command may span lines (a heredoc); its end line follows it, or closes its last line.
        size_t end = 0, at = 0;
        std::optional<int64_t> code;
        for (; end < m_lines.size() && !code; ++end) code = exec_end(m_lines[end], at);
        std::string command;
        if (code) {
            --end;
            for (size_t i = 0; i < end; ++i) command += (i ? "\n" : "") + m_lines[i];
            if (at > 0) command += (end ? "\n" : "") + m_lines[end].substr(0, at);
        } else {
            command = m_lines[0];
            m_ctx.warning(first(), "", "a command whose end line (\" succeeded in …:\" or \" exited N in …:\") "
                                       "never came: read as a call without an answer");
        }
        while (!command.empty() && (command.back() == '\n' || command.back() == ' ')) command.pop_back();
        const size_t in = command.rfind(" in ");  // "… in <cwd>" (on the command's last line)
        if (in != std::string::npos && command.find('\n', in) == std::string::npos) command.erase(in);
        m_out.call(id, "exec_command", json{{"cmd", command}}.dump(), first());
        if (!code) return;
        std::string text = joined(end + 1);
        text += (text.empty() ? "" : "\n") + ("[exit code: " + std::to_string(*code) + "]");
        m_out.result(id, text, *code != 0, RecordPos{m_numbers[end], 0});
    }

    // The files a patch adds ("A path"), changes ("M path", "M a -> b") or deletes ("D path"), as the file_change
    // call `codex exec --json` reports; its end line, outside the section, answers it.
    void patch() {
        json changes = json::array();
        for (const std::string& line : m_lines) {
            const char op = line.empty() ? ' ' : line[0];
            if (line.size() < 3 || line[1] != ' ' || (op != 'A' && op != 'M' && op != 'D' && op != 'R')) continue;
            std::string path = line.substr(2);
            if (const size_t arrow = path.find(" -> "); arrow != std::string::npos) path.erase(arrow);
            if (!absolute_path(path)) continue;  // a content line ("A quick note"), not a file's header
            changes.push_back({{"path", path}, {"kind", op == 'A' ? "add" : op == 'D' ? "delete" : "update"}});
        }
        if (changes.empty()) return;
        m_patch = "patch-" + std::to_string(m_first);
        m_out.call(m_patch, "file_change", json{{"changes", changes}}.dump(), first());
    }

    ReadContext& m_ctx;
    CodexStreamSession m_out;
    Sha256Stream m_digest;
    bool m_started = false;
    Settings m_settings = Settings::kBefore;
    Section m_section = Section::kNone;
    int64_t m_first = 0;                // the line of the section's header
    std::vector<std::string> m_lines;   // the section's lines so far
    std::vector<int64_t> m_numbers;     // their line numbers
    std::string m_patch;                // the patch call its end line answers
    int m_output_lines = -1;            // in a command's section: output lines after its end line (-1: before)
    static constexpr int kShownOutput = 20;  // codex-rs shows at most this many lines of a command's output
};

}  // namespace

bool is_codex_exec_text(std::string_view text) {
    const auto next_line = [&] {  // as printed: colour codes and an old timestamp prefix taken out
        const size_t end = text.find('\n');
        std::string line = plain(trimmed_right(text.substr(0, end)));
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        return std::string(trimmed_right(line));
    };
    std::string line = next_line();
    if (line == kStdinNotice) line = next_line();
    return line.rfind(kVersion, 0) == 0 && next_line() == kRule;
}

void read_codex_exec_text(ByteSource& source, ReadContext& ctx) {
    ExecTextBuilder b(ctx);
    for_each_text_line(source, ctx, [&](const Line& l) { b.line(l); });
    b.finish();
}

}  // namespace bm
