// `beliefmerge inspect PATH... --summary|--slots [--json]`: what logs hold, or their merged slots; nothing
// stored but, with --extractor model --workspace FILE, the model calls (recorded for replay).
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/extractor_choice.h"
#include "ingest/ingest.h"
#include "ingest/summary.h"
#include "merge/merger.h"
#include "trust/trust_lattice.h"

namespace bm::cli {

namespace {

std::string roles_text(const std::map<std::string, int64_t>& by_role) {
    std::string out;
    for (const auto& [role, n] : by_role) out += (out.empty() ? "" : " ") + role + "=" + std::to_string(n);
    return out;
}

void print_diagnostics(const std::vector<Error>& list, const char* label) {
    for (const auto& e : list) print_out(std::string("  ") + label + ": " + e.to_string() + "\n");
}

// The extraction rule and its confidence, when a rule made the claim (the heuristic extractor).
std::string rule_text(const Claim& c) {
    if (c.rule.empty()) return {};
    char conf[16];
    std::snprintf(conf, sizeof conf, "%.2f", c.confidence);
    return " rule " + c.rule + " " + conf;
}

std::string claim_line(const Claim& c) {
    return c.source.branch_id + "/" + c.source.message_id + " " + c.source.role + " " + evidence_name(c.evidence) +
           " rank " + std::to_string(c.provenance_rank) + " " + trust_name(c.trust) + rule_text(c) + " \"" + c.quote +
           "\"";
}

void print_slots(const MergedSnapshot& snap) {
    for (const auto& s : snap.slots) {
        std::string head = s.key + " [" + slot_type_name(s.type) + "] " + slot_state_name(s.state);
        if (s.winner) head += " -> " + *s.winner;
        if (!s.tied.empty()) {
            head += " tie {";
            for (size_t i = 0; i < s.tied.size(); ++i) head += (i ? ", " : "") + s.tied[i];
            head += "}";
        }
        head += "  trust " + std::string(trust_name(s.trust)) + ", " + derivation_status_name(s.derivation.status);
        print_out(head + "\n");
        for (const auto& v : s.values) {
            print_out("    " + v.value + "  score " + std::to_string(v.score) + ", rank " + std::to_string(v.max_rank) +
                      ", " + trust_name(v.trust) + "\n");
            for (ClaimRef r : v.supporters) print_out("      " + claim_line(snap.claim(r)) + "\n");
        }
        if (!s.rank_comparison.empty()) print_out("    rank comparison: " + s.rank_comparison + "\n");
        for (const auto& e : s.disputes)
            print_out("    disputed_by: '" + e.challenger_value + "' (rank " + std::to_string(e.challenger_rank) +
                      ") against '" + e.winner_value + "' (rank " + std::to_string(e.winner_rank) + ")\n");
        for (ClaimRef r : s.history) print_out("    superseded: " + claim_line(snap.claim(r)) + "\n");
        if (!s.derivation.unmet_premises.empty()) {
            std::string unmet;
            for (const auto& p : s.derivation.unmet_premises) unmet += (unmet.empty() ? "" : ", ") + p;
            print_out("    unmet premises: " + unmet + "\n");
        }
        for (const auto& p : s.derivation.unknown_premises) print_out("    unknown premise: " + p + "\n");
    }
    for (const auto& v : snap.violations)
        print_out("INVARIANT VIOLATION " + v.invariant + " on " + v.key + ": " + v.detail + "\n");
}

}  // namespace

int command_inspect(const QStringList& args) {
    QCommandLineParser parser;
    QCommandLineOption summary(QStringLiteral("summary"), QStringLiteral("Per-session counts: messages by role, tool calls and pairing, reasoning blocks, checkpoints, shadowed messages, redactions."));
    QCommandLineOption json_opt(QStringLiteral("json"), QStringLiteral("Print one JSON array with an object per input file."));
    QCommandLineOption max_line(QStringLiteral("max-line-bytes"), QStringLiteral("Skip (with an error) lines longer than N bytes (default 33554432)."), QStringLiteral("N"));
    QCommandLineOption slots_opt(QStringLiteral("slots"), QStringLiteral("Extract claims, merge every input, and print each slot: state, values with sources, evidence, rank and trust, disputes, derivation status and unmet premises."));
    QCommandLineOption current_opt(QStringLiteral("current"), QStringLiteral("The current session: its user's claims are TRUSTED (default: none)."), QStringLiteral("SESSION"));
    QCommandLineOption score_opt(QStringLiteral("score"), QStringLiteral("egalitarian (default: sum of evidence weights over distinct sources) or elitist (evidence levels compared lexicographically)."), QStringLiteral("RULE"), QStringLiteral("egalitarian"));
    parser.addOption(summary);
    parser.addOption(slots_opt);
    parser.addOption(score_opt);
    parser.addOption(current_opt);
    QCommandLineOption workspace_opt(QStringLiteral("workspace"), QStringLiteral("With --extractor model: a workspace (SQLite) where the model calls are recorded and replayed from when present (as `merge --workspace`). Its decisions are not applied here."), QStringLiteral("FILE"));
    ExtractorOptions ext;  // --extractor, and --endpoint, --model, --replay, --timeout (shared with `merge`)
    parser.addOption(ext.extractor);
    parser.addOption(ext.rules);
    parser.addOption(ext.min_confidence);
    parser.addOption(json_opt);
    parser.addOption(max_line);
    const InputLimitOptions limit_opts;
    limit_opts.add_to(parser);
    for (auto* o : {&workspace_opt, &ext.service.endpoint, &ext.service.model, &ext.service.replay, &ext.service.timeout, &ext.service.insecure_http})
        parser.addOption(*o);
    auto p = parse(parser, args,
                   QStringLiteral("Read session logs (any supported format, plain or .zstd) and report what they hold.\n"
                                  "Exit status 0 only when no file has errors."),
                   QStringLiteral("PATH..."), QStringLiteral("Log files or directories (a DSH session directory reads its newest generation)."), 1);
    if (p.done) return p.exit_code;
    if (!parser.isSet(summary) && !parser.isSet(slots_opt)) {
        print_err("beliefmerge inspect: choose --summary or --slots\n");
        return kUsage;
    }
    const QString score = parser.value(score_opt);
    if (score != QStringLiteral("egalitarian") && score != QStringLiteral("elitist")) {
        print_err("beliefmerge inspect: unknown score '" + to_std(score) + "' (egalitarian or elitist)\n");
        return kUsage;
    }
    const auto extractor = extractor_choice(parser, ext, "inspect", to_std(parser.value(workspace_opt)));
    if (!extractor) return kUsage;
    ReadOptions options;
    options.keep_raw = false;
    if (parser.isSet(max_line)) options.max_line_bytes = parser.value(max_line).toULongLong();
    if (auto limits = limit_opts.read(parser, "inspect")) options.limits = *limits;
    else return kUsage;
    auto inputs = expand_inputs(to_std(parser.positionalArguments()));
    const bool tty = isatty(STDERR_FILENO);
    bool any_error = !inputs.errors.empty();
    if (parser.isSet(slots_opt)) {
        std::vector<Session> sessions;
        bool errors = !inputs.errors.empty();
        bool read_any = false;  // a session was read (the note below says nothing of files that could not be)
        for (const auto& e : inputs.errors) print_err("error: " + e.to_string() + "\n");
        for (const auto& file : inputs.files) {
            ReadResult r = read_file(file, options);
            errors |= !r.ok();
            for (const auto& e : r.errors) print_err("error: " + e.to_string() + "\n");
            for (const auto& w : r.warnings) print_err("warning: " + w.to_string() + "\n");
            for (auto& s : r.sessions) sessions.push_back(std::move(s)), read_any = true;
        }
        SnapshotOptions build;
        build.extract.trust.current_session = canonical_session_id(to_std(parser.value(current_opt)));
        build.prose = prose_extractor(*extractor);
        if (!read_rule_options(parser, ext, "inspect", build.extract)) return kUsage;
        build.merge.rule = score == QStringLiteral("elitist") ? ScoreRule::kElitist : ScoreRule::kEgalitarian;
        auto review = build_review_snapshot(std::move(sessions), build);
        if (!review) {
            print_err("beliefmerge inspect: " + review.error().to_string() + "\n");
            return kFailed;
        }
        const MergedSnapshot& snap = *review->merged;
        if (parser.isSet(json_opt)) print_out(snap.serialize() + "\n");
        else print_slots(snap);
        // Nothing but environment facts: say so, and where more may come from, rather than print an empty list
        // (session 39: a log of user requests alone, user.request being off by default).
        const bool claims = std::any_of(snap.slots.begin(), snap.slots.end(),
                                        [](const auto& s) { return s.key.rfind("env.", 0) != 0; });
        if (!claims && read_any && extractor->kind == ExtractorKind::kHeuristic && !build.extract.all_rules &&
            build.extract.min_confidence <= 0)
            print_err("note: the rules on by default read no claim from these logs; `--rules all` adds the rules kept "
                      "off (below 0.8 precision on the dev split; `beliefmerge rules --off` says why)\n");
        if (!snap.violations.empty()) return kFailed;
        return errors ? kUsage : kOk;
    }
    nlohmann::json out = nlohmann::json::array();
    for (const auto& e : inputs.errors)
        out.push_back({{"file", e.where().file}, {"format", "unknown"}, {"sessions", nlohmann::json::array()},
                       {"errors", {{{"message", e.message()}, {"text", e.to_string()}}}},
                       {"warnings", nlohmann::json::array()}});
    for (size_t i = 0; i < inputs.files.size(); ++i) {
        const auto& file = inputs.files[i];
        if (tty) print_err("\r[" + std::to_string(i + 1) + "/" + std::to_string(inputs.files.size()) + "] reading " + file + "\033[K");
        ReadResult r = read_file(file, options);
        any_error |= !r.ok();
        if (parser.isSet(json_opt)) {
            out.push_back(summary_json(r));
            continue;
        }
        print_out(r.file + "  [" + r.format + (r.partial ? ", partial" : "") + "]\n");
        for (const auto& s : r.sessions) {
            SessionSummary sum = summarize(s);
            print_out("  session " + sum.id + ": " + std::to_string(sum.messages) + " messages (" +
                      roles_text(sum.by_role) + "), " + std::to_string(sum.branches) + " branches, tool calls " +
                      std::to_string(sum.tool_calls_paired) + "/" + std::to_string(sum.tool_calls) +
                      " paired, " + std::to_string(sum.reasoning_blocks) + " reasoning blocks, " +
                      std::to_string(sum.checkpoints) + " checkpoints, " + std::to_string(sum.shadowed) +
                      " shadowed, " + std::to_string(sum.redactions) + " redactions\n");
        }
        print_diagnostics(r.errors, "error");
        print_diagnostics(r.warnings, "warning");
    }
    if (tty) print_err("\r\033[K");
    if (parser.isSet(json_opt)) print_out(out.dump(2) + "\n");
    else {
        for (const auto& e : inputs.errors) print_out("error: " + e.to_string() + "\n");
        for (const auto& w : inputs.warnings) print_out("warning: " + w.to_string() + "\n");
    }
    return any_error ? kUsage : kOk;
}

}  // namespace bm::cli
