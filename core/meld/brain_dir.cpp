// BrainDir: brain.json, the workspace Patch log, restore on open.
#include "meld/brain_dir.h"

#include <filesystem>

#include "meld/brain_audit.h"

namespace bm::meld {

Result<BrainDir> BrainDir::open(const std::string& dir, std::shared_ptr<const SignalEngine> engine) {
    auto config = read_brain_config(dir);
    if (!config) return config.error();
    // The brain signs its own Patches: without a key they could never verify, and the next open
    // would refuse the whole log. Refused before the workspace is created.
    if (config->directory.key_for(config->id).empty())
        return Error::invalid_input("brain '" + config->id + "' has no key of its own in the directory, so its Patches could not be signed",
                                    Location{(std::filesystem::path(dir) / "brain.json").string(), 0, -1,
                                             "directory.brains." + config->id + ".key"},
                                    "add a key of at least 32 bytes for it: openssl rand -hex 32");
    auto log = PatchLog::open((std::filesystem::path(dir) / "workspace.bmws").string());
    if (!log) return log.error();
    BrainDir out;
    out.brain = std::make_unique<Brain>(config->id, config->directory, config->thresholds, std::move(engine));
    out.log = std::move(log).value();
    auto patches = out.log->load(out.brain->id(), config->directory);
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
