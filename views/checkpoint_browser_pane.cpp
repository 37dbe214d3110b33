// CheckpointBrowserPane: layout, the catalog/search/recall/state jobs and their display.
#include "checkpoint_browser_pane.h"

#include <QCoroFuture>
#include <QCheckBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QTreeView>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <map>

#include "checkpoint_jobs.h"
#include "fold/recall.h"
#include "checkpoint_tree_model.h"
#include "job_pool.h"
#include "recall_page_text.h"
#include "roles.h"

namespace bm {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString q(const nlohmann::json& j, const char* key) {
    return j.contains(key) && j[key].is_string() ? q(j[key].get<std::string>()) : QString();
}
QString seqList(const nlohmann::json& seqs) {
    QStringList out;
    for (const auto& s : seqs) out << QString::number(s.get<int64_t>());
    return out.join(QStringLiteral(", "));
}

// A kind's row inside a group: expanded, not bold.
QTreeWidgetItem* group(QTreeWidgetItem* parent, const QString& title, size_t count) {
    auto* item = new QTreeWidgetItem(parent, {QStringLiteral("%1 (%2)").arg(title).arg(count)});
    item->setExpanded(true);
    return item;
}

QTreeWidgetItem* group(QTreeWidget* tree, const QString& title, size_t count) {
    auto* item = new QTreeWidgetItem(tree, {QStringLiteral("%1 (%2)").arg(title).arg(count)});
    QFont bold = item->font(0);
    bold.setBold(true);
    item->setFont(0, bold);
    item->setExpanded(true);
    return item;
}

}  // namespace

CheckpointBrowserPane::CheckpointBrowserPane(QWidget* parent)
    : QWidget(parent),
      m_model(new CheckpointTreeModel(this)),
      m_storeLabel(new QLabel),
      m_search(new QLineEdit),
      m_searchDelay(new QTimer(this)),
      m_tree(new QTreeView),
      m_hits(new QTreeWidget),
      m_tabs(new QTabWidget),
      m_pageLabel(new QLabel),
      m_previous(new QPushButton(tr("◀ &Previous Page"))),
      m_next(new QPushButton(tr("&Next Page ▶"))),
      m_exactBytes(new QCheckBox(tr("Exact &bytes"))),
      m_page(new QPlainTextEdit),
      m_state(new QTreeWidget),
      m_lineage(new QTreeWidget) {
    setObjectName(QStringLiteral("checkpointBrowser"));
    auto* open = new QPushButton(tr("&Open Store…"));
    auto* reload = new QPushButton(tr("&Refresh"));
    auto* exportButton = new QPushButton(tr("E&xport…"));
    open->setToolTip(tr("Open a checkpoint bundle store (Ctrl+Shift+K)"));
    reload->setToolTip(tr("Re-read and re-verify every bundle of the store"));
    exportButton->setToolTip(tr("Copy the selected bundles verbatim, with a verification report (Ctrl+Shift+X)"));
    m_storeLabel->setText(tr("No checkpoint store open"));
    m_storeLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* top = new QHBoxLayout;
    top->addWidget(m_storeLabel, 1);
    top->addWidget(open);
    top->addWidget(reload);
    top->addWidget(exportButton);

    m_search->setObjectName(QStringLiteral("checkpointSearch"));
    m_search->setPlaceholderText(tr("Search folded history (words or a \"quoted phrase\")…"));
    m_search->setClearButtonEnabled(true);
    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(300);

    m_tree->setModel(m_model);
    m_tree->setObjectName(QStringLiteral("checkpointTree"));
    m_tree->setUniformRowHeights(true);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_hits->setObjectName(QStringLiteral("checkpointHits"));
    m_hits->setHeaderLabels({tr("Checkpoint"), tr("Match"), tr("Offset"), tr("Seq range"), tr("Excerpt")});
    m_hits->setRootIsDecorated(false);
    m_hits->setUniformRowHeights(true);
    m_hits->setToolTip(tr("Newest checkpoint first; Enter or double-click recalls the exact page at the hit"));

    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_page->setObjectName(QStringLiteral("checkpointPage"));
    m_page->setReadOnly(true);
    m_page->setLineWrapMode(QPlainTextEdit::WidgetWidth);  // readable messages; exact bytes do not wrap
    m_page->setFont(mono);
    m_pageLabel->setWordWrap(true);
    m_pageLabel->setTextFormat(Qt::RichText);
    m_previous->setEnabled(false);
    m_next->setEnabled(false);
    m_previous->setShortcut(QKeySequence(Qt::ALT | Qt::Key_PageUp));
    m_next->setShortcut(QKeySequence(Qt::ALT | Qt::Key_PageDown));
    m_previous->setToolTip(tr("Previous exact page (Alt+PgUp)"));
    m_next->setToolTip(tr("Next exact page (Alt+PgDown)"));
    auto* recall = new QWidget;
    auto* recallLayout = new QVBoxLayout(recall);
    auto* paging = new QHBoxLayout;
    paging->addWidget(m_pageLabel, 1);
    m_exactBytes->setToolTip(tr("Show the page byte for byte as `beliefmerge recall --depth exact` prints it "
                                "(canonical JSON, one archived message per line) instead of readable messages"));
    connect(m_exactBytes, &QCheckBox::toggled, this, [this](bool exact) {
        m_page->setLineWrapMode(exact ? QPlainTextEdit::NoWrap : QPlainTextEdit::WidgetWidth);
        m_page->setPlainText(pageText());
    });
    paging->addWidget(m_exactBytes);
    paging->addWidget(m_previous);
    paging->addWidget(m_next);
    recallLayout->addLayout(paging);
    recallLayout->addWidget(m_page, 1);
    m_state->setObjectName(QStringLiteral("checkpointState"));
    m_state->setHeaderLabels({tr("Item"), tr("Value"), tr("Sources")});
    m_state->setUniformRowHeights(true);
    m_lineage->setObjectName(QStringLiteral("checkpointLineage"));
    m_lineage->setHeaderLabels({tr("Checkpoint"), tr("Mode"), tr("Seq range"), tr("Verification")});
    m_tabs->addTab(recall, tr("Exact &recall"));
    m_tabs->addTab(m_state, tr("&State"));
    m_tabs->addTab(m_lineage, tr("&Lineage"));

    auto* left = new QSplitter(Qt::Vertical);
    left->addWidget(m_tree);
    left->addWidget(m_hits);
    left->setStretchFactor(0, 3);
    left->setStretchFactor(1, 2);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_search);
    layout->addWidget(split, 1);

    connect(open, &QPushButton::clicked, this, &CheckpointBrowserPane::openStoreRequested);
    connect(reload, &QPushButton::clicked, this, &CheckpointBrowserPane::refresh);
    connect(exportButton, &QPushButton::clicked, this, &CheckpointBrowserPane::exportRequested);
    connect(m_search, &QLineEdit::textEdited, m_searchDelay, qOverload<>(&QTimer::start));
    connect(m_searchDelay, &QTimer::timeout, this, [this] { search(m_search->text()); });
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        m_searchDelay->stop();
        search(m_search->text());
    });
    connect(m_hits, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) { activateHit(item); });
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& i) {
        const QString id = i.siblingAtColumn(0).data(roles::CheckpointIdRole).toString();
        if (!id.isEmpty() && id != m_checkpoint) showCheckpoint(id, 0);
    });
    connect(m_previous, &QPushButton::clicked, this, &CheckpointBrowserPane::showPreviousPage);
    connect(m_next, &QPushButton::clicked, this, &CheckpointBrowserPane::showNextPage);
}

void CheckpointBrowserPane::openStore(const QString& dir) {
    m_store = dir;
    m_checkpoint.clear();
    m_pageBytes.clear();
    m_page->clear();
    m_pageLabel->clear();
    m_hits->clear();
    m_state->clear();
    m_lineage->clear();
    m_storeLabel->setText(tr("Store: %1").arg(dir));
    loadCatalog();
}

void CheckpointBrowserPane::refresh() {
    if (!m_store.isEmpty()) loadCatalog();
}

QCoro::Task<> CheckpointBrowserPane::loadCatalog() {
    const quint64 generation = ++m_catalogGeneration;
    const QString store = m_store;
    Q_EMIT statusMessage(tr("Verifying the bundles of %1…").arg(store));
    QPointer<CheckpointBrowserPane> self(this);
    // The future is a named local: GCC 12 destroys a lambda temporary inside a co_await expression twice.
    QFuture<CatalogOutcome> job = QtConcurrent::run(jobPool(), [store] { return runCatalogJob(store); });
    CatalogOutcome out = co_await job;
    if (!self || generation != m_catalogGeneration) co_return;
    if (!out.catalog) {
        m_model->setCatalog(nullptr);
        Q_EMIT errorRaised(tr("Cannot read the checkpoint store %1: %2").arg(store, out.error));
        Q_EMIT catalogLoaded();
        co_return;
    }
    m_model->setCatalog(out.catalog);
    m_tree->expandAll();
    const size_t total = out.catalog->checkpoint_count(), bad = out.catalog->unavailable_count();
    m_storeLabel->setText(tr("Store: %1 — %2 sessions, %3 checkpoints, %4 unavailable")
                              .arg(store)
                              .arg(out.catalog->sessions.size())
                              .arg(total)
                              .arg(bad));
    if (bad > 0)
        Q_EMIT errorRaised(tr("%n checkpoint(s) of %1 failed verification: shown as unavailable and never served.", nullptr,
                              static_cast<int>(bad))
                               .arg(store));
    else
        Q_EMIT statusMessage(tr("%1: %2 checkpoints, all verified").arg(store).arg(total));
    if (!m_checkpoint.isEmpty()) {
        const QString id = m_checkpoint;
        m_checkpoint.clear();
        showCheckpoint(id, m_offset);  // re-served (or refused) after re-verification
    }
    Q_EMIT catalogLoaded();
}

void CheckpointBrowserPane::search(const QString& query) {
    if (query.trimmed().isEmpty()) {
        m_hits->clear();
        return;
    }
    runSearch(query);
}

QCoro::Task<> CheckpointBrowserPane::runSearch(QString query) {
    const quint64 generation = ++m_searchGeneration;
    const QString store = m_store;
    QPointer<CheckpointBrowserPane> self(this);
    QFuture<StoreQueryOutcome> job = QtConcurrent::run(jobPool(), [store, query] { return runSearchJob(store, query, 50); });
    StoreQueryOutcome out = co_await job;
    if (!self || generation != m_searchGeneration) co_return;
    m_hits->clear();
    if (!out.error.isEmpty()) {
        Q_EMIT errorRaised(tr("Search failed: %1").arg(out.error));
        Q_EMIT searchFinished();
        co_return;
    }
    for (const auto& h : out.result["hits"]) {
        auto* item = new QTreeWidgetItem(m_hits);
        item->setText(0, q(h, "checkpointId"));
        item->setText(1, q(h, "matchKind"));
        const qint64 offset = h.contains("messageIndex") ? h["messageIndex"].get<int64_t>() : 0;
        item->setText(2, h.contains("messageIndex") ? QString::number(offset) : QString());
        item->setText(3, QStringLiteral("%1–%2")
                             .arg(h["sourceRange"]["firstSeq"].get<int64_t>())
                             .arg(h["sourceRange"]["lastSeq"].get<int64_t>()));
        QString excerpt = q(h, "excerpt").simplified();
        item->setText(4, excerpt);
        item->setToolTip(4, q(h, "excerpt"));
        item->setData(0, roles::CheckpointIdRole, q(h, "checkpointId"));
        item->setData(0, roles::MessageIndexRole, offset);
    }
    for (int c = 0; c < 4; ++c) m_hits->resizeColumnToContents(c);
    if (out.result.contains("unavailable")) {
        QStringList ids;
        for (const auto& u : out.result["unavailable"]) ids << q(u, "checkpointId");
        Q_EMIT errorRaised(tr("Hits in %1 left out: the bundle failed verification and is never served.")
                               .arg(ids.join(QStringLiteral(", "))));
        Q_EMIT searchFinished();
        co_return;
    }
    Q_EMIT statusMessage(tr("%n hit(s) for “%1”", nullptr, m_hits->topLevelItemCount()).arg(query));
    Q_EMIT searchFinished();
}

void CheckpointBrowserPane::activateHit(QTreeWidgetItem* item) {
    if (!item) return;
    m_tabs->setCurrentIndex(0);
    const QString id = item->data(0, roles::CheckpointIdRole).toString();
    m_checkpoint.clear();  // re-show even when it is the current one, at the hit's page
    showCheckpoint(id, item->data(0, roles::MessageIndexRole).toLongLong());
}

void CheckpointBrowserPane::showCheckpoint(const QString& id, qint64 offset) {
    m_checkpoint = id;
    m_offset = offset;
    const QModelIndex row = m_model->indexOf(id);
    if (row.isValid() && m_tree->currentIndex().siblingAtColumn(0) != row) {
        QSignalBlocker block(m_tree->selectionModel());
        m_tree->setCurrentIndex(row);
        m_tree->scrollTo(row);
    }
    const CatalogCheckpoint* c = m_model->checkpointAt(row);
    if (c && !c->available()) {
        showUnavailable(id, q(c->reason));
        return;
    }
    if (c) fillLineage(*c);
    loadPage(id, offset);
    loadState(id);
}

void CheckpointBrowserPane::showNextPage() {
    if (m_nextOffset >= 0) loadPage(m_checkpoint, m_nextOffset);
}

void CheckpointBrowserPane::showPreviousPage() {
    if (m_offset > 0) loadPage(m_checkpoint, std::max<qint64>(0, m_offset - kMaxRecallLimit));
}

QString CheckpointBrowserPane::pageHeader() const { return m_pageLabel->text(); }

QString CheckpointBrowserPane::pageText() const {
    return m_exactBytes->isChecked() ? QString::fromUtf8(m_pageBytes) : readableRecallPage(m_pageBytes);
}

void CheckpointBrowserPane::showUnavailable(const QString& id, const QString& reason) {
    ++m_pageGeneration;
    ++m_stateGeneration;
    m_pageBytes.clear();
    m_page->clear();
    m_state->clear();
    m_lineage->clear();
    m_nextOffset = -1;
    m_previous->setEnabled(false);
    m_next->setEnabled(false);
    m_pageLabel->setText(QStringLiteral("<span style='color:#c62828'><b>%1</b></span><br>%2")
                             .arg(tr("Checkpoint %1 is unavailable: it failed verification and is never served.").arg(id),
                                  reason.toHtmlEscaped()));
    Q_EMIT errorRaised(tr("Checkpoint %1 is unavailable: %2").arg(id, reason));
    Q_EMIT pageLoaded();
}

QCoro::Task<> CheckpointBrowserPane::loadPage(QString id, qint64 offset) {
    const quint64 generation = ++m_pageGeneration;
    const QString store = m_store;
    QPointer<CheckpointBrowserPane> self(this);
    QFuture<RecallOutcome> job = QtConcurrent::run(jobPool(), [store, id, offset] { return runExactRecallJob(store, id, offset); });
    RecallOutcome out = co_await job;
    if (!self || generation != m_pageGeneration) co_return;
    if (!out.error.isEmpty()) {
        m_pageBytes.clear();
        m_page->clear();
        m_pageLabel->setText(QStringLiteral("<span style='color:#c62828'>%1</span>").arg(out.error.toHtmlEscaped()));
        Q_EMIT errorRaised(tr("Cannot recall %1: %2").arg(id, out.error));
        Q_EMIT pageLoaded();
        co_return;
    }
    if (out.result["status"] != "ok") {
        showUnavailable(id, q(out.result, "reason"));
        co_return;
    }
    const nlohmann::json& r = out.result;
    m_offset = r["offset"].get<int64_t>();
    m_nextOffset = r.contains("nextOffset") ? r["nextOffset"].get<int64_t>() : -1;
    m_pageBytes = out.bytes;
    m_page->setPlainText(pageText());
    QString header = tr("Checkpoint %1: messages %2..%3 of %4 (%5 tokens)")
                         .arg(id)
                         .arg(m_offset)
                         .arg(m_offset + static_cast<qint64>(r["messages"].size()))
                         .arg(r["totalMessages"].get<int64_t>())
                         .arg(r["tokens"].get<int64_t>());
    if (r.contains("skipped")) header += QStringLiteral("<br>") + tr("Skipped: %1").arg(q(r["skipped"], "reason").toHtmlEscaped());
    m_pageLabel->setText(header);
    m_previous->setEnabled(m_offset > 0);
    m_next->setEnabled(m_nextOffset >= 0);
    Q_EMIT pageLoaded();
}

QCoro::Task<> CheckpointBrowserPane::loadState(QString id) {
    const quint64 generation = ++m_stateGeneration;
    const QString store = m_store;
    QPointer<CheckpointBrowserPane> self(this);
    QFuture<StoreQueryOutcome> job = QtConcurrent::run(jobPool(), [store, id] { return runCheckpointStateJob(store, id); });
    StoreQueryOutcome out = co_await job;
    if (!self || generation != m_stateGeneration) co_return;
    m_state->clear();
    if (!out.error.isEmpty()) {
        new QTreeWidgetItem(m_state, {tr("Unavailable"), out.error});
        Q_EMIT stateLoaded();
        co_return;
    }
    const auto& anchors = out.result["anchors"];
    QTreeWidgetItem* a = group(m_state, tr("Anchors"), anchors.size());
    // Anchors under one row per kind (in order of first appearance); the item names the key
    // without its kind ("artifact/file//w/a.py" shows as "file · /w/a.py" under "artifact").
    std::map<QString, QTreeWidgetItem*> kinds;
    for (const auto& x : anchors) {
        const QString kind = q(x, "kind");
        QTreeWidgetItem*& parent = kinds[kind];
        if (!parent) parent = group(a, kind, 0);  // counted below
        QString key = q(x, "key");
        if (key.startsWith(kind + QLatin1Char('/'))) key = key.mid(kind.size() + 1);
        if (const int slash = key.indexOf(QLatin1Char('/')); slash > 0) key = key.left(slash) + QStringLiteral(" · ") + key.mid(slash + 1);
        QString value = q(x, "value");
        if (x.contains("failure")) value += QStringLiteral(" [%1]").arg(q(x, "failure"));
        auto* item = new QTreeWidgetItem(parent, {key, value,
                                             tr("seq %1 · %2%3").arg(seqList(x["sourceSeqs"]), q(x, "support"),
                                                                   x.value("verified", false) ? tr(" · verified") : QString())});
        item->setToolTip(1, value);
    }
    for (auto& [kind, item] : kinds) item->setText(0, QStringLiteral("%1 (%2)").arg(kind).arg(item->childCount()));
    const auto& negative = out.result["negativeKnowledge"];
    QTreeWidgetItem* n = group(m_state, tr("Negative knowledge"), negative.size());
    for (const auto& x : negative) {
        QStringList conditions;
        for (const auto& c : x["validWhile"]) conditions << QStringLiteral("%1 = %2").arg(q(c, "key"), q(c, "value"));
        QString text = tr("%1 rejected (%2)").arg(q(x, "rejectedClaim"), q(x, "lifecycle"));
        if (!conditions.isEmpty()) text += QStringLiteral(" · ") + tr("while %1").arg(conditions.join(QStringLiteral(", ")));
        new QTreeWidgetItem(n, {q(x, "subject"), text, tr("because seq %1").arg(seqList(x["because"]))});
    }
    const auto& beliefs = out.result["beliefs"];
    QTreeWidgetItem* b = group(m_state, tr("Beliefs"), beliefs.size());
    for (const auto& x : beliefs) {
        QStringList seqs;
        for (const auto& e : x["evidence"]) seqs << QString::number(e["seq"].get<int64_t>());
        new QTreeWidgetItem(b, {q(x, "level"), q(x, "statement"), tr("evidence seq %1").arg(seqs.join(QStringLiteral(", ")))});
    }
    for (int c = 0; c < 3; ++c) m_state->resizeColumnToContents(c);
    Q_EMIT stateLoaded();
}

void CheckpointBrowserPane::fillLineage(const CatalogCheckpoint& current) {
    m_lineage->clear();
    auto catalog = m_model->catalog();
    if (!catalog) return;
    const CatalogSession* session = nullptr;
    for (const auto& s : catalog->sessions)
        if (s.session_id == current.entry.session_id) session = &s;
    if (!session) return;
    // Roots with the checkpoints they rebased beneath them; checkpoints no root covers at the top.
    std::map<std::string, QTreeWidgetItem*> items;
    auto add = [&](QTreeWidgetItem* parent, const CatalogCheckpoint& c) {
        auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_lineage);
        item->setText(0, q(c.entry.checkpoint_id));
        item->setText(1, c.available() ? foldModeText(c.mode) : QString());
        item->setText(2, c.available() ? QStringLiteral("%1–%2").arg(c.first_seq).arg(c.last_seq) : QString());
        item->setText(3, c.available() ? tr("verified") : tr("unavailable"));
        if (c.entry.checkpoint_id == current.entry.checkpoint_id) {
            QFont bold = item->font(0);
            bold.setBold(true);
            for (int col = 0; col < 4; ++col) item->setFont(col, bold);
            m_lineage->setCurrentItem(item);
        }
        items[c.entry.checkpoint_id] = item;
        return item;
    };
    for (const auto& c : session->checkpoints)
        if (c.covered_by.empty()) add(nullptr, c);
    for (const auto& c : session->checkpoints)
        if (!c.covered_by.empty()) add(items.count(c.covered_by) ? items[c.covered_by] : nullptr, c);
    m_lineage->expandAll();
    for (int col = 0; col < 4; ++col) m_lineage->resizeColumnToContents(col);
}

QStringList CheckpointBrowserPane::selectedCheckpoints() const {
    QStringList out;
    for (const QModelIndex& i : m_tree->selectionModel()->selectedRows(0)) {
        const QString id = i.data(roles::CheckpointIdRole).toString();
        if (!id.isEmpty()) {
            if (!out.contains(id)) out << id;
            continue;
        }
        for (int r = 0; r < m_model->rowCount(i); ++r) {
            const QString child = m_model->index(r, 0, i).data(roles::CheckpointIdRole).toString();
            if (!out.contains(child)) out << child;
        }
    }
    return out;
}

void CheckpointBrowserPane::selectSession(const QString& sessionId) {
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const QModelIndex i = m_model->index(r, 0);
        if (i.data(roles::SessionKeyRole).toString() != sessionId) continue;
        m_tree->setCurrentIndex(i);
        m_tree->scrollTo(i);
        m_tree->expand(i);
        return;
    }
}

}  // namespace bm
