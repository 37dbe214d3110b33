// Claude Code tool round trips: tool_use inputs, tool_result content, toolUseResult, subagents.
#include <algorithm>

#include "claude_log.h"
#include "text_gen.h"

namespace bm::bench {

ClaudeLog::ToolUse ClaudeLog::make_tool_use(bool allow_task) {
    ToolUse u;
    u.id = "toolu_01" + alnum(m_rng, 22);
    const std::string path = "/home/dev/src/beliefmerge/" + source_path(m_rng);
    // Bash, Read, Edit, Grep equally; a subagent Task about once in 40 calls.
    const uint64_t r = m_rng.below(allow_task ? 41 : 40);
    switch (r == 40 ? 4 : r / 10) {
        case 0: {
            u.name = "Bash";
            u.input = {{"command", "ctest --test-dir build/dev -R " + alnum(m_rng, 6)},
                       {"description", prose(m_rng, 40)}};
            std::string out = shell_output(m_rng, m_rng.spread(3000));
            u.result_content = out;
            u.tool_use_result = {
                {"stdout", out}, {"stderr", ""}, {"interrupted", false}, {"isImage", false}};
            break;
        }
        case 1: {
            u.name = "Read";
            u.input = {{"file_path", path}};
            std::string text = code(m_rng, m_rng.spread(5000));
            u.result_content = numbered(text);
            const int64_t lines = static_cast<int64_t>(std::count(text.begin(), text.end(), '\n'));
            u.tool_use_result = {{"type", "text"},
                                 {"file",
                                  {{"filePath", path},
                                   {"content", text},
                                   {"numLines", lines},
                                   {"startLine", 1},
                                   {"totalLines", lines}}}};
            break;
        }
        case 2: {
            u.name = "Edit";
            const std::string old_s = code(m_rng, m_rng.spread(300)),
                              new_s = code(m_rng, m_rng.spread(300));
            u.input = {{"file_path", path},
                       {"old_string", old_s},
                       {"new_string", new_s},
                       {"replace_all", false}};
            u.result_content = "The file " + path +
                               " has been updated. Here's the result of running `cat -n`:\n" +
                               numbered(code(m_rng, 400));
            u.tool_use_result = {
                {"filePath", path},
                {"oldString", old_s},
                {"newString", new_s},
                {"originalFile", code(m_rng, m_rng.spread(4000))},
                {"structuredPatch",
                 ojson::array({{{"oldStart", 10},
                                {"oldLines", 3},
                                {"newStart", 10},
                                {"newLines", 4},
                                {"lines", ojson::array({"-" + old_s, "+" + new_s})}}})},
                {"userModified", false},
                {"replaceAll", false}};
            break;
        }
        case 3: {
            u.name = "Grep";
            u.input = {{"pattern", "read_" + alnum(m_rng, 5)},
                       {"path", "core"},
                       {"output_mode", "content"}};
            std::string out = shell_output(m_rng, m_rng.spread(1500));
            u.result_content = out;
            u.tool_use_result = {
                {"mode", "content"},
                {"numFiles", m_rng.range(1, 20)},
                {"filenames", ojson::array()},
                {"content", out},
                {"numLines", static_cast<int64_t>(std::count(out.begin(), out.end(), '\n'))}};
            break;
        }
        default: {
            u.name = "Task";
            u.input = {{"description", prose(m_rng, 30)},
                       {"prompt", prose(m_rng, m_rng.spread(600))},
                       {"subagent_type", "Explore"}};
            std::string report = prose(m_rng, m_rng.spread(1500));
            u.result_content = ojson::array({{{"type", "text"}, {"text", report}}});
            u.tool_use_result = {{"status", "completed"},
                                 {"prompt", u.input["prompt"]},
                                 {"content", u.result_content},
                                 {"totalDurationMs", m_rng.range(5000, 90000)},
                                 {"totalTokens", m_rng.range(5000, 90000)}};
            break;
        }
    }
    return u;
}

void ClaudeLog::sidechain(const std::string& prompt) {
    // A subagent's own chain: rooted at null, every line marked isSidechain.
    ojson first = envelope({}, true);
    first["type"] = "user";
    first["message"] = {{"role", "user"}, {"content", prompt}};
    std::string parent = finish(std::move(first), "user");
    const int64_t rounds = m_rng.range(2, 4);
    for (int64_t r = 0; r < rounds; ++r) {
        const std::string msg_id = "msg_01" + alnum(m_rng, 22);
        const std::string request_id = "req_011C" + alnum(m_rng, 20);
        ToolUse use = make_tool_use(false);
        parent = assistant_block(
            parent, true, msg_id, request_id,
            {{"type", "tool_use"}, {"id", use.id}, {"name", use.name}, {"input", use.input}});
        parent = tool_result(parent, true, use, parent);
    }
    assistant_block(parent, true, "msg_01" + alnum(m_rng, 22), "req_011C" + alnum(m_rng, 20),
                    {{"type", "text"}, {"text", prose(m_rng, m_rng.spread(800))}});
}

}  // namespace bm::bench
