// Review > Adjudicate: the progress of a model adjudication (batches, Cancel or Esc) and its result,
// slot by slot: the options asked, the model's answer and the symmetry check (agreed in both
// orders, order-sensitive and downgraded to unresolvable, or dropped), what was recorded, and on
// failure what failed and what was kept. Non-modal; the main window runs the job.
#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace bm {

struct AdjudicationOutcome;

class AdjudicationDialog : public QDialog {
    Q_OBJECT
public:
    explicit AdjudicationDialog(QWidget* parent = nullptr);

    // A run starts: `what` names the model, the endpoint and the slots asked.
    void start(const QString& what);
    void setProgress(int done, int total);
    void showOutcome(const AdjudicationOutcome& outcome);
    bool isRunning() const { return m_running; }

    QTreeWidget* resultTree() const { return m_results; }
    QString summaryText() const;

Q_SIGNALS:
    void cancelRequested();

protected:
    void reject() override;

private:
    QLabel* m_what;
    QProgressBar* m_progress;
    QTreeWidget* m_results;
    QLabel* m_summary;
    QLabel* m_hint;
    QPushButton* m_cancel;
    QDialogButtonBox* m_buttons;
    bool m_running = false;
};

}  // namespace bm
