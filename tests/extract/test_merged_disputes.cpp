// Disputes across merged logs (bench/extract/merged_disputes.h): verdict file errors, the merged arm's counts,
// and the session-14 keys that keep two sessions' different commands, failures and issues out of one slot.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "bench/extract/merged_disputes.h"
#include "conversation_log.h"
#include "extract/tool_action_rules.h"
#include "merge/merger.h"
#include "merge/run_records.h"

namespace bm::extract_bench {
namespace {

std::string write_temp(const std::string& name, const std::string& text) {
    const auto path = std::filesystem::temp_directory_path() / ("bm_merged_" + name);
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
}

// `log`'s branches as another session's, so two logs merge as two sources.
std::vector<BranchClaims> as_session(const extracttest::Log& log, const std::string& session) {
    std::vector<BranchClaims> out = log.extract();
    for (BranchClaims& b : out) {
        b.branch_id = session + "/b", b.session_id = session;
        for (Claim& c : b.claims) c.source.session_id = session, c.source.branch_id = b.branch_id;
    }
    return out;
}

std::vector<BranchClaims> both(const extracttest::Log& a, const extracttest::Log& b) {
    std::vector<BranchClaims> out = as_session(a, "one");
    for (BranchClaims& x : as_session(b, "two")) out.push_back(std::move(x));
    return out;
}

TEST(MergedDisputes, VerdictErrorsNameLineAndField) {
    const std::string row = R"({"merge":"dev/dsh","key":"k","values":["a","b"],"real":true,"reason":"r"})";
    auto ok = read_dispute_labels(write_temp("ok.jsonl", row + "\n"));
    ASSERT_TRUE(ok.ok()) << ok.error().to_string();
    ASSERT_EQ(ok->size(), 1u);
    EXPECT_TRUE(ok->front().real);
    // The same values in another order are the same slot.
    const std::string swapped = R"({"merge":"dev/dsh","key":"k","values":["b","a"],"real":false,"reason":"r"})";
    auto dup = read_dispute_labels(write_temp("dup.jsonl", row + "\n\n" + swapped + "\n"));
    ASSERT_FALSE(dup.ok());
    EXPECT_EQ(dup.error().where().line, 3);
    auto one = read_dispute_labels(write_temp("one.jsonl", R"({"merge":"m","key":"k","values":["a"],"real":true,"reason":"r"})" "\n"));
    ASSERT_FALSE(one.ok());
    EXPECT_EQ(one.error().where().field, "values");
    auto real = read_dispute_labels(write_temp("real.jsonl", R"({"merge":"m","key":"k","values":["a","b"],"reason":"r"})" "\n"));
    ASSERT_FALSE(real.ok());
    EXPECT_EQ(real.error().where().field, "real");
    auto extra = read_dispute_labels(write_temp("extra.jsonl", R"({"merge":"m","key":"k","values":["a","b"],"real":1,"reason":"r"})" "\n"));
    ASSERT_FALSE(extra.ok());
    EXPECT_EQ(extra.error().where().field, "real");
    EXPECT_FALSE(read_dispute_labels("/nonexistent/dispute_labels.jsonl").ok());
}

TEST(MergedDisputes, ASettingToldTwoWaysIsDisputedAndJudged) {
    extracttest::Log a, b;
    a.user("Remember this fact for later: the project codeword is MARMALADE");
    b.user("Remember this fact for later: the project codeword is SAFFRON");
    MergedCounts counts;
    auto found = merged_disputes("dev/x", both(a, b), {}, counts);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].key, "project.codeword");
    EXPECT_EQ(found[0].values, (std::vector<std::string>{"marmalade", "saffron"}));
    EXPECT_FALSE(found[0].real.has_value());
    EXPECT_EQ(counts.disputes, 1u);
    EXPECT_EQ(counts.labelled, 0u);
    EXPECT_FALSE(counts.precision().has_value());

    const DisputeLabel verdict{"dev/x", "project.codeword", {"marmalade", "saffron"}, true, "one setting", 1};
    const DisputeLabel elsewhere{"test/x", "project.codeword", {"marmalade", "saffron"}, false, "another merge", 2};
    MergedCounts judged;
    found = merged_disputes("dev/x", both(a, b), {elsewhere, verdict}, judged);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].real, true);
    EXPECT_EQ(judged.precision(), 1.0);
}

TEST(MergedDisputes, TwoSessionsDifferentCommandsFailuresAndIssuesNeverShareASlot) {
    extracttest::Log a, b;
    a.call("bash", R"({"command":"printf CLI_ROUND_TRIP"})", "CLI_ROUND_TRIP")
        .call("bash", R"({"command":"cargo test --release"})", "test result: ok. 3 passed")
        .call("bash", R"({"command":"echo HELLO"})", "Error: bash is disabled by policy in this session", true);
    b.call("bash", R"({"command":"printf 'COUNT=%s'"})", "COUNT=2")
        .call("bash", R"({"command":"cargo test -p core"})", "test result: ok. 5 passed")
        .call("bash", R"({"command":"echo HELLO"})", "tool output rejected by policy: retry once", true);
    MergedCounts counts;
    auto found = merged_disputes("dev/x", both(a, b), {}, counts);
    for (const MergedDispute& d : found) ADD_FAILURE() << "disputed: " << d.key;
    EXPECT_GE(counts.slots, 6u);  // each session's command, output and failure in slots of their own

    // The same command run in both sessions shares its slots with the other session's (corroborated), and a
    // different exit status of it is a real dispute.
    extracttest::Log c, d, e;
    c.session("one"), d.session("two"), e.session("two");
    c.call("bash", R"({"command":"cargo test --release"})", "test result: ok. 3 passed");
    d.call("bash", R"({"command":"cargo test --release"})", "test result: ok. 3 passed");
    e.call("bash", R"({"command":"cargo test --release"})", "Exit code 101\ntest result: FAILED. 2 passed; 1 failed");
    MergedCounts alone, same, split;
    merged_disputes("dev/x", as_session(c, "one"), {}, alone);
    EXPECT_TRUE(merged_disputes("dev/x", both(c, d), {}, same).empty());
    EXPECT_EQ(same.slots, alone.slots);
    auto rival = merged_disputes("dev/x", both(c, e), {}, split);
    bool exit_disputed = false;
    for (const MergedDispute& x : rival) exit_disputed |= x.key == "cargo.test.exit_code" || x.key == "cargo.test.passed";
    EXPECT_TRUE(exit_disputed);
}

// A command run is an event of its session (session 29): two sessions whose lines end in the same step ran both,
// so their lines are two slots, never a dispute; the same line in two sessions is one corroborated slot, and within
// one session a later line under the key supersedes.
TEST(MergedDisputes, TwoSessionsRunsOfOneStepAreNotAlternatives) {
    extracttest::Log a, b, c;
    a.session("antenna").call("bash", R"({"command":"git add README.md && git commit --amend --no-edit && git push origin main"})",
                               "To github.com:x/antenna.git\n + 1a2b3c4...5d6e7f8 main -> main");
    b.session("pruner").call("bash", R"({"command":"git remote -v && git push origin main"})",
                             "origin git@github.com:y/pruner.git (push)\nTo github.com:y/pruner.git\n   9a8b7c6..5f4e3d2  main -> main");
    c.session("third").call("bash", R"({"command":"git remote -v && git push origin main"})",
                            "origin git@github.com:y/pruner.git (push)\nTo github.com:y/pruner.git\n   5f4e3d2..0a1b2c3  main -> main");
    auto run_keys = [](const std::vector<BranchClaims>& branches) {
        std::vector<std::string> keys;
        for (const BranchClaims& bc : branches)
            for (const Claim& x : bc.claims)
                if (x.rule == "action.command_run") keys.push_back(x.key);
        return keys;
    };
    auto together = [](std::vector<BranchClaims> x, std::vector<BranchClaims> y) {
        for (BranchClaims& bc : y) x.push_back(std::move(bc));
        return x;
    };
    // Alone, a session's run keeps the plain key.
    EXPECT_EQ(run_keys(a.extract()), (std::vector<std::string>{"git.push.origin.main.command"}));
    // Merged with another session's different line: each its own slot, no dispute.
    std::vector<BranchClaims> differ = together(a.extract(), b.extract());
    separate_differing_runs(differ);
    EXPECT_EQ(run_keys(differ), (std::vector<std::string>{"git.push.origin.main.command.session-antenna",
                                                          "git.push.origin.main.command.session-pruner"}));
    MergedCounts counts;
    for (const MergedDispute& d : merged_disputes("dev/x", together(a.extract(), b.extract()), {}, counts))
        ADD_FAILURE() << "disputed: " << d.key;
    // The merge of one extraction over both sessions (what `merge` and the studio run) keys its slots the same.
    const MergedSnapshot snap = merge_branches(extract_heuristic({a.build(), b.build()}, {}));
    std::vector<std::string> slot_keys;
    for (const Slot& slot : snap.slots)
        if (slot.key.rfind("git.push.origin.main.command", 0) == 0) slot_keys.push_back(slot.key);
    EXPECT_EQ(slot_keys, run_keys(differ));
    // Merged in steps or at once, the same slots: a separated key is separated again from its base.
    extracttest::Log e;
    e.session("fourth").call("bash", R"({"command":"git fetch && git push origin main"})", "To github.com:z/w.git\n   1..2  main -> main");
    const MergedSnapshot steps =
        merge_snapshots(merge_snapshots(merge_branches(b.extract()), merge_branches(c.extract())), merge_branches(e.extract()));
    const MergedSnapshot at_once = merge_branches(together(together(b.extract(), c.extract()), e.extract()));
    EXPECT_EQ(steps.serialize(), at_once.serialize());
    EXPECT_NE(at_once.find("git.push.origin.main.command.session-third"), nullptr);
    // The same line in two sessions: one key, corroborated.
    std::vector<BranchClaims> same = together(b.extract(), c.extract());
    separate_differing_runs(same);
    EXPECT_EQ(run_keys(same), (std::vector<std::string>{"git.push.origin.main.command", "git.push.origin.main.command"}));
    // One session's second push line supersedes its first: one slot, the earlier line its history.
    extracttest::Log d;
    d.session("antenna")
        .call("bash", R"({"command":"git push origin main"})", "To github.com:x/antenna.git\n ! [rejected] main -> main (fetch first)", true)
        .call("bash", R"({"command":"git pull --rebase && git push origin main"})", "To github.com:x/antenna.git\n   1a2b..3c4d  main -> main");
    EXPECT_EQ(d.claims("action.command_run"),
              (std::vector<std::string>{"git.push.origin.main.command = git pull --rebase && git push origin main"}));
}

// One branch held twice among merged inputs (a log extracted before and after it grew): the branch's reading is its
// last line over both copies, so merging in any grouping gives the same slots (review, session 29).
TEST(MergedDisputes, AStaleCopyOfABranchIsNoReadingOfItsOwn) {
    auto claim = [](const std::string& branch, const std::string& session, int64_t seq, const std::string& value) {
        Claim c;
        c.key = "git.push.origin.main.command", c.value = value, c.rule = "action.command_run";
        c.source.branch_id = branch, c.source.session_id = session, c.source.seq = seq, c.source.message_id = "m" + std::to_string(seq);
        c.evidence = EvidenceLevel::kToolVerified, c.provenance_rank = 4;
        return c;
    };
    const BranchClaims p{"x", "s", {claim("x", "s", 1, "git push origin main --tags")}};
    const BranchClaims q{"x", "s", {claim("x", "s", 1, "git push origin main --tags"), claim("x", "s", 2, "git push upstream HEAD:main")}};
    const BranchClaims r{"z", "t", {claim("z", "t", 1, "git push upstream HEAD:main")}};
    const MergedSnapshot left = merge_snapshots(merge_branches({p, q}), merge_branches({r}));
    const MergedSnapshot right = merge_snapshots(merge_branches({p}), merge_branches({q, r}));
    const MergedSnapshot once = merge_branches({p, q, r});
    EXPECT_EQ(left.serialize(), once.serialize());
    EXPECT_EQ(right.serialize(), once.serialize());
    EXPECT_NE(once.find("git.push.origin.main.command"), nullptr);  // both sessions end with one line
}

// A commit that added a file is an event of its session too (session 29, after the test run): two repositories'
// commits each adding `.gitignore` are two slots, not a dispute over which commit added it.
TEST(MergedDisputes, TwoSessionsCommitsOfOneFileAreNotAlternatives) {
    auto commit = [](const std::string& session, const std::string& hash) {
        extracttest::Log log;
        log.session(session).call("Bash", R"({"command":"git add .gitignore && git commit -m init"})",
                                  "[main " + hash + "] init\n 1 file changed, 3 insertions(+)\n create mode 100644 .gitignore\n");
        return log.extract();
    };
    std::vector<BranchClaims> both = commit("shop", "1a2b3c4");
    for (BranchClaims& bc : commit("blog", "9f8e7d6")) both.push_back(std::move(bc));
    MergedCounts counts;
    for (const MergedDispute& d : merged_disputes("dev/x", both, {}, counts)) ADD_FAILURE() << "disputed: " << d.key;
    const MergedSnapshot snap = merge_branches(both);
    EXPECT_NE(snap.find("file..gitignore.commit.session-shop"), nullptr);
    EXPECT_NE(snap.find("file..gitignore.commit.session-blog"), nullptr);
}

TEST(MergedDisputes, ACommandIsWrittenAsRunFromItsWorkingDirectory) {
    // Three tasks' one command in three spellings is one value, so their merge holds no dispute.
    EXPECT_EQ(relative_command("cd /testbed && python reproduce.py", "/testbed"), "python reproduce.py");
    EXPECT_EQ(relative_command("python /testbed/reproduce.py", "/testbed/"), "python reproduce.py");
    EXPECT_EQ(relative_command("python reproduce.py", "/testbed"), "python reproduce.py");
    // A program run by its path stays runnable; other directories and look-alike prefixes are left alone.
    EXPECT_EQ(relative_command("chmod +x /w/hello.sh && /w/hello.sh", "/w"), "chmod +x hello.sh && ./hello.sh");
    EXPECT_EQ(relative_command("cat /testbed2/a.py /other/testbed/b.py", "/testbed"), "cat /testbed2/a.py /other/testbed/b.py");
    EXPECT_EQ(relative_command("cd /tmp && ls", "/testbed"), "cd /tmp && ls");
    EXPECT_EQ(relative_command("rm /a.txt", "/"), "rm /a.txt");
    EXPECT_EQ(relative_command("rm /a.txt", ""), "rm /a.txt");
}

}  // namespace
}  // namespace bm::extract_bench
