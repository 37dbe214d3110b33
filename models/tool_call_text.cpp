// Readable tool-call lines for the transcript (tool_call_text.h).
#include "tool_call_text.h"

#include <QStringList>
#include <array>
#include <nlohmann/json.hpp>

namespace bm {

namespace {

// The argument that says what a call does, in the order harnesses name it (Claude Code, Codex,
// OpenHands, Gemini CLI, Cline): the first present string field wins.
constexpr std::array<const char*, 14> kTellingFields{"command", "cmd",   "file_path", "path",    "filePath",
                                                     "notebook_path", "pattern", "query", "url", "prompt",
                                                     "description", "subject", "task", "input"};

QString cut(QString s, int max) {
    s = s.simplified();
    return s.size() > max ? QString(s.left(max) + QChar(0x2026)) : s;
}

QString scalarText(const nlohmann::json& v) {
    if (v.is_string()) return QString::fromStdString(v.get<std::string>());
    if (v.is_array() && !v.empty() && v.front().is_string()) {  // ["bash", "-lc", "ls"] as Codex sends it
        QStringList parts;
        for (const auto& e : v)
            if (e.is_string()) parts << QString::fromStdString(e.get<std::string>());
        return parts.join(QLatin1Char(' '));
    }
    return QString::fromStdString(v.dump());
}

nlohmann::json parsed(const std::string& arguments) {
    return nlohmann::json::parse(arguments, nullptr, /*allow_exceptions=*/false);
}

}  // namespace

QString toolCallLine(const std::string& toolName, const std::string& arguments) {
    const QString tool = toolName.empty() ? QStringLiteral("tool") : QString::fromStdString(toolName);
    const nlohmann::json args = parsed(arguments);
    if (!args.is_object()) {
        const QString text = QString::fromStdString(arguments).trimmed();
        const QString first = text.section(QLatin1Char('\n'), 0, 0);
        if (first.isEmpty()) return tool;
        return tool + QStringLiteral(": ") + cut(first, 200) + (first.size() < text.size() ? QString(QChar(0x2026)) : QString());
    }
    for (const char* field : kTellingFields) {
        auto it = args.find(field);
        if (it == args.end() || it->is_null() || it->is_object()) continue;
        const QString value = scalarText(*it);
        if (!value.trimmed().isEmpty()) return tool + QStringLiteral(": ") + cut(value, 200);
    }
    QStringList pairs;
    for (auto it = args.begin(); it != args.end(); ++it)
        if (!it->is_object() && !it->is_null())
            pairs << QString::fromStdString(it.key()) + QLatin1Char('=') + cut(scalarText(*it), 80);
    return pairs.isEmpty() ? tool : tool + QStringLiteral(": ") + pairs.join(QStringLiteral(", "));
}

namespace {
QString cutAt(const QString& text, int maxChars) {
    return text.size() > maxChars ? QString(text.left(maxChars) + QChar(0x2026)) : text;
}
}  // namespace

QString toolCallArguments(const std::string& arguments, int maxChars) {
    const nlohmann::json args = parsed(arguments);
    return cutAt(args.is_structured() ? QString::fromStdString(args.dump(2, ' ', false, nlohmann::json::error_handler_t::replace))
                                      : QString::fromStdString(arguments),
                 maxChars);
}

QString toolCallDetail(const std::string& toolName, const std::string& arguments, int maxChars) {
    return cutAt(QString::fromStdString(toolName) + QLatin1Char('\n') + toolCallArguments(arguments, maxChars), maxChars);
}

}  // namespace bm
