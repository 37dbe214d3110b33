// Transcript pane: message tree plus an HTML rendering of the selected message with its quote marked.
#include "transcript_pane.h"

#include "display_names.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include "roles.h"
#include "tool_call_text.h"
#include "transcript_model.h"

namespace bm {

namespace {

// HTML of `text` with the first occurrence of `quote` (preferring byte `offset`) highlighted.
QString highlighted(const std::string& text, const QString& quote, qlonglong offset) {
    const std::string q = quote.toStdString();
    size_t at = std::string::npos;
    if (!q.empty()) {
        if (offset >= 0 && static_cast<size_t>(offset) + q.size() <= text.size() && text.compare(static_cast<size_t>(offset), q.size(), q) == 0)
            at = static_cast<size_t>(offset);
        else at = text.find(q);
    }
    auto esc = [](const std::string& s) { return QString::fromStdString(s).toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")); };
    if (at == std::string::npos) return esc(text);
    return esc(text.substr(0, at)) + QStringLiteral("<a name='quote'></a><span style='background:#ffeb3b'>") +
           esc(text.substr(at, q.size())) + QStringLiteral("</span>") + esc(text.substr(at + q.size()));
}

}  // namespace

TranscriptPane::TranscriptPane(QWidget* parent)
    : QWidget(parent),
      m_model(new TranscriptModel(this)),
      m_tree(new QTreeView),
      m_detail(new QTextBrowser),
      m_title(new QLabel),
      m_pager(new QWidget),
      m_pageText(new QLabel),
      m_earlier(new QToolButton),
      m_later(new QToolButton) {
    m_tree->setModel(m_model);
    m_tree->setObjectName(QStringLiteral("transcriptView"));
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setColumnWidth(0, 160);
    m_detail->setObjectName(QStringLiteral("transcriptDetail"));
    m_detail->setOpenLinks(false);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& current) {
        QModelIndex i = current;
        while (i.parent().isValid()) i = i.parent();
        m_quote.clear();
        m_offset = -1;
        if (i.isValid()) showDetail(i.row());
    });
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_tree);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    m_earlier->setText(tr("◀ Earlier"));
    m_earlier->setToolTip(tr("Show the previous %n message(s)", nullptr, TranscriptModel::pageRows()));
    m_later->setText(tr("Later ▶"));
    m_later->setToolTip(tr("Show the next %n message(s)", nullptr, TranscriptModel::pageRows()));
    connect(m_earlier, &QToolButton::clicked, this, [this] { showPage(-1); });
    connect(m_later, &QToolButton::clicked, this, [this] { showPage(1); });
    auto* pager = new QHBoxLayout(m_pager);
    pager->setContentsMargins(0, 0, 0, 0);
    pager->addWidget(m_earlier);
    pager->addWidget(m_pageText);
    pager->addWidget(m_later);
    pager->addStretch(1);
    m_pager->hide();
    auto* header = new QHBoxLayout;
    header->addWidget(m_title, 1);
    header->addWidget(m_pager);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(header);
    layout->addWidget(split, 1);
}

void TranscriptPane::setSnapshot(SnapshotPtr snapshot) {
    m_snapshot = std::move(snapshot);
    const QString session = m_session, branch = m_branch;
    m_session.clear();
    if (m_snapshot && m_snapshot->sessionIndex(session.toStdString()) >= 0) showSession(session, branch);
    else if (m_snapshot && m_snapshot->sessions && !m_snapshot->sessions->empty())
        showSession(QString::fromStdString(m_snapshot->sessions->front().id));
    else m_model->setSession(nullptr, nullptr, nullptr);
}

void TranscriptPane::showSession(const QString& sessionId, const QString& branchId) {
    if (!m_snapshot) return;
    if (sessionId == m_session && branchId == m_branch) return;
    const int index = m_snapshot->sessionIndex(sessionId.toStdString());
    if (index < 0) return;
    const Session& s = (*m_snapshot->sessions)[static_cast<size_t>(index)];
    const Branch* branch = nullptr;
    for (const auto& b : s.branches)
        if (QString::fromStdString(b.id) == branchId) branch = &b;
    m_session = sessionId;
    m_branch = branch ? branchId : QString();
    m_model->setSession(m_snapshot, &s, branch);
    const QString name = sessionDisplayName(s);
    m_title->setText(branch ? tr("Session %1, branch %2 (%n message(s))", nullptr, m_model->totalMessages()).arg(name, branchId)
                            : tr("Session %1 (%n message(s))", nullptr, m_model->totalMessages()).arg(name));
    m_title->setToolTip(sessionTooltip(s));
    m_detail->clear();
    updatePager();
}

void TranscriptPane::showPage(int direction) {
    m_model->setWindowStart(m_model->windowStart() + direction * TranscriptModel::pageRows());
    m_detail->clear();
    updatePager();
}

void TranscriptPane::updatePager() {
    const int total = m_model->totalMessages();
    const bool paged = total > TranscriptModel::pageRows();
    m_pager->setVisible(paged);
    if (!paged) return;
    const int first = m_model->windowStart();
    m_pageText->setText(tr("messages %1–%2 of %3").arg(first + 1).arg(first + m_model->rowCount()).arg(total));
    m_earlier->setEnabled(first > 0);
    m_later->setEnabled(first + m_model->rowCount() < total);
}

bool TranscriptPane::showMessage(const QString& sessionId, const QString& messageId, const QString& quote, qlonglong offset) {
    if (!m_snapshot || m_snapshot->sessionIndex(sessionId.toStdString()) < 0) return false;
    if (m_session != sessionId || m_model->positionOfMessage(messageId) < 0) {
        m_branch = QStringLiteral("\x01");  // force a reload of the whole session
        showSession(sessionId);
    }
    const int position = m_model->positionOfMessage(messageId);
    if (position < 0) return false;
    if (position < m_model->windowStart() || position >= m_model->windowStart() + m_model->rowCount()) {
        m_model->setWindowStart(position - TranscriptModel::pageRows() / 2);
        updatePager();
    }
    const int row = position - m_model->windowStart();
    m_tree->setCurrentIndex(m_model->index(row, 0));
    m_tree->scrollTo(m_model->index(row, 0), QAbstractItemView::PositionAtCenter);
    m_quote = quote;
    m_offset = offset;
    showDetail(row);
    return true;
}

void TranscriptPane::showDetail(int row) {
    const Message* m = m_model->messageAt(row);
    if (!m) return;
    QString html = QStringLiteral("<p><b>%1</b> · %2 · %3</p>")
                       .arg(QString::fromLatin1(role_name(m->role)), QString::fromStdString(m->id).toHtmlEscaped(),
                            QString::fromStdString(m->time).toHtmlEscaped());
    if (m->surface == Surface::kShadowed) html += QStringLiteral("<p><i>%1</i></p>").arg(tr("Shadowed by a compaction."));
    if (m->source.kind == SourceKind::kPlugin)
        html += QStringLiteral("<p style='color:#c62828'><b>%1</b></p>")
                    .arg(tr("Injected by plugin %1: untrusted text, never instructions.").arg(QString::fromStdString(m->source.name).toHtmlEscaped()));
    html += QStringLiteral("<p>") + highlighted(m->visible_text(), m_quote, m_offset) + QStringLiteral("</p>");
    for (const auto& b : m->blocks) {
        if (b.kind == BlockKind::kText) continue;
        // A call shows what it does on one line, then its arguments as indented JSON.
        QString body = b.kind == BlockKind::kToolCall
                           ? QStringLiteral("<b>%1</b><pre style='white-space:pre-wrap'>%2</pre>")
                                 .arg(toolCallLine(b.tool_name, b.arguments).toHtmlEscaped(),
                                      toolCallArguments(b.arguments, 20000).toHtmlEscaped())
                           : highlighted(b.text, m_quote, -1);
        html += QStringLiteral("<p style='color:#555'><i>[%1]</i> %2</p>").arg(QString::fromLatin1(block_kind_name(b.kind)), body);
    }
    m_detail->setHtml(html);
    if (!m_quote.isEmpty()) m_detail->scrollToAnchor(QStringLiteral("quote"));
}

}  // namespace bm
