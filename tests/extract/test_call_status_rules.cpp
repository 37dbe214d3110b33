// Session 17 (x18chat): a chat call that acts, confirmed by a bare status word (action.call_status), and a
// file tool's path that climbs to a sibling folder ("../bot/main.py").
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "conversation_log.h"

namespace bm {
namespace {

using extracttest::Log;
using V = std::vector<std::string>;

TEST(CallStatusRules, ActingCallConfirmedByStatusWord) {
    EXPECT_EQ(Log().as(SessionFormat::kOpenAiChat)
                  .call("execute_refund", R"({"item_id":"item_00000","reason":"return"})", "\"Success\"")
                  .claims("action.call_status"),
              V{"execute_refund.item_00000.result = Success"});
    // Two ids: the function alone keys it.
    EXPECT_EQ(Log().as(SessionFormat::kOpenAiChat)
                  .call("apply_discount", R"({"order_id":"W1","coupon_id":"C2"})", "done.")
                  .claims("action.call_status"),
              V{"apply_discount.result = done"});
}

TEST(CallStatusRules, JsonAnswerSayingItSucceeded) {
    EXPECT_EQ(Log().as(SessionFormat::kOpenAiChat)
                  .call("create_calendar_event", R"({"title":"Team Meeting","date":"2026-02-13"})",
                        R"({"success": true, "event_id": "evt_12345", "message": "Event created successfully"})")
                  .claims("action.call_status"),
              V{"create_calendar_event.result = success"});
    // false, an error member beside it, a path argument (the file rules'), a status member (record_changed's): none.
    auto none = [](const std::string& tool, const std::string& args, const std::string& result) {
        return Log().as(SessionFormat::kOpenAiChat).call(tool, args, result).claims("action.call_status").empty();
    };
    EXPECT_TRUE(none("create_ticket", R"({"title":"x"})", R"({"success": false, "message": "quota"})"));
    EXPECT_TRUE(none("create_ticket", R"({"title":"x"})", R"({"success": true, "error": "partial"})"));
    EXPECT_TRUE(none("write_file", R"({"path":"a.txt","content":"x"})", R"({"ok": true, "bytes": 1})"));
    EXPECT_TRUE(none("cancel_order", R"({"order_id":"W1"})", R"({"order_id":"W1","status":"cancelled"})"));
    EXPECT_TRUE(none("create_ticket", R"({"title":"x"})", R"({"success": "yes"})"));
}

TEST(CallStatusRules, NoStatusWordNoReadNoHandoffNoError) {
    auto none = [](const std::string& tool, const std::string& args, const std::string& result) {
        return Log().as(SessionFormat::kOpenAiChat).call(tool, args, result).claims("action.call_status").empty();
    };
    EXPECT_TRUE(none("execute_refund", R"({"item_id":"i1"})", "Error: item not found"));
    EXPECT_TRUE(none("execute_refund", R"({"item_id":"i1"})", "Refund of $20 issued."));
    EXPECT_TRUE(none("execute_refund", R"({"item_id":"i1"})", R"({"status":"success"})"));  // record_changed's
    EXPECT_TRUE(none("get_order_status", R"({"order_id":"W1"})", "\"completed\""));
    EXPECT_TRUE(none("check_availability", "{}", "OK"));
    EXPECT_TRUE(none("transfer_to_refunds_agent", "{}", "Done"));
    EXPECT_TRUE(none("send_message", R"({"message":"hi"})", "sent"));
    EXPECT_TRUE(none("bash", R"({"command":"make"})", "ok"));  // one word: a shell, not a named function
    EXPECT_TRUE(none("execute_refund", R"({"item_id":"i1"})", "not ok"));
    EXPECT_TRUE(Log().as(SessionFormat::kOpenAiChat)
                    .call("execute_refund", R"({"item_id":"i1"})", "Success", true)
                    .claims("action.call_status").empty());
}

TEST(CallStatusRules, AnMcpToolIsJudgedByItsOwnNameAndKeyedByServerAndTool) {
    auto claims = [](const std::string& tool, const std::string& args, const std::string& result) {
        return Log().as(SessionFormat::kClaudeCode).call(tool, args, result).claims("action.call_status");
    };
    // An MCP call that reads or routes says nothing was done, whatever its namespace: none.
    EXPECT_TRUE(claims("mcp__github__get_issue", R"({"owner":"o","repo":"r","issue_number":7})", "OK").empty());
    EXPECT_TRUE(claims("mcp__fs__read_text_file", R"({"uri":"x"})", "ok").empty());
    EXPECT_TRUE(claims("mcp__linear__list_issues", "{}", "\"Success\"").empty());
    EXPECT_TRUE(claims("mcp__mcpproxy__retrieve_tools", R"({"query":"x"})", "OK").empty());
    EXPECT_TRUE(claims("github__search_code", R"({"q":"x"})", "ok").empty());  // Codex: `<server>__<tool>`
    EXPECT_TRUE(claims("github.get_issue", "{}", "OK").empty());
    EXPECT_TRUE(claims("mcp__slack__post", R"({"text":"hi"})", "OK").empty());  // its own name is one word
    // One that acts: the key names server and tool.
    EXPECT_EQ(claims("mcp__github__create_issue", R"({"title":"Login fails"})", "OK"), V{"github.create_issue.result = OK"});
    EXPECT_EQ(claims("mcp__claude-in-chrome__close_tab", R"({"tab_id":"t9"})", "done"),
              V{"claude-in-chrome.close_tab.t9.result = done"});
    EXPECT_EQ(claims("jira__create_ticket", R"({"title":"x"})", "Success"), V{"jira.create_ticket.result = Success"});
    EXPECT_EQ(claims("jira/create_ticket", R"({"title":"x"})", "Success"), V{"jira.create_ticket.result = Success"});
}

TEST(CallStatusRules, SiblingFolderPathKeepsItsClimb) {
    EXPECT_EQ(Log().as(SessionFormat::kOpenAiChat)
                  .call("write_file", R"({"content":"x","file_path":"../discord_bot/config.py"})",
                        "[OK] Fichier '../discord_bot/config.py' ecrit. Backup cree si le fichier existait.")
                  .claims("action.file_created"),
              V{"file.../discord_bot/config.py = created"});
    // ".." inside a path, or a climb with nothing after it: no key.
    EXPECT_TRUE(Log().call("write_file", R"({"file_path":"src/../../etc/passwd"})", "ok").claims("action.file_created").empty());
    EXPECT_TRUE(Log().call("write_file", R"({"file_path":"../"})", "ok").claims("action.file_created").empty());
}

}  // namespace
}  // namespace bm
