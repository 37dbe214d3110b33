// The approval dialog: project states from core/inject, the block built in the background, append
// on Approve.
#include "approve_block_dialog.h"

#include <QDialogButtonBox>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "inject/approval_status.h"
#include "util/hash.h"

namespace bm {

namespace {

struct Built {
    std::shared_ptr<const ProjectBlock> block;
    QString error;
};

Built build_block(const std::string& workspace, const std::string& project, size_t budget) {
    ProjectBlockOptions options;
    options.budget = budget;
    auto block = build_project_block(workspace, project, options);
    if (!block) return {nullptr, QString::fromStdString(block.error().to_string())};
    return {std::make_shared<const ProjectBlock>(std::move(block).value()), {}};
}

}  // namespace

ApproveBlockDialog::ApproveBlockDialog(QString workspacePath, QString reviewer, QWidget* parent)
    : QDialog(parent),
      m_workspacePath(std::move(workspacePath)),
      m_reviewer(std::move(reviewer)),
      m_projects(new QTreeWidget(this)),
      m_block(new QPlainTextEdit(this)),
      m_status(new QLabel(this)),
      m_budget(new QSpinBox(this)),
      m_approve(new QPushButton(tr("&Approve"), this)) {
    setObjectName(QStringLiteral("approveBlockDialog"));
    setWindowTitle(tr("Approve Block"));
    m_projects->setObjectName(QStringLiteral("approvalProjects"));
    m_projects->setHeaderLabels({tr("Project"), tr("State"), tr("Approval"), tr("What changed")});
    m_projects->setRootIsDecorated(false);
    m_projects->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_block->setObjectName(QStringLiteral("approvalBlock"));
    m_block->setReadOnly(true);
    m_block->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_status->setObjectName(QStringLiteral("approvalStatus"));
    m_status->setWordWrap(true);
    m_budget->setRange(50, 200000);
    m_budget->setValue(2000);
    m_budget->setSuffix(tr(" tokens"));
    m_approve->setObjectName(QStringLiteral("approveButton"));
    m_approve->setEnabled(false);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_projects);
    split->addWidget(m_block);
    split->setStretchFactor(1, 2);
    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Budget:"), this));
    controls->addWidget(m_budget);
    controls->addStretch();
    controls->addWidget(m_approve);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split);
    layout->addWidget(m_status);
    layout->addLayout(controls);
    layout->addWidget(buttons);
    resize(980, 640);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_approve, &QPushButton::clicked, this, &ApproveBlockDialog::approveShown);
    connect(m_projects, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (item) build(item->text(0));
    });
    connect(m_budget, &QSpinBox::editingFinished, this, [this] {
        if (!m_project.isEmpty()) build(m_project);
    });
    refreshProjects();
}

QString ApproveBlockDialog::blockText() const {
    return m_block->toPlainText();
}
QString ApproveBlockDialog::statusText() const {
    return m_status->text();
}

void ApproveBlockDialog::refreshProjects() {
    const QString selected = m_project;
    QSignalBlocker block(m_projects);
    m_projects->clear();
    auto store = ApprovalStore::open(m_workspacePath.toStdString());
    if (!store) {
        m_status->setText(QString::fromStdString(store.error().to_string()));
        return;
    }
    auto projects = (*store)->projects();
    if (!projects) {
        m_status->setText(QString::fromStdString(projects.error().to_string()));
        return;
    }
    for (const std::string& project : *projects) {
        auto status = approval_status(**store, project, ProjectBlockOptions{}.extract);
        if (!status) {
            m_status->setText(QString::fromStdString(status.error().to_string()));
            continue;
        }
        QStringList changes;
        for (const auto& c : status->changes) changes << QString::fromStdString(c);
        QString approval;
        if (status->approval)
            approval = tr("#%1 by %2 at %3")
                           .arg(status->approval->id)
                           .arg(QString::fromStdString(status->approval->reviewer),
                                QString::fromStdString(status->approval->approved_at));
        auto* item = new QTreeWidgetItem(
            m_projects, {QString::fromStdString(project),
                         QString::fromLatin1(approval_state_name(status->state)), approval,
                         changes.join(QStringLiteral("; "))});
        item->setToolTip(3, changes.join(u'\n'));
        if (QString::fromStdString(project) == selected) m_projects->setCurrentItem(item);
    }
}

void ApproveBlockDialog::selectProject(const QString& project) {
    const auto found = m_projects->findItems(project, Qt::MatchExactly, 0);
    if (found.isEmpty()) return;
    {
        QSignalBlocker quiet(m_projects);  // built once, below, even when it was already current
        m_projects->setCurrentItem(found.front());
    }
    build(project);
}

void ApproveBlockDialog::build(const QString& project) {
    m_project = project;
    m_shown.reset();
    m_approve->setEnabled(false);
    m_building = true;
    m_status->setText(tr("Packing the block of %1…").arg(project));
    const quint64 generation = ++m_generation;
    auto* watcher = new QFutureWatcher<Built>(this);
    connect(watcher, &QFutureWatcher<Built>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation) return;  // another project was selected meanwhile
        m_building = false;
        const Built built = watcher->result();
        if (!built.block) {
            m_block->clear();
            m_status->setText(built.error);
        } else if (built.block->packed.report.empty) {
            m_block->clear();
            m_status->setText(tr("Nothing to approve: %1")
                                  .arg(QString::fromStdString(built.block->packed.report.reason)));
        } else {
            m_shown = built.block;
            const PackReport& r = m_shown->packed.report;
            m_block->setPlainText(QString::fromStdString(m_shown->packed.block));
            m_status->setText(
                tr("%1 of %2 slots, %3/%4 tokens (%5), digest %6; approving records it with the %7 "
                   "sessions and %8 decisions it covers.")
                    .arg(r.included)
                    .arg(r.candidates)
                    .arg(r.tokens)
                    .arg(r.budget)
                    .arg(QString::fromStdString(r.counter),
                         QString::fromStdString(sha256_hex(m_shown->packed.block).substr(0, 12)))
                    .arg(m_shown->coverage.sessions.size())
                    .arg(m_shown->coverage.decisions.decisions.size()));
            m_approve->setEnabled(true);
        }
        Q_EMIT blockBuilt();
    });
    watcher->setFuture(QtConcurrent::run(build_block, m_workspacePath.toStdString(),
                                         project.toStdString(),
                                         static_cast<size_t>(m_budget->value())));
}

bool ApproveBlockDialog::approveShown() {
    if (!m_shown) {
        m_status->setText(tr("No block to approve: select a project and wait for its block."));
        return false;
    }
    auto store = ApprovalStore::open(m_workspacePath.toStdString());
    auto stored = store ? (*store)->append(approval_of(*m_shown, m_project.toStdString(),
                                                       m_reviewer.toStdString()))
                        : Result<ApprovalRecord>(store.error());
    if (!stored) {
        m_status->setText(
            tr("Not approved: %1").arg(QString::fromStdString(stored.error().to_string())));
        return false;
    }
    m_status->setText(
        tr("Approved #%1 for %2 (digest %3): the next session of this project is given exactly "
           "this block.")
            .arg(stored->id)
            .arg(m_project, QString::fromStdString(stored->block_digest.substr(0, 12))));
    refreshProjects();
    Q_EMIT approved(m_project);
    return true;
}

}  // namespace bm
