// `beliefmerge hook claude-code|dsh|install|uninstall`: inject a project's approved block into the
// next agent session. The hooks fail closed: any error exits 0 with no context and is logged
// (spdlog, $BELIEFMERGE_HOOK_LOG, else ${XDG_STATE_HOME:-~/.local/state}/beliefmerge/hook.log).
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/null_sink.h>
#include <spdlog/spdlog.h>

#include <QDir>
#include <QFileInfo>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <iterator>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "inject/claude_hook.h"
#include "inject/claude_transcripts.h"
#include "inject/hook_settings.h"
#include "pack/render.h"

namespace bm::cli {

namespace {

std::string hook_log_path() {
    if (const char* env = std::getenv("BELIEFMERGE_HOOK_LOG"); env && *env) return env;
    std::string state;
    if (const char* xdg = std::getenv("XDG_STATE_HOME"); xdg && *xdg)
        state = xdg;
    else
        state = std::string(std::getenv("HOME") ? std::getenv("HOME") : ".") + "/.local/state";
    return state + "/beliefmerge/hook.log";
}

// The hook's logger; a null logger when the log file cannot be opened (the hook must still not
// fail).
std::shared_ptr<spdlog::logger> hook_logger() {
    try {
        const std::string path = hook_log_path();
        std::error_code ec;
        std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
        auto sink = std::make_shared<spdlog::sinks::basic_file_sink_mt>(path);
        return std::make_shared<spdlog::logger>("bm.hook", sink);
    } catch (const std::exception&) {
        return std::make_shared<spdlog::logger>("bm.hook",
                                                std::make_shared<spdlog::sinks::null_sink_mt>());
    }
}

struct HookOptions {
    QCommandLineOption workspace{
        QStringLiteral("workspace"),
        QStringLiteral("Workspace file (default: $BELIEFMERGE_WORKSPACE, else ./workspace.bmws)."),
        QStringLiteral("FILE")};
    QCommandLineOption budget{
        QStringLiteral("budget"),
        QStringLiteral("Budget for policies reviewed and fresh when the project has no approval to "
                       "take it from (default 2000)."),
        QStringLiteral("N"), QStringLiteral("2000")};
    QCommandLineOption tokenizer{
        QStringLiteral("tokenizer"),
        QStringLiteral("Likewise, how tokens are counted (default: auto)."),
        QStringLiteral("SPEC")};
    void add_to(QCommandLineParser& parser) {
        for (auto* o : {&workspace, &budget, &tokenizer}) parser.addOption(*o);
    }
    InjectionOptions injection(const QCommandLineParser& parser, const std::string& project) const {
        InjectionOptions o;
        o.workspace = workspace_path(parser, workspace);
        o.project = project;
        o.budget = parser.value(budget).toULongLong();
        if (o.budget == 0) o.budget = 2000;
        o.tokenizer = to_std(parser.value(tokenizer));
        return o;
    }
};

// The SessionStart hook proper; throws or returns an error on any failure (the caller fails
// closed).
Result<std::string> claude_code_session_start(const ClaudeHookEvent& event,
                                              const InjectionOptions& options,
                                              spdlog::logger& log) {
    const std::string folder = claude_projects_root() + "/" + claude_project_folder_name(event.cwd);
    auto imported = import_project_transcripts(options.workspace, folder, event.transcript_path);
    if (!imported) return imported.error();
    for (const auto& p : imported->problems)
        log.warn("transcript read with errors (kept what was valid): {}", p);
    log.info("{}: {} transcripts imported, {} unchanged from {}", event.cwd,
             imported->imported.size(), imported->unchanged.size(), folder);
    auto injection = project_injection(options);
    if (!injection) return injection.error();
    log.info("{}: {} ({}); {}", event.cwd, injection_source_name(injection->source),
             approval_state_name(injection->status.state), injection->notice);
    return claude_session_start_output(*injection);
}

int run_claude_code_hook(const QStringList& args) {
    QCommandLineParser parser;
    HookOptions o;
    o.add_to(parser);
    auto p = parse(
        parser, args,
        QStringLiteral(
            "Claude Code command hook: reads the hook event JSON on stdin. On SessionStart it\n"
            "imports the project's other transcripts ($BELIEFMERGE_CLAUDE_PROJECTS, else\n"
            "~/.claude/projects/<cwd>) into the workspace and prints the project's approved block\n"
            "as hookSpecificOutput.additionalContext (or what its policy allows; see `approve\n"
            "--policy`). Other events are ignored. Fails closed: always exit status 0; on any\n"
            "error nothing is printed and the reason is logged."),
        {}, {}, 0);
    if (p.done)
        return p.exit_code == kUsage ? kOk : p.exit_code;  // a hook never blocks the session
    auto log = hook_logger();
    const auto started = std::chrono::steady_clock::now();
    try {
        const std::string input{std::istreambuf_iterator<char>(std::cin),
                                std::istreambuf_iterator<char>()};
        auto event = parse_claude_hook_event(input, "stdin");
        if (!event) {
            log->error("no context: {}", event.error().to_string());
            return kOk;
        }
        if (event->hook_event_name != "SessionStart") {
            log->info("ignored event {}", event->hook_event_name);
            return kOk;
        }
        auto out = claude_code_session_start(*event, o.injection(parser, event->cwd), *log);
        if (!out) {
            log->error("{}: no context: {}", event->cwd, out.error().to_string());
            return kOk;
        }
        print_out(*out);
        const auto ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
                .count();
        log->info("{}: done in {:.1f} ms", event->cwd, ms);
    } catch (const std::exception& e) {
        log->error("no context: {}", e.what());
    }
    return kOk;
}

int run_dsh_hook(const QStringList& args) {
    QCommandLineParser parser;
    HookOptions o;
    o.add_to(parser);
    QCommandLineOption project_opt(
        QStringLiteral("project"),
        QStringLiteral("The project (working directory); default: the current directory."),
        QStringLiteral("DIR"));
    parser.addOption(project_opt);
    auto p = parse(
        parser, args,
        QStringLiteral(
            "DeepSeek Harness pre-step: prints the project's approved block as the DSH user\n"
            "message (one JSON line, the Markdown block as its text), or what the project's\n"
            "policy allows; nothing when nothing may be injected. The one-line notice goes to\n"
            "stderr. Fails closed: always exit status 0; errors are logged."),
        {}, {}, 0);
    if (p.done) return p.exit_code == kUsage ? kOk : p.exit_code;
    auto log = hook_logger();
    std::string project = to_std(parser.value(project_opt));
    if (project.empty()) project = to_std(QDir::currentPath());
    try {
        auto injection = project_injection(o.injection(parser, project));
        if (!injection) {
            log->error("{}: no context: {}", project, injection.error().to_string());
            return kOk;
        }
        log->info("{}: dsh {}; {}", project, injection_source_name(injection->source),
                  injection->notice);
        print_err(injection->notice + "\n");
        if (!injection->block.empty()) print_out(render_dsh_message(injection->block));
    } catch (const std::exception& e) {
        log->error("{}: no context: {}", project, e.what());
    }
    return kOk;
}

int run_install(const QStringList& args, bool install) {
    QCommandLineParser parser;
    QCommandLineOption workspace_opt(
        QStringLiteral("workspace"),
        QStringLiteral("Workspace the hook imports into and reads approvals from (default: "
                       "$BELIEFMERGE_WORKSPACE, else ~/.local/share/beliefmerge/workspace.bmws)."),
        QStringLiteral("FILE"));
    QCommandLineOption project_opt(
        QStringLiteral("project"),
        QStringLiteral("This project's settings: ./.claude/settings.json."));
    QCommandLineOption user_opt(
        QStringLiteral("user"),
        QStringLiteral("Your user settings: ~/.claude/settings.json (default)."));
    QCommandLineOption settings_opt(QStringLiteral("settings"),
                                    QStringLiteral("Another settings file."),
                                    QStringLiteral("FILE"));
    for (auto* opt : {&workspace_opt, &project_opt, &user_opt, &settings_opt})
        parser.addOption(*opt);
    const QString verb = install ? QStringLiteral("install") : QStringLiteral("uninstall");
    auto p = parse(
        parser, args,
        install
            ? QStringLiteral("Adds `beliefmerge hook claude-code` as a SessionStart hook to Claude "
                             "Code's settings:\n"
                             "parsed and merged beside other hooks (never replacing them), the "
                             "original backed\n"
                             "up to <file>.beliefmerge.bak. Does nothing when it is already there.")
            : QStringLiteral("Removes exactly the hook `hook install` added; when nothing else "
                             "changed since,\n"
                             "the file is restored byte for byte from its backup."),
        QStringLiteral("HARNESS"), QStringLiteral("claude-code"), 1);
    if (p.done) return p.exit_code;
    if (parser.positionalArguments().first() != QStringLiteral("claude-code")) {
        print_err("beliefmerge hook " + to_std(verb) + ": unknown harness '" +
                  to_std(parser.positionalArguments().first()) +
                  "' (claude-code; DSH runs `beliefmerge hook dsh` from its pre-step, Codex reads "
                  "MCP approved_context)\n");
        return kUsage;
    }
    const std::string home = std::getenv("HOME") ? std::getenv("HOME") : ".";
    std::string settings = home + "/.claude/settings.json";
    if (parser.isSet(project_opt))
        settings = to_std(QDir::currentPath()) + "/.claude/settings.json";
    if (parser.isSet(settings_opt)) settings = to_std(parser.value(settings_opt));
    Result<SettingsChange> changed = SettingsChange::kUnchanged;
    if (install) {
        std::string workspace = home + "/.local/share/beliefmerge/workspace.bmws";
        if (const char* env = std::getenv("BELIEFMERGE_WORKSPACE"); env && *env) workspace = env;
        if (parser.isSet(workspace_opt)) workspace = to_std(parser.value(workspace_opt));
        workspace = to_std(QFileInfo(QString::fromStdString(workspace)).absoluteFilePath());
        const std::string self = to_std(QCoreApplication::applicationFilePath());
        changed = install_claude_hook(
            settings, "'" + self + "' hook claude-code --workspace '" + workspace + "'");
    } else {
        changed = uninstall_claude_hook(settings);
    }
    if (!changed) {
        print_err("beliefmerge hook " + to_std(verb) + ": " + changed.error().to_string() + "\n");
        return changed.error().is_invalid_input() ? kUsage : kFailed;
    }
    print_out(*changed == SettingsChange::kUnchanged
                  ? (install ? "already installed in " : "not installed in ") + settings + "\n"
                  : (install ? "installed the SessionStart hook in "
                             : "removed the SessionStart hook from ") +
                        settings + "\n");
    return kOk;
}

}  // namespace

int command_hook(const QStringList& args) {
    const QString sub = args.value(1);
    QStringList rest = args.mid(2);
    rest.prepend(args.value(0) + QLatin1Char(' ') + sub);
    if (sub == QStringLiteral("claude-code")) return run_claude_code_hook(rest);
    if (sub == QStringLiteral("dsh")) return run_dsh_hook(rest);
    if (sub == QStringLiteral("install")) return run_install(rest, true);
    if (sub == QStringLiteral("uninstall")) return run_install(rest, false);
    print_err(
        "usage: beliefmerge hook claude-code|dsh|install claude-code|uninstall claude-code "
        "[options]\n"
        "try 'beliefmerge hook SUBCOMMAND --help'\n");
    return sub == QStringLiteral("--help") || sub == QStringLiteral("-h") ? kOk : kUsage;
}

}  // namespace bm::cli
