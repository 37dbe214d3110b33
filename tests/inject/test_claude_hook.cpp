// Claude Code's side of the hook: the project folder name, the event JSON, the output JSON, and
// importing a project folder incrementally.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "inject/claude_hook.h"
#include "inject/claude_transcripts.h"
#include "store/approvals.h"

namespace bm {
namespace {

namespace fs = std::filesystem;

TEST(ClaudeHook, ProjectFolderNameWritesEveryNonAlphanumericByteAsADash) {
    EXPECT_EQ(claude_project_folder_name("/srv/shop"), "-srv-shop");
    EXPECT_EQ(claude_project_folder_name("/home/u/my.app_v2"), "-home-u-my-app-v2");
}

TEST(ClaudeHook, EventParsesTheDocumentedFields) {
    auto e = parse_claude_hook_event(
        R"({"session_id":"abc","transcript_path":"/t/abc.jsonl","cwd":"/srv/shop","permission_mode":"default",)"
        R"("hook_event_name":"SessionStart","source":"startup"})",
        "stdin");
    ASSERT_TRUE(e) << e.error().to_string();
    EXPECT_EQ(e->session_id, "abc");
    EXPECT_EQ(e->transcript_path, "/t/abc.jsonl");
    EXPECT_EQ(e->cwd, "/srv/shop");
    EXPECT_EQ(e->hook_event_name, "SessionStart");
    EXPECT_EQ(e->source, "startup");
}

TEST(ClaudeHook, BadEventsNameTheField) {
    auto not_json = parse_claude_hook_event("nope", "stdin");
    ASSERT_FALSE(not_json);
    EXPECT_NE(not_json.error().to_string().find("stdin"), std::string::npos);
    auto no_cwd = parse_claude_hook_event(R"({"hook_event_name":"SessionStart"})", "stdin");
    ASSERT_FALSE(no_cwd);
    EXPECT_NE(no_cwd.error().to_string().find("cwd"), std::string::npos);
    auto overflow = parse_claude_hook_event(
        R"({"hook_event_name":"SessionStart","cwd":"/a","n":1e400})", "stdin");
    ASSERT_FALSE(
        overflow);  // nlohmann throws here even when asked not to; found by fuzz_claude_hook
    EXPECT_NE(overflow.error().to_string().find("stdin"), std::string::npos);
    auto wrong_type =
        parse_claude_hook_event(R"({"hook_event_name":"SessionStart","cwd":7})", "stdin");
    ASSERT_FALSE(wrong_type);
    EXPECT_NE(wrong_type.error().to_string().find("\"cwd\" must be a string"), std::string::npos);
}

TEST(ClaudeHook, OutputCarriesTheBlockAsAdditionalContextAndTheNoticeAsSystemMessage) {
    Injection i;
    i.block = "<beliefmerge-context>\n- a = b\n</beliefmerge-context>\n";
    i.notice = "beliefmerge: injected";
    const auto j = nlohmann::json::parse(claude_session_start_output(i));
    EXPECT_EQ(j["hookSpecificOutput"]["hookEventName"], "SessionStart");
    EXPECT_EQ(j["hookSpecificOutput"]["additionalContext"], i.block);
    EXPECT_EQ(j["systemMessage"], i.notice);
    i.block.clear();
    const auto nothing = nlohmann::json::parse(claude_session_start_output(i));
    EXPECT_FALSE(nothing.contains("hookSpecificOutput"));
}

TEST(ClaudeHook, AProjectFolderIsImportedOnceAndAgainOnlyWhenAFileChanges) {
    const fs::path dir =
        fs::temp_directory_path() / ("bm-claude-import-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "proj");
    const std::string workspace = (dir / "w.bmws").string();
    const std::string rewind = std::string(DATA_DIR) + "/claude-code/rewind.jsonl";
    fs::copy_file(rewind, dir / "proj" / "a.jsonl");
    fs::copy_file(rewind, dir / "proj" / "current.jsonl");
    std::ofstream(dir / "proj" / "notes.txt") << "not a transcript";
    auto first = import_project_transcripts(workspace, (dir / "proj").string(),
                                            (dir / "proj" / "current.jsonl").string());
    ASSERT_TRUE(first) << first.error().to_string();
    EXPECT_EQ(first->imported, std::vector<std::string>{(dir / "proj" / "a.jsonl").string()});
    auto second = import_project_transcripts(workspace, (dir / "proj").string(), "");
    ASSERT_TRUE(second);
    EXPECT_EQ(second->unchanged, std::vector<std::string>{(dir / "proj" / "a.jsonl").string()});
    EXPECT_EQ(second->imported,
              std::vector<std::string>{(dir / "proj" / "current.jsonl").string()});
    std::ofstream(dir / "proj" / "a.jsonl", std::ios::app) << "\n";
    auto third = import_project_transcripts(workspace, (dir / "proj").string(), "");
    ASSERT_TRUE(third);
    EXPECT_EQ(third->imported, std::vector<std::string>{(dir / "proj" / "a.jsonl").string()});
    auto missing = import_project_transcripts(workspace, (dir / "nowhere").string(), "");
    ASSERT_TRUE(missing);
    EXPECT_TRUE(missing->imported.empty());
    fs::remove_all(dir);
}

}  // namespace
}  // namespace bm
