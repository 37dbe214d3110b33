// An OpenHands V1 conversation as the SDK keeps it on disk: `<conversation>/events/event-NNNNN-<id>.json`, one
// event a file; read in file-name order as one session named after the conversation directory.
#include <algorithm>
#include <filesystem>
#include <regex>

#include "ingest/openhands_events.h"
#include "util/hash.h"

namespace bm {

namespace fs = std::filesystem;

bool is_openhands_event_file(const std::string& path) {
    static const std::regex name(R"(event-\d{5}-[A-Za-z0-9-]+\.json)");
    const fs::path p(path);
    return p.parent_path().filename() == "events" && std::regex_match(p.filename().string(), name);
}

void read_openhands_event_dir(const std::string& dir, ReadContext& ctx) {
    std::vector<std::string> files;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
        if (is_openhands_event_file(it->path().string())) files.push_back(it->path().string());
    if (ec) {
        ctx.error(RecordPos{}, "", "cannot list the events directory: " + ec.message());
        return;
    }
    if (files.empty()) {
        ctx.error(RecordPos{}, "", "the events directory holds no event-NNNNN-<id>.json files", "nothing to import");
        return;
    }
    std::sort(files.begin(), files.end());
    OpenHandsBuilder b(ctx);
    int64_t total = 0;
    for (size_t i = 0; i < files.size(); ++i) {
        const RecordPos pos{static_cast<int64_t>(i) + 1, -1};
        const std::string name = fs::path(files[i]).filename().string();
        auto src = open_source(files[i], ctx.options().limits);
        auto text = src ? read_all(**src) : Result<std::string>(src.error());
        if (!text) {
            ctx.error(pos, name, "cannot read the event file: " + text.error().message());
            ctx.result().partial = true;
            continue;
        }
        total += static_cast<int64_t>(text->size());
        if (total > ctx.options().limits.max_input_bytes) {
            ctx.error(pos, name, "the conversation's events are over --max-input-bytes; the rest were not read");
            ctx.result().partial = true;
            break;
        }
        json doc;
        try {
            doc = json::parse(*text);
        } catch (const json::exception& e) {
            ctx.error(pos, name, "not valid JSON: " + describe_json_error(e), "the event file is truncated or damaged");
            ctx.result().partial = true;
            continue;
        }
        b.event(doc, pos, name, *text);
    }
    b.finish_as("openhands-" + fs::path(dir).parent_path().filename().string());
}

}  // namespace bm
