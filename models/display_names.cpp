// Display names of sessions and engine enums, translated under the "bm::DisplayNames" context.
#include "display_names.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include "studio_snapshot.h"

namespace bm {

namespace {

QString firstUserLine(const Session& session, int maxLine) {
    for (const Message& m : session.messages) {
        if (m.role != Role::kUser) continue;
        const QString text = QString::fromStdString(m.visible_text()).trimmed();
        if (text.isEmpty()) continue;
        const QString line = text.section(u'\n', 0, 0).simplified();
        return line.size() > maxLine ? line.left(maxLine - 1) + QStringLiteral("…") : line;
    }
    return {};
}

}  // namespace

QString sessionDisplayName(const Session& session, int maxLine) {
    const QFileInfo file(QString::fromStdString(session.file));
    QString name = file.completeBaseName();
    if (name.endsWith(QStringLiteral(".transcript"))) name.chop(11);
    static const QStringList generic = {QStringLiteral("session"), QStringLiteral("transcript"), QStringLiteral("log"),
                                        QStringLiteral("events"), QStringLiteral("messages")};
    if (generic.contains(name, Qt::CaseInsensitive) || name.isEmpty()) name = file.dir().dirName();
    if (name.isEmpty() || name == QStringLiteral(".")) name = firstUserLine(session, maxLine);
    return name.isEmpty() ? QString::fromStdString(session.id) : name;
}

QString sessionDisplayName(const StudioSnapshot& snapshot, const std::string& id, int maxLine) {
    const int at = snapshot.sessionIndex(id);
    return at < 0 ? QString::fromStdString(id) : sessionDisplayName((*snapshot.sessions)[static_cast<size_t>(at)], maxLine);
}

QString sessionTooltip(const Session& session) {
    QString tip = QCoreApplication::translate("bm::DisplayNames", "Session id: %1").arg(QString::fromStdString(session.id));
    if (!session.file.empty()) tip += u'\n' + QCoreApplication::translate("bm::DisplayNames", "File: %1").arg(QString::fromStdString(session.file));
    if (const QString first = firstUserLine(session, 120); !first.isEmpty()) tip += u'\n' + QCoreApplication::translate("bm::DisplayNames", "First user line: %1").arg(first);
    return tip;
}

QString trustText(TrustLabel trust) {
    switch (trust) {
        case TrustLabel::kTrusted: return QCoreApplication::translate("bm::DisplayNames", "trusted");
        case TrustLabel::kExternal: return QCoreApplication::translate("bm::DisplayNames", "external");
        case TrustLabel::kUntrusted: return QCoreApplication::translate("bm::DisplayNames", "untrusted");
    }
    return {};
}

QString evidenceText(EvidenceLevel level) {
    switch (level) {
        case EvidenceLevel::kSpeculative: return QCoreApplication::translate("bm::DisplayNames", "speculative");
        case EvidenceLevel::kInferred: return QCoreApplication::translate("bm::DisplayNames", "inferred");
        case EvidenceLevel::kToolVerified: return QCoreApplication::translate("bm::DisplayNames", "tool-verified");
        case EvidenceLevel::kUserStated: return QCoreApplication::translate("bm::DisplayNames", "user-stated");
    }
    return {};
}

QString slotTypeText(SlotType type) {
    switch (type) {
        case SlotType::kFact: return QCoreApplication::translate("bm::DisplayNames", "fact");
        case SlotType::kDecision: return QCoreApplication::translate("bm::DisplayNames", "decision");
        case SlotType::kConstraint: return QCoreApplication::translate("bm::DisplayNames", "constraint");
        case SlotType::kRefuted: return QCoreApplication::translate("bm::DisplayNames", "refuted");
        case SlotType::kGoal: return QCoreApplication::translate("bm::DisplayNames", "goal");
        case SlotType::kOpenQ: return QCoreApplication::translate("bm::DisplayNames", "open question");
        case SlotType::kArtifact: return QCoreApplication::translate("bm::DisplayNames", "artifact");
    }
    return {};
}

QString roleText(const std::string& role) {
    if (role == "user") return QCoreApplication::translate("bm::DisplayNames", "user");
    if (role == "assistant") return QCoreApplication::translate("bm::DisplayNames", "assistant");
    if (role == "tool") return QCoreApplication::translate("bm::DisplayNames", "tool");
    if (role == "system") return QCoreApplication::translate("bm::DisplayNames", "system");
    if (role == "developer") return QCoreApplication::translate("bm::DisplayNames", "developer");
    return QString::fromStdString(role);
}

QString resolutionText(const Resolution& r) {
    switch (r.kind) {
        case ResolutionKind::kChoose: return QCoreApplication::translate("bm::DisplayNames", "choose %1").arg(QString::fromStdString(r.value));
        case ResolutionKind::kBoth: return QCoreApplication::translate("bm::DisplayNames", "both");
        case ResolutionKind::kConditional: return QCoreApplication::translate("bm::DisplayNames", "conditional (guard: %1)").arg(QString::fromStdString(r.guard));
        case ResolutionKind::kUnresolvable: return QCoreApplication::translate("bm::DisplayNames", "unresolvable");
    }
    return QCoreApplication::translate("bm::DisplayNames", "unresolvable");
}

QString compactSlotKey(const QString& key) {
    static const QString marker = QStringLiteral("session-");
    QString out;
    qsizetype from = 0;
    for (qsizetype at = key.indexOf(marker); at >= 0; at = key.indexOf(marker, from)) {
        const qsizetype id = at + marker.size();
        qsizetype end = key.indexOf(QLatin1Char('.'), id);
        if (end < 0) end = key.size();
        out += key.mid(from, id - from);
        // A hex id (UUID) reads by its first 8 characters; a named one (openhands-basic-…) needs more.
        const QString sessionId = key.mid(id, end - id);
        bool hex = true;
        for (QChar c : sessionId) hex = hex && (c.isDigit() || (c >= QLatin1Char('a') && c <= QLatin1Char('f')) || c == QLatin1Char('-'));
        const qsizetype keep = hex ? 8 : 20;
        out += sessionId.size() > keep + 4 ? QString(sessionId.left(keep) + QChar(0x2026)) : sessionId;
        from = end;
    }
    return out + key.mid(from);
}

bool isPerRunFact(const std::string& key) { return key.rfind("env.session.", 0) == 0; }

}  // namespace bm
