// OpenAI chat-completions message arrays (a JSON array or {messages:[...]}), with tool_calls,
// tool_call_id and reasoning_content.
#include "ingest/readers.h"

#include "ingest/agent_memory_log.h"
#include "ingest/chat_provider_error.h"
#include "ingest/line_reader.h"
#include "ingest/mini_swe_agent_turns.h"
#include "util/hash.h"
#include "util/trim.h"

#include <algorithm>
#include <deque>
#include <optional>
#include <cctype>
#include <string_view>
#include <vector>
#include <map>
#include <set>

namespace bm {

namespace {

// A harness's context-compaction summary sent in a user-role turn ("A previous instance of Droid has
// summarized the conversation thus far as follows:\n\n<summary>…</summary>"): a <summary> block closed
// further on, and before it at most 400 bytes of preface that speak of a summary. Text the user did not write
// (session 18, x20chat): the extractor must not read its "Next Steps" as the user's requests.
bool is_compaction_summary(const std::string& text) {
    const size_t open = text.find("<summary>");
    if (open == std::string::npos || open > 400 || text.find("</summary>", open) == std::string::npos) return false;
    std::string preface = text.substr(0, open);
    for (char& c : preface) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return preface.find("summar") != std::string::npos;
}

// A harness fact read from message `m`'s content (an executor's exit code, a provider's error notice).
void add_message_fact(Session& session, const Message& m, std::string name, std::string value, std::string qualifier,
                      std::string quote) {
    EnvironmentFact f;
    f.name = std::move(name);
    f.value = std::move(value);
    f.qualifier = std::move(qualifier);
    f.field = "messages[" + std::to_string(m.seq) + "].content";
    f.line = m.line;
    f.seq = m.seq;
    f.quote = std::move(quote);
    session.environment.push_back(std::move(f));
}

// A message's text blocks, joined.
std::string text_of(const Message& m) {
    std::string t;
    for (const ContentBlock& b : m.blocks)
        if (b.kind == BlockKind::kText) t += b.text;
    return t;
}

// A harness's next-step prompt sent in user-role turns again and again (OpenManus's "You can interact with the
// computer using PythonExecute, …" after every tool result): a text of at least 80 bytes that two or more user
// turns carry word for word, one of them right after a tool result. Text the user did not write (session 18,
// x21chat): the extractor must not read its tool descriptions as the user's requests. The opening request stays the
// user's.
void mark_repeated_prompts(std::vector<Message>& messages) {
    std::map<std::string, int> seen;
    std::set<std::string> after_tool;
    for (size_t i = 0; i < messages.size(); ++i) {
        const Message& m = messages[i];
        if (m.role != Role::kUser || m.source.kind != SourceKind::kUser) continue;
        const std::string t = text_of(m);
        if (t.size() < 80) continue;
        ++seen[t];
        if (i > 0 && messages[i - 1].role == Role::kTool) after_tool.insert(t);
    }
    // The conversation's opening request (the first user turn, before any reply or tool call) is the user's even
    // when a harness sends it again after tool results: the repeats are the harness's, the task stays the user's.
    size_t opening = messages.size();
    for (size_t i = 0; i < messages.size() && opening == messages.size(); ++i) {
        if (messages[i].role == Role::kAssistant || messages[i].role == Role::kTool) break;
        if (messages[i].role == Role::kUser && messages[i].source.kind == SourceKind::kUser) opening = i;
    }
    for (size_t i = 0; i < messages.size(); ++i) {
        Message& m = messages[i];
        if (i == opening || m.role != Role::kUser || m.source.kind != SourceKind::kUser) continue;
        const std::string t = text_of(m);
        if (t.size() < 80 || !after_tool.count(t)) continue;
        if (const auto it = seen.find(t); it != seen.end() && it->second >= 2) {
            m.source.kind = SourceKind::kPlugin;  // written by the harness, not the user
            m.source.name = "loop-prompt";
        }
    }
}

// Whether the text around byte `at` (a digit) is a timestamp holding a time of day ("2026-02-21 20:38:26",
// "09:26"): the digits there with the separators between them (- : / . T and one space) hold "h:mm" or "hh:mm".
bool clock_at(const std::string& text, size_t at) {
    auto digit = [&](size_t k) { return k < text.size() && std::isdigit(static_cast<unsigned char>(text[k])); };
    auto joins = [&](size_t k) {  // a separator with a digit on each side
        return k > 0 && k + 1 < text.size() && std::string_view("-:/.T ").find(text[k]) != std::string_view::npos &&
               digit(k - 1) && digit(k + 1);
    };
    size_t lo = at, hi = at + 1;
    while (lo > 0 && (digit(lo - 1) || joins(lo - 1))) --lo;
    while (hi < text.size() && (digit(hi) || joins(hi))) ++hi;
    for (size_t k = lo + 1; k + 2 < hi; ++k)
        if (text[k] == ':' && digit(k - 1) && digit(k + 1) && digit(k + 2)) return true;
    return false;
}

// A scheduler's prompt sent in user-role turns (PicoClaw's "# Heartbeat Check\n\nCurrent time: <clock>\n\nYou are a
// proactive AI assistant. This is a scheduled heartbeat check. …", session 20, d26chat): two or more user turns open
// with the same text of at least 80 bytes once each digit is read as any digit, and first differ in a timestamp
// that holds a time of day (the clock the harness stamps each time). Those turns are the harness's (source plugin
// `timed-prompt`), the opening one included: no person typed them. A person re-sending a request with another date
// (no time of day) or word for word changes nothing.
void mark_timed_prompts(std::vector<Message>& messages) {
    auto masked = [](std::string t) {
        for (char& c : t)
            if (std::isdigit(static_cast<unsigned char>(c))) c = '0';
        return t;
    };
    std::map<std::string, std::vector<size_t>> by_opening;  // the masked first 80 bytes -> user turns
    std::vector<std::string> texts(messages.size());
    for (size_t i = 0; i < messages.size(); ++i) {
        const Message& m = messages[i];
        if (m.role != Role::kUser || m.source.kind != SourceKind::kUser) continue;
        texts[i] = text_of(m);
        if (texts[i].size() >= 80) by_opening[masked(texts[i].substr(0, 80))].push_back(i);
    }
    for (const auto& [opening, turns] : by_opening) {
        (void)opening;
        if (turns.size() < 2) continue;
        const std::string& first = texts[turns[0]];
        bool stamped = false;
        for (size_t n = 1; n < turns.size() && !stamped; ++n) {
            const std::string& other = texts[turns[n]];
            const size_t len = std::min(first.size(), other.size());
            size_t k = 0;
            while (k < len && first[k] == other[k]) ++k;
            stamped = k < len && clock_at(first, k) && clock_at(other, k);
        }
        if (!stamped) continue;
        for (size_t i : turns) {
            messages[i].source.kind = SourceKind::kPlugin;  // written by the harness's scheduler, not the user
            messages[i].source.name = "timed-prompt";
        }
    }
}

// A multi-agent group chat saved as one agent's message list (AG2/AutoGen's GroupChat: every other agent's turn
// has role user and its `name`, the code executor among them): two or more names speak in user-role turns and the
// assistant's turns are named too, so the role no longer tells the person from the agents (people named in a chat
// room, with an unnamed assistant, stay users). Those turns are the other agents' (source plugin
// `group-chat-peer`, form = the speaker's name), not the user's; only the speaker of the opening user turn (the first,
// before any reply or tool call) stays the user (session 20, d23chat). `speakers[i]` is messages[i]'s `name`.
void mark_group_chat_peers(std::vector<Message>& messages, const std::vector<std::string>& speakers) {
    std::set<std::string> user_names;
    bool named_assistant = false;  // the saving agent is named too: a group of agents, not people in a chat room
    for (size_t i = 0; i < messages.size(); ++i) {
        if (messages[i].role == Role::kUser && !speakers[i].empty()) user_names.insert(speakers[i]);
        if (messages[i].role == Role::kAssistant && !speakers[i].empty()) named_assistant = true;
    }
    if (user_names.size() < 2 || !named_assistant) return;
    std::string opener;  // the speaker of the first user turn, when no reply or tool call comes before it
    for (size_t i = 0; i < messages.size(); ++i) {
        if (messages[i].role == Role::kAssistant || messages[i].role == Role::kTool) break;
        if (messages[i].role == Role::kUser) {
            opener = speakers[i];
            break;
        }
    }
    for (size_t i = 0; i < messages.size(); ++i) {
        Message& m = messages[i];
        if (m.role != Role::kUser || m.source.kind != SourceKind::kUser) continue;
        // An unnamed user turn is the person's (the task an AG2 chat opens with may carry no name; review).
        if (speakers[i].empty() || speakers[i] == opener) continue;
        m.source.kind = SourceKind::kPlugin;  // another agent of the group, not the user
        m.source.name = "group-chat-peer";
        m.source.form = speakers[i];
    }
}

// AutoGen's termination signal: an assistant turn whose whole text is TERMINATE (the default
// is_termination_msg) ends the chat and answers nothing (source plugin `terminate`; session 20, d23chat).
void mark_termination_signal(Message& m) {
    if (m.role != Role::kAssistant) return;
    std::string text;
    for (const ContentBlock& b : m.blocks) {
        if (b.kind == BlockKind::kToolCall) return;
        if (b.kind == BlockKind::kText) text += b.text;
    }
    if (trim(text) != "TERMINATE") return;
    m.source.kind = SourceKind::kPlugin;
    m.source.name = "terminate";
}

// AutoGen's code executor answers in a user-role turn: "exitcode: <n> (execution succeeded|execution failed)\nCode
// output: …" after running the code blocks of the turn before it, or "There is no code from the last <n> message(s)
// for me to execute. …" when there were none. Text the user did not write (source plugin `code-executor`; session
// 20, d23chat). An exit code whose run saved its code to a named file (the executed turn's only code block opens
// "# filename: <name>", AutoGen's convention) is kept as a code_exit fact qualified by that name.
std::string executor_exit_code(const std::string& text) {
    static const std::string head = "exitcode: ";
    if (text.rfind(head, 0) != 0) return "";
    size_t i = head.size();
    const size_t digits = i + (i < text.size() && text[i] == '-' ? 1 : 0);
    size_t j = digits;
    while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
    if (j == digits || j - digits > 4) return "";
    const std::string rest = text.substr(j);
    for (const char* tail : {" (execution succeeded)\nCode output:", " (execution failed)\nCode output:"})
        if (rest.rfind(tail, 0) == 0) return text.substr(i, j - i);
    return "";
}

// The file a turn's code was saved to: its only fenced code block opens "# filename: <name>"; "" otherwise.
std::string executed_file(const std::string& text) {
    std::string name;
    int blocks = 0;
    for (size_t open = text.find("```"); open != std::string::npos;) {
        const size_t body = text.find('\n', open);
        if (body == std::string::npos) break;
        const size_t close = text.find("```", body);
        if (close == std::string::npos) break;
        ++blocks;
        static const std::string tag = "# filename: ";
        if (text.compare(body + 1, tag.size(), tag) == 0) {
            const size_t end = std::min(text.find('\n', body + 1), close);  // never past the block's fence (review)
            name = std::string(trim(std::string_view(text).substr(body + 1 + tag.size(), end - body - 1 - tag.size())));
        }
        open = text.find("```", close + 3);
    }
    if (blocks != 1 || name.empty() || name.size() > 120 || name.find(' ') != std::string::npos) return "";
    return name;
}

void mark_code_executor_replies(std::vector<Message>& messages, const std::vector<std::string>& speakers,
                                Session& session) {
    for (size_t i = 0; i < messages.size(); ++i) {
        Message& m = messages[i];
        if (speakers[i].empty()) continue;  // AutoGen names its executor; a person's pasted run stays theirs (review)
        const bool peer = m.source.kind == SourceKind::kPlugin && m.source.name == "group-chat-peer";
        if (m.role != Role::kUser || (m.source.kind != SourceKind::kUser && !peer)) continue;
        const std::string t = text_of(m);
        const std::string code = executor_exit_code(t);
        const bool nothing_run = t.rfind("There is no code from the last ", 0) == 0 &&
                                 t.find(" for me to execute.") != std::string::npos && t.find(" for me to execute.") < 80;
        if (code.empty() && !nothing_run) continue;
        m.source.kind = SourceKind::kPlugin;  // the code executor's reply, not the user's
        m.source.name = "code-executor";
        if (code.empty() || i == 0) continue;
        const std::string file = executed_file(text_of(messages[i - 1]));
        if (file.empty()) continue;
        add_message_fact(session, m, "code_exit", code, file, t.substr(0, t.find('\n')));
    }
}

// Kimi CLI's tool result for a failed call: its first part is "<system>ERROR</system>", the next says why
// ("<system>Command failed with exit code: 1.</system>"; kimi_cli/soul/message.py tool_result_to_messages), or, in
// other versions, one part "<system>ERROR: <why></system>".
bool kimi_error_result(const json& content) {
    if (!content.is_array() || content.empty() || !content[0].is_object()) return false;
    const auto text = content[0].find("text");
    return text != content[0].end() && text->is_string() &&
           text->get_ref<const std::string&>().rfind("<system>ERROR", 0) == 0;
}

// Kimi CLI's user-role turn that only marks a checkpoint ("<system>CHECKPOINT 3</system>"): the harness's.
bool kimi_checkpoint_turn(const std::string& text) {
    constexpr std::string_view open = "<system>CHECKPOINT ", close = "</system>";
    return text.rfind(open, 0) == 0 && text.find(close) == text.size() - close.size();
}

// A message's reasoning: a string, or a list of {"type": "thinking", "thinking": …} parts (an OpenClaw export).
std::optional<std::string> reasoning_text(const json& r) {
    if (r.is_string()) return r.get<std::string>();
    if (!r.is_array()) return std::nullopt;
    std::string out;
    for (const json& part : r)
        if (part.is_object())
            if (auto t = part.find("thinking"); t != part.end() && t->is_string())
                out += (out.empty() ? "" : "\n\n") + t->get<std::string>();
    return out;
}

// `line`: the message's line in a JSONL session file; 0 in a document, where the message's index stands for it.
bool parse_chat_message(ReadContext& ctx, const json& item, size_t index, Message& m, int64_t line = 0) {
    const std::string path = "messages[" + std::to_string(index) + "]";
    RecordPos pos{line > 0 ? line : static_cast<int64_t>(index) + 1, -1};
    if (!item.is_object()) {
        ctx.error(pos, path, "expected a message object; skipped");
        return false;
    }
    auto role = ctx.str(item, "role", pos, path + ".role");
    if (!role) {
        ctx.error(pos, path + ".role", "message has no role; skipped",
                  "expected system, developer, user, assistant or tool");
        return false;
    }
    m.seq = static_cast<int64_t>(index);
    m.line = pos.line;
    m.id = ctx.str(item, "id", pos, path + ".id").value_or("msg-" + std::to_string(index));
    // A subagent's turns inlined in its parent's history (an export that names them "assistant-subagent-<id>" and
    // keeps the real role in `_metadata.original_role`) are read in that role as sidechain messages; the subagent's
    // "user" turn is the task its parent wrote, not the person's (session 22).
    bool subagent = false;
    if (role->rfind("assistant-subagent-", 0) == 0)
        if (auto meta = item.find("_metadata"); meta != item.end() && meta->is_object())
            if (auto original = ctx.str(*meta, "original_role", pos, path + "._metadata.original_role")) {
                // A subagent speaks as user (its task), assistant or tool; never as the session's system or developer.
                if (*original != "user" && *original != "assistant" && *original != "tool") {
                    ctx.error(pos, path + "._metadata.original_role",
                              "a subagent's turn in role '" + *original + "'; message skipped", "expected user, assistant or tool");
                    return false;
                }
                role = original;
                subagent = m.sidechain = true;
            }
    if (*role == "system") m.role = Role::kSystem;
    else if (*role == "developer") m.role = Role::kDeveloper;
    else if (*role == "user") m.role = Role::kUser, m.source.kind = SourceKind::kUser;
    else if (*role == "assistant") m.role = Role::kAssistant, m.source.kind = SourceKind::kModel;
    else if (*role == "tool" || *role == "function") m.role = Role::kTool, m.source.kind = SourceKind::kTool;
    // mini-swe-agent 2's last message: the harness's record of how the run ended (its submission as content,
    // extra.exit_status), neither the user's nor the model's (session 27).
    else if (*role == "exit") m.role = Role::kSystem, m.source.kind = SourceKind::kPlugin, m.source.name = "exit";
    else {
        ctx.error(pos, path + ".role", "unknown role '" + *role + "'; message skipped",
                  "expected system, developer, user, assistant, tool or exit");
        return false;
    }
    if (subagent && m.role == Role::kUser) {
        m.source.kind = SourceKind::kPlugin;
        m.source.name = "subagent-task";
    }
    for (const char* key : {"reasoning_content", "reasoning"})
        if (auto it = item.find(key); it != item.end() && !it->is_null()) {
            const auto r = reasoning_text(*it);
            if (!r) ctx.warning(pos, path + "." + key, "expected a string or a list of thinking parts; not read");
            else if (!r->empty()) m.blocks.push_back(text_block(ctx, BlockKind::kReasoning, *r));
        }
    if (auto c = item.find("content"); c != item.end() && !c->is_null()) {
        if (c->is_string() || c->is_array()) {
            // A model's thinking written as a content part ({"type": "reasoning"|"thinking", "text"}: an exported
            // Claude Code transcript; session 34) is its reasoning, not its words.
            json said = json::array();
            if (c->is_array() && m.role == Role::kAssistant)
                for (const json& part : *c) {
                    const std::string type = part.is_object() ? string_member(part, "type") : "";
                    if (type != "reasoning" && type != "thinking") {
                        said.push_back(part);
                        continue;
                    }
                    std::string thought = string_member(part, "text");
                    if (thought.empty()) thought = string_member(part, "thinking");
                    if (!thought.empty()) m.blocks.push_back(text_block(ctx, BlockKind::kReasoning, thought));
                }
            std::string text = flatten_text(c->is_array() && m.role == Role::kAssistant ? said : *c);
            if (m.role == Role::kTool) {
                ContentBlock r;
                r.kind = BlockKind::kToolResult;
                r.tool_id = ctx.str(item, "tool_call_id", pos, path + ".tool_call_id")
                                .value_or(ctx.str(item, "name", pos, path + ".name").value_or(""));
                r.text = ctx.redact_text(text);
                r.is_error = kimi_error_result(*c);
                if (auto e = item.find("is_error"); e != item.end() && e->is_boolean())  // Replit Agent's flag
                    r.is_error = r.is_error || e->get<bool>();
                m.source.call_id = r.tool_id;
                m.blocks.push_back(std::move(r));
            } else if (!text.empty()) {
                if (m.role == Role::kUser && is_compaction_summary(text)) {
                    m.source.kind = SourceKind::kPlugin;  // written by the harness, not the user
                    m.source.name = "compact";
                } else if (m.role == Role::kUser && kimi_checkpoint_turn(text)) {
                    m.source.kind = SourceKind::kPlugin;
                    m.source.name = "checkpoint";
                }
                m.blocks.push_back(text_block(ctx, BlockKind::kText, text));
            }
        } else {
            ctx.error(pos, path + ".content", "expected a string, an array of parts or null");
        }
    }
    append_tool_calls(ctx, item, pos, path, m.blocks);
    if (ctx.options().keep_raw) m.raw = ctx.raw_record(item.dump());
    return true;
}

// An assistant turn without tool calls that is the harness's notice of a failed model call ("HTTP 404 calling
// OpenAI-compatible API: ", chat_provider_error.h): the harness's, not the model's reply, kept as an api_error fact
// (as Claude Code's synthetic API-error lines are; session 19, d22chat).
void mark_provider_error(Message& m, Session& session) {
    if (m.role != Role::kAssistant) return;
    std::string text;
    for (const ContentBlock& b : m.blocks) {
        if (b.kind == BlockKind::kToolCall) return;
        if (b.kind == BlockKind::kText) text += b.text;
    }
    std::string kind;
    const std::string notice = provider_error_notice(text, kind);
    if (notice.empty()) return;
    m.source.kind = SourceKind::kPlugin;
    m.source.name = "api-error";
    add_message_fact(session, m, "api_error", notice, kind, notice);
}

// A mini-swe-agent run record's `exit_status` ("Submitted", "LimitsExceeded", …), redacted: a short string, else
// nullopt.
std::optional<std::string> run_exit_status(const json* record, ReadContext& ctx) {
    if (!record || !record->is_object()) return std::nullopt;
    const auto status = record->find("exit_status");
    if (status == record->end() || !status->is_string() || status->get<std::string>().empty() ||
        status->get<std::string>().size() > 80)
        return std::nullopt;
    return ctx.redact_text(status->get<std::string>());
}

// How a mini-swe-agent run ended, an exit_status fact as SWE-agent's info.exit_status is (rule
// harness.run_exit_status): version 2's exit message `m` says it in `item`'s `extra.exit_status`.
void add_exit_status(const json& item, const Message& m, Session& session, ReadContext& ctx) {
    const auto extra = item.find("extra");
    const auto value = run_exit_status(extra == item.end() ? nullptr : &*extra, ctx);
    if (!value) return;
    add_message_fact(session, m, "exit_status", *value, "", ctx.redact_raw("\"exit_status\": " + json(*value).dump()));
    session.environment.back().field = "messages[" + std::to_string(m.seq) + "].extra.exit_status";
}

// A version-1 document (`trajectory_format` "mini-swe-agent…", no exit message) says it in `info.exit_status`: the
// same fact, when no exit message gave it.
void add_info_exit_status(const json& doc, Session& session, ReadContext& ctx) {
    for (const EnvironmentFact& f : session.environment)
        if (f.name == "exit_status") return;
    const auto format = doc.find("trajectory_format");
    if (format == doc.end() || !format->is_string() || format->get<std::string>().rfind("mini-swe-agent", 0) != 0) return;
    const auto info = doc.find("info");
    const auto value = run_exit_status(info == doc.end() ? nullptr : &*info, ctx);
    if (!value) return;
    EnvironmentFact f;
    f.name = "exit_status";
    f.value = *value;
    f.field = "info.exit_status";
    f.line = 1;
    f.seq = static_cast<int64_t>(session.messages.size());
    f.quote = ctx.redact_raw("\"exit_status\": " + json(*value).dump());
    session.environment.push_back(std::move(f));
}

// The session of `messages` (a JSON array), each at `lines[i]` of a JSONL file when `lines` is given; `doc` the
// document that holds them, when it is an object (its run record: add_info_exit_status).
// Calls that carry no id (Replit Agent's) answered by tool messages that name none: each such result answers the
// oldest such call still open, and both get the id "<call message id>#<index>" (session 34). Results that name a call,
// and calls with ids, are left as they are. A user turn, or a later assistant turn that makes calls, closes the calls
// before it: a call that got no answer (interrupted) does not take the next turn's answers.
void pair_unnamed_calls(std::vector<Message>& messages) {
    std::deque<std::string> open;
    for (Message& m : messages) {
        const bool calls = std::any_of(m.blocks.begin(), m.blocks.end(),
                                       [](const ContentBlock& b) { return b.kind == BlockKind::kToolCall; });
        if (m.role == Role::kUser || (m.role == Role::kAssistant && calls)) open.clear();
        for (size_t k = 0; k < m.blocks.size(); ++k) {
            ContentBlock& b = m.blocks[k];
            if (b.kind == BlockKind::kToolCall && b.tool_id.empty()) {
                b.tool_id = m.id + "#" + std::to_string(k);
                open.push_back(b.tool_id);
            } else if (b.kind == BlockKind::kToolResult && b.tool_id.empty() && m.role == Role::kTool &&
                       !open.empty()) {
                b.tool_id = open.front();
                m.source.call_id = b.tool_id;
                open.pop_front();
            }
        }
    }
}

void read_chat_messages(Session& session, const json& messages, const std::vector<int64_t>* lines, ReadContext& ctx,
                        const json* doc = nullptr) {
    std::vector<std::string> speakers;  // each kept message's `name`, "" when it has none
    for (size_t i = 0; i < messages.size(); ++i) {
        Message m;
        if (parse_chat_message(ctx, messages[i], i, m, lines ? (*lines)[i] : 0)) {
            mark_provider_error(m, session);
            mark_termination_signal(m);
            if (m.source.kind == SourceKind::kPlugin && m.source.name == "exit") add_exit_status(messages[i], m, session, ctx);
            const auto name = messages[i].find("name");
            speakers.push_back(name != messages[i].end() && name->is_string() ? name->get<std::string>() : "");
            session.messages.push_back(std::move(m));
        } else {
            ctx.result().partial = true;
        }
    }
    read_mini_swe_agent_turns(session.messages);
    pair_unnamed_calls(session.messages);
    if (doc) add_info_exit_status(*doc, session, ctx);
    mark_group_chat_peers(session.messages, speakers);
    mark_code_executor_replies(session.messages, speakers, session);
    mark_repeated_prompts(session.messages);
    mark_timed_prompts(session.messages);
    if (messages.empty()) {
        ctx.error(RecordPos{1, 0}, "messages", "the message array is empty", "nothing to import");
        return;
    }
    ctx.finish();
    finish_session(session, ctx, RecordPos{1, 0}, 0);
    ctx.result().sessions.push_back(std::move(session));
}

}  // namespace

void read_openai_chat_jsonl(ByteSource& source, ReadContext& ctx) {
    Session session;
    session.format = SessionFormat::kOpenAiChat;
    session.file = ctx.result().file;
    json messages = json::array();
    std::vector<int64_t> lines;
    Sha256Stream content;  // names the session by its content, as a chat document is
    for_each_line(source, ctx, [&](const Line& line) {
        content.update(line.text);
        content.update("\n");
        auto v = ctx.parse_line(line);
        if (!v) return;
        // nanobot's first line: {"_type": "metadata", "key": "cli:direct", "created_at": …}; not a message.
        if (v->contains("_type") && !v->contains("role")) return;
        if (enveloped_chat_record(*v)) {  // {"type", "timestamp", "data"}: the metadata skipped, the message unwrapped
            if ((*v)["type"] != "message") return;
            json data = std::move((*v)["data"]);
            v = std::move(data);
        }
        if (agent_memory_record(*v)) {  // Replit Agent's memory log: a line holds the next messages of the chat
            for (json& m : (*v)["messages"]) {
                messages.push_back(std::move(m));
                lines.push_back(line.number);
            }
            return;
        }
        if (kimi_record(*v)) {  // the context file's bookkeeping; its system prompt is the session's
            if ((*v)["role"] != "_system_prompt") return;
            (*v)["role"] = "system";
        }
        messages.push_back(std::move(*v));
        lines.push_back(line.number);
    });
    session.id_form = "chat-" + to_hex(content.finish()).substr(0, 12);
    read_chat_messages(session, messages, &lines, ctx);
}

bool agent_memory_record(const json& line) {
    const auto memory = line.find("memory_id");
    const auto messages = line.find("messages");
    return memory != line.end() && memory->is_number_integer() && messages != line.end() && messages->is_array() &&
           !line.contains("role");
}

bool kimi_record(const json& line) {
    const auto role = line.find("role");
    if (role == line.end() || !role->is_string()) return false;
    const std::string& r = role->get_ref<const std::string&>();
    return (r == "_checkpoint" && line.contains("id")) || (r == "_usage" && line.contains("token_count")) ||
           (r == "_system_prompt" && line.contains("content"));
}

bool enveloped_chat_record(const json& line) {
    const auto type = line.find("type");
    const auto data = line.find("data");
    if (type == line.end() || !type->is_string() || data == line.end() || !data->is_object() ||
        !line.contains("timestamp"))
        return false;
    if (*type == "metadata") return data->contains("key") || data->contains("created_at");
    return *type == "message" && data->contains("role") && (*data)["role"].is_string();
}

const json* chat_trajectory(const json& doc) {
    if (!doc.is_object() || doc.contains("messages") || doc.contains("history")) return nullptr;
    const auto t = doc.find("trajectory");
    if (t == doc.end() || !t->is_array() || t->empty()) return nullptr;
    for (const json& m : *t)  // role messages only: OpenHands' events carry action/observation, ATIF's steps no role
        if (!m.is_object() || !m.contains("role") || !m["role"].is_string() || m.contains("action") ||
            m.contains("observation"))
            return nullptr;
    return &*t;
}

void read_openai_chat(const json& doc, ReadContext& ctx, const std::string& digest) {
    Session session;
    session.format = SessionFormat::kOpenAiChat;
    session.file = ctx.result().file;
    const json* messages = &doc;
    if (const json* t = chat_trajectory(doc)) {
        messages = t;
    } else if (doc.is_object()) {
        messages = ctx.array(doc, "messages", RecordPos{1, 0}, "messages");
        session.id_form = ctx.str(doc, "id", RecordPos{1, 0}, "id").value_or("");
        if (!messages) {
            ctx.error(RecordPos{1, 0}, "messages", "chat document has no messages array");
            return;
        }
    }
    if (!messages->is_array()) {
        ctx.error(RecordPos{1, 0}, "", "expected an array of chat messages or {\"messages\":[...]}");
        return;
    }
    if (session.id_form.empty()) session.id_form = "chat-" + digest.substr(0, 12);
    read_chat_messages(session, *messages, nullptr, ctx, doc.is_object() ? &doc : nullptr);
}

}  // namespace bm
