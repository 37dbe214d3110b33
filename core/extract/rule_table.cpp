// The rule table: every heuristic claim rule with its guards, defaults, confidence and examples.
#include "extract/rule_table.h"

#include <algorithm>

#include "extract/environment_claims.h"

namespace bm {

namespace {

using S = SlotType;
constexpr RuleScope kSession = RuleScope::kSession;
constexpr RuleScope kTurn = RuleScope::kTurn;

// Tool examples: an assistant call answered by a result.
RuleExample call(const char* tool, const char* args, const char* result, const char* expect, bool error = false) {
    return RuleExample{"assistant", tool, args, result, expect, error};
}
RuleExample say(const char* role, const char* text, const char* expect) { return RuleExample{role, "", "", text, expect}; }

std::vector<ExtractionRule> build() {
    return {
        // ---- structure: tool calls and their results (action_*.cpp) ----
        {"action.file_created", "a write/create tool call (Write, write, create, str_replace_editor create, apply_patch Add File) answered without error",
         "no claim when the result is an error or says the change was not applied", S::kArtifact, "tool 3 (result confirms the call)",
         "file.<path>", true, 0.95, kSession, "",
         {call("Write", R"({"file_path":"/w/hello.sh","content":"echo hi"})", "File created successfully at: /w/hello.sh", "file./w/hello.sh = created"),
          call("create", "create reproduce.py\n", "[File: /repo/reproduce.py (1 lines total)]", "file.reproduce.py = created"),
          call("Write", R"({"file_path":"/w/a.txt","content":"x"})", "Error: permission denied", "", true)}},
        {"action.file_edited", "an edit tool call (Edit, MultiEdit, edit, str_replace_editor str_replace, SWE-agent edit) answered without error",
         "no claim when the edit was refused (linter, no match); SWE-agent's open file taken from its [File: …] header", S::kArtifact,
         "tool 3", "file.<path>", true, 0.95, kSession, "",
         {call("Edit", R"({"file_path":"src/app.py","old_string":"a","new_string":"b"})", "The file src/app.py has been updated.", "file.src/app.py = a replaced with b"),
          call("edit", "edit 3:4\nx = 1\nend_of_edit", "[File: /repo/pkg/mod.py (40 lines total)]\n1:x", "file./repo/pkg/mod.py = edited"),
          call("edit", "edit 3:4\nx = (\nend_of_edit", "Your proposed edit has introduced new syntax error(s). Your changes have NOT been applied.", "")}},
        {"action.file_deleted", "`rm PATH…` (or git rm) run without error, a delete tool, an apply_patch Delete File",
         "globs and flags are not paths; no claim when rm failed", S::kArtifact, "tool 3", "file.<path>", true, 0.9, kSession, "",
         {call("bash", R"({"command":"rm reproduce.py"})", "", "file.reproduce.py = deleted"),
          call("bash", R"({"command":"rm -rf build/*"})", "", "")}},
        {"action.file_read", "a read tool call (Read, read, read_file, read_image, str_replace_editor view) on a file, answered without error",
         "no claim when the result is an error or empty; a path with no extension (a directory listing) gives none; its own key, so it never supersedes what was done to the file",
         S::kFact, "tool 3 (result confirms the call)", "file.<path>.read", true, 0.85, kSession, "",
         {call("read", R"({"file_path":"a.txt"})", "1: hello", "file.a.txt.read = read"),
          call("Read", R"({"file_path":"/w/missing.txt"})", "File does not exist.", "", true),
          call("str_replace_editor", R"({"command":"view","path":"/repo/src"})", "Here's the files and directories", "")}},
        {"action.edit_refused", "an edit tool's result saying the change was not applied (SWE-agent's linter, no match)",
         "the error's first line as the reason", S::kRefuted, "tool 3", "file.<path>.edit", true, 0.85, kSession, "",
         {call("edit", R"({"search":"a","replace":"b"})",
               "Your proposed edit has introduced new syntax error(s).\n- E999 IndentationError: unexpected indent\n[File: /r/m.py (9 lines total)]\nYour changes have NOT been applied.",
               "file./r/m.py.edit = not applied: indentationerror: unexpected indent"),
          call("edit", R"({"search":"a","replace":"b"})", "[File: /r/m.py (9 lines total)]", "")}},
        {"action.submit", "SWE-agent's `submit` call", "", S::kFact, "tool 3", "submission", true, 0.85, kSession, "",
         {call("submit", "{}", "diff --git a/x b/x", "submission = submitted"), call("submit", "{}", "", "", true)}},
        {"action.command_exit", "a shell tool call and its result: explicit exit code, an error flag, a traceback or failed tests",
         "read-only commands (ls, cat, grep, git status…) give none unless alone and an explicit non-zero code (`false` → 1; never `exit N`); exit 0 only where the format flags every failure",
         S::kFact, "tool 3", "<command>.exit_code", true, 0.9, kSession, "",
         {call("Bash", R"({"command":"python -m pytest tests -q"})", "Exit code 1\n1 failed, 2 passed in 0.1s", "pytest.exit_code = 1", true),
          call("bash", R"({"command":"python reproduce.py"})", "Traceback (most recent call last):\n  File x", "python.reproduce.py.exit_code = 1"),
          call("bash", R"({"command":"false"})", "[exit code: 1]", "false.exit_code = 1"),
          call("bash", R"({"command":"ls -la"})", "[exit code: 0]", "")}},
        {"action.test_counts", "a test runner's summary (N passed, N failed, N errors) in the result of a test command",
         "only for test commands (pytest, cargo test, npm test, …); the first summary counts", S::kFact, "tool 3",
         "<runner>.passed|failed|errors", true, 0.95, kSession, "",
         {call("Bash", R"({"command":"cargo test"})", "test result: ok. 5 passed; 0 failed", "cargo.test.passed = 5"),
          call("Bash", R"({"command":"cat log.txt"})", "5 passed", "")}},
        {"action.git_commit", "`git commit`'s report line \"[branch hash] subject\"", "one claim per commit (set-valued by hash)",
         S::kArtifact, "tool 3", "git.commit.<hash>", true, 0.95, kSession, "",
         {call("Bash", R"({"command":"git add a.py && git commit -m \"Add a\""})", "[main 1a2b3c4] Add a\n 1 file changed", "git.commit.1a2b3c4 = add a"),
          call("Bash", R"({"command":"git log -1"})", "[main 1a2b3c4] Add a", "")}},
        {"action.git_branch", "the branch `git commit` reports, `git checkout -b X`, `git switch -c X`", "", S::kFact, "tool 3",
         "git.branch", true, 0.9, kSession, "",
         {call("Bash", R"({"command":"git checkout -b fix/login"})", "Switched to a new branch 'fix/login'", "git.branch = fix-login"),
          call("Bash", R"({"command":"git checkout main"})", "Switched to branch 'main'", "")}},
        {"action.git_init", "`git init`'s report \"Initialized empty Git repository in PATH\"", "a failed command gives none; \"Reinitialized existing\" is no new repository",
         S::kFact, "tool 3", "git.repository", true, 0.85, kSession, "",
         {call("Bash", R"({"command":"git init && git add a.txt"})", "Initialized empty Git repository in /w/.git/\n", "git.repository = initialized empty git repository in /w/.git"),
          call("Bash", R"({"command":"git init"})", "Reinitialized existing Git repository in /w/.git/\n", "")}},
        {"action.package_version", "pip's \"Successfully installed a-1.0\", `pip install x==1.2`, `npm install x@1.2`",
         "no claim when the install failed", S::kFact, "tool 3", "<package>.version", true, 0.9, kSession, "",
         {call("Bash", R"({"command":"pip install requests"})", "Successfully installed requests-2.31.0 idna-3.6", "requests.version = 2.31.0"),
          call("Bash", R"({"command":"pip install requests"})", "Requirement already satisfied: requests", "")}},
        {"action.service_url", "a local address in a command's output (http://localhost:N, 127.0.0.1, 0.0.0.0)",
         "read-only commands give none", S::kFact, "tool 3", "<command>.url", true, 0.85, kSession, "",
         {call("Bash", R"({"command":"npm run dev"})", "  Local:   http://localhost:5173/", "npm.run.dev.url = http://localhost:5173/"),
          call("Bash", R"({"command":"cat README.md"})", "open http://localhost:3000", "")}},
        {"action.command_run", "a shell command that does more than look around (and echo/printf), run without error",
         "one-line commands only; ls, cat, grep, git status… give none", S::kFact, "tool 3", "<command>.command",
         true, 0.8, kSession, "",
         {call("bash", R"({"command":"echo HELLO"})", "HELLO", "echo.command = echo hello"),
          call("bash", R"({"command":"ls -la"})", "a.txt", "")}},
        {"action.delegation_result", "a subagent/task/report tool's result when it is one short line", "errors give none; keyed by the call's short description when it has one, so two delegations never overwrite each other",
         S::kFact, "tool 3", "<tool>[.<description>].result", true, 0.8, kSession, "",
         {call("subagent", R"({"prompt":"Reply ALPHA"})", "ALPHA", "subagent.result = alpha"),
          call("subagent", R"({"description":"Return ALPHA only","prompt":"Reply ALPHA"})", "ALPHA", "subagent.return-alpha-only.result = alpha"),
          call("subagent", R"({"prompt":"x"})", "line one\nline two", "")}},
        {"action.delegation_task", "a subagent/Task tool call's task: its prompt when one short line (at most 160 bytes), else its description",
         "only calls with a short one-line `description` (the key); a multi-paragraph prompt is not quoted", S::kGoal,
         "tool 3 (result confirms the call), else assistant 2", "<tool>.<description>.task", true, 0.8, kSession, "",
         {call("Task", R"({"description":"Find the config loader","prompt":"Find where the config is loaded and report the file."})", "src/config.py",
               "task.find-the-config-loader.task = find where the config is loaded and report the file"),
          call("subagent", R"({"prompt":"Reply ALPHA"})", "ALPHA", "")}},
        {"action.todo", "todo-list tool calls (TodoWrite, todo_write, update_plan): each item with its status",
         "one claim per item (set-valued); a later list supersedes an item's status", S::kGoal, "assistant 2",
         "todo.<item>", true, 0.9, kSession, "",
         {call("TodoWrite", R"({"todos":[{"content":"Fix the login bug","status":"completed","activeForm":"Fixing"}]})", "ok", "todo.fix-the-login-bug = completed"),
          call("TodoWrite", R"({"todos":[]})", "ok", "")}},
        {"action.plan_step", "exit_plan_mode's plan: each top-level bullet", "a plan is proposed, not done", S::kGoal, "assistant 2",
         "plan.<step>", false, 0.6, kSession, "dev 0.00 (5 values): plan bullets are long and restate the request",
         {call("exit_plan_mode", R"({"plan":"# Plan\n- Add the flag\n- Test it"})", "ok", "plan.add-the-flag = proposed"),
          call("exit_plan_mode", R"({"plan":"Just do it"})", "ok", "")}},
        {"action.question_asked", "a question the agent puts to the user (ask_user_question, AskUserQuestion, ask_followup_question): each question",
         "open (OpenQ) unless a result that is not an error answers it (then a Fact with the answer: \"… answered: blue\"; none when the answer is not found); a multi-line question gives none",
         S::kOpenQ, "assistant 2", "question.<id or header>", true, 0.8, kSession, "",
         {call("ask_user_question", R"({"questions":[{"id":"db","question":"Which database should we use?"}]})", "Error: no user",
               "question.db = which database should we use?", true),
          call("ask_user_question", R"({"questions":[{"id":"color","question":"Which color?"}]})",
               R"({"answers":[{"id":"color","selected":["Blue"]}]})", "question.color = which color? answered: blue"),
          call("ask_user_question", R"({"questions":[{"id":"color","question":"Which color?"}]})", "ok", "")}},
        {"action.goal", "create_goal's objective and update_goal's action", "", S::kGoal, "assistant 2",
         "goal.objective, goal.status", true, 0.85, kSession, "",
         {call("create_goal", R"({"objective":"Ship the release notes"})", "ok", "goal.objective = ship the release notes"),
          call("create_goal", R"({"max_goal_rounds":2})", "ok", "")}},
        {"action.command_output", "a command's whole output when it is one short line (\"344\", \"HELLO\")",
         "read-only listing commands (ls, cat, grep, find…) and errors give none", S::kFact, "tool 3",
         "<command>.output", true, 0.85, kSession, "",
         {call("bash", R"({"command":"python reproduce.py"})", "344\n", "python.reproduce.py.output = 344"),
          call("bash", R"({"command":"ls"})", "a.txt\n", "")}},
        {"action.tool_error", "a tool result marked as an error: the failed attempt and its reason (its first line, or a traceback's last)",
         "an error that is only an exit status gives none (action.command_exit says it); the hint after \"; \" or \" - \" is cut; paths under the run's directory made relative",
         S::kRefuted, "tool 3", "<tool or command>.error", true, 0.85, kSession, "",
         {call("bash", R"({"command":"echo hi"})", "Error: bash is disabled by policy in this session", "echo.error = bash is disabled by policy in this session", true),
          call("Edit", R"({"file_path":"a.py","old_string":"x","new_string":"y"})", "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>",
               "edit.error = file has not been read yet. read it first before writing to it", true),
          call("Bash", R"({"command":"pytest"})", "Exit code 1\n1 failed", "", true),
          call("read", R"({"path":"a.txt"})", "1: hello", "")}},
        {"model.final_reply", "the agent's last text of a turn when it is a short answer (at most 6 words, one line)",
         "a turn that ends in a tool call has no reply; code and markup are not answers", S::kFact, "assistant 2",
         "reply.turn-<seq>", true, 0.85, kTurn, "",
         {say("assistant", "DONE", "reply = done"), say("assistant", "Here is a long explanation of what I changed and why it works.", "")}},
        // ---- user requests (request_rules.cpp) ----
        {"user.request", "a user's imperative at a clause start (\"Read src/main.py and add a docstring\", \"can you …?\")",
         "only user text; not after if/unless; a negated or \"always\" imperative is user.prohibition", S::kGoal, "user 4",
         "<verb>.<object>", true, 0.8, kSession, "",
         {say("user", "Please create a simple 2048 game.", "goal.create.simple.game = create a simple 2048 game"),
          say("assistant", "Create a file.", "")}},
        {"user.request_on_file", "a user's request after a read step of the same sentence, when the request names no file of its own (\"Read test.txt and change the content to X\")",
         "as user.request; only after a read/open/inspect step that named a file", S::kGoal, "user 4",
         "goal.<verb>.<file>", true, 0.8, kSession, "",
         {say("user", "Read src/main.py and add a docstring to the top.", "goal.add.main.py = add a docstring to the top"),
          say("user", "Add a docstring to the top.", "")}},
        {"user.no_need", "a user's \"no need to X\", \"you don't have to X\"", "only user text; the value keeps the user's words",
         S::kConstraint, "user 4", "<verb>[.<object>]", true, 0.8, kSession, "",
         {say("user", "No need to run it.", "run = no need to run it"), say("user", "We need to run it.", "")}},
        {"user.issue", "the issue a SWE-agent task template wraps (\"ISSUE:\\n<title>\", <issue>, <pr_description>)",
         "the template's instructions around it are never read", S::kGoal, "user 4", "issue", true, 0.85, kSession, "",
         {say("swe-user", "Here's the issue text:\nISSUE:\nTimeDelta serialization precision\nHi there!",
              "issue = timedelta serialization precision"),
          say("swe-user", "Edit all the files you need to and run any checks or tests that you want.", "")}},
        {"user.prohibition", "a user's negated or \"always\" imperative (\"do not delete the tests\")", "only user text",
         S::kConstraint, "user 4", "<verb>.<object>", false, 0.6, kSession,
         "dev 0/1 good: \"do not read the file first\" is a one-turn constraint (reply constraints split out to turn.reply_instruction)",
         {say("user", "Do not delete the tests.", "delete.test = do not delete the tests"), say("user", "Delete the tests.", "")}},
        {"user.open_question", "a user's which/what question", "only user text; polite requests are user.request", S::kOpenQ,
         "user 4", "<subject> = open", true, 0.8, kSession, "",
         {say("user", "Which database should we use?", "database = open"), say("assistant", "Which database should we use?", "")}},
        {"turn.reply", "\"reply with exactly X\"", "one-turn instruction: key scoped to its turn", S::kConstraint, "where the text sits",
         "reply.turn-<seq>", false, 0.5, kTurn, "dev 0.77 (78 values): one-turn instructions; the agent's final reply (model.final_reply) says what was answered",
         {say("user", "Reply with exactly the single word DONE.", "reply = done"), say("user", "Reply when you can.", "")}},
        {"turn.reply_format", "\"respond in JSON\"", "one-turn instruction", S::kConstraint, "where the text sits",
         "reply.format.turn-<seq>", false, 0.5, kTurn, "judged: one-turn instruction",
         {say("user", "Respond in JSON.", "reply.format = json"), say("user", "Respond soon.", "")}},
        {"turn.tool_choice", "\"use the bash tool\", \"do not use the read tool\", \"do not use any tools\"",
         "user text only (an agent restating it is no new instruction); one-turn: key scoped to its turn; \"any other tool\" names nothing",
         S::kConstraint, "user 4", "tool.<name>.turn-<seq> = the instruction's words", true, 0.85, kTurn, "",
         {say("user", "Do NOT use the read tool.", "tool.read = do not use the read tool"),
          say("user", "Do not use any other tools.", "")}},
        {"turn.step", "a user's read/open/check/verify step (\"Read test.txt\")", "one-turn instruction", S::kGoal,
         "user 4", "<verb>.<object>.turn-<seq>", false, 0.3, kTurn,
         "dev: 0 of 6 good (a step of the turn's work, not its aim; split out of user.request)",
         {say("user", "Read test.txt first.", "read.test.txt = read test.txt first"), say("user", "Fix test.txt.", "")}},
        {"turn.tool_call", "a user's \"call the X tool\", \"call subagent once\"", "one-turn instruction", S::kGoal,
         "user 4", "call.<object>.turn-<seq>", true, 0.8, kTurn, "",
         {say("user", "Call subagent once.", "call.subagent = call subagent once"), say("user", "Fix subagent.", "")}},
        {"turn.reply_instruction", "a user's \"report/quote/print X\", \"… verbatim in your final result\"",
         "one-turn instruction", S::kGoal, "user 4", "<verb>.<object>.turn-<seq>", true, 0.8, kTurn, "",
         {say("user", "Report the tool result verbatim.", "report.tool.result = report the tool result verbatim"),
          say("user", "Fix the tool result.", "")}},
        {"text.category_choice", "\"use the X database/library/…\"", "negated → Refuted", S::kDecision, "where the text sits",
         "<category>", false, 0.6, kSession, "dev 0.00 (1 value)",
         {say("user", "Use the Postgres database.", "database = postgres"), say("user", "Use the other database.", "")}},
        {"text.choice", "\"I'll use X\", \"let's go with X\", \"never use X\"", "", S::kDecision, "where the text sits",
         "use.<x> = assert|refute", false, 0.5, kSession, "dev 0.00 (13 values): agents narrate tool use (\"I'll use the grep tool\")",
         {say("assistant", "I'll use Redis.", "use.redis = assert"), say("assistant", "The use of Redis.", "")}},
        {"text.uses", "\"persistence uses JSONL\"", "", S::kFact, "where the text sits", "<subject> = <object>", false, 0.5,
         kSession, "dev 0.00 (2 values): descriptions of code and docs",
         {say("user", "Persistence uses JSONL.", "persistence = jsonl"), say("user", "Uses JSONL.", "")}},
        {"text.port", "\"X listens/runs/is served on port N\"", "needs a verb before \"on port\"", S::kFact, "where the text sits",
         "<subject>.port", true, 0.8, kSession, "",
         {say("assistant", "The service listens on port 8080.", "service.port = 8080"), say("assistant", "Try on port 8080.", "")}},
        // ---- statements in prose (heuristic_extractor.cpp) ----
        {"user.statement", "a user's \"X is/are/was Y\", \"X = Y\"",
         "negation → Refuted not-y; a subject with no/none dropped; a clause under if/unless/when/whether dropped; hedges → evidence 1; \"is a <modifier> <noun>\" and \"is located/stored/based in …\" give none (the first word is no value)",
         S::kFact, "user 4", "<subject> = <value>", true, 0.8, kSession, "",
         {say("user", "The database engine is PostgreSQL 15.", "database = postgresql"),
          say("user", "Retry only if the operation is read-only.", ""), say("user", "No server is running.", ""),
          say("user", "This turn is cut off.", ""), say("user", "The attached is a technical writeup.", ""),
          say("user", "The source code is located in the src folder.", "")}},
        {"user.statement_zh", "a user's Chinese self-statement: \"我叫 X\", \"我的名字是 X\", \"我(最)喜欢的 N 是 X\"",
         "only user text; a question (什么, 谁, 吗, 哪, ？) gives none; the value ends at the clause mark", S::kFact, "user 4",
         "user.name, user.favorite.<N>", true, 0.8, kSession, "",
         {say("user", "我叫兰开", "user.name = 兰开"), say("user", "我最喜欢的游戏是phigros", "user.favorite.游戏 = phigros"),
          say("user", "我叫什么", "")}},
        {"text.background_notice", "a harness notice about background work in a user-role message or tool result: \"Background subagent <id> failed before it finished.\", \"started subagent <id>\"",
         "never assistant text; the harness's hint after \" unless \" is cut; kinds: subagent, agent, task, job, process, shell, command",
         S::kFact, "tool 3 (the harness observed its own work)", "<kind>.<id>.status", true, 0.85, kSession, "",
         {say("user", "Background subagent 3333-aa failed before it finished.", "subagent.3333-aa.status = failed before it finished"),
          say("tool", "started subagent 3333-aa", "subagent.3333-aa.status = started"),
          say("assistant", "Background subagent 3333-aa failed before it finished.", ""),
          say("user", "The background subagent reported to you.", "")}},
        {"model.statement", "an assistant's or tool's \"X is Y\"", "as user.statement", S::kFact, "assistant 2 / tool 3",
         "<subject> = <value>", false, 0.4, kSession, "dev 0.10 (42 values): agent narration and tool output mined as facts (issue #15)",
         {say("assistant", "The cache is Redis.", "cache = redis"), say("assistant", "If the cache is Redis, stop.", "")}},
        {"model.conclusion", "an assistant's \"So / Therefore / That means X is Y\", or \"X is Y\" drawn from a premise (since/because/so)",
         "as user.statement",
         S::kFact, "assistant 2", "<subject> = <value>", true, 0.8, kSession, "",
         {say("assistant", "So the cache is Redis.", "cache = redis"), say("assistant", "So it is done.", "")}},
        {"user.should_be", "a user's \"X should/must be Y\"", "negation → Refuted; a passive request (\"must be refactored\", a task verb's participle) gives none", S::kDecision, "user 4", "<subject> = <value>",
         true, 0.8, kSession, "",
         {say("user", "The service port should be 9090.", "service.port = 9090"), say("user", "It should be fine.", ""),
          say("user", "This application must be refactored.", ""), say("user", "The cache must be enabled.", "cache = enabled")}},
        {"model.should_be", "an assistant's or tool's \"X should be Y\"", "", S::kDecision, "assistant 2", "<subject> = <value>",
         false, 0.4, kSession, "dev 0.00 (3 values): expectations in code and docs",
         {say("assistant", "The port should be 9090.", "port = 9090"), say("assistant", "It should be fine.", "")}},
        {"user.set_to", "a user's \"set X to Y\"", "", S::kDecision, "user 4", "<subject> = <value>", true, 0.8,
         kSession, "",
         {say("user", "Let's set the cache to Redis.", "cache = redis"), say("user", "Set it to Redis.", "")}},
        {"user.change_to", "a user's \"change/switch/move/migrate X to Y\"",
         "a quoted value is a literal, not a setting (its one dev claim, \"change the content to \\\"modified content\\\"\", was that)",
         S::kDecision, "user 4",
         "<subject> = <value>", true, 0.8, kSession, "",
         {say("user", "Switch the database to MySQL.", "database = mysql"),
          say("user", "Change the content to \"modified content\".", "")}},
        {"model.change_to", "an assistant's \"switched X to Y\"", "", S::kDecision, "assistant 2", "<subject> = <value>",
         false, 0.5, kSession, "dev 0.00 (1 value)",
         {say("assistant", "I switched the database to MySQL.", "database = mysql"), say("assistant", "Switch to it.", "")}},
        {"model.set_to", "an assistant's \"set X to Y\"", "", S::kDecision, "assistant 2", "<subject> = <value>", false,
         0.5, kSession, "not measured; off until it is",
         {say("assistant", "I set the database to MySQL.", "database = mysql"), say("assistant", "Set it to MySQL.", "")}},
        {"user.use_for", "a user's \"use Y for X\"", "", S::kDecision, "user 4", "<subject> = <value>", true, 0.8, kSession, "",
         {say("user", "We use Redis for the cache.", "cache = redis"), say("user", "We use it.", "")}},
        {"model.use_for", "an assistant's \"use Y for X\"", "", S::kDecision, "assistant 2", "<subject> = <value>", false, 0.5,
         kSession, "dev 0.00 (5 values): narration of tool use (\"I'll use grep for the search\")",
         {say("assistant", "We use Redis for the cache.", "cache = redis"), say("assistant", "We use it.", "")}},
        {"text.label", "\"X: Y\" in any text", "", S::kFact, "where the text sits", "<label> = <value>", false, 0.3, kSession,
         "dev 0.00 (75 values): \"Label: text\" headings, config and code read as facts (issue #15)",
         {say("user", "Database: PostgreSQL", "database = postgresql"), say("user", "Done", "")}},
        {"text.outcome", "\"X triggers/causes/established Y\"", "pronoun subjects dropped", S::kFact, "where the text sits",
         "<subject>.outcome", false, 0.4, kSession, "judged: an \"outcome\" key for any subject-verb-object is vague",
         {say("assistant", "This prompt triggers a recorded provider error.", "prompt.outcome = recorded-provider-error"),
          say("assistant", "It triggers an error.", "")}},
        // ---- tool output forms without the call (tool_result_facts.cpp, tool_call_facts.cpp) ----
        {"tool.exit_code", "an exit code in a tool result whose command is unknown", "", S::kFact, "tool 3", "<tool>.exit.code",
         false, 0.3, kSession, "dev 0.00 (2 values): the key does not name the command; superseded by action.command_exit",
         {RuleExample{"tool", "", "", "[exit code: 1]", "command.exit.code = 1"}, RuleExample{"tool", "", "", "exit soon", ""}}},
        {"tool.test_counts", "\"N passed, N failed\" in any tool result", "", S::kFact, "tool 3", "test.passed|failed", false, 0.5,
         kSession, "superseded by action.test_counts: the key does not name the runner",
         {RuleExample{"tool", "", "", "5 passed, 1 failed in 0.2s", "test.passed = 5"}, RuleExample{"tool", "", "", "passed", ""}}},
        {"tool.file_seen", "a path a tool result shows (<path>…</path>, \"The file X has been updated\")", "", S::kArtifact,
         "tool 3", "file.<name> = exists", false, 0.4, kSession, "dev 1.00 (14 values), but it keys files by base name and its `exists` supersedes action.file_* values on the same key (with it on, action.file_created keeps 0 of 4 values)",
         {RuleExample{"tool", "", "", "<path>/w/notes.txt</path>", "file.notes.txt = exists"}, RuleExample{"tool", "", "", "no path", ""}}},
        {"tool.file_missing", "\"cannot read X: not found\", \"X: No such file or directory\"", "", S::kArtifact, "tool 3",
         "file.<name> = missing", false, 0.6, kSession, "judged: mostly probes in harness tests, not state to carry",
         {RuleExample{"tool", "", "", "cat: x.txt: No such file or directory", "file.x.txt = missing"},
          RuleExample{"tool", "", "", "found", ""}}},
        {"tool.structured_output", "one-word members of a result-reporting call (structured_output, final_answer)", "",
         S::kFact, "assistant 2", "<member> = <word>", false, 0.5, kSession, "judged: the member name (status) names no subject",
         {call("structured_output", R"({"status":"continue"})", "", "status = continue"),
          call("structured_output", R"({"summary":"a long prose text"})", "", "")}},
        {"env.harness", "the harness's own records of a run (DSH header, request header, policy, hooks, turn errors)",
         "placeholders and templated values skipped", S::kFact, "tool 3 (harness)", "env.*", true, 1.0, kSession, "", {}},
    };
}

}  // namespace

const std::vector<ExtractionRule>& extraction_rules() {
    static const std::vector<ExtractionRule> rules = build();
    return rules;
}

const ExtractionRule* find_rule(std::string_view id) {
    for (const ExtractionRule& r : extraction_rules())
        if (id == r.id) return &r;
    return nullptr;
}

bool rule_enabled(const ExtractOptions& options, std::string_view id) {
    const ExtractionRule* r = find_rule(id);
    return r && (r->default_on || options.all_rules) && r->confidence >= options.min_confidence;
}

void apply_rule_table(std::vector<Claim>& claims, const ExtractOptions& options) {
    std::vector<Claim> kept;
    kept.reserve(claims.size());
    for (Claim& c : claims) {
        const ExtractionRule* r = find_rule(c.rule);
        if (!r || !rule_enabled(options, c.rule)) continue;
        c.confidence = r->confidence;
        // A turn is a turn of one session: two sessions' turn 3 (OpenHands evaluation output) never share a slot.
        if (r->scope == RuleScope::kTurn)
            c.key += (c.source.session_id.empty() ? "" : ".session-" + session_tag(c.source.session_id)) + ".turn-" +
                     std::to_string(c.source.seq);
        kept.push_back(std::move(c));
    }
    claims = std::move(kept);
}

}  // namespace bm
