// `bench fold-quality`: pick and generate sessions, replay each under EF and Basic, tabulate.
#include "bench/fold/fold_quality.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "bench/fold/scratch_dir.h"
#include "fold/fold_surface.h"
#include "generators.h"
#include "ingest/ingest.h"

namespace bm::bench {

namespace {

struct NamedSession {
    std::string name;
    Session session;
};

// The `count` sessions with the most messages under `dir` (ties: file path, then session id).
Result<std::vector<NamedSession>> real_sessions(const std::string& dir, size_t count) {
    auto inputs = expand_inputs({dir});
    if (!inputs.errors.empty()) return inputs.errors.front();
    struct Candidate {
        size_t messages;
        std::string file, id, name;
        size_t index;
    };
    std::vector<Candidate> candidates;
    for (const auto& file : inputs.files) {
        ReadResult r = read_file(file);
        if (!r.ok()) continue;  // unsupported or damaged logs are not benchmarked
        for (size_t i = 0; i < r.sessions.size(); ++i) {
            std::string name = std::filesystem::path(file).filename().string();
            if (r.sessions.size() > 1) name += "#" + std::to_string(i + 1);
            candidates.push_back({r.sessions[i].messages.size(), file, r.sessions[i].id, name, i});
        }
    }
    std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        if (a.messages != b.messages) return a.messages > b.messages;
        return std::tie(a.file, a.id) < std::tie(b.file, b.id);
    });
    if (candidates.size() < count)
        return Error::invalid_input(dir + " holds " + std::to_string(candidates.size()) + " readable sessions, fewer than " +
                                    std::to_string(count));
    std::vector<NamedSession> out;
    for (size_t i = 0; i < count; ++i) {
        ReadResult r = read_file(candidates[i].file);
        out.push_back({candidates[i].name, std::move(r.sessions[candidates[i].index])});
    }
    return out;
}

Result<std::vector<NamedSession>> generated_sessions(const FoldQualityOptions& o, const std::string& dir) {
    std::vector<NamedSession> out;
    for (uint64_t seed = 1; seed <= o.generated; ++seed) {
        const std::string log = dir + "/generated-seed" + std::to_string(seed) + ".jsonl";
        try {
            write_claude_transcript(log, o.generated_bytes, seed);
        } catch (const std::exception& ex) {
            return Error::io(std::string("generating a long session: ") + ex.what());
        }
        ReadResult r = read_file(log);
        if (!r.ok() || r.sessions.empty()) return Error::internal("the generated log " + log + " did not read back");
        // The generator writes sidechains as further sessions; the main one is the longest.
        auto longest = std::max_element(r.sessions.begin(), r.sessions.end(), [](const Session& a, const Session& b) {
            return a.messages.size() < b.messages.size();
        });
        out.push_back({"generated-seed" + std::to_string(seed), std::move(*longest)});
    }
    return out;
}

Result<FoldQualityRow> replay_both(const NamedSession& s, size_t budget, const std::string& dir) {
    FoldQualityRow row;
    row.name = s.name;
    row.messages = static_cast<int64_t>(s.session.messages.size());
    row.tokens = static_cast<int64_t>(surface_from_session(s.session).tokens());
    ReplayOptions options = fold_quality_replay_options(budget);
    options.store_dir = dir + "/ef";
    auto ef = replay_session(s.session, CompactionPolicy::kEpistemicFold, options);
    if (!ef.ok()) return Error::internal(s.name + " (EF): " + ef.error().to_string());
    options.store_dir = dir + "/basic";
    auto basic = replay_session(s.session, CompactionPolicy::kBasic, options);
    if (!basic.ok()) return Error::internal(s.name + " (Basic): " + basic.error().to_string());
    row.ef = std::move(ef).value();
    row.basic = std::move(basic).value();
    return row;
}

Result<FoldQualityReport> measure(const FoldQualityOptions& o, const std::string& dir) {
    auto real = real_sessions(o.sessions_dir, o.real_sessions);
    if (!real.ok()) return real.error();
    auto generated = generated_sessions(o, dir);
    if (!generated.ok()) return generated.error();
    std::vector<NamedSession> all = std::move(real).value();
    for (auto& g : *generated) all.push_back(std::move(g));
    FoldQualityReport report;
    report.options = o;
    for (size_t i = 0; i < all.size(); ++i) {
        std::fprintf(stderr, "replaying %s ...\n", all[i].name.c_str());
        auto row = replay_both(all[i], o.budget, dir + "/stores/" + std::to_string(i));
        if (!row.ok()) return row.error();
        report.rows.push_back(std::move(row).value());
    }
    return report;
}

}  // namespace

ReplayOptions fold_quality_replay_options(size_t budget) {
    ReplayOptions options;
    options.budget = budget;
    options.fold.policy.retain_tokens = budget / 4;
    options.fold.created_at = 1700000000000;
    return options;
}

Result<FoldQualityReport> run_fold_quality(const FoldQualityOptions& o) {
    if (o.budget < 4) return Error::invalid_input("--budget must be at least 4 tokens");
    return in_scratch_dir(o.dir, "bench-fold-quality", [&](const std::string& dir) { return measure(o, dir); });
}

}  // namespace bm::bench
