// `beliefmerge meld admit|log|status|calibrate` driven as a real binary on temporary brain
// directories: the Figure 2 flow persisted across processes, forged deltas, and bad input that
// must name the file, line and field.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "meld_fixture.h"

namespace bm::meld {
namespace {

using namespace meldtest;
namespace fs = std::filesystem;

struct CliRun {
    std::string out, err;
    int status = -1;
};

class MeldCli : public ::testing::Test {
protected:
    void SetUp() override {
        char pattern[] = "/tmp/meld-cli-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        m_root = pattern;
    }
    void TearDown() override { fs::remove_all(m_root); }

    std::string path(const std::string& name) const { return (fs::path(m_root) / name).string(); }
    void write(const std::string& name, const std::string& text) const {
        fs::create_directories(fs::path(path(name)).parent_path());
        std::ofstream(path(name), std::ios::binary) << text;
    }
    static std::string slurp(const std::string& file) {
        std::ifstream in(file, std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        return ss.str();
    }
    // Runs the built binary with stdout and stderr captured to files.
    CliRun run(std::vector<std::string> args) const {
        args.insert(args.begin(), BELIEFMERGE_BIN);
        const std::string out = path("stdout.txt"), err = path("stderr.txt");
        const pid_t pid = ::fork();
        if (pid == 0) {
            if (!std::freopen(out.c_str(), "w", stdout) || !std::freopen(err.c_str(), "w", stderr)) ::_exit(126);
            std::vector<char*> argv;
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
        int status = 0;
        ::waitpid(pid, &status, 0);
        return {slurp(out), slurp(err), WIFEXITED(status) ? WEXITSTATUS(status) : -1};
    }
    // A key file as a user provisions one: readable by its owner only.
    void write_private(const std::string& name, const std::string& text) const {
        write(name, text);
        fs::permissions(path(name), fs::perms::owner_read | fs::perms::owner_write);
    }
    // DIR/brain.json for brain `id` under the Figure 2 directory.
    std::string make_brain(const std::string& id) const {
        nlohmann::json j = {{"id", id}, {"directory", figure2_directory().to_json()}};
        write_private(id + "/brain.json", j.dump(2));
        return path(id);
    }
    static std::string jsonl(const std::vector<Delta>& deltas) {
        std::string s;
        for (const Delta& d : deltas) s += d.to_json().dump() + "\n";
        return s;
    }
    static StatusLink link(const std::string& author, const std::string& claim, ClaimStatus effect, int authority,
                           int64_t issued) {
        StatusLink l;
        l.claim = claim;
        l.claim_scope = {"jurisdiction:EU"};
        l.effect = effect;
        l.kind = effect == ClaimStatus::kOverruled ? "overrule" : "deprecate";
        l.author = author;
        l.authority = authority;
        l.issued = issued;
        return l;
    }

    std::string m_root;
};

std::vector<std::string> decisions(const CliRun& r) {
    std::vector<std::string> out;
    for (const auto& p : nlohmann::json::parse(r.out)) out.push_back(p.value("decision", p.contains("dropped") ? "dropped" : "?"));
    return out;
}

TEST_F(MeldCli, AdmitLogAndStatusFollowFigure2AcrossProcesses) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    const KeyDirectory dir = figure2_directory();
    const std::string brain = make_brain("B");
    const std::string c1 = claim_key(kC1, Scope{{"jurisdiction:EU"}}), c2 = claim_key(kC2, Scope{{"jurisdiction:EU"}});
    write("claims.jsonl", jsonl({signed_claim(dir, "A", claim(kC1, "jurisdiction:EU")),
                                 signed_claim(dir, "T", claim(kParaphrase, "jurisdiction:EU")),
                                 signed_claim(dir, "U", claim(kParaphrase, "jurisdiction:US")),
                                 signed_claim(dir, "T", claim(kC2, "jurisdiction:EU"))}));
    CliRun first = run({"meld", "admit", "--brain", brain, "--delta", path("claims.jsonl"), "--json"});
    ASSERT_EQ(first.status, 0) << first.err;
    EXPECT_EQ(decisions(first), (std::vector<std::string>{"insert", "merge", "relate", "conflict"}));

    // A second process restores the brain from its Patch log: status links land on the held claims.
    write("links.jsonl", jsonl({signed_link(dir, link("C", c2, ClaimStatus::kOverruled, 3, 11)),
                                signed_link(dir, link("U", c1, ClaimStatus::kOverruled, 3, 12))}));
    CliRun second = run({"meld", "admit", "--brain", brain, "--delta", path("links.jsonl")});
    ASSERT_EQ(second.status, 0) << second.err;
    EXPECT_NE(second.out.find("links.jsonl:1: status"), std::string::npos) << second.out;
    EXPECT_NE(second.out.find("links.jsonl:2: status"), std::string::npos) << second.out;

    CliRun log = run({"meld", "log", "--brain", brain, "--json"});
    ASSERT_EQ(log.status, 0) << log.err;
    const auto patches = nlohmann::json::parse(log.out);
    ASSERT_EQ(patches.size(), 6u);
    EXPECT_EQ(patches[1]["decision"], "merge");
    EXPECT_EQ(patches[1]["target"], c1);
    EXPECT_EQ(patches[3]["decision"], "conflict");
    for (const auto& p : patches) EXPECT_FALSE(p["mac"].get<std::string>().empty());

    CliRun s2 = run({"meld", "status", "--brain", brain, kC2});
    ASSERT_EQ(s2.status, 0) << s2.err;
    EXPECT_EQ(s2.out.rfind(c2 + " overruled\n", 0), 0u) << s2.out;
    EXPECT_NE(s2.out.find("overrule overruled by C (materialises)"), std::string::npos) << s2.out;
    CliRun s1 = run({"meld", "status", "--brain", brain, c1});
    ASSERT_EQ(s1.status, 0) << s1.err;
    EXPECT_EQ(s1.out.rfind(c1 + " active\n", 0), 0u) << s1.out;
    EXPECT_NE(s1.out.find("by U (unauthorised: stored, never materialises)"), std::string::npos) << s1.out;

    // Re-delivery is idempotent: nothing new is appended.
    CliRun again = run({"meld", "admit", "--brain", brain, "--delta", path("claims.jsonl"), "--json"});
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_EQ(decisions(again), (std::vector<std::string>(4, "dropped")));
    EXPECT_EQ(nlohmann::json::parse(run({"meld", "log", "--brain", brain, "--json"}).out).size(), 6u);
}

TEST_F(MeldCli, ForgedDeltaIsDroppedBeforeAdmission) {
    const KeyDirectory dir = figure2_directory();
    const std::string brain = make_brain("B");
    Delta forged = signed_claim(dir, "A", claim(kC1, "jurisdiction:EU"));
    forged.claim->text = "Customer data may be kept forever";  // altered after signing
    write("forged.jsonl", jsonl({forged}));
    CliRun r = run({"meld", "admit", "--brain", brain, "--delta", path("forged.jsonl")});
    EXPECT_EQ(r.status, 1) << "a refused delta is a failure: " << r.err;
    EXPECT_NE(r.out.find("forged.jsonl:1: dropped (MAC does not verify"), std::string::npos) << r.out;
    EXPECT_TRUE(nlohmann::json::parse(run({"meld", "log", "--brain", brain, "--json"}).out).empty());
}

TEST_F(MeldCli, BadDeltaLinesNameFileLineAndFieldAndExit2) {
    const KeyDirectory dir = figure2_directory();
    const std::string brain = make_brain("B");
    nlohmann::json no_sender = signed_claim(dir, "A", claim(kC1, "jurisdiction:EU")).to_json();
    no_sender.erase("sender");
    nlohmann::json empty_text = signed_claim(dir, "A", claim(kC2, "jurisdiction:EU")).to_json();
    empty_text["claim"]["text"] = "";
    write("bad.jsonl", jsonl({signed_claim(dir, "A", claim(kC1, "jurisdiction:EU"))}) + "{not json\n" + no_sender.dump() +
                           "\n" + empty_text.dump() + "\n");
    CliRun r = run({"meld", "admit", "--brain", brain, "--delta", path("bad.jsonl")});
    EXPECT_EQ(r.status, 2);
    const std::string file = path("bad.jsonl");
    EXPECT_NE(r.err.find(file + ":2"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(file + ":3 field sender"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(file + ":4 field claim.text"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("bad.jsonl:1: insert"), std::string::npos) << "good lines are still admitted: " << r.out;
}

// A delta "file" that is a symlink to /dev/zero grew admit to 11.7 GB in 30 s (no line limit); an
// over-long line in a regular file is skipped with its line named; errors are capped.
TEST_F(MeldCli, DeltaInputIsBoundedAndDevicesAreRefused) {
    const std::string brain = make_brain("B");
    ASSERT_EQ(::symlink("/dev/zero", path("zero.jsonl").c_str()), 0);
    CliRun zero = run({"meld", "admit", "--brain", brain, "--delta", path("zero.jsonl")});
    EXPECT_EQ(zero.status, 2);
    EXPECT_NE(zero.err.find("a character device, not a regular file"), std::string::npos) << zero.err;
    write("long.jsonl", std::string(5u << 20, 'x') + "\n{not json\n");
    CliRun long_line = run({"meld", "admit", "--brain", brain, "--delta", path("long.jsonl")});
    EXPECT_EQ(long_line.status, 2);
    EXPECT_NE(long_line.err.find(path("long.jsonl") + ":1"), std::string::npos) << long_line.err;
    EXPECT_NE(long_line.err.find("over the 4194304-byte limit of a delta"), std::string::npos) << long_line.err;
    EXPECT_NE(long_line.err.find(path("long.jsonl") + ":2"), std::string::npos) << long_line.err;
    std::string many;
    for (int i = 0; i < 3000; ++i) many += "{not json\n";
    write("many.jsonl", many);
    CliRun capped = run({"meld", "admit", "--brain", brain, "--delta", path("many.jsonl")});
    EXPECT_EQ(capped.status, 2);
    EXPECT_NE(capped.err.find("2000 more errors not listed (the first 1000 are)"), std::string::npos);
    EXPECT_EQ(std::count(capped.err.begin(), capped.err.end(), '\n'), 1001);
}

// A delta by A signed with the group key could be accepted as A's while every member holds that
// key: per-brain keys by default, keys of 32+ bytes, key files readable by their owner only.
TEST_F(MeldCli, KeysArePerBrainLongAndPrivate) {
    const KeyDirectory dir = figure2_directory();
    const std::string brain = make_brain("B");
    KeyDirectory group = dir;  // a member holding only the group key signs as A
    group.group_key = "the federation's group key, 32+ bytes";
    group.group_key_fallback = true;
    group.brains["A"].key.clear();
    write("as_a.jsonl", jsonl({signed_claim(group, "A", claim(kC1, "jurisdiction:EU"))}));
    CliRun as_a = run({"meld", "admit", "--brain", brain, "--delta", path("as_a.jsonl")});
    EXPECT_EQ(as_a.status, 1) << as_a.err;
    EXPECT_NE(as_a.out.find("dropped (MAC does not verify"), std::string::npos) << as_a.out;

    fs::permissions(path("B/brain.json"), fs::perms::group_read | fs::perms::others_read, fs::perm_options::add);
    CliRun open = run({"meld", "log", "--brain", brain});
    EXPECT_EQ(open.status, 2);
    EXPECT_NE(open.err.find(path("B/brain.json") + ": holds signing keys but its permissions 0644"), std::string::npos)
        << open.err;
    EXPECT_NE(open.err.find("chmod 600"), std::string::npos) << open.err;

    write_private("short/brain.json", R"({"id": "B", "directory": {"brains": {"A": {"key": "sixteen byte key"}}}})");
    CliRun short_key = run({"meld", "log", "--brain", path("short")});
    EXPECT_EQ(short_key.status, 2);
    EXPECT_NE(short_key.err.find("field brains.A.key: key is 16 bytes, shorter than 32"), std::string::npos)
        << short_key.err;
    write_private("nokey/brain.json", R"({"id": "B", "directory": {"group_key": "a group key of at least 32 bytes",
        "brains": {"A": {"authority": 1}}}})");
    CliRun no_key = run({"meld", "log", "--brain", path("nokey")});
    EXPECT_EQ(no_key.status, 2);
    EXPECT_NE(no_key.err.find("field brains.A.key: the brain has no key of its own"), std::string::npos) << no_key.err;
}

// A brain whose own id has no key signed its Patches with nothing: the first admit wrote them, and
// every later open refused the log ("the stored Patch does not verify"). Found by the fault campaign.
TEST_F(MeldCli, ABrainWithoutAKeyOfItsOwnIsRefusedBeforeAnythingIsWritten) {
    const KeyDirectory dir = figure2_directory();
    nlohmann::json j = {{"id", "Z"}, {"directory", dir.to_json()}};
    write_private("Z/brain.json", j.dump(2));
    write("claims.jsonl", jsonl({signed_claim(dir, "A", claim(kC1, "jurisdiction:EU"))}));
    CliRun r = run({"meld", "admit", "--brain", path("Z"), "--delta", path("claims.jsonl")});
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_NE(r.err.find(path("Z/brain.json") + " field directory.brains.Z.key: brain 'Z' has no key of its own"),
              std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(path("Z/workspace.bmws"))) << "nothing is written for a brain that cannot sign";
}

TEST_F(MeldCli, BenchThroughputWithoutTheGoldSetFailsAtOnceNamingTheFile) {
    CliRun r = run({"bench", "throughput", "--data", path("no-data"), "--sizes", "100", "--admissions", "10",
                    "--sink-brains", "1"});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("no-data/meld_gold_dev.jsonl"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << "no table is printed without the sink experiment's corpus";
}

TEST_F(MeldCli, BadBrainDirectoryNamesBrainJsonAndField) {
    CliRun missing = run({"meld", "log", "--brain", path("nowhere")});
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find(path("nowhere/brain.json")), std::string::npos) << missing.err;

    write_private("noid/brain.json", R"({"directory": {"group_key": "k"}})");
    CliRun noid = run({"meld", "status", "--brain", path("noid"), "x"});
    EXPECT_EQ(noid.status, 2);
    EXPECT_NE(noid.err.find(path("noid/brain.json") + " field id"), std::string::npos) << noid.err;

    write_private("badauth/brain.json", R"({"id": "B", "directory": {"group_key": "a group key of at least 32 bytes",
        "group_key_fallback": true, "brains": {"C": {"authority": "high"}}}})");
    CliRun badauth = run({"meld", "admit", "--brain", path("badauth"), "--delta", path("none.jsonl")});
    EXPECT_EQ(badauth.status, 2);
    EXPECT_NE(badauth.err.find(path("badauth/brain.json") + " field brains.C.authority"), std::string::npos) << badauth.err;

    CliRun usage = run({"meld", "admit", "--brain", path("noid")});
    EXPECT_EQ(usage.status, 2);
    EXPECT_NE(usage.err.find("--delta FILE"), std::string::npos) << usage.err;
}

TEST_F(MeldCli, CalibrateFitsThresholdsWithTheProviderIdentity) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    // The shipped default comes from `bench meld-gold --fit` on the training sets (#18); calibrate
    // fits θ_merge and σ_lo on one file, here the training gold.
    const std::string gold = std::string(SOURCE_DIR) + "/bench/data/meld_gold_train.jsonl";
    CliRun r = run({"meld", "calibrate", "--pairs", gold, "--provider", "lexical"});
    ASSERT_EQ(r.status, 0) << r.err;
    const auto t = nlohmann::json::parse(r.out);
    EXPECT_EQ(t["provider"].get<std::string>().rfind("lexical/", 0), 0u) << r.out;
    EXPECT_GT(t["theta_merge"].get<double>(), t["sigma_lo"].get<double>());
    EXPECT_GE(t["theta_merge"].get<double>(), 0.40) << "on the grid";
    EXPECT_LE(t["theta_merge"].get<double>(), 0.98) << "on the grid";
}

TEST_F(MeldCli, CalibrateRejectsBadPairsAndUnknownProviders) {
    write("pairs.jsonl", R"({"class":"merge","a":{"text":"x"},"b":{"text":"y"}})"
                         "\n"
                         R"({"class":"maybe","a":{"text":"x"},"b":{"text":"y"}})"
                         "\n");
    CliRun bad = run({"meld", "calibrate", "--pairs", path("pairs.jsonl")});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find(path("pairs.jsonl") + ":2 field class"), std::string::npos) << bad.err;
    write("nob.jsonl", R"({"class":"merge","a":{"text":"x"}})"
                       "\n");
    CliRun nob = run({"meld", "calibrate", "--pairs", path("nob.jsonl")});
    EXPECT_EQ(nob.status, 2);
    EXPECT_NE(nob.err.find(path("nob.jsonl") + ":1 field b"), std::string::npos) << nob.err;
    CliRun provider = run({"meld", "calibrate", "--pairs", path("pairs.jsonl"), "--provider", "nosuch"});
    EXPECT_EQ(provider.status, 2);
    EXPECT_NE(provider.err.find("nosuch"), std::string::npos) << provider.err;
}

// With the http provider, thresholds fitted while model calls fail would be fitted on zeros: the
// command refuses (exit 1, no JSON on stdout) and names the failure. The endpoint is a loopback
// port nothing listens on (bound, then closed), so every call fails at once.
TEST_F(MeldCli, CalibrateWithTheHttpProviderRefusesWhenModelCallsFail) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    ASSERT_GE(fd, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    socklen_t len = sizeof addr;
    ASSERT_EQ(::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len), 0);
    const std::string port = std::to_string(ntohs(addr.sin_port));
    ::close(fd);
    write("pairs.jsonl", R"({"class":"merge","a":{"text":"the cache is warm"},"b":{"text":"the cache is hot"}})"
                         "\n"
                         R"({"class":"conflict","a":{"text":"port 8080"},"b":{"text":"port 9090"}})"
                         "\n");
    const std::string endpoint = "http://127.0.0.1:" + port + "/v1";
    const std::vector<std::pair<const char*, std::string>> env = {{"BELIEFMERGE_ENDPOINT", endpoint},
                                                                 {"BELIEFMERGE_MODEL", "chat-model"},
                                                                 {"BELIEFMERGE_EMBEDDING_MODEL", "embedding-model"},
                                                                 {"BELIEFMERGE_API_KEY", "sk-meld-cli-test"},
                                                                 {"XDG_CONFIG_HOME", path("config")}};
    for (const auto& [name, value] : env) ::setenv(name, value.c_str(), 1);
    CliRun r = run({"meld", "calibrate", "--pairs", path("pairs.jsonl"), "--provider", "http"});
    for (const auto& [name, value] : env) ::unsetenv(name);
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    EXPECT_TRUE(r.out.empty()) << "no thresholds printed: " << r.out;
    EXPECT_NE(r.err.find("model call(s) failed"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(port), std::string::npos) << "names the endpoint: " << r.err;
    EXPECT_NE(r.err.find("fix the endpoint"), std::string::npos) << r.err;
}

TEST_F(MeldCli, BenchMeldGoldPrintsTrainAndTestSidesWithTheGap) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    CliRun r = run({"bench", "meld-gold", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["sets"]["train gold"]["split"], "train");
    EXPECT_EQ(j["sets"]["dev gold"]["split"], "test") << "the dev gold is a test set since #18";
    EXPECT_EQ(j["sets"]["test gold"]["split"], "test");
    EXPECT_GE(j["sets"]["test gold"]["pairs"].get<int>(), 150);
    // Without --shared only the gold files run (figures of combiner logit/0.880/7cb594b4, docs/meld.md).
    const auto& dev = j["sets"]["dev gold"];
    EXPECT_NEAR(dev["macro_f1"].get<double>(), 0.735, 0.0005);
    EXPECT_EQ(dev["false_merges"], 0);
    EXPECT_EQ(dev["non_merge_pairs"], 84);
    EXPECT_LE(j["sets"]["test gold"]["false_merge"].get<double>(), 0.02) << "the #18 cap on every test set";
    EXPECT_NEAR(j["summary"]["gap_macro_f1"].get<double>(),
                j["summary"]["train"]["mean_macro_f1"].get<double>() - j["summary"]["test"]["mean_macro_f1"].get<double>(), 1e-12);
    EXPECT_EQ(j["skipped"].size(), 1u) << "the derived sets are named as skipped without --shared";
    ASSERT_EQ(j["ablation"].size(), 8u) << "four rungs on each test set";
    EXPECT_LT(j["ablation"][0]["macro_f1"].get<double>(), 0.2) << "kappa only";
    EXPECT_GT(j["ablation"][1]["false_merge"].get<double>(), 0.02) << "sigma without chi merges contradictions";
    EXPECT_LT(j["ablation"][3]["conflict_recall"].get<double>(), j["ablation"][2]["conflict_recall"].get<double>());
}

TEST_F(MeldCli, BenchMeldGoldFitUsesOnlyTrainingSets) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    CliRun r = run({"bench", "meld-gold", "--fit", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["train_sets"].size(), 3u);
    EXPECT_EQ(j["train_sets"][0], "train gold (92)");
    EXPECT_EQ(j["train_sets"][1], "agent train gold (300)");
    EXPECT_EQ(j["train_sets"][2], "agent train gold 2 (200)");
    EXPECT_LE(j["train_heldout_worst_false_merge"].get<double>(), 0.02) << "every training set, held out";
    EXPECT_LE(j["train_heldout_combiner_false_merge"].get<double>(), 0.01) << "merges the combiner makes, held out";
    EXPECT_EQ(j["combiner"]["features"].size(), j["combiner"]["weights"].size());
    EXPECT_EQ(j["cross_validation"].size(), 8u) << "four L2 strengths, two weightings";
    EXPECT_TRUE(j["fit_only_sets"].empty()) << "without --shared there are no SNLI fit-only pairs";
}

TEST_F(MeldCli, BenchConvergenceJsonShowsThePaperComparisons) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    CliRun r = run({"bench", "convergence", "--orderings", "20", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["contested_lifecycle"]["crdt_agreement"], 1.0);
    EXPECT_LT(j["contested_lifecycle"]["lww_agreement"].get<double>(), 0.5);
    ASSERT_EQ(j["partition_reorder"].size(), 20u);
    for (const auto& cell : j["partition_reorder"]) EXPECT_EQ(cell["crdt_agreement"], 1.0) << cell.dump();
    EXPECT_EQ(j["reject_race"]["read_time_agree"], 20);
    EXPECT_GT(j["reject_race"]["admission_overruled"].get<int>(), 0);
    EXPECT_GT(j["reject_race"]["admission_revoked"].get<int>(), 0);
    for (const auto& row : j["lossy_routing"]["rows"]) {
        EXPECT_EQ(row["agreement_with"], 1.0) << row.dump();
        if (row["loss"].get<double>() >= 0.1) {
            EXPECT_LT(row["agreement_without"].get<double>(), 1.0);
        }
    }
    EXPECT_GT(j["order_sensitivity"]["distinct_without"].get<int>(), 1);
    EXPECT_EQ(j["order_sensitivity"]["distinct_with"], 1);
}

}  // namespace
}  // namespace bm::meld
