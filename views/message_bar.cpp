// Message bar widgets and colours.
#include "message_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace bm {

MessageBar::MessageBar(QWidget* parent) : QFrame(parent), m_text(new QLabel), m_action(new QToolButton) {
    setObjectName(QStringLiteral("messageBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_text->setObjectName(QStringLiteral("messageText"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    auto* close = new QToolButton;
    close->setText(QStringLiteral("×"));
    close->setToolTip(tr("Close this message"));
    close->setAutoRaise(true);
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    connect(m_action, &QToolButton::clicked, this, &MessageBar::actionTriggered);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 3, 3);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_action);
    layout->addWidget(close);
    hide();
}

void MessageBar::showMessage(Level level, const QString& text, const QString& actionText) {
    const char* colour = level == Level::kError ? "#fdecea" : level == Level::kWarning ? "#fff4e5" : "#e8f4fd";
    const char* border = level == Level::kError ? "#c62828" : level == Level::kWarning ? "#ef6c00" : "#1565c0";
    setStyleSheet(QStringLiteral("#messageBar { background: %1; border: 1px solid %2; } #messageText { color: #212121; }")
                      .arg(QLatin1String(colour), QLatin1String(border)));
    m_text->setText(text);
    m_action->setText(actionText);
    m_action->setVisible(!actionText.isEmpty());
    show();
}

QString MessageBar::text() const { return isHidden() ? QString() : m_text->text(); }

}  // namespace bm
