// An OpenHands V1 conversation as the SDK keeps it on disk: `<conversation>/events/event-NNNNN-<id>.json`, one
// event a file; read in file-name order as one session named after the conversation directory.
#include <algorithm>
#include <filesystem>
#include <regex>
#include <utility>

#include "ingest/openhands_events.h"
#include "util/hash.h"

namespace bm {

namespace fs = std::filesystem;

bool is_openhands_event_file(const std::string& path) {
    static const std::regex name(R"(event-\d{5,}-[A-Za-z0-9-]+\.json)");  // {idx:05d}: wider past 99999
    const fs::path p(path);
    return p.parent_path().filename() == "events" && std::regex_match(p.filename().string(), name);
}

std::vector<std::string> openhands_event_files(const std::string& dir, std::error_code& ec) {
    std::vector<std::pair<size_t, std::string>> found;  // (width of the event number, path): event order
    for (fs::directory_iterator it(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
        std::error_code type_ec;
        if (it->symlink_status(type_ec).type() != fs::file_type::regular) continue;
        const std::string path = it->path().string();
        if (!is_openhands_event_file(path)) continue;
        const std::string name = it->path().filename().string();
        found.emplace_back(name.find('-', 6) - 6, path);
    }
    std::sort(found.begin(), found.end());
    std::vector<std::string> files;
    for (auto& f : found) files.push_back(std::move(f.second));
    return files;
}

void read_openhands_event_dir(const std::string& dir, ReadContext& ctx) {
    std::error_code ec;
    const std::vector<std::string> files = openhands_event_files(dir, ec);
    if (ec) {
        ctx.error(RecordPos{}, "", "cannot list the events directory: " + ec.message());
        return;
    }
    if (files.empty()) {
        ctx.error(RecordPos{}, "", "the events directory holds no event-NNNNN-<id>.json files", "nothing to import");
        return;
    }
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
    fs::path events(dir);
    if (!events.has_filename()) events = events.parent_path();  // "conv/events/" names the same folder
    b.finish_as("openhands-" + events.parent_path().filename().string());
}

}  // namespace bm
