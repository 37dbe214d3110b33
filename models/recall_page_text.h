// A readable rendering of an exact-recall page (one archived message per JSON line) for the studio.
#pragma once

#include <QByteArray>
#include <QString>

namespace bm {

// One paragraph per archived message: "— assistant · seq 18 · line 18 · 2026-01-21T06:20:19Z", then its
// blocks: text as written, "(reasoning) …", "→ Bash: git status" for a call (tool_call_text.h), "← …" for
// a result ("← error: …" when it failed). Lines that are not an archived message are kept as they are.
// The exact bytes stay what the CLI prints; this is only what a reviewer reads by default.
QString readableRecallPage(const QByteArray& exactBytes);

}  // namespace bm
