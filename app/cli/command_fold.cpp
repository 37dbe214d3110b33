// `beliefmerge fold|verify|search|recall`: Epistemic Fold over a bundle store (SPEC §12, §17).
#include <sys/stat.h>

#include <chrono>
#include <deque>
#include <set>
#include <nlohmann/json.hpp>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/fold_command.h"
#include "fold/fold_session.h"
#include "fold/recall.h"
#include "fold/search_index.h"
#include "fold/archive.h"
#include "fold/file_env.h"
#include "ingest/ingest.h"
#include "reduce/session_ingress.h"
#include "util/canonical_json.h"

namespace bm::cli {

namespace {

std::string one_line(std::string s, size_t max) {
    for (char& c : s)
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    return utf8_prefix(s, max);
}

int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

int command_fold(const QStringList& args) {
    FoldCommand cmd("fold");
    const auto& store_opt = cmd.option(QStringLiteral("store"), QStringLiteral("Bundle store directory (created 0700)."), QStringLiteral("DIR"));
    const auto& mode_opt = cmd.option(QStringLiteral("mode"), QStringLiteral("leaf (default: leaf folds until --until-tokens), root (leaf folds, then rebase the frozen prefix into one checkpoint) or emergency (fold every live message, no retained tail)."), QStringLiteral("MODE"), QStringLiteral("leaf"));
    const auto& retain_opt = cmd.option(QStringLiteral("retain-tokens"), QStringLiteral("Recent tail kept unfolded (default 2000)."), QStringLiteral("N"));
    const auto& until_opt = cmd.option(QStringLiteral("until-tokens"), QStringLiteral("Stop folding once the surface costs at most N tokens (default 0: fold as far as the policy allows)."), QStringLiteral("N"));
    const auto& leaf_opt = cmd.option(QStringLiteral("leaf-tokens"), QStringLiteral("Most tokens one leaf checkpoint folds (default 8000)."), QStringLiteral("N"));
    const auto& reclaim_opt = cmd.option(QStringLiteral("min-reclaim"), QStringLiteral("Skip folds reclaiming fewer tokens (default 64)."), QStringLiteral("N"));
    const auto& budget_opt = cmd.option(QStringLiteral("frozen-budget"), QStringLiteral("frozenCheckpointTokenBudget: a root fold is recommended above it (default 4000)."), QStringLiteral("N"));
    const auto& created_opt = cmd.option(QStringLiteral("created-at"), QStringLiteral("createdAt of the bundles in epoch ms (default: now). Fixing it makes folds reproducible."), QStringLiteral("MS"));
    const auto& zstd_opt = cmd.option(QStringLiteral("zstd"), QStringLiteral("Write bundles zstd-compressed (.json.zst)."));
    const auto& reduce_opt = cmd.option(QStringLiteral("reduce"), QStringLiteral("Reduce eligible tool outputs on ingress first (M1, `beliefmerge reduce`): exact artifacts in DIR/artifacts, recall DIR art:<hex>."));
    const auto& view_opt = cmd.option(QStringLiteral("view"), QStringLiteral("Write the folded session view (JSONL) here (default: DIR/<session>/view-<last checkpoint>.jsonl)."), QStringLiteral("FILE"));
    const InputLimitOptions limit_opts;
    limit_opts.add_to(cmd.parser());
    auto p = cmd.parse(args,
                   QStringLiteral("Fold a session log into immutable checkpoint bundles as a harness would under context\n"
                                  "pressure: each bundle is published durably (fsync, atomic rename, read-back verify) and\n"
                                  "committed before the surface changes. Prints the checkpoints and writes the folded view."),
                   QStringLiteral("PATH"), QStringLiteral("Session log (any supported format) or DSH session directory."), 1);
    if (p.done) return p.exit_code;
    if (!cmd.is_set(store_opt)) return cmd.usage("--store DIR is required");
    ReadOptions read;
    if (auto limits = limit_opts.read(cmd.parser(), "fold")) read.limits = *limits;
    else return kUsage;
    auto mode = fold_mode_from_name(cmd.value(mode_opt));
    if (!mode) return cmd.usage("unknown --mode '" + cmd.value(mode_opt) + "' (leaf, root or emergency)");
    FoldOptions options;
    size_t until = 0, created = 0;
    if (!cmd.sizes({{&retain_opt, &options.policy.retain_tokens},
                    {&until_opt, &until},
                    {&leaf_opt, &options.policy.max_leaf_tokens},
                    {&reclaim_opt, &options.policy.min_reclaim_tokens},
                    {&budget_opt, &options.policy.frozen_checkpoint_token_budget},
                    {&created_opt, &created}}))
        return kUsage;
    options.created_at = cmd.is_set(created_opt) ? static_cast<int64_t>(created) : now_ms();
    options.keep_published_bodies = false;  // the report lists ids and ranges only
    BundleStore store(cmd.value(store_opt), posix_file_env(), cmd.is_set(zstd_opt));
    IngressReducer reducer(cmd.value(store_opt));
    if (cmd.is_set(reduce_opt))
        if (Status opened = reducer.open(); !opened.ok()) return cmd.fail_with(opened.error());
    auto inputs = expand_inputs(to_std(cmd.positionals()));
    for (const auto& e : inputs.errors) print_err("error: " + e.to_string() + "\n");
    if (!inputs.errors.empty() || inputs.files.empty()) return kUsage;
    nlohmann::json report = nlohmann::json::array();
    bool failed = false;
    for (const auto& file : inputs.files) {
        ReadResult r = read_file(file, read);
        for (const auto& e : r.errors) print_err("error: " + e.to_string() + "\n");
        for (const auto& w : r.warnings) print_err("warning: " + w.to_string() + "\n");
        if (!r.ok()) return kUsage;
        for (auto& session : r.sessions) {
            nlohmann::json ingress;
            if (cmd.is_set(reduce_opt)) {
                const size_t raw_tokens = surface_from_session(session).tokens();
                auto reduced = reduce_session_tool_outputs(session, reducer);
                if (!reduced.ok()) {
                    cmd.error(file + ": " + reduced.error().to_string());
                    failed = true;
                    continue;
                }
                ingress = {{"decisions", reduced->decisions}, {"tokensBefore", raw_tokens},
                           {"newlyIncompatible", reduced->newly_incompatible}};
            }
            SessionFoldRequest request{*mode, until, options, cmd.value(view_opt)};
            auto run = fold_session(store, std::move(session), request);  // releases each message once archived
            if (!run.ok()) {
                cmd.error(file + ": " + run.error().to_string());
                failed = true;
                continue;
            }
            if (!run->view_error.empty()) {
                cmd.error(run->view_error);
                failed = true;
            }
            nlohmann::json cps = nlohmann::json::array();
            for (const auto& b : run->published)
                cps.push_back({{"checkpointId", b.checkpoint_id},
                               {"mode", fold_mode_name(b.mode)},
                               {"firstSeq", b.ordered_surface_seqs.front()},
                               {"lastSeq", b.ordered_surface_seqs.back()},
                               {"messageCount", b.message_count},
                               {"logicalHash", b.logical_hash}});
            report.push_back({{"file", file},
                              {"sessionId", run->session_id},
                              {"messages", run->messages},
                              {"tokensBefore", run->tokens_before},
                              {"tokensAfter", run->tokens_after},
                              {"frozenCheckpoints", run->frozen_checkpoints},
                              {"checkpoints", cps},
                              {"stopReason", run->stop_reason},
                              {"rootRecommended", run->root_recommended},
                              {"view", run->view}});
            if (!ingress.is_null()) {
                ingress["tokensAfter"] = run->tokens_before;
                report.back()["ingress"] = ingress;
            }
        }
    }
    if (cmd.json()) {
        print_out(report.dump(2) + "\n");
    } else {
        for (const auto& s : report) {
            print_out(s["file"].get<std::string>() + ": session " + s["sessionId"].get<std::string>() + ", " +
                      std::to_string(s["messages"].get<size_t>()) + " messages, " +
                      std::to_string(s["tokensBefore"].get<size_t>()) + " -> " +
                      std::to_string(s["tokensAfter"].get<size_t>()) + " tokens, " +
                      std::to_string(s["checkpoints"].size()) + " checkpoints (" + s["stopReason"].get<std::string>() + ")\n");
            for (const auto& c : s["checkpoints"])
                print_out("  " + c["checkpointId"].get<std::string>() + "  " + c["mode"].get<std::string>() + "  seq " +
                          std::to_string(c["firstSeq"].get<int64_t>()) + "-" + std::to_string(c["lastSeq"].get<int64_t>()) +
                          "  " + std::to_string(c["messageCount"].get<int64_t>()) + " messages\n");
            if (s["rootRecommended"].get<bool>()) print_out("  a root fold is recommended (--mode root)\n");
            if (s.contains("ingress"))
                print_out("  ingress reduction: " + std::to_string(s["ingress"]["decisions"].value("reduced", 0)) +
                          " tool outputs reduced, " + std::to_string(s["ingress"]["tokensBefore"].get<size_t>()) + " -> " +
                          std::to_string(s["ingress"]["tokensAfter"].get<size_t>()) + " tokens before folding\n");
            if (!s["view"].get<std::string>().empty()) print_out("  view: " + s["view"].get<std::string>() + "\n");
        }
    }
    return failed ? kFailed : kOk;
}

int command_verify(const QStringList& args) {
    FoldCommand cmd("verify");
    const auto& clean_opt = cmd.option(QStringLiteral("clean"), QStringLiteral("Remove the temp files of interrupted publishes whose process is gone (never bundles), then verify."));
    auto p = cmd.parse(args,
                   QStringLiteral("Verify every checkpoint bundle in a store: canonical bytes, logical hash, message refs,\n"
                                  "state digest, rendering and id. Every commit record must name a verified bundle.\n"
                                  "Exit status 1 when anything is corrupt or missing."),
                   QStringLiteral("DIR"), QStringLiteral("Bundle store directory."), 1);
    if (p.done) return p.exit_code;
    const std::string root = to_std(cmd.positionals().first());
    struct stat st {};
    if (::stat(root.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return cmd.usage(root + " is not a directory");
    BundleStore store(root);
    std::vector<std::string> cleaned;
    if (cmd.is_set(clean_opt)) {
        auto removed = store.remove_stale_temp_files();
        if (!removed.ok()) return cmd.fail_with(removed.error());
        cleaned = std::move(removed).value();
    }
    auto entries = store.list_all();
    if (!entries.ok()) return cmd.usage(entries.error().to_string());
    nlohmann::json list = nlohmann::json::array();
    int64_t verified = 0, corrupt = 0, missing = 0;
    std::set<std::string> sessions;
    for (const auto& e : *entries) {
        Verification v = store.verify(e);
        sessions.insert(e.session_id);
        if (v.state == VerifyState::kVerified) ++verified;
        else if (v.state == VerifyState::kCorrupt) ++corrupt;
        else ++missing;
        list.push_back({{"checkpointId", e.checkpoint_id}, {"sessionId", e.session_id}, {"path", e.path},
                        {"state", verify_state_name(v.state)}, {"reason", v.reason}});
    }
    nlohmann::json commit_problems = nlohmann::json::array();
    for (const auto& sid : sessions) {
        auto commits = store.commits(sid);
        if (!commits.ok()) {
            commit_problems.push_back(commits.error().to_string());
            continue;
        }
        for (const auto& c : *commits) {
            auto b = store.read(sid, c.checkpoint_id);
            if (!b.ok()) commit_problems.push_back("commit " + c.checkpoint_id + ": " + b.error().to_string());
            else if (b->logical_hash != c.logical_hash)
                commit_problems.push_back("commit " + c.checkpoint_id + ": logicalHash differs from its bundle");
        }
    }
    const auto temps = store.stale_temp_files();
    const bool bad = corrupt > 0 || missing > 0 || !commit_problems.empty();
    if (cmd.json()) {
        print_out(nlohmann::json{{"bundles", list}, {"verified", verified}, {"corrupt", corrupt}, {"missing", missing},
                                 {"commitProblems", commit_problems}, {"staleTempFiles", temps},
                                 {"removedTempFiles", cleaned}}
                      .dump(2) +
                  "\n");
    } else {
        for (const auto& b : list)
            if (b["state"] != "verified")
                print_out(b["state"].get<std::string>() + "  " + b["path"].get<std::string>() + "  " +
                          b["reason"].get<std::string>() + "\n");
        for (const auto& c : commit_problems) print_out("commit problem: " + c.get<std::string>() + "\n");
        for (const auto& t : cleaned) print_out("removed stale temp file " + t + "\n");
        print_out(std::to_string(verified) + " verified, " + std::to_string(corrupt) + " corrupt, " +
                  std::to_string(missing) + " missing, " + std::to_string(commit_problems.size()) + " commit problems, " +
                  std::to_string(temps.size()) + " stale temp files (interrupted publishes, never bundles)\n");
    }
    return bad ? kFailed : kOk;
}

int command_search(const QStringList& args) {
    FoldCommand cmd("search");
    const auto& limit_opt = cmd.option(QStringLiteral("limit"), QStringLiteral("Most hits (default 10)."), QStringLiteral("N"), QStringLiteral("10"));
    auto p = cmd.parse(args,
                   QStringLiteral("Search folded history (SQLite FTS5, BM25) over checkpoint ids, checkpoint text, archived\n"
                                  "messages and tool names: documents holding the words in the query's order first, then those\n"
                                  "holding every word; newest checkpoint first in each. Each hit's message index is the offset\n"
                                  "for `beliefmerge recall DIR ID --depth exact --offset N`. The index (DIR/index.sqlite)\n"
                                  "rebuilds from the bundle files; corrupt bundles are never indexed."),
                   QStringLiteral("DIR QUERY"), QStringLiteral("Bundle store directory and the query (words or a \"quoted phrase\")."), 2);
    if (p.done) return p.exit_code;
    size_t limit = 10;
    if (!cmd.sizes({{&limit_opt, &limit}})) return kUsage;
    if (limit == 0 || limit > 1000) return cmd.usage("--limit must be between 1 and 1000");
    const QStringList pos = cmd.positionals();
    BundleStore store(to_std(pos[0]));
    auto result = context_search(store, to_std(pos.mid(1).join(QLatin1Char(' '))), limit);
    if (!result.ok()) return cmd.fail_with(result.error());
    if (cmd.json()) {
        print_out(result->dump(2) + "\n");
        return kOk;
    }
    if (result->contains("unavailable"))
        for (const auto& u : (*result)["unavailable"])
            print_err("unavailable: checkpoint " + u["checkpointId"].get<std::string>() + " failed verification, its hits are left out: " +
                      u["reason"].get<std::string>() + "\n");
    if ((*result)["hits"].empty()) print_out("no hits\n");
    for (const auto& h : (*result)["hits"]) {
        std::string line = h["checkpointId"].get<std::string>() + "  " + h["matchKind"].get<std::string>();
        if (h.contains("messageIndex")) line += "  offset " + std::to_string(h["messageIndex"].get<int64_t>());
        line += "  seq " + std::to_string(h["sourceRange"]["firstSeq"].get<int64_t>()) + "-" +
                std::to_string(h["sourceRange"]["lastSeq"].get<int64_t>());
        print_out(line + "\n    " + one_line(h["excerpt"].get<std::string>(), 160) + "\n");
    }
    return kOk;
}

int command_recall(const QStringList& args) {
    FoldCommand cmd("recall");
    const auto& depth_opt = cmd.option(QStringLiteral("depth"), QStringLiteral("summary (checkpoint text, default), detail (semantic text or checkpoint text) or exact (archived messages)."), QStringLiteral("DEPTH"), QStringLiteral("summary"));
    const auto& offset_opt = cmd.option(QStringLiteral("offset"), QStringLiteral("First archived message of the exact page (default 0)."), QStringLiteral("N"), QStringLiteral("0"));
    const auto& limit_opt = cmd.option(QStringLiteral("limit"), QStringLiteral("Messages per exact page, at most 20 (default 20)."), QStringLiteral("N"), QStringLiteral("20"));
    const auto& tokens_opt = cmd.option(QStringLiteral("max-tokens"), QStringLiteral("Token cap of an exact page, at most 32000 (default 8000)."), QStringLiteral("N"), QStringLiteral("8000"));
    auto p = cmd.parse(args,
                   QStringLiteral("Recall a checkpoint. --depth exact pages through its archived messages byte-exactly (one\n"
                                  "canonical JSON message per line; the page header goes to stderr; follow nextOffset).\n"
                                  "A bundle that fails verification is reported unavailable (exit 1), never served."),
                   QStringLiteral("DIR REF"), QStringLiteral("Bundle store directory and a checkpoint id, cp:<id> or marker line; or art:<hex> (a reduced tool output's original, printed byte for byte)."), 2);
    if (p.done) return p.exit_code;
    RecallRequest req;
    const QStringList pos = cmd.positionals();
    req.ref = to_std(pos.mid(1).join(QLatin1Char(' ')));
    if (req.ref.find(kArtifactRefPrefix) != std::string::npos && checkpoint_id_from_ref(req.ref).empty()) {
        IngressReducer reducer(to_std(pos[0]));  // a reduced tool output: its exact original, byte for byte
        auto bytes = reducer.recall(req.ref);
        if (!bytes.ok()) return cmd.fail_with(bytes.error());
        print_out(*bytes);
        return kOk;
    }
    auto depth = recall_depth_from_name(cmd.value(depth_opt));
    if (!depth) return cmd.usage("unknown --depth '" + cmd.value(depth_opt) + "' (summary, detail or exact)");
    req.depth = *depth;
    size_t offset = 0, limit = 20, tokens = 8000;
    if (!cmd.sizes({{&offset_opt, &offset}, {&limit_opt, &limit}, {&tokens_opt, &tokens}})) return kUsage;
    req.offset = static_cast<int64_t>(offset);
    req.limit = static_cast<int64_t>(limit);
    req.max_tokens = tokens;
    BundleStore store(to_std(pos[0]));
    auto result = context_recall(store, req);
    if (!result.ok()) return cmd.fail_with(result.error());
    const nlohmann::json& r = *result;
    if (cmd.json()) {
        print_out(r.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
        return r["status"] == "ok" ? kOk : kFailed;
    }
    if (r["status"] != "ok") {
        return cmd.failed("checkpoint " + r["checkpointId"].get<std::string>() + " unavailable: " +
                          r["reason"].get<std::string>());
    }
    if (req.depth != RecallDepth::kExact) {
        print_out(r["text"].get<std::string>());
        return kOk;
    }
    std::string header = "checkpoint " + r["checkpointId"].get<std::string>() + ": messages " +
                         std::to_string(r["offset"].get<int64_t>()) + ".." +
                         std::to_string(r["offset"].get<int64_t>() + static_cast<int64_t>(r["messages"].size())) + " of " +
                         std::to_string(r["totalMessages"].get<int64_t>());
    if (r.contains("nextOffset")) header += ", nextOffset " + std::to_string(r["nextOffset"].get<int64_t>());
    if (r.contains("skipped")) header += "; skipped: " + r["skipped"]["reason"].get<std::string>();
    print_err(header + "\n");
    print_out(exact_page_bytes(r));
    return kOk;
}

}  // namespace bm::cli
