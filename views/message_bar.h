// An inline message bar above the graph: errors and warnings a reviewer must not miss (a failed
// load, load errors, a refused decision or export), shown until closed or replaced.
#pragma once

#include <QFrame>

class QLabel;
class QToolButton;

namespace bm {

class MessageBar : public QFrame {
    Q_OBJECT
public:
    enum class Level { kError, kWarning, kInfo };
    explicit MessageBar(QWidget* parent = nullptr);

    // Shows `text`; with `actionText`, a button that emits actionTriggered().
    void showMessage(Level level, const QString& text, const QString& actionText = {});
    QString text() const;

Q_SIGNALS:
    void actionTriggered();

private:
    QLabel* m_text;
    QToolButton* m_action;
};

}  // namespace bm
