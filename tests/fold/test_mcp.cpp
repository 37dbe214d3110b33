// MCP server: in-process JSON-RPC handling, and a scripted client driving `beliefmerge mcp` over stdio
// through initialize, tools/list and tools/call of every tool, plus malformed JSON-RPC.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include "fold/mcp_server.h"
#include "fold_test_support.h"
#include "util/hash.h"

namespace bm {
namespace {

// Runs `argv` with `input` on stdin; returns stdout and the exit status.
std::pair<std::string, int> run_child(const std::vector<std::string>& argv, const std::string& input) {
    int in[2], out[2];
    EXPECT_EQ(::pipe(in), 0);
    EXPECT_EQ(::pipe(out), 0);
    pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(in[0], 0);
        ::dup2(out[1], 1);
        ::close(in[1]);
        ::close(out[0]);
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        ::execv(args[0], args.data());
        ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    size_t done = 0;
    while (done < input.size()) {
        ssize_t n = ::write(in[1], input.data() + done, input.size() - done);
        if (n <= 0) break;
        done += static_cast<size_t>(n);
    }
    ::close(in[1]);
    std::string output;
    char buf[65536];
    for (ssize_t n; (n = ::read(out[0], buf, sizeof buf)) > 0;) output.append(buf, static_cast<size_t>(n));
    ::close(out[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return {output, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

std::map<std::string, nlohmann::json> by_id(const std::string& output, std::vector<nlohmann::json>* null_ids) {
    std::map<std::string, nlohmann::json> out;
    std::istringstream lines(output);
    std::string line;
    while (std::getline(lines, line)) {
        auto j = nlohmann::json::parse(line, nullptr, false);
        EXPECT_FALSE(j.is_discarded()) << "server wrote a non-JSON line: " << line;
        if (j.is_discarded()) continue;
        if (j.is_array()) {
            out["batch"] = j;
            continue;
        }
        EXPECT_EQ(j["jsonrpc"], "2.0");
        if (j["id"].is_null()) null_ids->push_back(j);
        else out[j["id"].dump()] = j;
    }
    return out;
}

TEST(Mcp, InProcessProtocolAndErrors) {
    testing::TempDir dir;
    BundleStore store(dir.path());
    McpServer server("t", "1");
    add_fold_tools(server, store);
    auto init = nlohmann::json::parse(*server.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05"}})"));
    EXPECT_EQ(init["result"]["protocolVersion"], "2024-11-05");
    EXPECT_FALSE(server.handle_line(R"({"jsonrpc":"2.0","method":"notifications/initialized"})").has_value());
    EXPECT_FALSE(server.handle_line("   ").has_value());
    for (const char* bad : {"{", "[1,", "\xff\xfe", "nul"})
        EXPECT_EQ(nlohmann::json::parse(*server.handle_line(bad))["error"]["code"], kJsonRpcParseError) << bad;
    for (const char* bad : {"[]", "42", "\"x\"", R"({"jsonrpc":"1.0","id":2,"method":"ping"})", R"({"jsonrpc":"2.0","id":{},"method":"ping"})",
                            R"({"jsonrpc":"2.0","id":3,"method":7})"})
        EXPECT_EQ(nlohmann::json::parse(*server.handle_line(bad))["error"]["code"], kJsonRpcInvalidRequest) << bad;
    EXPECT_EQ(nlohmann::json::parse(*server.handle_line(R"({"jsonrpc":"2.0","id":4,"method":"nope"})"))["error"]["code"], kJsonRpcMethodNotFound);
    for (const char* bad : {R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"context_recall","arguments":{}}})",
                            R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"no_such_tool"}})",
                            R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"context_search","arguments":{"query":5}}})",
                            R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"context_search","arguments":{"query":"x","limit":"many"}}})",
                            R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"context_recall","arguments":{"ref":"not-an-id"}}})",
                            R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":"oops"})"})
        EXPECT_EQ(nlohmann::json::parse(*server.handle_line(bad))["error"]["code"], kJsonRpcInvalidParams) << bad;
    // A batch answers each request, skipping notifications.
    auto batch = nlohmann::json::parse(*server.handle_line(
        R"([{"jsonrpc":"2.0","id":10,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":11,"method":"tools/list"}])"));
    ASSERT_TRUE(batch.is_array());
    EXPECT_EQ(batch.size(), 2u);
}

TEST(Mcp, ScriptedClientRoundTripOverStdio) {
    testing::TempDir dir;
    BundleStore store(dir.path() + "/store");
    auto run = fold_until(store, surface_from_session(testing::synthetic_session("mcp", 12)), FoldMode::kLeaf, 0,
                          testing::small_fold_options());
    ASSERT_TRUE(run.ok() && !run->published.empty());
    const std::string merge_input = std::string(DATA_DIR) + "/native/session.jsonl";
    std::vector<std::string> lines = {
        R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"scripted","version":"0"}}})",
        R"({"jsonrpc":"2.0","method":"notifications/initialized"})",
        R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})",
        R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"context_search","arguments":{"query":"quokka3","limit":5}}})",
        nlohmann::json{{"jsonrpc", "2.0"}, {"id", 4}, {"method", "tools/call"},
                       {"params", {{"name", "context_recall"}, {"arguments", {{"ref", run->published[0].checkpoint_id}, {"depth", "exact"}, {"offset", 0}, {"limit", 2}}}}}}.dump(),
        nlohmann::json{{"jsonrpc", "2.0"}, {"id", 5}, {"method", "tools/call"},
                       {"params", {{"name", "context_recall"}, {"arguments", {{"ref", "cp:" + run->published[0].checkpoint_id}}}}}}.dump(),
        nlohmann::json{{"jsonrpc", "2.0"}, {"id", 6}, {"method", "tools/call"},
                       {"params", {{"name", "merge_context"}, {"arguments", {{"budget", 600}, {"paths", {merge_input}}}}}}}.dump(),
        "{this is not json",
        R"({"jsonrpc":"2.0","id":7,"method":"resources/list"})",
        R"({"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"context_recall","arguments":{"depth":"exact"}}})",
        R"([])",
        R"({"jsonrpc":"2.0","id":9,"method":"ping"})",
    };
    // Ingress reduction through MCP: reduce a long Bash output, recall its exact original, confirm.
    std::string long_output;
    for (int i = 0; i < 300; ++i) long_output += "step " + std::to_string(i) + "\n";
    long_output += "error: the step that failed\n";
    lines.push_back(nlohmann::json{{"jsonrpc", "2.0"}, {"id", 10}, {"method", "tools/call"},
                                   {"params", {{"name", "reduce_tool_output"}, {"arguments", {{"tool", "Bash"}, {"output", long_output}}}}}}.dump());
    lines.push_back(nlohmann::json{{"jsonrpc", "2.0"}, {"id", 11}, {"method", "tools/call"},
                                   {"params", {{"name", "recall_tool_output"}, {"arguments", {{"ref", "art:" + sha256_hex(long_output)}}}}}}.dump());
    std::string input;
    for (const auto& l : lines) input += l + "\n";
    auto [output, status] = run_child(
        {BELIEFMERGE_BIN, "mcp", "--store", dir.path() + "/store", "--allow", std::string(DATA_DIR) + "/native"}, input);
    EXPECT_EQ(status, 0);
    std::vector<nlohmann::json> null_ids;
    auto r = by_id(output, &null_ids);
    ASSERT_TRUE(r.count("1")) << output;
    EXPECT_EQ(r["1"]["result"]["protocolVersion"], "2025-06-18");
    EXPECT_EQ(r["1"]["result"]["serverInfo"]["name"], "beliefmerge");
    std::set<std::string> tools;
    for (const auto& t : r["2"]["result"]["tools"]) {
        tools.insert(t["name"].get<std::string>());
        EXPECT_EQ(t["inputSchema"]["type"], "object");
    }
    EXPECT_EQ(tools, (std::set<std::string>{"approved_context", "context_search", "context_recall", "merge_context",
                                            "reduce_tool_output", "confirm_tool_output", "recall_tool_output"}));
    const auto& reduced = r["10"]["result"]["structuredContent"];
    EXPECT_EQ(reduced["decision"], "reduced") << r["10"].dump();
    EXPECT_NE(reduced["text"].get<std::string>().find("error: the step that failed"), std::string::npos);
    EXPECT_EQ(reduced["artifact"], "art:" + sha256_hex(long_output));
    EXPECT_EQ(r["11"]["result"]["structuredContent"]["output"], long_output);
    // search → a hit whose messageIndex leads exact recall to the message.
    const auto& search = r["3"]["result"];
    ASSERT_FALSE(search["isError"].get<bool>()) << search.dump();
    auto found = nlohmann::json::parse(search["content"][0]["text"].get<std::string>());
    ASSERT_FALSE(found["hits"].empty());
    const auto& recall = r["4"]["result"]["structuredContent"];
    EXPECT_EQ(recall["status"], "ok");
    EXPECT_EQ(recall["messages"].size(), 2u);
    EXPECT_EQ(recall["messages"][0], run->published[0].shadowed_messages[0]);
    EXPECT_EQ(recall["nextOffset"], 2);
    EXPECT_EQ(r["5"]["result"]["structuredContent"]["text"], run->published[0].rendered_text);
    const auto& merged = r["6"]["result"];
    ASSERT_FALSE(merged["isError"].get<bool>()) << merged.dump();
    EXPECT_LE(merged["structuredContent"]["report"]["tokens"].get<size_t>(), 600u);
    // Malformed input: JSON-RPC errors, and the server keeps answering.
    ASSERT_EQ(null_ids.size(), 2u) << output;
    EXPECT_EQ(null_ids[0]["error"]["code"], kJsonRpcParseError);
    EXPECT_EQ(null_ids[1]["error"]["code"], kJsonRpcInvalidRequest);
    EXPECT_EQ(r["7"]["error"]["code"], kJsonRpcMethodNotFound);
    EXPECT_EQ(r["8"]["error"]["code"], kJsonRpcInvalidParams);
    EXPECT_TRUE(r["9"]["result"].is_object());
}

// The CLI over a real DSH session: fold, verify, search → recall, and a flipped byte.
TEST(Cli, FoldVerifySearchRecallOnADshSession) {
    const std::string log = std::string(SHARED_DATA_DIR) + "/sessions/dsh/apps__web__tests__snapshots__code-mode-round__session.jsonl";
    if (!std::filesystem::exists(log)) GTEST_SKIP() << "no shared DSH data";
    testing::TempDir dir;
    const std::string store = dir.path() + "/store";
    auto [fold_out, fold_rc] = run_child({BELIEFMERGE_BIN, "fold", log, "--store", store, "--retain-tokens", "0",
                                          "--leaf-tokens", "2000", "--min-reclaim", "1", "--created-at", "5", "--json"}, "");
    ASSERT_EQ(fold_rc, 0) << fold_out;
    auto folded = nlohmann::json::parse(fold_out);
    ASSERT_FALSE(folded[0]["checkpoints"].empty());
    EXPECT_TRUE(std::filesystem::exists(folded[0]["view"].get<std::string>()));
    auto [verify_out, verify_rc] = run_child({BELIEFMERGE_BIN, "verify", store}, "");
    EXPECT_EQ(verify_rc, 0) << verify_out;
    EXPECT_NE(verify_out.find(" 0 corrupt"), std::string::npos) << verify_out;
    // The session runs a tool named run_code: search finds it and the offset leads recall to it.
    auto [search_out, search_rc] = run_child({BELIEFMERGE_BIN, "search", store, "run_code", "--json"}, "");
    ASSERT_EQ(search_rc, 0) << search_out;
    auto hits = nlohmann::json::parse(search_out)["hits"];
    bool led = false;
    for (const auto& h : hits) {
        if (h["matchKind"] != "tool_name") continue;
        auto [recall_out, recall_rc] = run_child({BELIEFMERGE_BIN, "recall", store, h["checkpointId"].get<std::string>(), "--depth",
                                                  "exact", "--offset", std::to_string(h["messageIndex"].get<int64_t>()),
                                                  "--limit", "1", "--json"}, "");
        ASSERT_EQ(recall_rc, 0) << recall_out;
        auto page = nlohmann::json::parse(recall_out);
        auto names = archived_tool_names(page["messages"][0]);
        led = std::find(names.begin(), names.end(), "run_code") != names.end();
        // Flip a byte of that bundle: verify fails, recall refuses to serve it.
        BundleStore s(store);
        auto entry = s.find(h["checkpointId"].get<std::string>());
        ASSERT_TRUE(entry.has_value());
        std::string bytes = testing::slurp_file(entry->path);
        bytes[bytes.size() / 3] ^= 0x04;
        testing::write_file(entry->path, bytes);
        EXPECT_EQ(run_child({BELIEFMERGE_BIN, "verify", store}, "").second, 1);
        EXPECT_EQ(run_child({BELIEFMERGE_BIN, "recall", store, h["checkpointId"].get<std::string>(), "--depth", "exact"}, "").second, 1);
        break;
    }
    EXPECT_TRUE(led) << search_out;
    // Bad usage is exit 2 with a message, never a crash.
    EXPECT_EQ(run_child({BELIEFMERGE_BIN, "recall", store, "nonsense"}, "").second, 2);
    EXPECT_EQ(run_child({BELIEFMERGE_BIN, "fold", log}, "").second, 2);
}

// MCP merge_context read any path the client named, and its errors told whether a file existed.
// Now: only under --allow DIR and the client's roots, one refusal for everything else.
TEST(Mcp, MergeContextReadsOnlyUnderItsRootsAndRefusesAlikeWhetherOrNotAPathExists) {
    testing::TempDir dir;
    const std::string allowed = dir.path() + "/allowed", client = dir.path() + "/client", secret = dir.path() + "/secret";
    const std::string log = testing::slurp_file(std::string(DATA_DIR) + "/native/session.jsonl");
    for (const auto& d : {allowed, client, secret}) {
        std::filesystem::create_directories(d);
        testing::write_file(d + "/session.jsonl", log);
    }
    std::filesystem::create_symlink(secret + "/session.jsonl", allowed + "/link.jsonl");
    auto call = [](int id, const nlohmann::json& args) {
        return nlohmann::json{{"jsonrpc", "2.0"}, {"id", id}, {"method", "tools/call"},
                              {"params", {{"name", "merge_context"}, {"arguments", args}}}}.dump();
    };
    const std::vector<std::string> lines = {
        R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"roots":{"listChanged":true}}}})",
        R"({"jsonrpc":"2.0","method":"notifications/initialized"})",
        nlohmann::json{{"jsonrpc", "2.0"}, {"id", "roots-1"}, {"result", {{"roots", {{{"uri", "file://" + client}, {"name", "c"}}}}}}}.dump(),
        call(2, {{"budget", 600}, {"paths", {allowed + "/session.jsonl"}}}),
        call(3, {{"budget", 600}, {"paths", {client + "/session.jsonl"}}}),
        call(4, {{"budget", 600}, {"paths", {secret + "/session.jsonl"}}}),
        call(5, {{"budget", 600}, {"paths", {secret + "/no-such.jsonl"}}}),
        call(6, {{"budget", 600}, {"paths", {allowed + "/link.jsonl"}}}),
        call(7, {{"budget", 600}, {"paths", {allowed}}}),
        call(8, {{"budget", 600}, {"paths", {allowed + "/../secret/session.jsonl"}}}),
        call(9, {{"budget", 1000000000}, {"paths", {allowed + "/session.jsonl"}}}),
    };
    std::string input;
    for (const auto& l : lines) input += l + "\n";
    auto [output, status] = run_child({BELIEFMERGE_BIN, "mcp", "--store", dir.path() + "/store", "--allow", allowed}, input);
    EXPECT_EQ(status, 0);
    auto r = by_id(output, nullptr);
    ASSERT_TRUE(r.count("\"roots-1\"")) << "the server asks a client declaring roots for them: " << output;
    EXPECT_EQ(r["\"roots-1\""]["method"], "roots/list");
    EXPECT_FALSE(r["2"]["result"]["isError"].get<bool>()) << r["2"].dump();
    EXPECT_FALSE(r["3"]["result"]["isError"].get<bool>()) << "the client's roots are readable: " << r["3"].dump();
    // Outside every root, existing or not, through a symlink or "..": the same refusal.
    auto refusal = [&](const char* id, const std::string& path) {
        EXPECT_EQ(r[id]["error"]["code"], kJsonRpcInvalidParams) << r[id].dump();
        std::string text = r[id]["error"]["message"].get<std::string>();
        const size_t at = text.find(path);
        EXPECT_NE(at, std::string::npos) << text;
        if (at != std::string::npos) text.replace(at, path.size(), "PATH");
        return text;
    };
    const std::string exists = refusal("4", secret + "/session.jsonl");
    EXPECT_NE(exists.find("is not under a root this server may read"), std::string::npos) << exists;
    EXPECT_EQ(refusal("5", secret + "/no-such.jsonl"), exists);
    EXPECT_EQ(refusal("8", allowed + "/../secret/session.jsonl"), exists);
    EXPECT_EQ(r["6"]["error"]["code"], kJsonRpcInvalidParams) << "a symlink out of a root: " << r["6"].dump();
    EXPECT_EQ(r["7"]["error"]["code"], kJsonRpcInvalidParams) << "a root's directory walk meets the symlink: " << r["7"].dump();
    EXPECT_EQ(r["9"]["error"]["code"], kJsonRpcInvalidParams) << "budget over the cap: " << r["9"].dump();
}

TEST(Mcp, ClientRootsAreRequestedOnlyWhenDeclaredAndFileUrisDecoded) {
    McpServer server("t", "1");
    std::vector<std::string> got;
    server.on_client_roots([&](std::vector<std::string> roots) { got = std::move(roots); });
    server.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}})");
    server.handle_line(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
    EXPECT_TRUE(server.take_outgoing().empty());
    server.handle_line(R"({"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":{"roots":{}}}})");
    server.handle_line(R"({"jsonrpc":"2.0","method":"notifications/roots/list_changed"})");
    auto out = server.take_outgoing();
    ASSERT_EQ(out.size(), 1u);
    const auto request = nlohmann::json::parse(out[0]);
    EXPECT_EQ(request["method"], "roots/list");
    nlohmann::json reply = {{"jsonrpc", "2.0"}, {"id", request["id"]},
                            {"result", {{"roots", {{{"uri", "file:///home/a%20b/p"}}, {{"uri", "https://x/y"}}, {{"uri", "file://other/z"}}}}}}};
    EXPECT_FALSE(server.handle_line(reply.dump()).has_value());
    EXPECT_EQ(got, (std::vector<std::string>{"/home/a b/p"}));
    EXPECT_EQ(file_uri_path("file://localhost/etc"), "/etc");
    EXPECT_EQ(file_uri_path("file:///a%00b"), "");
}

// `search` on a mistyped folder created index.sqlite there and answered "no hits" with exit 0.
TEST(Cli, SearchAndRecallRefuseAFolderThatIsNotAStoreAndCreateNothing) {
    testing::TempDir dir;
    const std::string folder = dir.path() + "/not-a-store";
    std::filesystem::create_directories(folder);
    auto [search_out, search_rc] = run_child({BELIEFMERGE_BIN, "search", folder, "anything"}, "");
    EXPECT_EQ(search_rc, 2) << search_out;
    auto [recall_out, recall_rc] = run_child({BELIEFMERGE_BIN, "recall", folder, "ef0123456789abcdef0123456789abcd"}, "");
    EXPECT_EQ(recall_rc, 2) << recall_out;
    EXPECT_EQ(run_child({BELIEFMERGE_BIN, "search", dir.path() + "/missing", "x"}, "").second, 2);
    EXPECT_TRUE(std::filesystem::is_empty(folder)) << "nothing is created in a folder that is not a store";
    EXPECT_FALSE(std::filesystem::exists(dir.path() + "/missing"));
}

}  // namespace
}  // namespace bm
