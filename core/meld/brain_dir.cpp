// BrainDir: brain.json, the workspace Patch log, restore on open.
#include "meld/brain_dir.h"

#include <sys/stat.h>

#include <cstdio>

#include <filesystem>
#include <fstream>
#include <sstream>

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

Result<BrainDir> BrainDir::open(const std::string& dir, std::shared_ptr<const SignalEngine> engine) {
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
    Thresholds thresholds = lexical_default_thresholds();
    if (j.contains("thresholds")) {
        auto t = Thresholds::from_json(j["thresholds"], config);
        if (!t) return t.error();
        thresholds = *t;
    }
    // The brain signs its own Patches: without a key they could never verify, and the next open
    // would refuse the whole log. Refused before the workspace is created.
    const std::string id = j["id"].get<std::string>();
    if (directory->key_for(id).empty())
        return Error::invalid_input("brain '" + id + "' has no key of its own in the directory, so its Patches could not be signed",
                                    Location{config, 0, -1, "directory.brains." + id + ".key"},
                                    "add a key of at least 32 bytes for it: openssl rand -hex 32");
    auto log = PatchLog::open((std::filesystem::path(dir) / "workspace.bmws").string());
    if (!log) return log.error();
    BrainDir out;
    out.brain = std::make_unique<Brain>(j["id"].get<std::string>(), *directory, thresholds, std::move(engine));
    out.log = std::move(log).value();
    auto patches = out.log->load(out.brain->id(), *directory);
    if (!patches) return patches.error();
    if (Status st = restore(*out.brain, *patches); !st.ok()) return st.error();
    return out;
}

Result<Admission> BrainDir::admit(const Delta& delta) {
    Admission a = brain->receive(delta);
    if (a.patch)
        if (Status st = log->append(*a.patch); !st.ok()) return st.error();
    return a;
}

Result<std::vector<Admission>> BrainDir::admit_all(std::span<const Delta> deltas) {
    std::vector<Admission> admitted = brain->receive_all(deltas);
    Transaction tx(log->db());
    if (!tx.begun().ok()) return tx.begun().error();
    for (const Admission& a : admitted)
        if (a.patch)
            if (Status st = log->append(*a.patch); !st.ok()) return st.error();
    if (Status st = tx.commit(); !st.ok()) return st.error();
    return admitted;
}

}  // namespace bm::meld
