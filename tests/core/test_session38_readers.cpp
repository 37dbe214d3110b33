// Reader gaps seen on session 38's fresh logs: Gemini CLI's error report of a failed request.
#include <gtest/gtest.h>

#include "core/test_support.h"
#include "ingest/ingest.h"

namespace bm {
namespace {

using testing::describe;

// gemini-client-error-*.json: the request's history in `context`, read as a saved chat's history.
TEST(Session38Readers, AGeminiErrorReportIsReadAsTheHistoryItSent) {
    const std::string report = R"({
  "error": {"message": "got status: UNAVAILABLE. The model is overloaded.", "stack": "ApiError: …"},
  "context": [
    {"role": "user", "parts": [{"text": "Add a booking form to the plugin."}]},
    {"role": "model", "parts": [{"text": "I will look for the existing booking files."},
                                {"functionCall": {"name": "glob", "args": {"pattern": "**/booking*"}}}]},
    {"role": "user", "parts": [{"functionResponse": {"name": "glob", "response": {"output": "Found 2 files"}}}]}
  ]
})";
    ReadResult r = read_bytes(report, "gemini-client-error.json");
    EXPECT_EQ(r.format, "gemini-checkpoint");
    ASSERT_EQ(r.sessions.size(), 1u) << describe(r);
    EXPECT_TRUE(r.errors.empty()) << describe(r);
    const Session& s = r.sessions[0];
    ASSERT_EQ(s.messages.size(), 3u) << describe(r);
    EXPECT_EQ(s.messages[0].visible_text(), "Add a booking form to the plugin.");
    EXPECT_EQ(s.messages[0].role, Role::kUser);
    EXPECT_EQ(summarize(s).tool_calls_paired, 1);
    // An object with an error but no history array is not one.
    EXPECT_NE(read_bytes(R"({"error": {"message": "x"}, "context": "none"})", "e.json").format, "gemini-checkpoint");
}

}  // namespace
}  // namespace bm
