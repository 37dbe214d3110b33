// export_bundles: verify, then copy the stored bytes and the commit record verbatim.
#include "fold/bundle_export.h"

#include <set>

namespace bm {

namespace {

std::string file_name(const std::string& path) {
    const size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Copies `from` to `dir`/<same name>; refuses to replace a different file. Returns the new path.
Result<std::string> copy_verbatim(FileEnv& env, const std::string& from, const std::string& dir) {
    auto bytes = env.read_file(from);
    if (!bytes.ok()) return bytes.error();
    const std::string to = dir + "/" + file_name(from);
    if (env.exists(to)) {
        auto there = env.read_file(to);
        if (!there.ok()) return there.error();
        if (*there != *bytes) return Error::refused(to + " exists with other bytes; not replaced");
        return to;
    }
    Status st = env.make_dirs(dir);
    if (!st.ok()) return st.error();
    st = write_file_atomically(env, to, *bytes);
    if (!st.ok()) return st.error();
    return to;
}

}  // namespace

size_t ExportReport::copied() const {
    size_t n = 0;
    for (const auto& b : bundles) n += b.copied_to.empty() ? 0 : 1;
    return n;
}

nlohmann::json ExportReport::to_json() const {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& b : bundles) {
        nlohmann::json j = {{"checkpointId", b.entry.checkpoint_id}, {"sessionId", b.entry.session_id},
                            {"source", b.entry.path}, {"state", verify_state_name(b.state)}};
        if (!b.reason.empty()) j["reason"] = b.reason;
        if (!b.copied_to.empty()) j["copiedTo"] = b.copied_to;
        list.push_back(std::move(j));
    }
    return {{"destination", destination}, {"copied", copied()}, {"refused", bundles.size() - copied()}, {"bundles", list}};
}

namespace {

// `entries` with, before each V2 bundle, the bases its state is rebuilt from (up to one that
// stores the full state), each once: an exported V2 bundle verifies at the destination.
std::vector<BundleEntry> with_state_bases(BundleStore& store, const std::vector<BundleEntry>& entries) {
    std::set<std::string> seen;
    std::vector<BundleEntry> out;
    for (const auto& entry : entries) {
        std::vector<BundleEntry> bases;
        for (std::string id = entry.checkpoint_id; bases.size() <= kStateKeyframeInterval;) {
            auto b = store.read(entry.session_id, id);
            if (!b.ok() || !b->state_base || b->state_full_stored) break;
            auto base = store.find(*b->state_base);
            if (!base || seen.count(base->checkpoint_id)) break;
            bases.push_back(*base);
            id = base->checkpoint_id;
        }
        for (auto it = bases.rbegin(); it != bases.rend(); ++it)
            if (seen.insert(it->checkpoint_id).second) out.push_back(*it);
        if (seen.insert(entry.checkpoint_id).second) out.push_back(entry);
    }
    return out;
}

}  // namespace

ExportReport export_bundles(BundleStore& store, const std::vector<BundleEntry>& selected, const std::string& destination,
                            FileEnv& env) {
    ExportReport report;
    report.destination = destination;
    for (const auto& entry : with_state_bases(store, selected)) {
        ExportedBundle out;
        out.entry = entry;
        Verification v = store.verify(entry);
        out.state = v.state;
        if (v.state != VerifyState::kVerified) {
            out.reason = v.reason;  // never served, never copied
            report.bundles.push_back(std::move(out));
            continue;
        }
        const std::string dir = destination + "/" + BundleStore::escape_session(entry.session_id);
        auto copied = copy_verbatim(env, entry.path, dir);
        if (!copied.ok()) {
            out.reason = copied.error().to_string();
        } else {
            const std::string commit = store.session_dir(entry.session_id) + "/commit-" + entry.checkpoint_id + ".json";
            if (env.exists(commit)) {
                auto record = copy_verbatim(env, commit, dir);
                if (!record.ok()) out.reason = "commit record: " + record.error().to_string();
            }
            out.copied_to = *copied;
        }
        report.bundles.push_back(std::move(out));
    }
    Status st = env.make_dirs(destination);
    if (st.ok()) st = write_file_atomically(env, destination + "/verification-report.json", report.to_json().dump(2) + "\n");
    if (!st.ok()) report.report_error = st.error().to_string();
    return report;
}

}  // namespace bm
