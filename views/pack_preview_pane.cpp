// Pack preview: options, the background pack, the report, dropped items and export.
#include "pack_preview_pane.h"
#include "job_pool.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <QCoroFuture>
#include <set>

#include "pack/layout.h"
#include "snapshot/packed_block.h"

namespace bm {

PackPreviewPane::PackPreviewPane(QWidget* parent)
    : QWidget(parent),
      m_budget(new QSpinBox),
      m_format(new QComboBox),
      m_algorithm(new QComboBox),
      m_report(new QLabel),
      m_text(new QPlainTextEdit),
      m_dropped(new QListWidget) {
    m_budget->setRange(32, 1000000);
    m_budget->setValue(1000);
    m_budget->setSingleStep(100);
    m_budget->setSuffix(tr(" tokens"));
    m_budget->setObjectName(QStringLiteral("packBudget"));
    m_format->addItem(tr("Markdown"), int(PackFormat::kMarkdown));
    m_format->addItem(tr("JSON"), int(PackFormat::kJson));
    m_format->addItem(tr("DSH user message"), int(PackFormat::kDsh));
    m_algorithm->addItem(tr("Partial enumeration"), int(PackAlgorithm::kPartialEnumeration));
    m_algorithm->addItem(tr("Density greedy"), int(PackAlgorithm::kDensityGreedy));
    m_text->setReadOnly(true);
    m_text->setObjectName(QStringLiteral("packText"));
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    QFont mono(QStringLiteral("DejaVu Sans Mono"));
    mono.setStyleHint(QFont::Monospace);
    m_text->setFont(mono);
    m_report->setWordWrap(true);
    m_report->setObjectName(QStringLiteral("packReport"));
    connect(m_budget, &QSpinBox::valueChanged, this, [this] { repack(); });
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] { repack(); });
    connect(m_algorithm, &QComboBox::currentIndexChanged, this, [this] { repack(); });

    auto* exportFile = new QPushButton(tr("Export…"));
    auto* exportClip = new QPushButton(tr("Copy to clipboard"));
    connect(exportClip, &QPushButton::clicked, this, [this] { exportToClipboard(); });
    connect(exportFile, &QPushButton::clicked, this, &PackPreviewPane::exportFileRequested);
    // One row of options and buttons, then the block over the dropped list in a splitter: the pane
    // works from a few lines high (1024×600) up, and the buttons never fall under the tab bar.
    auto* options = new QHBoxLayout;
    auto labelled = [options](const QString& text, QWidget* field) {
        auto* label = new QLabel(text);
        label->setBuddy(field);
        options->addWidget(label);
        options->addWidget(field);
    };
    labelled(tr("&Budget:"), m_budget);
    labelled(tr("For&mat:"), m_format);
    labelled(tr("A&lgorithm:"), m_algorithm);
    options->addStretch(1);
    options->addWidget(exportFile);
    options->addWidget(exportClip);
    m_text->setMinimumHeight(60);
    m_dropped->setMinimumHeight(36);
    m_dropped->setUniformItemSizes(true);  // thousands of dropped keys: no per-row size hint (text shaping)
    auto* dropped = new QWidget;
    auto* droppedLayout = new QVBoxLayout(dropped);
    droppedLayout->setContentsMargins(0, 0, 0, 0);
    droppedLayout->addWidget(new QLabel(tr("Dropped for the budget:")));
    droppedLayout->addWidget(m_dropped, 1);
    auto* split = new QSplitter(Qt::Vertical);
    split->setObjectName(QStringLiteral("packSplitter"));
    split->addWidget(m_text);
    split->addWidget(dropped);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setSizes({400, 60});  // the block first; the dropped list is a footnote
    split->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(options);
    layout->addWidget(m_report);
    layout->addWidget(split, 1);
}

PackPreviewPane::~PackPreviewPane() = default;

void PackPreviewPane::setSnapshot(SnapshotPtr snapshot) {
    m_snapshot = std::move(snapshot);
    repack();
}

void PackPreviewPane::setBudget(int tokens) { m_budget->setValue(tokens); }

PackFormat PackPreviewPane::format() const { return PackFormat(m_format->currentData().toInt()); }

void PackPreviewPane::setFormat(PackFormat format) { m_format->setCurrentIndex(m_format->findData(int(format))); }

QString PackPreviewPane::block() const {
    return m_result && m_result->ok() ? QString::fromStdString((*m_result)->block) : QString();
}

QStringList PackPreviewPane::droppedKeys() const {
    QStringList out;
    for (int i = 0; i < m_dropped->count(); ++i) out << m_dropped->item(i)->text();
    return out;
}

QCoro::Task<> PackPreviewPane::repack() {
    const quint64 generation = ++m_generation;
    SnapshotPtr snapshot = m_snapshot;
    if (!snapshot || !snapshot->merged) co_return;
    ++m_pending;
    PackOptions options;
    options.budget = static_cast<size_t>(m_budget->value());
    options.format = PackFormat(m_format->currentData().toInt());
    options.algorithm = PackAlgorithm(m_algorithm->currentData().toInt());
    QPointer<PackPreviewPane> self(this);
    QFuture<std::shared_ptr<const Result<PackResult>>> job = QtConcurrent::run(jobPool(), [snapshot, options] {
        lowerJobThreadPriority();
        auto counter = default_token_counter();  // as `merge` and MCP count: $BELIEFMERGE_TOKENIZER, else auto
        if (!counter) return std::make_shared<const Result<PackResult>>(counter.error());
        return std::make_shared<const Result<PackResult>>(pack_review_snapshot(*snapshot, options, **counter));
    });
    auto result = co_await job;
    if (!self) co_return;
    --m_pending;
    if (generation != m_generation) co_return;
    m_result = std::move(result);
    m_dropped->clear();
    if (!m_result->ok()) {
        m_text->setPlainText(QString());
        m_report->setText(QStringLiteral("<span style='color:#c62828'><b>%1</b></span><br>%2")
                              .arg(m_result->error().code() == ErrorCode::kRefused
                                       ? tr("Refused: a trust invariant is violated; nothing can be exported.")
                                       : tr("Cannot pack: nothing can be exported."),
                                   QString::fromStdString(m_result->error().to_string()).toHtmlEscaped()));
        for (const auto& v : snapshot->merged->violations)
            m_dropped->addItem(tr("violation %1 on %2: %3")
                                   .arg(QString::fromStdString(v.invariant), QString::fromStdString(v.key), QString::fromStdString(v.detail)));
        m_dropped->parentWidget()->setVisible(m_dropped->count() > 0);
        Q_EMIT packFinished();
        co_return;
    }
    const PackResult& r = **m_result;
    m_text->setPlainText(QString::fromStdString(r.block));
    QString report = tr("%1 of %2 tokens · %3 of %4 items · %5 · counter %6")
                         .arg(r.report.tokens).arg(r.report.budget).arg(r.report.included).arg(r.report.candidates)
                         .arg(QString::fromStdString(r.report.algorithm), QString::fromStdString(r.report.counter));
    if (r.report.beat_greedy) report += tr(" · beat density greedy");
    if (!m_previousExport.empty())
        report += tr(" · preserved prefix vs. last export: %1 of %2 items")
                      .arg(preserved_prefix(m_previousExport, item_texts(r)))
                      .arg(m_previousExport.size());
    if (r.report.empty) report += QStringLiteral("<br><b>%1</b>").arg(QString::fromStdString(r.report.reason).toHtmlEscaped());
    m_report->setText(report);
    std::set<std::string> kept;
    for (const auto& item : r.items) kept.insert(item.key);
    QStringList dropped;  // one insertion, not one per row: thousands of slots can be dropped
    for (const auto& s : snapshot->merged->slots)
        if (!kept.count(s.key)) dropped << QString::fromStdString(s.key);
    m_dropped->addItems(dropped);
    m_dropped->parentWidget()->setVisible(!dropped.isEmpty());  // nothing dropped: the block gets the room
    Q_EMIT packFinished();
}

bool PackPreviewPane::canExport() {
    if (!m_result) {
        m_error = tr("Nothing packed yet.");
        return false;
    }
    if (!m_result->ok()) {
        QStringList violations;
        for (const auto& v : m_snapshot->merged->violations)
            violations << QString::fromStdString(v.invariant + " on " + v.key + ": " + v.detail);
        m_error = tr("Export refused: %1").arg(violations.isEmpty() ? QString::fromStdString(m_result->error().to_string())
                                                                    : violations.join(QStringLiteral("; ")));
        return false;
    }
    if ((*m_result)->block.empty()) {
        m_error = tr("Export refused: %1").arg(QString::fromStdString((*m_result)->report.reason));
        return false;
    }
    return true;
}

bool PackPreviewPane::exportToFile(const QString& path) {
    if (!canExport()) return false;
    QSaveFile file(path);
    const std::string& bytes = (*m_result)->block;
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes.data(), static_cast<qint64>(bytes.size())) != static_cast<qint64>(bytes.size()) ||
        !file.commit()) {
        m_error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    m_previousExport = item_texts(**m_result);
    Q_EMIT exported(path);
    return true;
}

bool PackPreviewPane::exportToClipboard() {
    if (!canExport()) return false;
    QApplication::clipboard()->setText(QString::fromStdString((*m_result)->block));
    m_previousExport = item_texts(**m_result);
    Q_EMIT exported(tr("the clipboard"));
    return true;
}

}  // namespace bm
