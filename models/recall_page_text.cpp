// Readable exact-recall pages (recall_page_text.h).
#include "recall_page_text.h"

#include <QStringList>
#include <nlohmann/json.hpp>

#include "tool_call_text.h"

namespace bm {

namespace {

QString field(const nlohmann::json& j, const char* key) {
    auto it = j.find(key);
    if (it == j.end()) return {};
    if (it->is_string()) return QString::fromStdString(it->get<std::string>());
    if (it->is_number_integer()) return QString::number(it->get<int64_t>());
    return {};
}

QString messageText(const nlohmann::json& m) {
    QStringList header{field(m, "role").isEmpty() ? QStringLiteral("message") : field(m, "role")};
    if (const QString seq = field(m, "seq"); !seq.isEmpty()) header << QStringLiteral("seq ") + seq;
    if (const QString line = field(m, "line"); !line.isEmpty() && line != QLatin1String("0")) header << QStringLiteral("line ") + line;
    if (const QString time = field(m, "time"); !time.isEmpty()) header << time;
    if (auto source = m.find("source"); source != m.end() && source->is_object() && source->value("kind", "") == "plugin")
        header << QStringLiteral("injected by plugin ") + QString::fromStdString(source->value("name", ""));
    QString out = QStringLiteral("— ") + header.join(QStringLiteral(" · "));
    const auto blocks = m.find("blocks");
    if (blocks == m.end() || !blocks->is_array()) return out;
    for (const auto& b : *blocks) {
        if (!b.is_object()) continue;
        const std::string kind = b.value("kind", "text");
        const QString text = field(b, "text");
        if (kind == "tool_call")
            out += QStringLiteral("\n→ ") + toolCallLine(b.value("name", ""), b.value("arguments", ""));
        else if (kind == "tool_result")
            out += (b.value("isError", false) ? QStringLiteral("\n← error: ") : QStringLiteral("\n← ")) + text;
        else if (kind == "reasoning")
            out += QStringLiteral("\n(reasoning) ") + text;
        else if (kind == "image")
            out += QStringLiteral("\n[image]");
        else
            out += QLatin1Char('\n') + text;
    }
    return out;
}

}  // namespace

QString readableRecallPage(const QByteArray& exactBytes) {
    QStringList out;
    for (const QByteArray& line : exactBytes.split('\n')) {
        if (line.isEmpty()) continue;
        const nlohmann::json j = nlohmann::json::parse(line.constBegin(), line.constEnd(), nullptr, /*allow_exceptions=*/false);
        out << (j.is_object() && j.contains("blocks") ? messageText(j) : QString::fromUtf8(line));
    }
    return out.join(QStringLiteral("\n\n"));
}

}  // namespace bm
