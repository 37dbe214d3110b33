// What a reviewer reads for the engine's names: sessions by file, title or first user line (the id
// goes in tooltips), and translated display names for trust, evidence, slot types, roles and
// resolutions. The engine's own names stay in roles and exports.
#pragma once

#include <QString>

#include "merge/snapshot.h"
#include "model/session.h"
#include "store/decisions.h"

namespace bm {

struct StudioSnapshot;

// A human name for `session`: its log's file name (the folder's for a generic name such as
// session.jsonl), then its first user line, cut to `maxLine` characters; the id when nothing else.
QString sessionDisplayName(const Session& session, int maxLine = 48);
// The session's name, or `id` itself when the snapshot does not hold it.
QString sessionDisplayName(const StudioSnapshot& snapshot, const std::string& id, int maxLine = 48);
// "id: …, file: …" for tooltips.
QString sessionTooltip(const Session& session);

QString trustText(TrustLabel trust);
QString evidenceText(EvidenceLevel level);
QString slotTypeText(SlotType type);
QString roleText(const std::string& engineRole);  // "user", "assistant", "tool", …
// describe_resolution(), translated: "choose mysql", "both", "conditional (guard: …)", "unresolvable".
QString resolutionText(const Resolution& resolution);

// A slot key for tight places (graph boxes): a session id inside a turn-scoped key is cut to its
// first 8 characters when it is hex (a UUID: "reply.session-736c4bd8….turn-4"), else to 20; the
// full key goes in the tooltip.
QString compactSlotKey(const QString& key);

// Per-run environment facts (env.session.<id>.*): many, one per run, hidden unless asked for.
bool isPerRunFact(const std::string& key);

}  // namespace bm
