// `beliefmerge meld admit|log|status|calibrate` (init, publish and serve: command_meld_federation.cpp,
// command_meld_serve.cpp); calibrate (a fit over a gold set) runs in beliefmerge-bench.
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/meld_federation.h"
#include "cli/meld_providers.h"
#include "ingest/line_reader.h"
#include "ingest/read_result.h"
#include "meld/brain_dir.h"
#include "util/fast_json.h"

namespace bm::cli {

using namespace bm::meld;

namespace {

// A delta is a few claims: a longer line is damage (or /dev/zero through a symlink), not a delta.
constexpr size_t kMaxDeltaLineBytes = 4u << 20;

std::string fixed(double v, int digits = 3) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

nlohmann::json patch_summary(const Patch& p) {
    nlohmann::json j = {{"id", p.id},           {"decision", decision_name(p.decision)}, {"rule", p.rule},
                        {"subject", p.subject}, {"target", p.target},                    {"gates", p.gates},
                        {"time", p.time}};
    if (p.signals) j["signals"] = {{"kappa", p.signals->kappa}, {"sigma", p.signals->sigma}, {"chi", p.signals->chi}};
    return j;
}

std::string patch_line(const Patch& p) {
    std::string s = std::string(decision_name(p.decision)) + " " + p.rule + " " + p.subject.substr(0, 12);
    if (!p.target.empty()) s += " -> " + p.target.substr(0, 12);
    if (p.signals) s += " sigma=" + fixed(p.signals->sigma) + " chi=" + (p.signals->chi.empty() ? "-" : p.signals->chi);
    if (!p.gates.empty()) {
        s += " gates=";
        for (size_t i = 0; i < p.gates.size(); ++i) s += (i ? "," : "") + p.gates[i];
    }
    return s;
}

int meld_admit(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption brain_opt(QStringLiteral("brain"), QStringLiteral("Brain directory (brain.json + workspace.bmws)."),
                                 QStringLiteral("DIR"));
    QCommandLineOption delta_opt(QStringLiteral("delta"), QStringLiteral("JSONL file of signed deltas."), QStringLiteral("FILE"));
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("Print the Patches as JSON."));
    parser.addOption(brain_opt);
    parser.addOption(delta_opt);
    parser.addOption(json_opt);
    auto p = parse(parser, args,
                   QStringLiteral("Admit every delta of FILE into the brain: MAC check, then exactly one Patch each\n"
                                  "(insert, merge, relate, conflict, reject, or status), appended to the Patch log.\n"
                                  "Deltas whose MAC does not verify are dropped and reported, as are re-delivered ones.\n"
                                  "Exit status: 0 every delta admitted or already held; 1 any delta refused (its MAC\n"
                                  "does not verify, or it carries nothing) or the disk failed; 2 bad input."),
                   {}, {}, 0);
    if (p.done) return p.exit_code;
    if (!parser.isSet(brain_opt) || !parser.isSet(delta_opt)) {
        print_err("beliefmerge meld admit: --brain DIR and --delta FILE are required\n");
        return kUsage;
    }
    const std::string brain_path = to_std(parser.value(brain_opt));
    // The brain's one writer: refused while `meld serve` holds it (its log would fork).
    std::optional<int> lock;
    if (std::filesystem::exists(std::filesystem::path(brain_path) / "brain.json") && !(lock = lock_brain(brain_path))) {
        print_err("beliefmerge meld admit: " + brain_path + " is being served (`meld serve` holds serve.lock)\n");
        return kFailed;
    }
    auto dir = BrainDir::open(brain_path, lexical_engine());
    if (!dir) {
        print_err("beliefmerge meld admit: " + dir.error().to_string() + "\n");
        // A bad brain.json is bad input; a disk that fails while the brain's workspace opens is not.
        return dir.error().code() == ErrorCode::kIo ? kFailed : kUsage;
    }
    const std::string file = to_std(parser.value(delta_opt));
    // Read like a session log: regular files only (a FIFO or /dev/zero is refused up front), lines
    // of at most kMaxDeltaLineBytes, JSON at most kMaxJsonDepth deep, the first errors listed.
    auto source = open_source(file);
    if (!source) {
        print_err("beliefmerge meld admit: " + source.error().to_string() + "\n");
        return kUsage;
    }
    LineReader reader(**source, kMaxDeltaLineBytes);
    // Every line is parsed first (errors name their line), then the deltas are admitted together:
    // pipelined, and their Patches appended to the log in one transaction.
    std::vector<Delta> deltas;
    std::vector<int64_t> lines;
    size_t errors = 0;
    auto report = [&](const Error& e) {
        if (++errors <= ReadResult::kMaxDiagnostics) print_err("error: " + e.to_string() + "\n");
    };
    Line line;
    for (;;) {
        auto more = reader.next(line);
        if (!more) {
            report(more.error());
            break;
        }
        if (!*more) break;
        const int64_t n = line.number;
        if (line.too_long) {
            report(Error::invalid_input("line is " + std::to_string(line.length) + " bytes, over the " +
                                            std::to_string(kMaxDeltaLineBytes) + "-byte limit of a delta; skipped",
                                        Location{file, n}));
            continue;
        }
        if (line.text.find_first_not_of(" \t\r") == std::string_view::npos) continue;
        if (json_depth_exceeded_at(line.text) != std::string_view::npos) {
            report(Error::invalid_input("JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels",
                                        Location{file, n}));
            continue;
        }
        auto j = nlohmann::json::parse(line.text, nullptr, false);
        if (j.is_discarded()) {
            report(Error::invalid_input("not JSON", Location{file, n}));
            continue;
        }
        auto delta = Delta::from_json(j, Location{file, n});
        if (!delta) {
            report(delta.error());
            continue;
        }
        deltas.push_back(std::move(delta).value());
        lines.push_back(n);
    }
    if (errors > ReadResult::kMaxDiagnostics)
        print_err("error: " + std::to_string(errors - ReadResult::kMaxDiagnostics) +
                  " more errors not listed (the first " + std::to_string(ReadResult::kMaxDiagnostics) + " are)\n");
    const int rc = errors > 0 ? kUsage : kOk;
    auto admitted = dir->admit_all(deltas);
    if (!admitted) {
        print_err("beliefmerge meld admit: " + admitted.error().to_string() + "\n");
        return kFailed;
    }
    nlohmann::json out = nlohmann::json::array();
    bool refused = false;
    for (size_t i = 0; i < admitted->size(); ++i) {
        const Admission& a = (*admitted)[i];
        const std::string where = file + ":" + std::to_string(lines[i]);
        if (a.patch) {
            if (parser.isSet(json_opt)) out.push_back(patch_summary(*a.patch));
            else print_out(where + ": " + patch_line(*a.patch) + "\n");
        } else {
            refused |= a.outcome == Admission::Outcome::kDroppedMac || a.outcome == Admission::Outcome::kInvalid;
            if (parser.isSet(json_opt)) out.push_back({{"line", lines[i]}, {"dropped", a.reason}});
            else print_out(where + ": dropped (" + a.reason + ")\n");
        }
    }
    if (parser.isSet(json_opt)) print_out(out.dump(2) + "\n");
    return rc != kOk ? rc : refused ? kFailed : kOk;
}

int meld_log(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption brain_opt(QStringLiteral("brain"), QStringLiteral("Brain directory."), QStringLiteral("DIR"));
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("Print the full signed Patches as JSON."));
    parser.addOption(brain_opt);
    parser.addOption(json_opt);
    auto p = parse(parser, args, QStringLiteral("Print the brain's append-only Patch log (every Patch verified)."), {}, {}, 0);
    if (p.done) return p.exit_code;
    if (!parser.isSet(brain_opt)) {
        print_err("beliefmerge meld log: --brain DIR is required\n");
        return kUsage;
    }
    auto dir = BrainDir::open(to_std(parser.value(brain_opt)), lexical_engine());
    if (!dir) {
        print_err("beliefmerge meld log: " + dir.error().to_string() + "\n");
        return dir.error().is_corruption() ? kFailed : kUsage;
    }
    nlohmann::json out = nlohmann::json::array();
    for (const Patch& patch : dir->brain->patches()) {
        if (parser.isSet(json_opt)) out.push_back(patch.to_json());
        else print_out(std::to_string(patch.time) + " " + patch.id.substr(0, 12) + " " + patch_line(patch) + "\n");
    }
    if (parser.isSet(json_opt)) print_out(out.dump(2) + "\n");
    return kOk;
}

int meld_status(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption brain_opt(QStringLiteral("brain"), QStringLiteral("Brain directory."), QStringLiteral("DIR"));
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("Without CLAIM: print the summary as JSON."));
    parser.addOption(brain_opt);
    parser.addOption(json_opt);
    auto p = parse(parser, args,
                   QStringLiteral("Without CLAIM: the brain's claims (by status), status links, digest, and what its\n"
                                  "`meld serve` last reported (running or not, lag, digest rounds).\n"
                                  "With CLAIM: the claim's effective status and every status link on it, with whether\n"
                                  "each materialises (read-time gate: freshness and authorisation)."),
                   QStringLiteral("[CLAIM]"), QStringLiteral("Claim key (hex) or the claim's exact text."), 0);
    if (p.done) return p.exit_code;
    if (!parser.isSet(brain_opt)) {
        print_err("beliefmerge meld status: --brain DIR is required\n");
        return kUsage;
    }
    if (parser.positionalArguments().isEmpty()) return meld_summary(to_std(parser.value(brain_opt)), parser.isSet(json_opt));
    auto dir = BrainDir::open(to_std(parser.value(brain_opt)), lexical_engine());
    if (!dir) {
        print_err("beliefmerge meld status: " + dir.error().to_string() + "\n");
        return kUsage;
    }
    const std::string wanted = to_std(parser.positionalArguments().value(0));
    std::vector<std::string> keys;
    for (const auto& c : dir->brain->claims())
        if (c.key == wanted || c.claim.text == wanted) keys.push_back(c.key);
    if (keys.empty()) keys.push_back(wanted);  // status links may exist for a claim not held here
    const Brain& b = *dir->brain;
    for (const auto& key : keys) {
        print_out(key + " " + claim_status_name(b.status(key)) + "\n");
        GateOptions gate;
        gate.r_min = b.thresholds().r_min;
        for (const StatusLink* l : b.status_links().links_of(key)) {
            const bool fresh = link_is_fresh(*l, gate), authorised = link_is_authorised(*l, b.directory());
            print_out("  " + l->kind + " " + claim_status_name(l->effect) + " by " + l->author +
                      (fresh && authorised ? " (materialises)" : !fresh ? " (stale: stored, never materialises)"
                                                                        : " (unauthorised: stored, never materialises)") +
                      "\n");
        }
    }
    return kOk;
}

}  // namespace

int command_meld(const QStringList& args) {
    const QString sub = args.value(1);
    QStringList rest = args.mid(2);
    rest.prepend(args.value(0) + QStringLiteral(" ") + sub);
    if (sub == QStringLiteral("init")) return meld_init(rest);
    if (sub == QStringLiteral("publish")) return meld_publish(rest);
    if (sub == QStringLiteral("serve")) return meld_serve(rest);
    if (sub == QStringLiteral("admit")) return meld_admit(rest);
    if (sub == QStringLiteral("log")) return meld_log(rest);
    if (sub == QStringLiteral("status")) return meld_status(rest);
    if (sub == QStringLiteral("calibrate")) return run_bench_tool(QStringList{QStringLiteral("meld-calibrate")} + args.mid(2));
    print_err("usage:\n  beliefmerge meld init --brain DIR [--id ID] [--cell C] [--authority N] [--directory FILE]\n"
              "  beliefmerge meld publish --workspace W --brain DIR [--session S] [--nats URL] [--json]\n"
              "  beliefmerge meld serve --brain DIR --nats URL [--cell C] [--replicas N] [--digest-interval S]\n"
              "      (publish and serve authenticate with --nats-creds F, --nats-token-file F or --nats-user U\n"
              "       --nats-password-file F; TLS with --nats-ca F [--nats-cert F --nats-key F])\n"
              "  beliefmerge meld admit --brain DIR --delta FILE [--json]\n  beliefmerge meld log --brain DIR [--json]\n"
              "  beliefmerge meld status --brain DIR [CLAIM] [--json]\n  beliefmerge meld calibrate --pairs FILE --provider lexical\n");
    return sub == QStringLiteral("--help") ? kOk : kUsage;
}

}  // namespace bm::cli
