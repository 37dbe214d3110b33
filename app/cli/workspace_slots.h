// Shared by `adjudicate` and `decide`: the merged slots of a workspace's sessions, extracted the
// way the user asked (heuristic, oracle, or model alignment through record/replay).
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <optional>
#include <string>
#include <vector>

#include "merge/snapshot.h"
#include "model_caller.h"
#include "pack/resolution.h"
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
    void add_to(QCommandLineParser& parser);
};

struct WorkspaceSlots {
    std::vector<Session> sessions;
    MergedSnapshot snapshot;
};

// Validates the options into a service config for `workspace` (prints usage errors itself).
std::optional<services::ServiceConfig> service_config(const QCommandLineParser& parser, const WorkspaceSlotOptions& o,
                                                      const std::string& command, const std::string& workspace,
                                                      bool force_replay);

// Loads, extracts and merges; prints load errors and extractor warnings to stderr. nullopt on
// failure with *exit_code set.
std::optional<WorkspaceSlots> workspace_slots(const QCommandLineParser& parser, const WorkspaceSlotOptions& o,
                                              const std::string& command, const std::string& workspace,
                                              services::ModelCaller& caller, int* exit_code);

// The effective resolutions recorded in `workspace` (human decisions > model resolutions) for the
// slots of `*snapshot`, as pack takes them; prints a line per stale decision to stderr (stale ones
// are handed over marked stale: rendered as not applied). `*snapshot`'s derivation labels are
// recomputed under them (core/adjudicate/resolved_derivations.h, as the studio does): a premise
// declared unresolvable retracts its conclusions, one settled by a decision founds them. nullopt
// on a store error (printed; `*snapshot` untouched).
std::optional<ResolutionMap> workspace_resolutions(const std::string& command, const std::string& workspace,
                                                   MergedSnapshot* snapshot);

// "choose mysql", "both", "conditional (guard)", "unresolvable (order-sensitive)".
std::string resolution_text(const Resolution& r);

// One line per effective resolution, for people.
std::string effective_text(const EffectiveResolution& e);

}  // namespace bm::cli
