// OpenHands evaluation output (output.jsonl): one benchmark instance per line, each holding its
// whole event `history`; every line becomes a session named after its instance_id (openhands-resolver's output: one
// issue a line, named after the issue's number).
#include "ingest/openhands_events.h"
#include "redact/redactor.h"

namespace bm {

namespace {

constexpr size_t kErrorQuoteChars = 200;  // of an instance's `error`, quoted in the warning

// An openhands-resolver output line (one issue a line, no instance_id; session 33).
bool resolver_line(const json& line) {
    return line.contains("issue_type") || line.contains("base_commit") || line.contains("git_patch");
}

// The instance id as written (a string, or a number as its decimal text); for an openhands-resolver line, which has
// none, "issue-<number>" from its `issue`; empty when absent.
std::string instance_id(ReadContext& ctx, const json& line, RecordPos pos) {
    auto it = line.find("instance_id");
    if (it == line.end()) {
        const auto issue = line.find("issue");
        if (issue != line.end() && issue->is_object())
            if (const auto n = issue->find("number"); n != issue->end() && n->is_number_integer())
                return "issue-" + std::to_string(n->get<int64_t>());
        return {};
    }
    if (it->is_number_integer()) return std::to_string(it->get<int64_t>());
    return ctx.str(line, "instance_id", pos, "instance_id").value_or("");
}

void read_instance(ReadContext& ctx, const json& line, RecordPos pos) {
    std::string id = instance_id(ctx, line, pos);
    if (id.empty()) {
        if (line.contains("instance_id") || !resolver_line(line))
            ctx.warning(pos, "instance_id", "instance has no instance_id; named after its line",
                        "OpenHands writes instance_id on every output line");
        else  // openhands-resolver's line: its issue names it
            ctx.warning(pos, "issue.number", "resolver output line has no issue number; named after its line",
                        "openhands-resolver writes the issue it worked on as `issue` ({\"number\", …})");
        id = "line" + std::to_string(pos.line);
    }
    auto found = line.find("history");
    const json* history = found != line.end() && found->is_array() ? &*found : nullptr;
    if (!history) {
        ctx.error(pos, "history", "instance '" + id + "' has no history array of events; skipped");
        ctx.result().partial = true;
        return;
    }
    OpenHandsBuilder builder(ctx);
    for (size_t i = 0; i < history->size(); ++i) {
        const json& item = (*history)[i];
        const std::string path = "history[" + std::to_string(i) + "]";
        if (item.is_array()) {  // before 0.10: [action, observation] pairs
            for (size_t k = 0; k < item.size(); ++k)
                builder.event(item[k], pos, path + "[" + std::to_string(k) + "]", {});
        } else {
            builder.event(item, pos, path, {});
        }
    }
    if (auto error = line.find("error"); error != line.end() && error->is_string() && !error->empty()) {
        std::string text = redact(error->get<std::string>());
        if (text.size() > kErrorQuoteChars) text = text.substr(0, kErrorQuoteChars) + "...";
        ctx.warning(pos, "error", "instance '" + id + "' ended with an error: " + text,
                    "its history up to the error was read");
    }
    builder.finish_as("openhands-" + id, pos);
}

}  // namespace

bool is_openhands_instance(const json& first_line) {
    return (first_line.contains("instance_id") || resolver_line(first_line)) && first_line.contains("history");
}

void read_openhands_eval(ByteSource& source, ReadContext& ctx) {
    int64_t instances = 0;
    for_each_line(source, ctx, [&](const Line& line) {
        auto v = ctx.parse_line(line);
        if (!v) return;
        ++instances;
        read_instance(ctx, *v, RecordPos{line.number, line.offset});
    });
    if (instances == 0 && ctx.result().errors.empty())
        ctx.error(RecordPos{1, 0}, "", "file has no evaluation instances: it is empty");
}

}  // namespace bm
