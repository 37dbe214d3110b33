// `hook install` / `hook uninstall` on Claude Code settings: merged beside other hooks, never
// clobbering them; install then uninstall is byte-identical; a damaged file is refused untouched.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "core/test_support.h"
#include "inject/hook_settings.h"

namespace bm {
namespace {

namespace fs = std::filesystem;

// Settings as a user might keep them: other hooks (a SessionStart one too), odd spacing, no final
// newline.
const char* kOtherHooks = R"json({
    "model": "opus",
    "hooks": {
        "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "audit.sh" } ] } ],
        "SessionStart": [ { "matcher": "startup", "hooks": [ { "type": "command", "command": "cat notes.md" } ] } ]
    },
    "permissions": {"allow": ["Bash(ls:*)"]}
})json";
const std::string kCommand = "'/usr/bin/beliefmerge' hook claude-code --workspace '/home/u/w.bmws'";

class HookSettings : public ::testing::Test {
protected:
    void SetUp() override {
        dir = fs::temp_directory_path() /
              ("bm-settings-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
        path = (dir / ".claude" / "settings.json").string();
    }
    void TearDown() override { fs::remove_all(dir); }
    void write(const std::string& text) {
        fs::create_directories(fs::path(path).parent_path());
        std::ofstream(path, std::ios::binary) << text;
    }
    fs::path dir;
    std::string path;
};

TEST_F(HookSettings, InstallThenUninstallLeavesTheFileByteIdentical) {
    write(kOtherHooks);
    auto in = install_claude_hook(path, kCommand);
    ASSERT_TRUE(in) << in.error().to_string();
    EXPECT_EQ(*in, SettingsChange::kChanged);
    EXPECT_NE(testing::slurp(path), kOtherHooks);
    auto out = uninstall_claude_hook(path);
    ASSERT_TRUE(out) << out.error().to_string();
    EXPECT_EQ(*out, SettingsChange::kChanged);
    EXPECT_EQ(testing::slurp(path), kOtherHooks);
}

TEST_F(HookSettings, EmptyHookContainersTheFileHadAreGivenBackToo) {
    for (const std::string& original :
         {std::string(R"({"hooks": {}})"), std::string(R"({"hooks": {"SessionStart": []}})"),
          std::string("  \n"), std::string("{}"), std::string(R"({"hooks": {"Stop": []}})")}) {
        write(original);
        ASSERT_TRUE(install_claude_hook(path, kCommand));
        ASSERT_TRUE(uninstall_claude_hook(path));
        EXPECT_EQ(testing::slurp(path), original);
    }
}

TEST_F(HookSettings, InstallKeepsEveryOtherHookAndAddsOneGroup) {
    write(kOtherHooks);
    ASSERT_TRUE(install_claude_hook(path, kCommand));
    const auto j = nlohmann::json::parse(testing::slurp(path));
    EXPECT_EQ(j["model"], "opus");
    EXPECT_EQ(j["hooks"]["PreToolUse"][0]["hooks"][0]["command"], "audit.sh");
    ASSERT_EQ(j["hooks"]["SessionStart"].size(), 2u);
    EXPECT_EQ(j["hooks"]["SessionStart"][0]["hooks"][0]["command"], "cat notes.md");
    EXPECT_EQ(j["hooks"]["SessionStart"][1]["hooks"][0]["command"], kCommand);
    EXPECT_EQ(j["hooks"]["SessionStart"][1]["hooks"][0]["type"], "command");
    EXPECT_EQ(testing::slurp(path + ".beliefmerge.bak"), kOtherHooks);
}

TEST_F(HookSettings, InstallingTwiceChangesNothing) {
    write(kOtherHooks);
    ASSERT_TRUE(install_claude_hook(path, kCommand));
    const std::string once = testing::slurp(path);
    auto again = install_claude_hook(path, kCommand);
    ASSERT_TRUE(again);
    EXPECT_EQ(*again, SettingsChange::kUnchanged);
    EXPECT_EQ(testing::slurp(path), once);
}

TEST_F(HookSettings, AHookAddedAfterInstallSurvivesUninstall) {
    write(kOtherHooks);
    ASSERT_TRUE(install_claude_hook(path, kCommand));
    auto j = nlohmann::ordered_json::parse(testing::slurp(path));
    j["hooks"]["Stop"] = nlohmann::ordered_json::array(
        {{{"hooks", {{{"type", "command"}, {"command", "say done"}}}}}});
    write(j.dump(2));
    ASSERT_TRUE(uninstall_claude_hook(path));
    const auto after = nlohmann::json::parse(testing::slurp(path));
    EXPECT_EQ(after["hooks"]["Stop"][0]["hooks"][0]["command"], "say done");
    ASSERT_EQ(after["hooks"]["SessionStart"].size(), 1u);
    EXPECT_EQ(after["hooks"]["SessionStart"][0]["hooks"][0]["command"], "cat notes.md");
    EXPECT_EQ(testing::slurp(path).find("hook claude-code"), std::string::npos);
}

TEST_F(HookSettings, InstallIntoNoFileCreatesItAndUninstallRemovesIt) {
    ASSERT_TRUE(install_claude_hook(path, kCommand));
    EXPECT_TRUE(fs::exists(path));
    ASSERT_TRUE(uninstall_claude_hook(path));
    EXPECT_FALSE(fs::exists(path));
}

TEST_F(HookSettings, ADamagedFileIsRefusedUntouchedNamingTheLine) {
    const std::string damaged = "{\n  \"hooks\": {\n    \"SessionStart\": [,]\n  }\n}\n";
    write(damaged);
    auto in = install_claude_hook(path, kCommand);
    ASSERT_FALSE(in);
    EXPECT_NE(in.error().to_string().find(path + ":3"), std::string::npos)
        << in.error().to_string();
    EXPECT_EQ(testing::slurp(path), damaged);
    EXPECT_FALSE(fs::exists(path + ".beliefmerge.bak"));
}

TEST_F(HookSettings, ANumberOutOfRangeIsRefusedUntouched) {
    const std::string huge = R"({"cleanupPeriodDays": 1e400})";
    write(huge);
    auto in = install_claude_hook(path, kCommand);
    ASSERT_FALSE(in);
    EXPECT_NE(in.error().to_string().find(path), std::string::npos);
    EXPECT_EQ(testing::slurp(path), huge);
}

TEST_F(HookSettings, HooksOfAnotherShapeAreRefusedUntouched) {
    const std::string odd = R"({"hooks": {"SessionStart": "cat notes.md"}})";
    write(odd);
    auto in = install_claude_hook(path, kCommand);
    ASSERT_FALSE(in);
    EXPECT_NE(in.error().to_string().find("hooks.SessionStart"), std::string::npos);
    EXPECT_EQ(testing::slurp(path), odd);
}

TEST_F(HookSettings, UninstallWithoutOurHookTouchesNothing) {
    write(kOtherHooks);
    auto out = uninstall_claude_hook(path);
    ASSERT_TRUE(out);
    EXPECT_EQ(*out, SettingsChange::kUnchanged);
    EXPECT_EQ(testing::slurp(path), kOtherHooks);
}

}  // namespace
}  // namespace bm
