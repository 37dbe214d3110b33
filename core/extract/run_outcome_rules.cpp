// SWE-agent run outcomes: the run's exit status, its submitted files, and facts from before an edit (session 16).
#include "extract/run_outcome_rules.h"

#include <algorithm>
#include <string>

#include "extract/environment_claims.h"
#include "extract/harness_rules.h"
#include "util/hash.h"

namespace bm {

namespace {

// The run's key word: its session tag, cut to 40 bytes and given 8 hex digits of the id's SHA-256 when longer
// (a stem-named trajectory's id is a whole file name).
std::string run_tag(const Session& session) {
    std::string tag = session_tag(session.id);
    if (tag.size() <= 48) return tag;
    tag.resize(40);
    while (!tag.empty() && tag.back() == '-') tag.pop_back();
    return tag + "-" + sha256_hex(session.id).substr(0, 8);
}

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// The path of a patch_file claim's quote ("diff --git a/X b/X"): X as written; empty otherwise.
std::string patch_path(const std::string& quote) {
    const std::string marker = "diff --git a/";
    if (quote.rfind(marker, 0) != 0) return {};
    const size_t sep = quote.find(" b/", marker.size());
    return sep == std::string::npos ? std::string() : quote.substr(marker.size(), sep - marker.size());
}

}  // namespace

void add_run_outcome_claims(const Session& session, BranchClaims& branch) {
    std::vector<Claim> found;
    const std::string run = "run." + run_tag(session);
    for (const EnvironmentFact& f : session.environment) {
        if (f.name != "exit_status" || f.value.empty() || is_placeholder_value(f.value)) continue;
        Claim c = harness_fact_claim(session, branch, f);
        c.rule = "harness.run_exit_status";
        c.key = run + ".exit_status";
        c.value = f.value;
        found.push_back(std::move(c));
    }
    // The last submitted patch: the patch_file claims of the last result that holds any.
    std::string last;
    for (const Claim& c : branch.claims)
        if (c.rule == "action.patch_file") last = c.source.message_id;
    if (!last.empty()) {
        Claim files;
        for (const Claim& c : branch.claims) {
            if (c.rule != "action.patch_file" || c.source.message_id != last) continue;
            const std::string path = patch_path(c.quote);
            if (path.empty()) continue;
            if (files.value.empty()) {
                files = c;
                files.rule = "action.submission_files";
                files.key = run + ".submission.files";
                files.type = SlotType::kFact;
                files.value = path;
            } else if (files.value.size() + path.size() <= 400) {
                files.value += ", " + path;
            }
        }
        if (!files.value.empty()) found.push_back(std::move(files));
    }
    if (found.empty()) return;
    for (auto& c : branch.claims) found.push_back(std::move(c));
    branch.claims = std::move(found);
    std::stable_sort(branch.claims.begin(), branch.claims.end(),
                     [](const Claim& a, const Claim& b) { return a.source.seq < b.source.seq; });
}

void mark_runs_before_edit(std::vector<Claim>& claims) {
    for (Claim& c : claims) {
        if (c.rule != "action.command_output" && c.rule != "action.command_errors" && c.rule != "action.no_output" &&
            c.rule != "action.command_exit" && c.rule != "action.chain_exit")
            continue;
        std::string command;  // the command's key ("python.reproduce.py")
        for (const char* tail : {".output", ".exit_code"})
            if (ends_with(c.key, tail)) command = c.key.substr(0, c.key.size() - std::string(tail).size());
        if (c.rule == "action.command_errors" && c.key.find(".error.") != std::string::npos)
            command = c.key.substr(0, c.key.rfind(".error."));
        if (command.empty()) continue;
        // The first applied edit after this run, then a rerun of the same command after that edit.
        int64_t edit = -1;
        for (const Claim& e : claims)
            if (e.rule == "action.file_edited" && e.source.seq > c.source.seq && (edit < 0 || e.source.seq < edit))
                edit = e.source.seq;
        if (edit < 0) continue;
        for (const Claim& r : claims)
            if (r.rule == "action.command_run" && r.source.seq > edit &&
                (r.key == command + ".command" || r.key.rfind(command + ".", 0) == 0)) {
                c.key += ".before_edit";
                break;
            }
    }
}

}  // namespace bm
