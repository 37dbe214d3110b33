// `beliefmerge decide WORKSPACE --slot KEY ...`: record a human decision (append-only, committed
// before success is reported), or list every slot's effective resolution with stale decisions.
#include <cstdlib>
#include <cstdio>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "workspace_slots.h"

namespace bm::cli {

int command_decide(const QStringList& args) {
    QCommandLineParser parser;
    WorkspaceSlotOptions o;
    o.add_to(parser);
    QCommandLineOption slot_opt(QStringLiteral("slot"), QStringLiteral("The slot key to decide."), QStringLiteral("KEY"));
    QCommandLineOption accept_opt(QStringLiteral("accept"), QStringLiteral("Accept the model's current resolution."));
    QCommandLineOption choose_opt(QStringLiteral("choose"), QStringLiteral("Choose one of the slot's values."),
                                  QStringLiteral("VALUE"));
    QCommandLineOption both_opt(QStringLiteral("both"), QStringLiteral("The values are compatible: all hold."));
    QCommandLineOption conditional_opt(QStringLiteral("conditional"),
                                       QStringLiteral("The values hold under GUARD (required)."), QStringLiteral("GUARD"));
    QCommandLineOption unresolvable_opt(QStringLiteral("unresolvable"), QStringLiteral("The tie stands."));
    QCommandLineOption reason_opt(QStringLiteral("reason"), QStringLiteral("Why (required)."), QStringLiteral("TEXT"));
    QCommandLineOption reviewer_opt(QStringLiteral("reviewer"), QStringLiteral("Who decides (default: $USER)."),
                                    QStringLiteral("NAME"));
    QCommandLineOption list_opt(QStringLiteral("list"),
                                QStringLiteral("Print every slot's effective resolution and stale decisions."));
    for (auto* opt : {&slot_opt, &accept_opt, &choose_opt, &both_opt, &conditional_opt, &unresolvable_opt, &reason_opt,
                      &reviewer_opt, &list_opt})
        parser.addOption(*opt);
    auto p = parse(parser, args,
                   QStringLiteral("Record a reviewer's decision on a slot of WORKSPACE: accept the model's resolution, or\n"
                                  "overrule it (--choose VALUE, --both, --conditional GUARD, --unresolvable), with\n"
                                  "--reason. Decisions are append-only and stored against the slot's current\n"
                                  "annotation digest; when new evidence changes the annotation, the decision is\n"
                                  "reported stale and not applied. Success is printed only after the decision is\n"
                                  "committed to disk. The slots are those of the same extraction as `adjudicate`\n"
                                  "(--extractor model replays recorded replies only; decide never calls a model)."),
                   QStringLiteral("WORKSPACE"), QStringLiteral("The workspace file (SQLite)."), 1);
    if (p.done) return p.exit_code;
    const std::string workspace = to_std(parser.positionalArguments().first());
    const int kinds = parser.isSet(accept_opt) + parser.isSet(choose_opt) + parser.isSet(both_opt) +
                      parser.isSet(conditional_opt) + parser.isSet(unresolvable_opt);
    if (!parser.isSet(list_opt)) {
        if (!parser.isSet(slot_opt) || kinds != 1) {
            print_err("beliefmerge decide: give --slot KEY and exactly one of --accept, --choose VALUE, --both, "
                      "--conditional GUARD, --unresolvable (or --list)\n");
            return kUsage;
        }
        if (to_std(parser.value(reason_opt)).empty()) {
            print_err("beliefmerge decide: --reason TEXT is required (say why, for the next reviewer)\n");
            return kUsage;
        }
    }
    auto config = service_config(parser, o, "decide", workspace, true);
    if (!config) return kUsage;
    services::ModelCaller caller(*config);
    int exit_code = kOk;
    auto slots = workspace_slots(parser, o, "decide", workspace, caller, &exit_code);
    if (!slots) return exit_code;
    auto store = DecisionStore::open(workspace);
    if (!store) {
        print_err("beliefmerge decide: " + store.error().to_string() + "\n");
        return kFailed;
    }
    if (parser.isSet(list_opt)) {
        for (const auto& [key, e] : slots->resolutions) print_out(effective_text(e) + "\n");
        return kOk;
    }
    const std::string key = to_std(parser.value(slot_opt));
    const MergedSnapshot& merge = *slots->decisionBasis();  // decisions are recorded against the merge
    const Slot* slot = merge.find(key);
    if (!slot) {
        std::string disputed;
        for (const auto& s : merge.slots)
            if (s.state == SlotState::kDisputed) disputed += (disputed.empty() ? "" : ", ") + s.key;
        print_err("beliefmerge decide: no slot '" + key + "' in the merge of " + workspace +
                  (disputed.empty() ? std::string() : " (disputed slots: " + disputed + ")") + "\n");
        return kUsage;
    }
    DecisionRecord d;
    d.slot_key = key;
    d.annotation_digest = annotation_digest(merge, *slot);
    d.reason = to_std(parser.value(reason_opt));
    d.reviewer = reviewer_name(parser, reviewer_opt);
    if (parser.isSet(accept_opt)) {
        d.kind = DecisionKind::kAccept;
        auto models = (*store)->model_resolutions_for_slot(key);
        if (!models) {
            print_err("beliefmerge decide: " + models.error().to_string() + "\n");
            return kFailed;
        }
        auto e = effective_resolution(key, d.annotation_digest, {}, *models);
        if (e.model) d.accepted = e.model->resolution;
    } else if (parser.isSet(choose_opt)) {
        d.kind = DecisionKind::kChoose;
        d.value = to_std(parser.value(choose_opt));
    } else if (parser.isSet(both_opt)) {
        d.kind = DecisionKind::kBoth;
    } else if (parser.isSet(conditional_opt)) {
        d.kind = DecisionKind::kConditional;
        d.guard = to_std(parser.value(conditional_opt));
    } else {
        d.kind = DecisionKind::kUnresolvable;
    }
    if (auto st = validate_decision(d, *slot); !st) {
        print_err("beliefmerge decide: " + st.error().to_string() + "\n");
        return kUsage;
    }
    auto stored = (*store)->append(std::move(d));
    if (!stored) {
        print_err("beliefmerge decide: " + stored.error().to_string() + "\n");
        return kFailed;
    }
    // Only now, after the commit (synchronous=FULL), is success reported.
    print_out("recorded decision #" + std::to_string(stored->id) + ": " + key + " -> " +
              resolution_text(stored->resolution()) + " (reviewer " + stored->reviewer + ", annotation " +
              stored->annotation_digest.substr(0, 12) + ")\n");
    std::fflush(stdout);
    return kOk;
}

}  // namespace bm::cli
