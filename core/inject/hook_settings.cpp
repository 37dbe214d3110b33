// Claude Code settings: parse, merge or remove BeliefMerge's hook, back up, write durably.
#include "inject/hook_settings.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "util/durable_write.h"

namespace bm {

namespace {

namespace fs = std::filesystem;
using ordered = nlohmann::ordered_json;

struct SettingsFile {
    bool exists = false;
    std::string bytes;
    ordered json = ordered::object();
    mode_t mode = 0644;
};

std::string backup_path(const std::string& path) {
    return path + ".beliefmerge.bak";
}

Result<std::string> read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error::io("cannot read " + path, Location{path});
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The line of byte `offset` in `text` (1-based), for parse errors.
int64_t line_of(const std::string& text, size_t offset) {
    int64_t line = 1;
    for (size_t i = 0; i < offset && i < text.size(); ++i) line += text[i] == '\n';
    return line;
}

Result<ordered> parse_settings(const std::string& path, const std::string& bytes) {
    if (bytes.find_first_not_of(" \t\r\n") == std::string::npos) return ordered::object();
    try {
        ordered j = ordered::parse(bytes);
        if (!j.is_object())
            return Error::invalid_input("the settings are not a JSON object", Location{path, 1},
                                        "fix the file first; it was not changed");
        return j;
    } catch (const nlohmann::json::parse_error& e) {
        return Error::invalid_input(
            std::string("the settings are not valid JSON: ") + e.what(),
            Location{path, line_of(bytes, e.byte), static_cast<int64_t>(e.byte)},
            "fix the file first; it was not changed");
    } catch (const nlohmann::json::exception& e) {  // e.g. a number out of range
        return Error::invalid_input(std::string("the settings cannot be read: ") + e.what(),
                                    Location{path}, "fix the file first; it was not changed");
    }
}

Result<SettingsFile> load(const std::string& path) {
    SettingsFile f;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return f;
    f.exists = true;
    f.mode = st.st_mode & 0777;
    auto bytes = read_bytes(path);
    if (!bytes) return bytes.error();
    f.bytes = std::move(bytes).value();
    auto j = parse_settings(path, f.bytes);
    if (!j) return j.error();
    f.json = std::move(j).value();
    return f;
}

// hooks.SessionStart, checked for the shape Claude Code documents; nullptr when absent.
Result<ordered*> session_start(const std::string& path, ordered& root) {
    auto hooks = root.find("hooks");
    if (hooks == root.end()) return static_cast<ordered*>(nullptr);
    if (!hooks->is_object())
        return Error::invalid_input("\"hooks\" is not an object", Location{path, 0, -1, "hooks"},
                                    "fix the file first; it was not changed");
    auto start = hooks->find("SessionStart");
    if (start == hooks->end()) return static_cast<ordered*>(nullptr);
    if (!start->is_array())
        return Error::invalid_input("\"hooks.SessionStart\" is not an array",
                                    Location{path, 0, -1, "hooks.SessionStart"},
                                    "fix the file first; it was not changed");
    for (const auto& group : *start)
        if (!group.is_object() || (group.contains("hooks") && !group["hooks"].is_array()))
            return Error::invalid_input("a \"hooks.SessionStart\" entry is not {\"hooks\": [...]}",
                                        Location{path, 0, -1, "hooks.SessionStart"},
                                        "fix the file first; it was not changed");
    return &*start;
}

bool is_ours(const ordered& hook) {
    return hook.is_object() && hook.contains("command") && hook["command"].is_string() &&
           is_beliefmerge_hook_command(hook["command"].get<std::string>());
}

bool has_ours(const ordered* start) {
    if (!start) return false;
    for (const auto& group : *start)
        if (group.contains("hooks"))
            for (const auto& hook : group["hooks"])
                if (is_ours(hook)) return true;
    return false;
}

std::string render(const ordered& j) {
    return j.dump(2) + "\n";
}

}  // namespace

bool is_beliefmerge_hook_command(const std::string& command) {
    return command.find("beliefmerge") != std::string::npos &&
           command.find(" hook claude-code") != std::string::npos;
}

Result<SettingsChange> install_claude_hook(const std::string& settings_path,
                                           const std::string& command) {
    auto file = load(settings_path);
    if (!file) return file.error();
    auto start = session_start(settings_path, file->json);
    if (!start) return start.error();
    if (has_ours(*start)) return SettingsChange::kUnchanged;
    ordered group = {{"hooks", ordered::array({ordered{
                                   {"type", "command"}, {"command", command}, {"timeout", 10}}})}};
    file->json["hooks"]["SessionStart"].push_back(std::move(group));
    std::error_code ec;
    const fs::path parent = fs::path(settings_path).parent_path();
    if (!parent.empty()) fs::create_directories(parent, ec);
    if (file->exists)
        if (auto st = write_file_durably(backup_path(settings_path), file->bytes, file->mode); !st)
            return st.error();
    if (auto st = write_file_durably(settings_path, render(file->json), file->mode); !st)
        return st.error();
    return SettingsChange::kChanged;
}

Result<SettingsChange> uninstall_claude_hook(const std::string& settings_path) {
    auto file = load(settings_path);
    if (!file) return file.error();
    auto found = session_start(settings_path, file->json);
    if (!found) return found.error();
    ordered* start = *found;
    if (!has_ours(start)) return SettingsChange::kUnchanged;
    ordered kept = ordered::array();
    for (auto& group : *start) {
        if (!group.contains("hooks")) {
            kept.push_back(group);
            continue;
        }
        ordered hooks = ordered::array();
        for (auto& hook : group["hooks"])
            if (!is_ours(hook)) hooks.push_back(hook);
        if (hooks.empty() && !group["hooks"].empty()) continue;  // the group held only our hook
        group["hooks"] = std::move(hooks);
        kept.push_back(group);
    }
    *start = std::move(kept);
    // What is left, read three ways: the containers install may have created (an empty
    // hooks.SessionStart, an empty hooks) kept because the original had them, or removed.
    const ordered both_kept = file->json;
    ordered& all = file->json["hooks"];
    if (start->empty()) all.erase("SessionStart");
    const ordered hooks_kept = file->json;
    if (all.empty()) file->json.erase("hooks");
    // Nothing else changed since install: put the original bytes back exactly.
    auto backup = read_bytes(backup_path(settings_path));
    if (backup) {
        auto before = parse_settings(backup_path(settings_path), *backup);
        if (before && (*before == file->json || *before == hooks_kept || *before == both_kept)) {
            if (auto st = write_file_durably(settings_path, *backup, file->mode); !st)
                return st.error();
            std::error_code ec;
            fs::remove(backup_path(settings_path), ec);
            return SettingsChange::kChanged;
        }
    } else if (file->json.empty()) {  // install created the file: remove it again
        std::error_code ec;
        fs::remove(settings_path, ec);
        return SettingsChange::kChanged;
    }
    if (auto st = write_file_durably(settings_path, render(file->json), file->mode); !st)
        return st.error();
    return SettingsChange::kChanged;
}

}  // namespace bm
