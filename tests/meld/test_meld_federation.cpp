// `beliefmerge meld init|publish|serve|status` as the real binary: per-brain keys, the examples'
// merged claims published as signed deltas (locally, idempotently), and three `meld serve`
// processes on a real 3-node nats-server cluster, one killed with SIGKILL and restarted, all three
// ending with the same claims and statuses.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <nlohmann/json.hpp>

#include "cli_process.h"
#include "meld_fixture.h"
#include "test_nats_support.h"

namespace bm::meld {
namespace {

namespace fs = std::filesystem;
using namespace clitest;
using meldtest::wordnet_installed;

class MeldFederation : public ::testing::Test {
protected:
    void SetUp() override { m_root = natstest::temp_dir("federation"); }
    void TearDown() override {
        for (pid_t pid : m_serving) signal_and_wait(pid, SIGKILL, 5);
        fs::remove_all(m_root);
    }
    std::string path(const std::string& name) const { return (m_root / name).string(); }
    CliRun cli(std::vector<std::string> args) {
        args.insert(args.begin(), BELIEFMERGE_BIN);
        return run(args, path("run" + std::to_string(++m_runs)));
    }
    // The four example sessions imported into one workspace.
    std::string example_workspace() {
        const std::string ws = path("examples.bmws");
        const std::string ex = std::string(SOURCE_DIR) + "/examples/";
        CliRun r = cli({"import", ex + "branch-a.jsonl", ex + "dsh-branch-b", ex + "claude-review.jsonl", ex + "branch-c.jsonl",
                        "--workspace", ws});
        EXPECT_EQ(r.status, 0) << r.err;
        return ws;
    }
    void init(const std::string& id, int authority) {
        CliRun r = cli({"meld", "init", "--brain", path(id), "--id", id, "--authority", std::to_string(authority),
                        "--directory", path("federation.json")});
        ASSERT_EQ(r.status, 0) << r.err;
    }
    nlohmann::json status(const std::string& id) {
        CliRun r = cli({"meld", "status", "--brain", path(id), "--json"});
        EXPECT_EQ(r.status, 0) << r.err;
        auto j = nlohmann::json::parse(r.out, nullptr, false);
        return j.is_discarded() ? nlohmann::json::object() : j;
    }
    // Claim key → status, and the digest hash: what must agree across brains.
    std::map<std::string, std::string> statuses(const std::string& id) {
        const nlohmann::json j = status(id);
        std::map<std::string, std::string> out;
        for (const auto& c : j.value("claims", nlohmann::json::array())) out[c["key"]] = c["status"];
        out["digest"] = j.value("digest", "");
        return out;
    }
    pid_t serve(const std::string& id, const std::string& url, const std::vector<std::string>& extra = {}) {
        std::vector<std::string> args = {BELIEFMERGE_BIN, "meld", "serve", "--brain", path(id), "--nats", url, "--replicas", "3",
                                         "--digest-interval", "1"};
        args.insert(args.end(), extra.begin(), extra.end());
        const pid_t pid = spawn(args, path(id + ".serve.out"), path(id + ".serve.log"));
        m_serving.push_back(pid);
        return pid;
    }
    bool serving(const std::string& id, double seconds = 30) {
        const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
        while (std::chrono::steady_clock::now() < end) {
            auto j = nlohmann::json::parse(slurp(path(id + "/serve.json")), nullptr, false);
            if (!j.is_discarded() && j.value("state", "") == "serving" && j.value("pid", 0) != 0 &&
                ::kill(j.value("pid", 0), 0) == 0)
                return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        return false;
    }
    // Waits until brains `ids` hold the same claims with the same statuses and digests, `want` claims each.
    bool agree(const std::vector<std::string>& ids, size_t want, double seconds) {
        const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
        while (std::chrono::steady_clock::now() < end) {
            const auto first = statuses(ids[0]);
            bool same = first.size() == want + 1;
            for (size_t i = 1; same && i < ids.size(); ++i) same = statuses(ids[i]) == first;
            if (same) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
        }
        return false;
    }

    fs::path m_root;
    int m_runs = 0;
    std::vector<pid_t> m_serving;
};

TEST_F(MeldFederation, InitMakesAPrivateKeyAndRefusesToOverwrite) {
    CliRun r = cli({"meld", "init", "--brain", path("A"), "--cell", "project:orders"});
    ASSERT_EQ(r.status, 0) << r.err;
    struct stat st {};
    ASSERT_EQ(::stat(path("A/brain.json").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
    const auto j = nlohmann::json::parse(slurp(path("A/brain.json")));
    EXPECT_EQ(j["id"], "A");
    const std::string key = j["directory"]["brains"]["A"]["key"];
    EXPECT_GE(key.size(), kMinKeyBytes);
    EXPECT_EQ(j["directory"]["brains"]["A"]["cells"], nlohmann::json::array({"project:orders"}));

    CliRun again = cli({"meld", "init", "--brain", path("A")});
    EXPECT_EQ(again.status, 1);
    EXPECT_NE(again.err.find("refusing to overwrite"), std::string::npos) << again.err;
    EXPECT_EQ(nlohmann::json::parse(slurp(path("A/brain.json")))["directory"]["brains"]["A"]["key"], key);

    CliRun other = cli({"meld", "init", "--brain", path("B")});  // another brain, another key
    ASSERT_EQ(other.status, 0) << other.err;
    EXPECT_NE(nlohmann::json::parse(slurp(path("B/brain.json")))["directory"]["brains"]["B"]["key"], key);
}

TEST_F(MeldFederation, PublishAdmitsTheExamplesOnceWithTrustAndProvenance) {
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    const std::string ws = example_workspace();
    init("A", 1);
    CliRun first = cli({"meld", "publish", "--workspace", ws, "--brain", path("A"), "--json"});
    ASSERT_EQ(first.status, 0) << first.err;
    const auto out = nlohmann::json::parse(first.out);
    ASSERT_GT(out["published"].size(), 3u) << first.out;
    EXPECT_GE(out["retracted"].get<int>(), 1) << "branch C retracts the retention conclusion";
    for (const auto& p : out["published"]) EXPECT_NE(p["decision"], "reject") << p.dump();

    // Trust and provenance travel signed with each claim; nothing is raised to trusted.
    CliRun log = cli({"meld", "log", "--brain", path("A"), "--json"});
    ASSERT_EQ(log.status, 0) << log.err;
    size_t untrusted = 0;
    for (const auto& patch : nlohmann::json::parse(log.out)) {
        const auto& c = patch["delta"]["claim"];
        ASSERT_TRUE(c.contains("trust")) << c.dump();
        ASSERT_FALSE(c["provenance"].empty()) << c.dump();
        untrusted += c["trust"] != "trusted";
    }
    EXPECT_GT(untrusted, 0u) << "without --current no session's claims are trusted";

    CliRun second = cli({"meld", "publish", "--workspace", ws, "--brain", path("A"), "--json"});
    ASSERT_EQ(second.status, 0) << second.err;
    EXPECT_TRUE(nlohmann::json::parse(second.out)["published"].empty()) << second.out;
    EXPECT_EQ(nlohmann::json::parse(second.out)["held"], out["published"].size());
    CliRun log2 = cli({"meld", "log", "--brain", path("A"), "--json"});
    EXPECT_EQ(nlohmann::json::parse(log2.out).size(), nlohmann::json::parse(log.out).size()) << "a re-run adds no Patch";

    CliRun unknown = cli({"meld", "publish", "--workspace", ws, "--brain", path("A"), "--session", "nope"});
    EXPECT_EQ(unknown.status, 2);
    EXPECT_NE(unknown.err.find("no session nope"), std::string::npos) << unknown.err;
}

TEST_F(MeldFederation, ThreeServedBrainsOnAClusterAgreeAfterOneIsKilledAndRestarted) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    const std::string ws = example_workspace();
    for (const char* id : {"A", "B", "C"}) init(id, std::string(id) == "C" ? 2 : 1);

    std::vector<int> route_ports = {natstest::free_port(), natstest::free_port(), natstest::free_port()};
    std::vector<std::unique_ptr<natstest::NatsServer>> nodes;
    for (int i = 0; i < 3; ++i) {
        std::vector<int> routes;
        for (int k = 0; k < 3; ++k)
            if (k != i) routes.push_back(route_ports[k]);
        nodes.push_back(std::make_unique<natstest::NatsServer>("n" + std::to_string(i),
                                                               m_root / ("node" + std::to_string(i)), route_ports[i], routes));
    }
    for (auto& n : nodes) ASSERT_TRUE(n->wait_ready()) << "nats-server did not start; see " << m_root;
    const std::vector<std::string> ids = {"A", "B", "C"};
    for (int i = 0; i < 3; ++i) serve(ids[i], nodes[i]->url());
    for (const auto& id : ids) ASSERT_TRUE(serving(id)) << id << ": " << slurp(path(id + ".serve.log"));

    // A publishes branch A's claims through its node; every served brain admits them.
    CliRun a = cli({"meld", "publish", "--workspace", ws, "--brain", path("A"), "--session", "branch-a", "--nats",
                    nodes[0]->url(), "--replicas", "3", "--json"});
    ASSERT_EQ(a.status, 0) << a.err;
    const size_t from_a = nlohmann::json::parse(a.out)["published"].size();
    ASSERT_GT(from_a, 0u);
    ASSERT_TRUE(agree(ids, from_a, 20)) << slurp(path("C.serve.log"));

    CliRun locked = cli({"meld", "publish", "--workspace", ws, "--brain", path("C")});
    EXPECT_EQ(locked.status, 1) << "a served brain has one writer";
    EXPECT_NE(locked.err.find("serve.lock"), std::string::npos) << locked.err;

    // C's service dies without warning; B publishes everything while it is down.
    const pid_t c_pid = m_serving.back();
    EXPECT_EQ(signal_and_wait(c_pid, SIGKILL), 128 + SIGKILL);
    CliRun b = cli({"meld", "publish", "--workspace", ws, "--brain", path("B"), "--nats", nodes[1]->url(), "--replicas", "3",
                    "--json"});
    ASSERT_EQ(b.status, 0) << b.err;
    ASSERT_GT(nlohmann::json::parse(b.out)["published"].size(), from_a);
    const size_t c_before = statuses("C").size() - 1;

    // While C is down, its operator overrules one of A's claims in C's own log (C has authority 2);
    // once C serves again, digest anti-entropy carries the link to A and B.
    const std::string target = nlohmann::json::parse(a.out)["published"][0]["key"];
    auto directory = KeyDirectory::from_json(nlohmann::json::parse(slurp(path("federation.json"))), "federation.json");
    ASSERT_TRUE(directory.ok());
    StatusLink overrule;
    overrule.claim = target;
    overrule.effect = ClaimStatus::kOverruled;
    overrule.kind = "overrule";
    overrule.author = "C";
    overrule.authority = 2;
    overrule.issued = 1;
    {
        std::ofstream(path("overrule.jsonl")) << meldtest::signed_link(*directory, overrule).to_json().dump() << "\n";
    }
    CliRun admit = cli({"meld", "admit", "--brain", path("C"), "--delta", path("overrule.jsonl")});
    ASSERT_EQ(admit.status, 0) << admit.err;

    // Restarted on its directory, C resumes from its durable consumer and catches up.
    serve("C", nodes[2]->url());
    ASSERT_TRUE(serving("C")) << slurp(path("C.serve.log"));
    const size_t total = statuses("A").size() - 1;
    EXPECT_GT(total, c_before);
    ASSERT_TRUE(agree(ids, total, 25)) << "A=" << status("A").dump() << "\nC=" << status("C").dump() << "\n"
                                       << slurp(path("C.serve.log"));
    EXPECT_EQ(statuses("B")[target], "overruled") << "C's overrule reached B through the digest";
    EXPECT_GE(status("C")["serve"]["digest_rounds"].get<int>(), 1);
    EXPECT_GE(status("C")["serve"]["lag"].get<int>(), 0) << slurp(path("C.serve.log"));
    // Resumed where it stopped: no delta was admitted twice into C's log across the crash.
    CliRun log = cli({"meld", "log", "--brain", path("C"), "--json"});
    ASSERT_EQ(log.status, 0) << log.err;
    std::set<std::string> deltas;
    const auto patches = nlohmann::json::parse(log.out);
    for (const auto& patch : patches) deltas.insert(patch["delta"].dump());
    EXPECT_EQ(deltas.size(), patches.size());

    // A re-run publishes nothing new; SIGTERM stops every service cleanly.
    CliRun again = cli({"meld", "publish", "--workspace", ws, "--brain", path("B"), "--nats", nodes[1]->url(), "--json"});
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_TRUE(nlohmann::json::parse(again.out)["published"].empty()) << again.out;
    for (pid_t pid : m_serving)
        if (pid != c_pid) {
            EXPECT_EQ(signal_and_wait(pid, SIGTERM), 0);
        }
    m_serving.clear();
    for (const auto& id : ids) EXPECT_EQ(status(id)["serve"]["state"], "stopped") << id;
    EXPECT_FALSE(status("A")["serving"].get<bool>());
}

TEST_F(MeldFederation, ServeAndPublishAuthenticateToAServerThatDemandsATokenAndTls) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    const std::string tls = std::string(SOURCE_DIR) + "/tests/data/nats-tls/";
    natstest::NatsServer server("secure", m_root / "secure", 0, {}, "meldtest",
                                {"--auth", "brains-token", "--tls", "--tlscert", tls + "server-cert.pem", "--tlskey",
                                 tls + "server-key.pem"});
    ASSERT_TRUE(server.wait_ready()) << "nats-server did not start; see " << m_root;
    { std::ofstream(path("token")) << "brains-token\n"; }
    const std::vector<std::string> auth = {"--nats-token-file", path("token"), "--nats-ca", tls + "ca.pem"};
    const std::string ws = example_workspace();
    init("A", 1);
    init("B", 1);
    std::vector<std::string> one_node = auth;  // one server holds one copy (the last --replicas counts)
    one_node.insert(one_node.end(), {"--replicas", "1"});
    serve("B", server.url(), one_node);
    ASSERT_TRUE(serving("B")) << slurp(path("B.serve.log"));

    const std::vector<std::string> publish = {"meld", "publish", "--workspace", ws, "--brain", path("A"), "--session",
                                              "branch-a", "--nats", server.url(), "--json"};
    // Without credentials the server refuses, and the error says which options to give.
    CliRun bare = cli(publish);
    EXPECT_EQ(bare.status, 1) << bare.err;
    EXPECT_NE(bare.err.find("--nats-ca"), std::string::npos) << bare.err;
    // A token file that is not there is a usage error naming it, before any connection.
    std::vector<std::string> missing = publish;
    missing.insert(missing.end(), {"--nats-token-file", path("no-token")});
    CliRun no_file = cli(missing);
    EXPECT_EQ(no_file.status, 2) << no_file.err;
    EXPECT_NE(no_file.err.find(path("no-token")), std::string::npos) << no_file.err;
    // A credentials file without its NKey seed cannot sign the server's nonce: named, not retried.
    { std::ofstream(path("user.creds")) << "-----BEGIN NATS USER JWT-----\neyJhbGciOiJlZDI1NTE5In0.e30.AAAA\n"
                                           "------END NATS USER JWT------\n"; }
    std::vector<std::string> creds = publish;
    creds.insert(creds.end(), {"--nats-creds", path("user.creds"), "--nats-ca", tls + "ca.pem"});
    CliRun with_creds = cli(creds);
    EXPECT_EQ(with_creds.status, 1) << with_creds.err;
    EXPECT_NE(with_creds.err.find("user.creds"), std::string::npos) << with_creds.err;
    EXPECT_NE(with_creds.err.find("--nats-creds"), std::string::npos) << with_creds.err;

    std::vector<std::string> with_auth = publish;
    with_auth.insert(with_auth.end(), auth.begin(), auth.end());
    CliRun a = cli(with_auth);
    ASSERT_EQ(a.status, 0) << a.err;
    const size_t from_a = nlohmann::json::parse(a.out)["published"].size();
    ASSERT_GT(from_a, 0u);
    EXPECT_TRUE(agree({"B"}, from_a, 20)) << "B's service admits what A sent over TLS: " << slurp(path("B.serve.log"));
}

// A brain added to the shared key directory while the others serve: their services take the grown
// directory on their next digest round and admit its deltas, with no restart.
TEST_F(MeldFederation, RunningServicesAdmitABrainAddedToTheKeyDirectory) {
    BM_SKIP_WITHOUT_NATS_SERVER();
    if (!wordnet_installed()) GTEST_SKIP() << "WordNet is not installed (Debian package wordnet-base)";
    natstest::NatsServer server("grow", m_root / "grow");
    ASSERT_TRUE(server.wait_ready()) << "nats-server did not start; see " << m_root;
    const std::string ws = example_workspace();
    init("A", 1);
    init("B", 1);
    for (const char* id : {"A", "B"}) serve(id, server.url(), {"--replicas", "1"});
    for (const char* id : {"A", "B"}) ASSERT_TRUE(serving(id)) << slurp(path(std::string(id) + ".serve.log"));

    init("C", 1);  // appended to federation.json, which A and B read at start
    auto took = [&](const std::string& id) {
        const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(15);
        while (std::chrono::steady_clock::now() < end) {
            if (slurp(path(id + ".serve.log")).find("admitting deltas from C") != std::string::npos) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        return false;
    };
    for (const char* id : {"A", "B"}) ASSERT_TRUE(took(id)) << slurp(path(std::string(id) + ".serve.log"));

    CliRun c = cli({"meld", "publish", "--workspace", ws, "--brain", path("C"), "--session", "branch-a", "--nats",
                    server.url(), "--json"});
    ASSERT_EQ(c.status, 0) << c.err;
    const size_t from_c = nlohmann::json::parse(c.out)["published"].size();
    ASSERT_GT(from_c, 0u);
    EXPECT_TRUE(agree({"A", "B"}, from_c, 20)) << "A=" << status("A").dump() << "\n" << slurp(path("A.serve.log"));
    EXPECT_EQ(status("A")["serve"]["counters"]["dropped_mac"], 0) << "nothing of C's was dropped as unsigned";
}

}  // namespace
}  // namespace bm::meld
