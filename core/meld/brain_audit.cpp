// BrainAudit: brain.json, the Patch log verified row by row, and the state restored from what verifies.
#include "meld/brain_audit.h"

#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "meld/patch_log.h"

namespace bm::meld {

namespace {

// brain.json holds signing keys: refused, as ssh refuses a private key, when its group or others
// have any permission on it.
Status check_key_file_mode(const std::string& config) {
    struct stat st {};
    if (::stat(config.c_str(), &st) != 0 || (st.st_mode & 077) == 0) return {};
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
    return Error::invalid_input(std::string("holds signing keys but its permissions ") + mode +
                                    " let others read it; refused",
                                Location{config}, "chmod 600 " + config);
}

// A key directory shared by the brains of a federation (`meld init --directory FILE`), named by
// brain.json's "directory" as a path (relative to DIR); it holds keys, so it is checked like brain.json.
Result<KeyDirectory> read_directory_file(const std::string& dir, const std::string& name) {
    std::filesystem::path file(name);
    if (file.is_relative()) file = std::filesystem::path(dir) / file;
    const std::string path = file.string();
    std::ifstream in(path);
    if (!in) return Error::not_found("no key directory file", Location{path}, "run `beliefmerge meld init --directory FILE`");
    if (Status st = check_key_file_mode(path); !st.ok()) return st.error();
    std::stringstream ss;
    ss << in.rdbuf();
    auto j = nlohmann::json::parse(ss.str(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) return Error::invalid_input("not a JSON object", Location{path});
    return KeyDirectory::from_json(j, path);
}

}  // namespace

Result<BrainConfig> read_brain_config(const std::string& dir) {
    const std::string config = (std::filesystem::path(dir) / "brain.json").string();
    std::ifstream in(config);
    if (!in)
        return Error::not_found("no brain.json", Location{config},
                                "create DIR/brain.json with {\"id\", \"directory\"} (docs/meld.md)");
    if (Status st = check_key_file_mode(config); !st.ok()) return st.error();
    std::stringstream ss;
    ss << in.rdbuf();
    auto j = nlohmann::json::parse(ss.str(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) return Error::invalid_input("not a JSON object", Location{config});
    if (!j.contains("id") || !j["id"].is_string() || j["id"].get<std::string>().empty())
        return Error::invalid_input("missing or empty", Location{config, 0, -1, "id"}, "name the brain");
    if (!j.contains("directory")) return Error::invalid_input("missing", Location{config, 0, -1, "directory"});
    auto directory = j["directory"].is_string() ? read_directory_file(dir, j["directory"].get<std::string>())
                                                : KeyDirectory::from_json(j["directory"], config);
    if (!directory) return directory.error();
    BrainConfig out{j["id"].get<std::string>(), std::move(directory).value(), lexical_default_thresholds()};
    if (j.contains("thresholds")) {
        auto t = Thresholds::from_json(j["thresholds"], config);
        if (!t) return t.error();
        out.thresholds = *t;
    }
    return out;
}

size_t BrainAudit::failed() const {
    size_t n = 0;
    for (const auto& p : patches) n += p.verified ? 0 : 1;
    return n;
}

Result<BrainAudit> audit_brain_dir(const std::string& dir, std::shared_ptr<const SignalEngine> engine) {
    auto config = read_brain_config(dir);
    if (!config) return config.error();
    BrainAudit out;
    out.config = std::move(config).value();
    out.workspace = (std::filesystem::path(dir) / "workspace.bmws").string();
    out.brain = std::make_unique<Brain>(out.config.id, out.config.directory, out.config.thresholds, std::move(engine));
    std::error_code ec;
    if (!std::filesystem::exists(out.workspace, ec)) return out;  // no log yet: nothing admitted (and nothing created)
    auto log = PatchLog::open(out.workspace);
    if (!log) return log.error();
    auto rows = (*log)->audit(out.config.id, out.config.directory);
    if (!rows) return rows.error();
    out.patches = std::move(rows).value();
    for (PatchAudit& row : out.patches)
        if (row.verified)
            if (Status st = out.brain->apply(*row.patch); !st.ok()) row.apply_error = st.error().message();
    return out;
}

}  // namespace bm::meld
