// Item-data roles shared by every model and view of the studio (one place, starting at UserRole).
#pragma once

#include <Qt>

namespace bm::roles {

enum Role {
    SortRole = Qt::UserRole + 1,  // value used by sorting proxies
    SessionKeyRole,               // workspace key of a session (QString)
    MessageIndexRole,             // index of a message in its session (int)
    RoleNameRole,                 // message role: user, assistant, tool, system, developer
    ShadowedRole,                 // bool: replaced by a compaction
    BlockKindRole,                // content block kind name
    SlotKeyRole,                  // slot key (QString)
    SlotStateRole,                // slot state name: settled, resolved, contested, disputed
    TrustRole,                    // trust label name: TRUSTED, EXTERNAL, UNTRUSTED
    ValueRole,                    // a slot value (QString)
    SourceSessionRole,            // session id of a claim's source message
    SourceMessageRole,            // message id of a claim's source
    SourceBranchRole,             // branch id of a claim's source
    QuoteRole,                    // verbatim quote of a claim
    QuoteOffsetRole,              // byte offset of the quote in the message text (-1 unknown)
    InRole,                       // bool: derivation label IN
    DecisionRole,                 // text of the effective decision, empty when none
    StaleRole,                    // bool: a decision was made against an older annotation
    NeedsReviewRole,              // bool: disputed or contested (what the queue lists)
    MessageIdRole,                // id of a transcript message
    BranchIdRole,                 // id of a branch (workspace tree)
    FilterRole,                   // text the filter proxies match against
    DecidedRole,                  // bool: a reviewer's decision is in force on the slot
    RuleRole,                     // id of the extraction rule behind a claim, empty when none (QString)
    ConfidenceRole,               // the claim's confidence, 0..1 (double)
    CheckpointIdRole,             // checkpoint id of a bundle row, empty on session rows (QString)
    AvailableRole,                // bool: the bundle verified and may be served
};

}  // namespace bm::roles
