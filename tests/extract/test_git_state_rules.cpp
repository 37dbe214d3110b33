// Session 24: the repository's state git shows — branch, HEAD, remotes — keyed by the repository it describes
// (`<repo>.git.branch`), named by the directory git ran in; none where the log does not say which repository.
#include <gtest/gtest.h>

#include <string>

#include "claude_code_lines.h"
#include "claude_log_claims.h"
#include "ingest/ingest.h"
#include "tool_action_fixtures.h"

namespace bm {
namespace {

using extracttest::AnsweredCall;

// The facts of `rule` that one answered call of `tool` makes, run in `cwd`.
std::string facts(const char* rule, const char* tool, const std::string& arguments, const std::string& result,
                  const char* cwd, bool error = false) {
    AnsweredCall call{tool, arguments, result, error};
    call.cwd = cwd;
    const std::vector<ActionFact> found = extracttest::facts_named(call, rule);
    for (const ActionFact& f : found) EXPECT_LE(f.end, call.result.size());
    return extracttest::fact_lines(found);
}

// The branch facts of a Bash `command` run in `cwd`.
std::string branch_facts(const char* cwd, const char* command, const char* result) {
    return facts("action.git_branch", "Bash", extracttest::command_arguments(command), result, cwd);
}

std::string tag(const char* arguments, const char* cwd = "", size_t git_at = 0) {
    AnsweredCall call{"Bash", arguments, ""};
    call.cwd = cwd;
    size_t b = 0, e = 0;
    const ToolAction a = call.action();
    return repository_tag(a, shell_segments(shell_command_of(a, b, e)), git_at);
}

TEST(GitRepository, TheDirectoryGitRanInNamesTheRepository) {
    EXPECT_EQ(tag(R"({"command":"git status"})", "/Users/ann/Build/FundWise"), "repo.fundwise");
    EXPECT_EQ(tag(R"({"command":"git -C /srv/shop status"})", "/w"), "repo.shop");
    EXPECT_EQ(tag(R"({"command":"git -C web status"})", "/w/site"), "repo.web");
    EXPECT_EQ(tag(R"({"command":"cd /srv/shop && git status"})", "/w", 1), "repo.shop");
    EXPECT_EQ(tag(R"({"command":"cd .. && git status"})", "/w/site/web", 1), "repo.site");
    EXPECT_EQ(tag(R"({"command":"cd ./api/ && git status"})", "/w/site", 1), "repo.api");
    // Codex's per-call workdir, a Windows path, "." relative to the run's directory.
    EXPECT_EQ(tag(R"({"command":"git status","workdir":"D:\\solit\\app"})"), "repo.app");
    EXPECT_EQ(tag(R"({"command":"git status","workdir":"C:\\Users\\ann\\Muc Legal LLT"})"), "repo.muc-legal-llt");
    EXPECT_EQ(tag(R"({"command":"git status","workdir":"."})", "/u/code/rtchess"), "repo.rtchess");
    // Where the log does not say: no directory, home, a variable, a relative directory with no base.
    EXPECT_EQ(tag(R"({"command":"git status"})"), "");
    EXPECT_EQ(tag(R"({"command":"cd && git status"})", "/w", 1), "");
    EXPECT_EQ(tag(R"({"command":"cd ~/shop && git status"})", "/w", 1), "");
    EXPECT_EQ(tag(R"({"command":"cd $REPO && git status"})", "/w", 1), "");
    EXPECT_EQ(tag(R"({"command":"cd web && git status"})", "", 1), "");
    EXPECT_EQ(tag(R"({"command":"cd / && git status"})", "/w", 1), "");
    // The key prefix: repo.<name>, dots written '-' (a directory named "env" or "file" is no env.* or file.* key).
    EXPECT_EQ(tag(R"({"command":"git status"})", "/w/socket.io"), "repo.socket-io");
    EXPECT_EQ(tag(R"({"command":"git status"})", "/w/env"), "repo.env");
    // -C after the subcommand is the subcommand's (`git commit -C HEAD` reuses a message); popd and --git-dir say
    // no directory the line shows.
    EXPECT_EQ(tag(R"({"command":"git commit -C HEAD --amend"})", "/w/shop"), "repo.shop");
    EXPECT_EQ(tag(R"({"command":"git -c core.pager=cat -C /w/lib log"})", "/w/shop"), "repo.lib");
    EXPECT_EQ(tag(R"({"command":"pushd /w/lib && popd && git status"})", "/w/shop", 2), "");
    EXPECT_EQ(tag(R"({"command":"git --git-dir=/w/lib/.git status"})", "/w/shop"), "");
}

TEST(GitRepository, TheStatusHeaderNamesTheBranch) {
    auto branch = [](const char* command, const char* result) { return branch_facts("/w/shop", command, result); };
    EXPECT_EQ(branch("git status -sb", "## main...origin/main [ahead 1]\n M a.md\n"), "repo.shop.git.branch = main\n");
    EXPECT_EQ(branch("git status --short --branch", "## feat/x\n"), "repo.shop.git.branch = feat/x\n");
    EXPECT_EQ(branch("git status -s -b", "## No commits yet on main\nA  a.md\n"), "repo.shop.git.branch = main\n");
    EXPECT_EQ(branch("git status --short --branch", "## feat/x [gone]\n"), "repo.shop.git.branch = feat/x\n");
    // Detached, not the first line, no -b (a file's "## " line is not a header), a pipe, a word after the name.
    EXPECT_EQ(branch("git status -sb", "## HEAD (no branch)\n"), "");
    EXPECT_EQ(branch("git status -sb", "warning: x\n## main\n"), "");
    EXPECT_EQ(branch("git status --short", "## main\n"), "");
    EXPECT_EQ(branch("git status -sb | head -1", "## main\n"), "");
    EXPECT_EQ(branch("cat notes.md", "## Usage\n"), "");
    EXPECT_EQ(branch("git status -sb", "## Usage notes\n"), "");
}

TEST(GitRepository, TheCurrentBranchLineAloneOrPastItsBanner) {
    auto branch = [](const char* command, const char* result) { return branch_facts("/w/faucet-stream", command, result); };
    EXPECT_EQ(branch("git branch --show-current", "feat/overwrite-write-mode\n"),
              "repo.faucet-stream.git.branch = feat/overwrite-write-mode\n");
    EXPECT_EQ(branch("git rev-parse --abbrev-ref HEAD", "main\n"), "repo.faucet-stream.git.branch = main\n");
    EXPECT_EQ(branch("git log --oneline -2 && echo ---BRANCH--- && git branch --show-current && echo ---S--- && git status --short",
                     "1a2b3c4 Add a\n---BRANCH---\nfeat/x\n---S---\n M a.md\n"),
              "repo.faucet-stream.git.branch = feat/x\n");
    // Detached ("HEAD"), no banner after other parts, a banner never printed, an error, two such commands.
    EXPECT_EQ(branch("git rev-parse --abbrev-ref HEAD", "HEAD\n"), "");
    // Detached: --show-current prints nothing, and the next banner is no branch.
    EXPECT_EQ(branch("echo BRANCH && git branch --show-current && echo STATUS && git status -s", "BRANCH\nSTATUS\n M a.md\n"), "");
    EXPECT_EQ(branch("git log --oneline -2 && git branch --show-current", "1a2b3c4 Add a\nfeat/x\n"), "");
    EXPECT_EQ(branch("git log -2 && echo --- && git branch --show-current", "1a2b3c4 Add a\nfeat/x\n"), "");
    EXPECT_EQ(branch("git branch --show-current", "fatal: not a git repository\n"), "");
    EXPECT_EQ(branch("git branch --show-current; git -C ../b branch --show-current", "main\ndev\n"), "");
}

TEST(GitRepository, EachRemoteFromItsFetchLineNoneWithASecret) {
    auto remotes = [](const char* arguments, const char* result, const char* cwd = "/w/shop", bool error = false) {
        return facts("action.git_remote", "shell_command", arguments, result, cwd, error);
    };
    EXPECT_EQ(remotes(R"({"command":"git remote -v","workdir":"D:\\solit\\app"})",
                      "origin\thttps://github.com/o/Solit.git (fetch)\norigin\thttps://github.com/o/Solit.git (push)\n", ""),
              "repo.app.git.remote.origin = https://github.com/o/Solit.git\n");
    // A URL with a password or a token in it is not carried (its quote would carry it); scp's `git@` is a user name.
    EXPECT_EQ(remotes(R"({"command":"git remote -v"})",
                      "origin\thttps://ann:ghp_secret@github.com/a/shop.git (fetch)\nupstream\tgit@github.com:b/shop.git (fetch)\n"
                      "fork\thttps://ghp_token@github.com/c/shop.git (fetch)\nmirror\tann:s3cret@host:a/shop.git (fetch)\n"
                      "other\thttps://u:p@ss@host/x.git (fetch)\nssh\tssh://git@github.com/d/shop.git (fetch)\n"),
              "repo.shop.git.remote.upstream = git@github.com:b/shop.git\nrepo.shop.git.remote.ssh = ssh://git@github.com/d/shop.git\n");
    // Which repository unknown, an error, a nonzero exit, two listings, a listing piped on, a remote only pushed to.
    EXPECT_EQ(remotes(R"({"command":"git remote -v"})", "origin\thttps://github.com/a/shop.git (fetch)\n", ""), "");
    EXPECT_EQ(remotes(R"({"command":"git remote -v"})", "origin\thttps://github.com/a/shop.git (fetch)\n", "/w/shop", true), "");
    EXPECT_EQ(remotes(R"({"command":"git remote -v"})", "Exit code: 1\norigin\thttps://github.com/a/shop.git (fetch)\n"), "");
    EXPECT_EQ(remotes(R"({"command":"git remote -v && git -C ../b remote -v"})",
                      "origin\thttps://github.com/a/shop.git (fetch)\norigin\thttps://github.com/a/b.git (fetch)\n"),
              "");
    EXPECT_EQ(remotes(R"({"command":"git remote -v | grep fetch"})", "origin\thttps://github.com/a/shop.git (fetch)\n"), "");
    EXPECT_EQ(remotes(R"({"command":"git remote -v"})", "origin\thttps://github.com/a/shop.git (push)\n"), "");
}

// A branch line names no command: one repository for every git command of the line that shows a branch, one
// commit for the commit's report line, none for a commit on a detached HEAD.
TEST(GitRepository, ABranchLineOfOneRepositoryOnly) {
    auto branches = [](const char* command, const char* result) { return branch_facts("/w/app", command, result); };
    EXPECT_EQ(branches("git log --oneline -3 && git status", "1a2b3c4 Add a\nOn branch dev\n"), "repo.app.git.branch = dev\n");
    EXPECT_EQ(branches("git log --oneline -3 && cd ../lib && git status", "1a2b3c4 Add a\nOn branch dev\n"), "");
    EXPECT_EQ(branches("git -C /w/a status; git -C /w/b status", "fatal: not a git repository\nOn branch dev\n"), "");
    EXPECT_EQ(branches("cd /w/a && git commit -m x && cd /w/b && git commit -m y", "[main 1a2b3c4] x\n[dev 2b3c4d5] y\n"), "");
    EXPECT_EQ(branches("git commit -m x", "[main 1a2b3c4] x\n"), "repo.app.git.branch = main\n");
    EXPECT_EQ(branches("git commit -m x", "[detached HEAD 1a2b3c4] x\n"), "");
}

// The branch the harness records: Claude Code's `gitBranch` (on every line), keyed by the run's working directory.
TEST(GitRepository, TheHarnessBranchAsLastRecorded) {
    using extracttest::claude_assistant_text;
    using extracttest::claude_user_line;
    const auto at = [](const char* branch) {
        return std::string(R"(,"cwd":"/Users/ann/Build/FundWise","gitBranch":")") + branch + "\"";
    };
    const std::string log = claude_user_line("u1", "", "\"Fix the login\"", at("main")) +
                            claude_assistant_text("a1", "u1", "On it.", at("main")) +
                            claude_assistant_text("a2", "a1", "Switched.", at("fix/login"));
    // One fact a change, where first stated; the claim is the last one's.
    const ReadResult r = read_bytes(log, "t.jsonl");
    ASSERT_EQ(r.sessions.size(), 1u);
    std::string facts;
    for (const EnvironmentFact& f : r.sessions[0].environment)
        if (f.name == "git_branch") facts += std::to_string(f.line) + " " + f.value + " " + f.quote + "\n";
    EXPECT_EQ(facts, "1 main \"gitBranch\":\"main\"\n3 fix/login \"gitBranch\":\"fix/login\"\n");
    EXPECT_EQ(extracttest::claude_log_claims(log).find("harness.git_branch: repo.fundwise.git.branch = fix/login\n") !=
                  std::string::npos,
              true)
        << extracttest::claude_log_claims(log);
    // A `cd` between calls moves the run: the branch is the directory's its line records.
    const std::string moved = claude_user_line("u1", "", "\"Fix the login\"", at("main")) +
                              claude_assistant_text("a1", "u1", "Moved.", R"(,"cwd":"/w/lib","gitBranch":"dev")");
    EXPECT_NE(extracttest::claude_log_claims(moved).find("harness.git_branch: repo.lib.git.branch = dev\n"), std::string::npos)
        << extracttest::claude_log_claims(moved);
    // Outside a branch ("HEAD"), empty, or with no working directory: none.
    for (const std::string& extra : {at("HEAD"), at(""), std::string(R"(,"gitBranch":"main")")})
        EXPECT_EQ(extracttest::claude_log_claims(claude_user_line("u1", "", "\"Fix the login\"", extra)).find("git.branch"),
                  std::string::npos)
            << extra;
}

// A Codex rollout's session_meta `git.branch`, keyed by its cwd.
TEST(GitRepository, TheCodexSessionMetaBranch) {
    const auto claims = [](const std::string& git) {
        const std::string log =
            R"({"timestamp":"t","type":"session_meta","payload":{"id":"019b","cwd":"/Users/ann/cusp-fi")" + git + "}}\n" +
            R"({"timestamp":"t","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"List the files."}]}})" "\n";
        const ReadResult r = read_bytes(log, "rollout.jsonl");
        ExtractOptions all;
        all.all_rules = true;
        std::string s;
        for (const BranchClaims& bc : extract_heuristic(r.sessions, all))
            for (const Claim& c : bc.claims)
                if (c.rule == "harness.git_branch") s += c.key + " = " + c.value + " | " + c.quote + "\n";
        return s;
    };
    EXPECT_EQ(claims(R"(,"git":{"commit_hash":"5d889b0a","branch":"qvac-integration","repository_url":"https://github.com/a/cusp-fi.git"})"),
              "repo.cusp-fi.git.branch = qvac-integration | \"branch\":\"qvac-integration\"\n");
    EXPECT_EQ(claims(R"(,"git":{"commit_hash":"5d889b0a"})"), "");
    EXPECT_EQ(claims(R"(,"git":null)"), "");
    EXPECT_EQ(claims(""), "");
}

}  // namespace
}  // namespace bm
