// The M1 transaction: protected and unknown outputs pass untouched, the artifact is durable and verified
// before any reduction, recall is exact, a corrupt artifact is never served, and a tool whose reduced
// digest does not survive is marked incompatible — persisted, so a new reducer refuses it too.
#include <gtest/gtest.h>

#include <fstream>

#include "../fold/fold_test_support.h"
#include "reduce/session_ingress.h"
#include "util/hash.h"

namespace bm {
namespace {

using testing::TempDir;

std::string long_log() {
    std::string out;
    for (int i = 0; i < 400; ++i) out += "step " + std::to_string(i) + " done\n";
    out += "src/x.c:3: error: boom\n";
    for (int i = 0; i < 100; ++i) out += "tail " + std::to_string(i) + "\n";
    return out;
}

TEST(Ingress, eligible_output_is_reduced_and_recalled_byte_for_byte) {
    TempDir dir;
    IngressReducer reducer(dir.path());
    ASSERT_TRUE(reducer.open().ok());
    const std::string raw = long_log() + std::string("\x00\xff binary tail", 14);
    auto out = reducer.reduce({"Bash", raw, false});
    ASSERT_TRUE(out.ok()) << out.error().to_string();
    ASSERT_EQ(out->decision, IngressDecision::kReduced) << out->reason;
    EXPECT_LT(out->text.size(), raw.size() / 4);
    EXPECT_NE(out->text.find("src/x.c:3: error: boom"), std::string::npos);
    const std::string header = out->text.substr(0, out->text.find('\n'));
    EXPECT_NE(header.find("art:" + sha256_hex(raw)), std::string::npos);
    EXPECT_EQ(out->reduced_digest, sha256_hex(out->text));
    auto back = reducer.recall(header);
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    EXPECT_EQ(*back, raw);
    // Identical output: the same artifact, the same reduced text (deterministic).
    auto again = reducer.reduce({"Bash", raw, false});
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->text, out->text);
}

TEST(Ingress, protected_and_unknown_outputs_pass_untouched_and_store_nothing) {
    TempDir dir;
    IngressReducer reducer(dir.path());
    ASSERT_TRUE(reducer.open().ok());
    const std::string raw = long_log();
    struct Case { ToolOutput output; IngressDecision want; };
    const Case cases[] = {
        {{"Bash", raw, true}, IngressDecision::kProtected},                         // error result
        {{"Bash", raw + "CVE-2024-1234 in openssl\n", false}, IngressDecision::kProtected},  // security finding
        {{"Task", raw, false}, IngressDecision::kProtected},                        // subagent final result
        {{"subagent", raw, false}, IngressDecision::kProtected},
        {{"semgrep", raw, false}, IngressDecision::kProtected},
        {{"Read", raw, false}, IngressDecision::kUnknown},                          // no profile
        {{"", raw, false}, IngressDecision::kUnknown},
        {{"Bash", "short\n", false}, IngressDecision::kTooSmall},
    };
    for (const auto& c : cases) {
        auto out = reducer.reduce(c.output);
        ASSERT_TRUE(out.ok());
        EXPECT_EQ(out->decision, c.want) << c.output.tool;
        EXPECT_EQ(out->text, c.output.text) << c.output.tool;
        EXPECT_TRUE(out->artifact_id.empty());
    }
    EXPECT_FALSE(std::filesystem::exists(dir.path() + "/artifacts"));
}

TEST(Ingress, nothing_is_reduced_when_the_artifact_cannot_be_made_durable) {
    TempDir dir;
    auto faulty = std::make_shared<FaultyFileEnv>(posix_file_env());
    IngressReducer reducer(dir.path(), {}, faulty);
    ASSERT_TRUE(reducer.open().ok());
    const std::string raw = long_log();
    // Each step of the artifact write fails once: mkdir, create, write, fsync, close, rename, directory
    // fsync, read-back (call 1, the probe for an existing copy, may fail: the write goes ahead).
    for (int64_t step = 2; step <= 9; ++step) {
        faulty->fail_at(step, false);
        auto out = reducer.reduce({"Bash", raw + std::to_string(step), false});
        EXPECT_FALSE(out.ok()) << "step " << step;
    }
    faulty->fail_at(-1, false);
    auto out = reducer.reduce({"Bash", raw, false});
    ASSERT_TRUE(out.ok());
    EXPECT_EQ(out->decision, IngressDecision::kReduced);
}

TEST(Ingress, a_corrupt_artifact_is_never_served_and_is_rewritten_by_the_next_put) {
    TempDir dir;
    IngressReducer reducer(dir.path());
    ASSERT_TRUE(reducer.open().ok());
    const std::string raw = long_log();
    auto out = reducer.reduce({"Bash", raw, false});
    ASSERT_TRUE(out.ok());
    const std::string path = reducer.artifacts().path_of(out->artifact_id);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << "tampered";
    auto back = reducer.recall("art:" + out->artifact_id);
    ASSERT_FALSE(back.ok());
    EXPECT_TRUE(back.error().is_corruption());
    ASSERT_TRUE(reducer.reduce({"Bash", raw, false}).ok());
    auto healed = reducer.recall("art:" + out->artifact_id);
    ASSERT_TRUE(healed.ok());
    EXPECT_EQ(*healed, raw);
}

TEST(Ingress, a_tool_whose_digest_does_not_survive_is_incompatible_and_persisted) {
    TempDir dir;
    const std::string raw = long_log();
    {
        IngressReducer reducer(dir.path());
        ASSERT_TRUE(reducer.open().ok());
        auto out = reducer.reduce({"Bash", raw, false});
        ASSERT_TRUE(out.ok());
        auto same = reducer.confirm(*out, out->text);
        ASSERT_TRUE(same.ok());
        EXPECT_TRUE(*same);
        EXPECT_TRUE(reducer.compatibility().finalization_verified("bash"));
        auto changed = reducer.confirm(*out, out->text + "\n[truncated by the harness]");
        ASSERT_TRUE(changed.ok());
        EXPECT_FALSE(*changed);
        auto next = reducer.reduce({"Bash", raw, false});
        ASSERT_TRUE(next.ok());
        EXPECT_EQ(next->decision, IngressDecision::kIncompatible);
        EXPECT_EQ(next->text, raw);
    }
    IngressReducer reopened(dir.path());  // a new process reads the verdict back
    ASSERT_TRUE(reopened.open().ok());
    EXPECT_TRUE(reopened.compatibility().is_incompatible("BASH"));
    auto out = reopened.reduce({"bash", raw, false});
    ASSERT_TRUE(out.ok());
    EXPECT_EQ(out->decision, IngressDecision::kIncompatible);
    auto other = reopened.reduce({"grep", raw, false});  // other tools are unaffected
    ASSERT_TRUE(other.ok());
    EXPECT_NE(other->decision, IngressDecision::kIncompatible);
}

TEST(Ingress, a_malformed_verdict_file_is_an_error_naming_it) {
    TempDir dir;
    std::ofstream(dir.path() + "/reduce-tools.json") << "{\"tools\": {\"bash\": {\"verified\": \"many\"}}}";
    IngressReducer reducer(dir.path());
    Status st = reducer.open();
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.error().to_string().find("reduce-tools.json"), std::string::npos);
}

Message tool_message(int64_t seq, BlockKind kind, const std::string& id, const std::string& name, const std::string& text,
                     const std::string& raw) {
    Message m;
    m.seq = seq;
    m.role = kind == BlockKind::kToolCall ? Role::kAssistant : Role::kTool;
    ContentBlock b;
    b.kind = kind;
    b.tool_id = id;
    b.tool_name = name;
    b.text = text;
    m.blocks.push_back(b);
    m.raw = CompressedBytes(raw);
    return m;
}

TEST(SessionIngress, reduces_results_whose_record_carries_the_output_and_marks_the_others_incompatible) {
    TempDir dir;
    IngressReducer reducer(dir.path());
    ASSERT_TRUE(reducer.open().ok());
    const std::string raw = long_log();
    Session s;
    s.id = "s1";
    s.messages.push_back(tool_message(1, BlockKind::kToolCall, "c1", "Bash", "", "{}"));
    // The record holds the output as one string: the reduction reaches the surface.
    s.messages.push_back(tool_message(2, BlockKind::kToolResult, "c1", "", raw, nlohmann::json{{"output", raw}}.dump()));
    s.messages.push_back(tool_message(3, BlockKind::kToolCall, "c2", "grep", "", "{}"));
    // The record holds it in pieces: the surface would still carry the raw output, so grep is incompatible.
    const std::string grep_out = [] {
        std::string g;
        for (int i = 0; i < 200; ++i) g += "src/a" + std::to_string(i) + ".c:2:hit " + std::string(300, 'x') + "\n";
        return g;
    }();
    s.messages.push_back(tool_message(4, BlockKind::kToolResult, "c2", "", grep_out,
                                      nlohmann::json{{"parts", {grep_out.substr(0, 100), grep_out.substr(100)}}}.dump()));
    const Session original = s;
    auto report = reduce_session_tool_outputs(s, reducer);
    ASSERT_TRUE(report.ok()) << report.error().to_string();
    ASSERT_EQ(report->outputs.size(), 2u);
    EXPECT_EQ(report->outputs[0].decision, IngressDecision::kReduced);
    EXPECT_NE(s.messages[1].blocks[0].text, raw);
    EXPECT_EQ(s.messages[1].raw.str().find("step 200 done"), std::string::npos);
    EXPECT_EQ(report->outputs[1].decision, IngressDecision::kIncompatible);
    EXPECT_FALSE(report->outputs[1].survived);
    EXPECT_EQ(s.messages[3].blocks[0].text, grep_out);  // kept as it was
    EXPECT_EQ(s.messages[3].raw.str(), original.messages[3].raw.str());
    EXPECT_EQ(report->newly_incompatible, 1);
    EXPECT_TRUE(reducer.compatibility().is_incompatible("grep"));
    auto back = reducer.recall(s.messages[1].blocks[0].text.substr(0, 120));
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(*back, raw);
}

}  // namespace
}  // namespace bm
