// A Claude Code tool call the user rejected with a reason: the reason is read as the user's own words (session 19).
#include <gtest/gtest.h>

#include <string>

#include "conversation_log.h"
#include "extract/rejection_reason.h"

namespace bm {
namespace {

using extracttest::Log;

const std::string kRejected =
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the "
    "new_string was NOT written to the file). ";

TEST(RejectionReason, WhereTheUsersWordsStart) {
    const std::string said = kRejected + "To tell you how to proceed, the user said:\nrun only the unit tests";
    EXPECT_EQ(said.substr(user_rejection_reason(said)), "run only the unit tests");
    const std::string plan = kRejected + "The user provided the following reason for the rejection:  use esbuild";
    EXPECT_EQ(plan.substr(user_rejection_reason(plan)), "use esbuild");
    // No reason given, a reason nobody typed (over 4,000 bytes), or the words quoted inside some other output: none.
    EXPECT_EQ(user_rejection_reason(kRejected + "STOP what you are doing and wait for the user to tell you how to proceed."),
              std::string::npos);
    EXPECT_EQ(user_rejection_reason(kRejected + "To tell you how to proceed, the user said:\n  "), std::string::npos);
    EXPECT_EQ(user_rejection_reason(kRejected + "To tell you how to proceed, the user said:\n" + std::string(4001, 'x')),
              std::string::npos);
    EXPECT_EQ(user_rejection_reason("# notes\n" + kRejected + "To tell you how to proceed, the user said:\nx"),
              std::string::npos);
}

TEST(RejectionReason, TheReasonIsTheUsersRequest) {
    const std::string result = kRejected + "To tell you how to proceed, the user said:\nPlease create a file notes.md first";
    const Log log = Log().as(SessionFormat::kClaudeCode).call("Bash", R"({"command":"pytest"})", result, true);
    const Claim* c = log.first("user.request");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->value, "create a file notes.md first");
    EXPECT_EQ(c->evidence, EvidenceLevel::kUserStated);
    EXPECT_EQ(c->source.source_kind, "user");
    // The quote points into the tool result, past the notice.
    EXPECT_EQ(result.substr(static_cast<size_t>(c->quote_offset), c->quote.size()), c->quote);
    EXPECT_GT(c->quote_offset, static_cast<int64_t>(kRejected.size()));
    // The notice alone, without the user's words, gives no request.
    EXPECT_EQ(Log().as(SessionFormat::kClaudeCode).call("Bash", R"({"command":"pytest"})", kRejected, true).first("user.request"),
              nullptr);
}

}  // namespace
}  // namespace bm
