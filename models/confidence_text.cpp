// Rule and confidence texts, translated under the "bm::ConfidenceText" context.
#include "confidence_text.h"

#include <QCoreApplication>

#include "extract/rule_table.h"

namespace bm {

QString ruleText(const Claim& claim) {
    if (claim.rule.empty()) return QStringLiteral("–");
    return QString::fromStdString(claim.rule) + QStringLiteral(" · ") + QString::number(claim.confidence, 'f', 2);
}

QString ruleTooltip(const Claim& claim) {
    if (claim.rule.empty())
        return QCoreApplication::translate("bm::ConfidenceText",
                                           "Not made by a heuristic rule: read from the log's annotations (oracle) or by a model");
    const ExtractionRule* rule = find_rule(claim.rule);
    QString tip = QCoreApplication::translate("bm::ConfidenceText", "Extraction rule %1").arg(QString::fromStdString(claim.rule));
    if (rule) tip += QStringLiteral(": ") + QString::fromUtf8(rule->matches);
    return tip + u'\n' +
           QCoreApplication::translate("bm::ConfidenceText",
                                       "Confidence %1: the rule's measured or judged precision (docs/extract.md). "
                                       "Claims under %2 are hidden unless View > Show Low-Confidence Claims is on.")
               .arg(QString::number(claim.confidence, 'f', 2), QString::number(kStudioMinConfidence));
}

QString lowConfidenceText(const LowConfidenceTally& tally) {
    if (tally.claims == 0) return QString();
    const QString slotText = QCoreApplication::translate("bm::ConfidenceText", "%n slot(s)", nullptr, tally.slotCount);
    if (tally.hidden)
        return QCoreApplication::translate("bm::ConfidenceText", "%n low-confidence claim(s) hidden (they would add %1; View menu)", nullptr,
                                           tally.claims)
            .arg(slotText);
    return QCoreApplication::translate("bm::ConfidenceText", "%n low-confidence claim(s) shown (on %1; View menu)", nullptr,
                                       tally.claims)
        .arg(slotText);
}

}  // namespace bm
