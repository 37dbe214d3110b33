// MELD pane: claims, links and the verified Patch log of one brain directory, read-only.
#include "meld_brain_pane.h"

#include <QCoroFuture>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPointer>
#include <QSplitter>
#include <QTabWidget>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "job_pool.h"
#include "meld/signal_engine.h"

namespace bm {

namespace {

using meld::BrainAudit;

// One lexical signal engine for every brain the studio opens (WordNet is read once).
std::shared_ptr<const meld::SignalEngine> studioEngine() {
    static const std::shared_ptr<const meld::SignalEngine> engine =
        std::make_shared<meld::SignalEngine>(std::make_shared<LexicalProvider>(LexicalProvider::create()));
    return engine;
}

QString statusText(meld::ClaimStatus s) {
    switch (s) {
        case meld::ClaimStatus::kActive: return MeldBrainPane::tr("active");
        case meld::ClaimStatus::kDeprecated: return MeldBrainPane::tr("deprecated");
        case meld::ClaimStatus::kOverruled: return MeldBrainPane::tr("overruled");
        case meld::ClaimStatus::kRevoked: return MeldBrainPane::tr("revoked");
    }
    return {};
}

QString q(const std::string& s) { return QString::fromStdString(s); }
QString shortKey(const std::string& key) { return q(key.substr(0, 12)); }

QTreeWidget* makeTree(const QString& name, const QStringList& headers) {
    auto* tree = new QTreeWidget;
    tree->setObjectName(name);
    tree->setHeaderLabels(headers);
    tree->setRootIsDecorated(false);
    tree->setUniformRowHeights(true);
    tree->setAlternatingRowColors(true);
    tree->header()->setStretchLastSection(true);
    return tree;
}

}  // namespace

MeldBrainPane::MeldBrainPane(QWidget* parent)
    : QWidget(parent),
      m_path(new QLabel(tr("No brain open: File > Open Brain…"))),
      m_message(new QLabel),
      m_tabs(new QTabWidget),
      m_claims(makeTree(QStringLiteral("meldClaims"), {tr("Status"), tr("Claim"), tr("Scope"), tr("Origin"), tr("Links"), tr("Key")})),
      m_links(makeTree(QStringLiteral("meldLinks"), {tr("Kind"), tr("Claim"), tr("Target"), tr("Effect"), tr("Author"), tr("Counts")})),
      m_patches(makeTree(QStringLiteral("meldPatches"), {tr("Seq"), tr("Verification"), tr("Decision"), tr("Rule"), tr("Subject"), tr("Target"), tr("Author")})),
      m_delta(new QPlainTextEdit) {
    m_path->setObjectName(QStringLiteral("meldPath"));
    m_path->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setObjectName(QStringLiteral("meldMessage"));
    m_message->setWordWrap(true);
    m_message->hide();
    auto* open = new QToolButton;
    open->setText(tr("Open…"));
    open->setToolTip(tr("Open a brain directory (brain.json and workspace.bmws) read-only"));
    connect(open, &QToolButton::clicked, this, &MeldBrainPane::openRequested);
    auto* refresh = new QToolButton;
    refresh->setText(tr("Refresh"));
    refresh->setToolTip(tr("Read the brain again and verify every Patch again"));
    connect(refresh, &QToolButton::clicked, this, [this] {
        if (!m_dir.isEmpty()) openBrain(m_dir);
    });
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_path, 1);
    bar->addWidget(open);
    bar->addWidget(refresh);

    m_delta->setObjectName(QStringLiteral("meldDelta"));
    m_delta->setReadOnly(true);
    m_delta->setPlaceholderText(tr("Select a Patch to see its delta"));
    m_delta->setFont(QFont(QStringLiteral("monospace")));
    auto* log = new QSplitter(Qt::Vertical);
    log->addWidget(m_patches);
    log->addWidget(m_delta);
    log->setStretchFactor(0, 3);
    log->setStretchFactor(1, 2);
    connect(m_patches, &QTreeWidget::currentItemChanged, this, &MeldBrainPane::showPatch);
    m_tabs->addTab(m_claims, tr("Claims"));
    m_tabs->addTab(m_links, tr("Links"));
    m_tabs->addTab(log, tr("Patch Log"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(m_message);
    layout->addWidget(m_tabs, 1);
}

QString MeldBrainPane::message() const { return m_message->text(); }

QCoro::Task<> MeldBrainPane::openBrain(QString dir) {
    m_dir = dir;
    const quint64 generation = ++m_generation;
    m_path->setText(tr("Opening %1…").arg(dir));
    QPointer<MeldBrainPane> self(this);
    auto job = QtConcurrent::run(jobPool(), [dir] {
        lowerJobThreadPriority();
        auto audit = meld::audit_brain_dir(dir.toStdString(), studioEngine());
        if (!audit) return std::make_pair(std::shared_ptr<const BrainAudit>(), q(audit.error().to_string()));
        return std::make_pair(std::make_shared<const BrainAudit>(std::move(audit).value()), QString());
    });
    auto [audit, error] = co_await job;
    if (!self || generation != m_generation) co_return;
    m_path->setText(dir);
    m_path->setToolTip(dir);
    m_audit = audit;
    if (!audit) {
        showError(error);
        Q_EMIT brainOpened(false);
        co_return;
    }
    show(*audit);
    Q_EMIT brainOpened(true);
}

void MeldBrainPane::showError(const QString& text) {
    m_claims->clear();
    m_links->clear();
    m_patches->clear();
    m_delta->clear();
    m_message->setText(tr("This brain cannot be opened: %1").arg(text));
    m_message->setStyleSheet(QStringLiteral("color: #b71c1c; font-weight: bold"));
    m_message->show();
}

void MeldBrainPane::show(const BrainAudit& audit) {
    const meld::Brain& brain = *audit.brain;
    m_claims->clear();
    for (const auto& held : brain.claims()) {
        const meld::ClaimStatus status = brain.status(held.key);
        std::string scope;
        for (const auto& cell : held.claim.scope.cells) scope += (scope.empty() ? "" : ", ") + cell;
        auto* item = new QTreeWidgetItem({statusText(status), q(held.claim.text), q(scope), q(held.claim.origin),
                                          QString::number(brain.status_links().links_of(held.key).size()), shortKey(held.key)});
        item->setToolTip(5, q(held.key));
        item->setToolTip(0, tr("The status the status CRDT reads now (links that pass the read-time gate, joined)"));
        if (status != meld::ClaimStatus::kActive) item->setForeground(0, QColor(0xb7, 0x1c, 0x1c));
        m_claims->addTopLevelItem(item);
    }
    m_links->clear();
    for (const auto& [id, link] : brain.status_links().links()) {
        const bool materialises = meld::link_is_fresh(link, meld::GateOptions{}) && meld::link_is_authorised(link, brain.directory());
        auto* item = new QTreeWidgetItem({tr("status: %1").arg(q(link.kind)), shortKey(link.claim), shortKey(link.target),
                                          statusText(link.effect), q(link.author),
                                          materialises ? tr("materialises") : tr("gated (stale or unauthorised)")});
        item->setToolTip(1, q(link.claim));
        item->setToolTip(2, q(link.target));
        m_links->addTopLevelItem(item);
    }
    for (const auto& m : brain.mappings()) {
        auto* item = new QTreeWidgetItem({tr("mapping: %1").arg(q(m.kind)), shortKey(m.from), shortKey(m.to), QString(), QString(),
                                          tr("weight %1").arg(m.weight, 0, 'f', 3)});
        item->setToolTip(1, q(m.from));
        item->setToolTip(2, q(m.to));
        m_links->addTopLevelItem(item);
    }
    for (const auto& c : brain.contradictions()) {
        auto* item = new QTreeWidgetItem({tr("contradiction"), shortKey(c.a), shortKey(c.b), QString(), QString(),
                                          tr("rule %1; contexts %2 / %3").arg(q(c.rule), q(c.context_a), q(c.context_b))});
        item->setToolTip(1, q(c.a));
        item->setToolTip(2, q(c.b));
        m_links->addTopLevelItem(item);
    }
    m_patches->clear();
    m_delta->clear();
    for (const auto& row : audit.patches) {
        const meld::Patch* p = row.patch ? &*row.patch : nullptr;
        const QString verification = row.verified ? (row.apply_error.empty() ? tr("✓ verified") : tr("✓ verified, not applied"))
                                                  : tr("✗ failed: %1").arg(q(row.reason));
        auto* item = new QTreeWidgetItem({QString::number(row.seq), verification, p ? q(meld::decision_name(p->decision)) : QString(),
                                          p ? q(p->rule) : QString(), p ? shortKey(p->subject) : QString(), p ? shortKey(p->target) : QString(),
                                          p ? q(p->brain) : QString()});
        item->setData(0, Qt::UserRole, static_cast<int>(&row - audit.patches.data()));
        item->setToolTip(1, row.verified ? (row.apply_error.empty() ? tr("id and HMAC-SHA-256 verify under the author's key")
                                                                    : q(row.apply_error))
                                         : q(row.reason));
        if (!row.verified)
            for (int c = 0; c < item->columnCount(); ++c) item->setForeground(c, QColor(0xb7, 0x1c, 0x1c));
        m_patches->addTopLevelItem(item);
    }
    for (QTreeWidget* tree : {m_claims, m_links, m_patches})
        for (int c = 0; c + 1 < tree->columnCount(); ++c) tree->resizeColumnToContents(c);
    m_patches->setColumnWidth(1, std::min(m_patches->columnWidth(1), 420));
    m_claims->setColumnWidth(1, std::min(m_claims->columnWidth(1), 420));
    const QString summary = tr("Brain %1: %n claim(s), ", nullptr, static_cast<int>(brain.claims().size())).arg(q(audit.config.id)) +
                            tr("%n link(s), ", nullptr, m_links->topLevelItemCount()) +
                            tr("%n Patch(es) in the log", nullptr, static_cast<int>(audit.patches.size()));
    if (const int failed = static_cast<int>(audit.failed()); failed > 0) {
        m_message->setText(summary + QStringLiteral("; ") +
                           tr("%n Patch(es) failed verification: not applied, shown in red in the Patch Log", nullptr, failed));
        m_message->setStyleSheet(QStringLiteral("color: #b71c1c; font-weight: bold"));
    } else {
        m_message->setText(summary + QStringLiteral("; ") + tr("every Patch verifies"));
        m_message->setStyleSheet(QString());
    }
    m_message->show();
}

void MeldBrainPane::showPatch() {
    QTreeWidgetItem* item = m_patches->currentItem();
    if (!item || !m_audit) return m_delta->clear();
    const auto& row = m_audit->patches[static_cast<size_t>(item->data(0, Qt::UserRole).toInt())];
    QString text = row.verified ? tr("Verified: the id and the HMAC-SHA-256 verify under %1's key.").arg(q(row.patch->brain))
                                : tr("FAILED verification: %1").arg(q(row.reason));
    if (!row.apply_error.empty()) text += QLatin1Char('\n') + tr("Not applied: %1").arg(q(row.apply_error));
    if (row.patch) {
        const meld::Patch& p = *row.patch;
        text += QStringLiteral("\n\n") + tr("Patch %1 (%2, rule %3)").arg(q(p.id), q(meld::decision_name(p.decision)), q(p.rule));
        text += QStringLiteral("\n\n") + tr("Incoming delta:") + QLatin1Char('\n') + q(p.delta.dump(2));
        nlohmann::json emitted = p.to_json();
        for (const char* drop : {"delta", "id", "mac", "thresholds"}) emitted.erase(drop);
        text += QStringLiteral("\n\n") + tr("What it emits and why:") + QLatin1Char('\n') + q(emitted.dump(2));
    }
    m_delta->setPlainText(text);
}

}  // namespace bm
