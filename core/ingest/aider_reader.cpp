// Aider chat histories (.aider.chat.history.md): Markdown appended by aider's InputOutput. Each run
// opens with "# aider chat started at <time>"; user input lines start with "#### ", aider's own
// output (notices, confirmations, command output) with "> ", and the model's reply is plain text.
#include "ingest/readers.h"
#include "ingest/text_lines.h"
#include "util/hash.h"
#include "util/trim.h"

namespace bm {

namespace {

constexpr std::string_view kHeader = "# aider chat started at ";
constexpr size_t kIdPrefixBytes = 512;  // of a run's text after its header: names the session

enum class Block { kNone, kUser, kAssistant, kAiderOutput };

// Markdown hard line breaks ("  " at the end) are aider's, not the text's: trimmed off a line's end.
constexpr std::string_view kHardBreak = " \r";

class AiderBuilder {
public:
    explicit AiderBuilder(ReadContext& ctx) : m_ctx(ctx) {}

    void line(const Line& l) {
        std::string_view text = l.text;
        if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
        if (text.rfind(kHeader, 0) == 0) {
            std::string started(trim_right(text.substr(kHeader.size()), kHardBreak));
            // Aider on Windows without a console writes its header twice in the same second, the first
            // followed only by its notices: one run, not two (session 37, dev log aider-tax-brackets).
            if (m_open && started == m_session.created_at && !started.empty() && only_notices()) return;
            finish_session();
            start_session(std::move(started), l);
            return;
        }
        if (!m_open) {
            if (trim_right(text, kHardBreak).empty()) return;
            m_ctx.warning(RecordPos{l.number, l.offset}, "", "text before the first \"# aider chat started at\" line",
                          "read as a run without a start time");
            start_session("", l);
        }
        if (m_id_text.size() < kIdPrefixBytes) m_id_text.append(text.substr(0, kIdPrefixBytes - m_id_text.size())).push_back('\n');
        const bool output = text == ">" || text.rfind("> ", 0) == 0 || confirm_answer(text);
        const bool user = !output && (text == "####" || text.rfind("#### ", 0) == 0);
        if (user || output) {
            const Block kind = user ? Block::kUser : Block::kAiderOutput;
            if (m_block != kind) begin(kind, l);
            append(trim_right(text.substr(std::min<size_t>(text.size(), user || text[0] == '#' ? 5 : 2)), kHardBreak),
                   text);
        } else if (trim_right(text, kHardBreak).empty()) {
            if (m_block == Block::kAssistant) m_blank_lines.push_back('\n');
            else flush();  // a blank line ends user input and aider's output
        } else if (m_block == Block::kAiderOutput) {
            append(trim_right(text, kHardBreak), text);  // a multi-line notice: only its first line is quoted
        } else {
            if (m_block != Block::kAssistant) begin(Block::kAssistant, l);
            append(text, text);
        }
    }

    void finish() { finish_session(); }

private:
    // Whether the open run holds nothing yet but aider's own output (no input, no command).
    bool only_notices() const {
        if (m_block == Block::kUser || m_block == Block::kAssistant || m_non_message > 0) return false;
        for (const Message& m : m_session.messages)
            if (m.role == Role::kUser || m.role == Role::kAssistant) return false;
        return true;
    }

    void start_session(std::string started, const Line& l) {
        m_open = true;
        m_session = Session{};
        m_session.format = SessionFormat::kAider;
        m_session.file = m_ctx.result().file;
        m_session.created_at = started;
        m_header = RecordPos{l.number, l.offset};
        m_id_text.clear();
        m_non_message = 0;
        m_after_input = false;
        m_input_moded = false;
        m_last_reply.clear();
        m_architect = false;
    }

    void finish_session() {
        if (!m_open) return;
        flush();
        std::string stamp = m_session.created_at.empty() ? "undated" : m_session.created_at;
        for (char& c : stamp)
            if (c == ' ') c = 'T';
            else if (c == ':') c = '-';
        m_session.id_form = "aider-" + stamp + "-" + sha256_hex(m_id_text).substr(0, 8);
        m_ctx.finish();
        finish_session_common();
        m_open = false;
    }

    void finish_session_common() {
        bm::finish_session(m_session, m_ctx, m_header, m_non_message);
        m_ctx.result().sessions.push_back(std::move(m_session));
    }

    void begin(Block kind, const Line& l) {
        flush();
        m_block = kind;
        m_first = RecordPos{l.number, l.offset};
    }

    void append(std::string_view content, std::string_view original) {
        if (m_block == Block::kAssistant && !m_text.empty()) {
            m_text += m_blank_lines;
            m_raw += m_blank_lines;
        }
        m_blank_lines.clear();
        if (!m_text.empty() || m_lines > 0) m_text.push_back('\n');
        if (!m_raw.empty() || m_lines > 0) m_raw.push_back('\n');
        m_text.append(content);
        m_raw.append(original);
        ++m_lines;
    }

    void flush() {
        const Block kind = m_block;
        std::string text = std::move(m_text), raw = std::move(m_raw);
        m_block = Block::kNone;
        m_text.clear();
        m_raw.clear();
        m_blank_lines.clear();
        m_lines = 0;
        if (kind == Block::kNone) return;
        Message m;
        m.seq = static_cast<int64_t>(m_session.messages.size()) + m_non_message;
        m.id = "l" + std::to_string(m_first.line);
        m.line = m_first.line;
        const bool follows_input = m_after_input;
        m_after_input = false;
        if (kind == Block::kUser && m_architect && !m_last_reply.empty() && plain_lines(text) == m_last_reply) {
            // Architect mode hands the model's reply to its editor model as input, which aider logs as input lines
            // (session 40, dev logs aider-timeline and aider-careeros): the harness's message, not the user's.
            m_last_reply.clear();
            m.role = Role::kUser;
            m.source.kind = SourceKind::kPlugin;
            m.source.name = "architect";
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
        } else if (kind == Block::kUser) {
            m_last_reply.clear();
            // "/code <request>" logs the request again once the mode is switched: two inputs, not one.
            const bool moded = text.find_first_not_of(" \n") != std::string::npos &&
                               text[text.find_first_not_of(" \n")] == '/';
            const bool follows_plain_input = follows_input && !m_input_moded && !moded;
            m_input_moded = moded;
            if (!user_text(text)) {
                ++m_non_message;  // a bare command (/model, /add, /multiline-mode, ...)
                return;
            }
            // Input lines that only blank lines part, with no reply or notice between, are one input: a long
            // paste aider logged a line at a time (session 36, a dev log: one request over four lines cut mid-word).
            if (follows_plain_input && !m_session.messages.empty() && m_session.messages.back().role == Role::kUser) {
                Message& prev = m_session.messages.back();
                prev.blocks.back().text += "\n" + m_ctx.redact_text(text);
                m_input_raw += "\n\n" + raw;
                if (m_ctx.options().keep_raw) prev.raw = m_ctx.raw_record(m_input_raw);
                m_after_input = true;
                return;
            }
            m.role = Role::kUser;
            m.source.kind = SourceKind::kUser;
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, text));
            m_after_input = true;
            m_input_raw = raw;
        } else if (kind == Block::kAssistant) {
            if (m_architect) m_last_reply = plain_lines(text);  // only architect mode echoes a reply
            m.role = Role::kAssistant;
            m.source.kind = SourceKind::kModel;
            assistant_blocks(text, m);
        } else {
            // "Main model: o1 with architect edit format", printed at start and on a mode switch.
            // (The main model's line comes before the editor model's "with editor-diff edit format".)
            if (const size_t at = text.find(" edit format"); at != std::string::npos)
                m_architect = at >= 15 && text.compare(at - 15, 15, " with architect") == 0;
            m.role = Role::kTool;  // aider's own output: edits applied, commits, confirmations, command output
            m.source.kind = SourceKind::kTool;
            m.source.name = "aider";
            ContentBlock r;
            r.kind = BlockKind::kToolResult;
            r.text = m_ctx.redact_text(text);
            m.blocks.push_back(std::move(r));
        }
        if (m_ctx.options().keep_raw) m.raw = m_ctx.raw_record(raw);
        m_session.messages.push_back(std::move(m));
    }

    // A reply's text, its inline reasoning ("<thinking-content-<hex>>…</thinking-content-<hex>>", as aider logs a
    // reasoning model's thoughts; session 36) read as reasoning blocks.
    void assistant_blocks(const std::string& text, Message& m) {
        constexpr std::string_view kOpen = "<thinking-content-";
        std::string said;
        size_t at = 0;
        while (at < text.size()) {
            const size_t open = text.find(kOpen, at);
            const size_t gt = open == std::string::npos ? open : text.find('>', open);
            if (gt == std::string::npos) break;
            const std::string close = "</" + text.substr(open + 1, gt - open);
            const size_t end = text.find(close, gt);
            if (end == std::string::npos) break;
            said += text.substr(at, open - at);
            const std::string_view thought = trim(std::string_view(text).substr(gt + 1, end - gt - 1));
            if (!thought.empty()) m.blocks.push_back(text_block(m_ctx, BlockKind::kReasoning, std::string(thought)));
            at = end + close.size();
        }
        if (at < text.size()) said += text.substr(at);
        const std::string_view rest = trim(said);
        if (!rest.empty() || m.blocks.empty())
            m.blocks.push_back(text_block(m_ctx, BlockKind::kText, std::string(rest)));
    }

    // Aider's confirm prompt logged on an input line with the answer typed at it ("#### Add file to the chat?
    // (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: skip"): its confirmation, as the "> " form is, never a
    // request (session 40, dev log aider-luvatrix: nine "skip" answers read as the user's words).
    static bool confirm_answer(std::string_view text) {
        if (text.rfind("#### ", 0) != 0) return false;
        const size_t choices = text.find(" (Y)es/(N)o");
        const size_t prompt_end = text.rfind("]: ");
        if (choices == std::string_view::npos || prompt_end == std::string_view::npos || prompt_end < choices)
            return false;
        // The answer closes the line: a word ("y", "skip", "don't"), not a sentence that goes on.
        const std::string_view answer = trim_right(text.substr(prompt_end + 3), kHardBreak);
        return !answer.empty() && answer.size() <= 16 && answer.find(' ') == std::string_view::npos;
    }

    // Text compared line by line with each line's trailing blanks dropped, and blank lines at either end.
    static std::string plain_lines(std::string_view text) {
        std::string out;
        for (std::string_view rest = text; !rest.empty();) {
            const size_t eol = rest.find('\n');
            out.append(trim_right(rest.substr(0, eol), " \t\r")).push_back('\n');
            rest = eol == std::string_view::npos ? std::string_view() : rest.substr(eol + 1);
        }
        return std::string(trim(out));
    }

    // User input minus a leading chat-mode command ("/ask how?" -> "how?"); false for a command
    // with no message ("/model x", "/add f.py") and for blank input.
    static bool user_text(std::string& text) {
        size_t start = text.find_first_not_of(" \n");
        if (start == std::string::npos) return false;
        text.erase(0, start);
        if (text[0] != '/') return true;
        size_t end = text.find_first_of(" \n");
        const std::string command = text.substr(0, end);
        if (command != "/ask" && command != "/code" && command != "/architect" && command != "/context") return false;
        if (end == std::string::npos) return false;
        text.erase(0, end);
        start = text.find_first_not_of(" \n");
        if (start == std::string::npos) return false;
        text.erase(0, start);
        return true;
    }

    ReadContext& m_ctx;
    Session m_session;
    bool m_open = false;
    RecordPos m_header;
    std::string m_id_text;
    int64_t m_non_message = 0;
    Block m_block = Block::kNone;
    RecordPos m_first;
    std::string m_text, m_raw, m_blank_lines;
    int64_t m_lines = 0;
    bool m_after_input = false;  // the last block flushed was the user's input
    std::string m_input_raw;     // that input's lines as written
    bool m_input_moded = false;  // that input opened with a command ("/code …")
    std::string m_last_reply;    // the model's last reply since the last input, as plain_lines gives it
    bool m_architect = false;    // aider said the run is in architect mode ("… with architect edit format")
};

}  // namespace

bool is_aider_history(std::string_view text) { return text.rfind(kHeader, 0) == 0; }

void read_aider(ByteSource& source, ReadContext& ctx) {
    AiderBuilder b(ctx);
    for_each_text_line(source, ctx, [&](const Line& line) { b.line(line); });
    b.finish();
}

}  // namespace bm
