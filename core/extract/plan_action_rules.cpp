// Todo lists, plans, goals and delegations an agent keeps through its tools: `todo.<item> = <status>`,
// `plan.<step> = proposed`, `goal.objective`, `goal.status`, `<agent tool>.result`.
#include <cctype>
#include <string>

#include <nlohmann/json.hpp>

#include "extract/agent_handoff.h"
#include "extract/todo_keys.h"
#include "extract/tool_action_rules.h"

namespace bm {

namespace {

// Where `text` (as written in JSON, escapes aside) first sits in `args`; the whole arguments when not found.
void span_of(std::string_view args, const std::string& text, size_t& b, size_t& e) {
    const std::string needle = text.substr(0, 40);
    const size_t p = needle.empty() ? std::string_view::npos : args.find(needle);
    if (p == std::string_view::npos) b = 0, e = args.size();
    else b = p, e = std::min(args.size(), p + text.size());
}

// A todo list's array in a tool's arguments: "todos", "plan", "items" or "tasks"; null when none.
const nlohmann::json* todo_list(const nlohmann::json& j) {
    for (const char* list : {"todos", "plan", "items", "tasks"})
        if (auto it = j.find(list); it != j.end() && it->is_array()) return &*it;
    return nullptr;
}

// An item's text ("content", "step", "text", "title" or "description"); "" when none.
std::string item_text(const nlohmann::json& item) {
    for (const char* f : {"content", "step", "text", "title", "description"})
        if (auto t = item.find(f); t != item.end() && t->is_string()) return t->get<std::string>();
    return {};
}

std::string item_id(const nlohmann::json& item) {
    const auto id = item.find("id");
    return id != item.end() && id->is_string() ? id->get<std::string>() : std::string();
}

// TodoWrite {"todos":[{"content":…,"status":…}]}, codex update_plan {"plan":[{"step":…,"status":…}]}. An update
// that names an item by its id alone (Cursor's {"merge": true, "todos": [{"id", "status"}]}) is keyed by the id, which
// the branch's earlier lists resolve (session 34: a Cursor log's todos kept their first status).
void todo_items(const ToolAction& a, const nlohmann::json& j, std::vector<ActionFact>& out) {
    const nlohmann::json* list = todo_list(j);
    if (!list) return;
    for (const auto& item : *list) {
        if (!item.is_object()) continue;
        const std::string text = item_text(item);
        std::string status;
        if (auto s = item.find("status"); s != item.end() && s->is_string())
            status = ascii_lower(s->get<std::string>());
        std::string key = todo_key(text);
        const std::string id = item_id(item);
        if (key.empty() && !id.empty()) key = todo_id_key(id);
        if (key.empty() || status.empty() || key_slug(status, 20) != status) continue;
        size_t b = 0, e = 0;
        span_of(a.arguments, text.empty() ? "\"" + id + "\"" : text, b, e);
        out.push_back({"action.todo", key, status, SlotType::kGoal, ActionEvidence::kStated, b, e});
    }
}

// Calls `f` with each line of `text` until it returns false.
template <class F>
void each_line(std::string_view text, F&& f) {
    for (size_t at = 0; at < text.size();) {
        size_t eol = text.find('\n', at);
        if (eol == std::string_view::npos) eol = text.size();
        if (!f(text.substr(at, eol - at))) return;
        at = eol + 1;
    }
}

// Cline's task_progress input, the Markdown checklist any of its tools carries ("- [x] done"); Google Antigravity's
// task artifact also marks an item in progress ("- [/] doing") and may set the box in backticks ("- `[x]` done").
void checklist_items(const ToolAction& a, const std::string& list, std::vector<ActionFact>& out) {
    int items = 0;
    each_line(list, [&](std::string_view line) {
        while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
            line.remove_prefix(1);
        if (line.rfind("- ", 0) != 0) return true;
        line.remove_prefix(2);
        const bool ticked = line.rfind("`[", 0) == 0;
        if (ticked) line.remove_prefix(1);
        if (line.size() < 4 || line[0] != '[' || line[2] != ']') return true;
        const char box = line[1];
        line.remove_prefix(3);
        if (ticked) {
            if (line.empty() || line.front() != '`') return true;
            line.remove_prefix(1);
        }
        if (line.empty() || line.front() != ' ') return true;
        const char* status = box == ' '                ? "pending"
                             : box == 'x' || box == 'X' ? "completed"
                             : box == '/'               ? "in_progress"
                                                        : nullptr;
        if (!status) return true;
        const std::string text(line.substr(1));
        const std::string slug = key_slug(text, 60);
        if (slug.empty()) return true;
        size_t b = 0, e = 0;
        span_of(a.arguments, text, b, e);
        out.push_back({"action.todo", "todo." + slug, status, SlotType::kGoal, ActionEvidence::kStated, b, e});
        return ++items < 30;
    });
}

// The parts of an Antigravity edit that carry a ReplacementContent: the call's own arguments, or each object of its
// ReplacementChunks.
std::vector<const nlohmann::json*> replacement_chunks(const nlohmann::json& args) {
    std::vector<const nlohmann::json*> out;
    if (args.contains("ReplacementContent")) out.push_back(&args);
    if (auto chunks = args.find("ReplacementChunks"); chunks != args.end() && chunks->is_array())
        for (const nlohmann::json& c : *chunks)
            if (c.is_object()) out.push_back(&c);
    return out;
}

// Google Antigravity's task artifact, `task.md` in its conversation's folder under `…/brain/` (session 35).
bool antigravity_task_file(std::string_view arguments) {
    std::string path;
    size_t b = 0, e = 0;
    if (!json_string_member(arguments, "TargetFile", path, b, e)) return false;
    for (char& c : path)
        if (c == '\\') c = '/';
    return path.ends_with("/task.md") && path.find("/brain/") != std::string::npos;
}

// exit_plan_mode {"plan":"# Title\n- step one\n- step two"}: each top-level bullet is a proposed step.
void plan_steps(const ToolAction& a, const std::string& plan, std::vector<ActionFact>& out) {
    int steps = 0;
    each_line(plan, [&](std::string_view view) {
        const std::string line(view);
        if (line.rfind("- ", 0) != 0 && !(line.size() > 3 && std::isdigit(static_cast<unsigned char>(line[0])) &&
                                          line[1] == '.' && line[2] == ' '))
            return true;
        std::string text = line.substr(line[0] == '-' ? 2 : 3);
        std::string clean;
        for (char c : text)
            if (c != '*' && c != '`') clean += c;
        const std::string slug = key_slug(clean, 60);
        if (slug.empty()) return true;
        size_t b = 0, e = 0;
        span_of(a.arguments, text.substr(0, std::min<size_t>(text.size(), 30)), b, e);
        out.push_back({"action.plan_step", "plan." + slug, "proposed", SlotType::kGoal, ActionEvidence::kStated, b, e});
        return ++steps < 20;
    });
}

}  // namespace

// The task a delegated agent was given (Claude Code's Task and DSH's subagent both take a short
// `description` and a `prompt`), and what it answered when that is one short line. Both are keyed by
// the description, so two delegations keep their own slots: "subagent.return-alpha-only.task =
// reply with exactly the word alpha", "subagent.return-alpha-only.result = alpha".
void delegation_facts(const ToolAction& a, const std::string& tool, std::vector<ActionFact>& out) {
    const bool delegate = tool.find("agent") != std::string::npos || tool == "task" || tool == "report" ||
                          tool == "workflow" || tool == "ralph";
    if (!delegate || is_agent_handoff(tool)) return;  // a handoff's result is a routing notice
    std::string key = key_slug(tool, 40);
    if (key.empty()) return;
    std::string description, prompt;
    size_t db = 0, de = 0, pb = 0, pe = 0;
    if (json_string_member(a.arguments, "description", description, db, de)) {
        const std::string slug = key_slug(description, 48);
        if (!slug.empty() && description.size() <= 80 && description.find('\n') == std::string::npos) {
            key += "." + slug;
            const bool short_prompt = json_string_member(a.arguments, "prompt", prompt, pb, pe) && !prompt.empty() &&
                                      prompt.size() <= 160 && prompt.find('\n') == std::string::npos;
            std::string task = ascii_lower(short_prompt ? prompt : description);
            while (!task.empty() && (task.back() == '.' || task.back() == ' ')) task.pop_back();
            out.push_back({"action.delegation_task", key + ".task", task,
                           SlotType::kGoal, a.has_result && !a.error ? ActionEvidence::kConfirmed : ActionEvidence::kStated,
                           short_prompt ? pb : db, short_prompt ? pe : de});
        }
    }
    if (!a.has_result || a.error) return;
    size_t b = 0, e = 0;
    const std::string line = one_line_output(a.result, b, e);
    // "started background subagent job subagent-2": a start notice, the answer comes later.
    if (line.empty() || ascii_lower(line).rfind("started ", 0) == 0) return;
    out.push_back({"action.delegation_result", key + ".result", ascii_lower(line), SlotType::kFact, ActionEvidence::kObserved,
                   b, e});
}

// A question the agent put to the user (ask_user_question, AskUserQuestion, ask_followup_question,
// OpenCode's `question` with a `questions` array, Codex's request_user_input): `question.<id or header> = <the
// question>`, open (OpenQ) unless the result answers it.
void asked_questions(const ToolAction& a, const std::string& tool, std::vector<ActionFact>& out) {
    if (tool != "ask_user_question" && tool != "askuserquestion" && tool != "ask_followup_question" &&
        tool != "ask_user" && tool != "question" && tool != "request_user_input")
        return;
    const nlohmann::json j = nlohmann::json::parse(a.arguments, nullptr, false);
    if (!j.is_object()) return;
    if (tool == "question" && !(j.contains("questions") && j["questions"].is_array())) return;
    std::vector<nlohmann::json> questions;
    if (auto q = j.find("questions"); q != j.end() && q->is_array())
        for (const auto& item : *q) questions.push_back(item);
    else
        questions.push_back(j);
    // Answered: a result that is not an error brings the user's choice back (DSH {"answers":[{"id",
    // "selected":[…]}]}, Codex {"answers":{"<id>":{"answers":[…]}}} (session 40), Claude Code 'User has answered
    // your questions: "Q"="A"'); an answer not found there gives no claim (the question without its answer is no use
    // to a reader).
    const bool answered = a.has_result && !a.error && !a.result.empty();
    const nlohmann::json reply = answered ? nlohmann::json::parse(a.result, nullptr, false) : nlohmann::json();
    auto joined_strings = [](const nlohmann::json& list) {
        std::string joined;
        for (const auto& v : list)
            if (v.is_string()) joined += (joined.empty() ? "" : ", ") + v.get<std::string>();
        return joined;
    };
    // Codex: "None of the above" and a "user_note: …" the user typed beside it choose no option (session 40, a dev
    // log: the user skipped the form to be asked in prose); a question left with no choice stays open.
    bool declined = false;
    auto codex_choices = [&](const nlohmann::json& list) {
        nlohmann::json chosen = nlohmann::json::array();
        for (const auto& v : list)
            if (v.is_string() && ascii_lower(v.get<std::string>()) != "none of the above" &&
                v.get<std::string>().rfind("user_note:", 0) != 0)
                chosen.push_back(v);
        declined = chosen.empty() && !list.empty();
        return joined_strings(chosen);
    };
    auto answer_of = [&](const std::string& id, const std::string& text) -> std::string {
        declined = false;
        if (reply.is_object() && !id.empty())
            if (auto as = reply.find("answers"); as != reply.end() && as->is_object())
                if (auto x = as->find(id); x != as->end() && x->is_object())
                    if (auto sel = x->find("answers"); sel != x->end() && sel->is_array()) return codex_choices(*sel);
        if (reply.is_object())
            if (auto as = reply.find("answers"); as != reply.end() && as->is_array())
                for (const auto& x : *as) {
                    if (!x.is_object() || !x.contains("id") || x["id"] != id) continue;
                    auto sel = x.find("selected");
                    return sel != x.end() && sel->is_array() ? joined_strings(*sel) : std::string();
                }
        const std::string marker = "\"" + text + "\"=\"";
        const size_t p = a.result.find(marker);
        if (p == std::string_view::npos) return {};
        const size_t b = p + marker.size(), e = a.result.find('"', b);
        return e == std::string_view::npos || e - b > 80 ? std::string() : std::string(a.result.substr(b, e - b));
    };
    for (const auto& item : questions) {
        if (!item.is_object()) continue;
        std::string text, name;
        if (auto t = item.find("question"); t != item.end() && t->is_string()) text = t->get<std::string>();
        for (const char* f : {"id", "header"})
            if (auto t = item.find(f); name.empty() && t != item.end() && t->is_string()) name = key_slug(t->get<std::string>(), 40);
        std::string id;
        if (auto t = item.find("id"); t != item.end() && t->is_string()) id = t->get<std::string>();
        if (name.empty()) name = key_slug(text, 40);
        if (text.empty() || text.size() > 200 || text.find('\n') != std::string::npos || name.empty()) continue;
        const std::string answer = answered ? answer_of(id, text) : std::string();
        if (answered && answer.empty() && !declined) continue;
        const bool open = !answered || declined;
        size_t b = 0, e = 0;
        span_of(a.arguments, text, b, e);
        out.push_back({"action.question_asked", "question." + name,
                       open ? ascii_lower(text) : ascii_lower(text) + " answered: " + ascii_lower(answer),
                       open ? SlotType::kOpenQ : SlotType::kFact, ActionEvidence::kStated, b, e});
    }
}

std::string todo_key(std::string_view text) {
    const std::string slug = key_slug(std::string(text), 60);
    return slug.empty() ? std::string() : "todo." + slug;
}

namespace {
constexpr std::string_view kTodoIdPrefix = "todo.#";
}  // namespace

std::string todo_id_key(std::string_view id) { return std::string(kTodoIdPrefix) + std::string(id); }

std::string_view todo_id_in(std::string_view key) {
    return key.rfind(kTodoIdPrefix, 0) == 0 ? key.substr(kTodoIdPrefix.size()) : std::string_view();
}

std::map<std::string, std::string> todo_ids(std::string_view arguments) {
    std::map<std::string, std::string> ids;
    const nlohmann::json j = nlohmann::json::parse(arguments, nullptr, false);
    const nlohmann::json* list = j.is_object() ? todo_list(j) : nullptr;
    if (!list) return ids;
    for (const auto& item : *list) {
        if (!item.is_object()) continue;
        const std::string id = item_id(item), key = todo_key(item_text(item));
        if (!id.empty() && !key.empty()) ids[id] = key;
    }
    return ids;
}

void plan_action_facts(const ToolAction& a, std::vector<ActionFact>& out) {
    if (a.arguments.empty() || a.arguments.front() != '{') return;
    const std::string tool = ascii_lower(a.tool);
    delegation_facts(a, tool, out);
    asked_questions(a, tool, out);
    if (a.error) return;
    const bool todo_tool = tool == "todowrite" || tool == "todo_write" || tool == "update_plan" ||
                           tool == "write_todos" || tool == "todo";
    const bool plan_tool = tool == "exit_plan_mode" || tool == "exitplanmode";
    const bool goal_tool = tool == "create_goal" || tool == "update_goal";
    std::string text;
    size_t b = 0, e = 0;
    if (json_string_member(a.arguments, "task_progress", text, b, e)) checklist_items(a, text, out);
    // Antigravity's checklist, written whole (write_to_file's CodeContent) or in part (replace_file_content's
    // ReplacementContent: the lines it changed).
    if (antigravity_task_file(a.arguments)) {
        if (json_string_member(a.arguments, "CodeContent", text, b, e)) checklist_items(a, text, out);
        // replace_file_content's one ReplacementContent; each of multi_replace_file_content's ReplacementChunks.
        const nlohmann::json j = nlohmann::json::parse(a.arguments, nullptr, false);
        if (j.is_object())
            for (const nlohmann::json* chunk : replacement_chunks(j))
                if (auto r = chunk->find("ReplacementContent"); r != chunk->end() && r->is_string())
                    checklist_items(a, r->get<std::string>(), out);
    }
    if (!todo_tool && !plan_tool && !goal_tool) return;
    const nlohmann::json j = nlohmann::json::parse(a.arguments, nullptr, false);
    if (!j.is_object()) return;
    if (todo_tool) todo_items(a, j, out);
    if (plan_tool && json_string_member(a.arguments, "plan", text, b, e)) plan_steps(a, text, out);
    if (tool == "create_goal" && json_string_member(a.arguments, "objective", text, b, e) && !text.empty() &&
        text.size() <= 200)
        out.push_back({"action.goal", "goal.objective", ascii_lower(text), SlotType::kGoal, ActionEvidence::kStated, b, e});
    if (tool == "update_goal" && json_string_member(a.arguments, "action", text, b, e) && key_slug(text, 20) == ascii_lower(text))
        out.push_back({"action.goal", "goal.status", ascii_lower(text), SlotType::kGoal,
                       a.has_result ? ActionEvidence::kConfirmed : ActionEvidence::kStated, b, e});
}

}  // namespace bm
