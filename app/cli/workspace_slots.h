// Shared by `adjudicate` and `decide`: the review snapshot of a workspace's sessions, extracted the
// way the user asked (heuristic, oracle, or model alignment through record/replay).
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <optional>
#include <string>
#include <vector>

#include "model_caller.h"
#include "snapshot/review_snapshot.h"
#include "store/decisions.h"

namespace bm::cli {

// The options both commands share.
struct WorkspaceSlotOptions {
    QCommandLineOption extractor{QStringLiteral("extractor"),
        QStringLiteral("heuristic (default), oracle (native JSONL annotations) or model (joint alignment; served "
                       "from the workspace's records when present)."),
        QStringLiteral("NAME"), QStringLiteral("heuristic")};
    QCommandLineOption current{QStringLiteral("current"),
        QStringLiteral("The current session: its user's claims are TRUSTED."), QStringLiteral("SESSION")};
    QCommandLineOption endpoint{QStringLiteral("endpoint"),
        QStringLiteral("OpenAI-compatible base URL including the version, e.g. http://127.0.0.1:8080/v1 "
                       "(default: $BELIEFMERGE_ENDPOINT). The key comes from $BELIEFMERGE_API_KEY."),
        QStringLiteral("URL")};
    QCommandLineOption model{QStringLiteral("model"), QStringLiteral("Model name (default: $BELIEFMERGE_MODEL)."),
                             QStringLiteral("NAME")};
    QCommandLineOption replay{QStringLiteral("replay"),
        QStringLiteral("Use recorded model replies only; no network. A request never recorded fails.")};
    QCommandLineOption timeout{QStringLiteral("timeout"),
        QStringLiteral("Seconds per model request attempt (default 120)."), QStringLiteral("SECONDS")};
    QCommandLineOption insecure_http{QStringLiteral("allow-insecure-http"),
        QStringLiteral("Send the API key over plain http to a host that is not loopback (refused by default).")};
    void add_to(QCommandLineParser& parser);
};

// Validates the options into a service config for `workspace` (prints usage errors itself).
std::optional<services::ServiceConfig> service_config(const QCommandLineParser& parser, const WorkspaceSlotOptions& o,
                                                      const std::string& command, const std::string& workspace,
                                                      bool force_replay);

// The workspace's sessions through the one snapshot pipeline (core/snapshot), extracted the way
// the user asked, with the workspace's decisions applied; prints extractor warnings and a line per
// stale decision to stderr. nullopt on failure with *exit_code set (the reason printed).
std::optional<ReviewSnapshot> workspace_slots(const QCommandLineParser& parser, const WorkspaceSlotOptions& o,
                                              const std::string& command, const std::string& workspace,
                                              services::ModelCaller& caller, int* exit_code);

// One stderr line per slot of `review` whose decisions were all made against an older annotation.
void print_stale_decisions(const ReviewSnapshot& review, const std::string& workspace);

// "choose mysql", "both", "conditional (guard)", "unresolvable (order-sensitive)".
std::string resolution_text(const Resolution& r);

// One line per effective resolution, for people.
std::string effective_text(const EffectiveResolution& e);

}  // namespace bm::cli
