// Session > Fold…: folds a session log into a bundle store with the core fold engine, as
// `beliefmerge fold` does (leaf, root or emergency; retained tokens), on a worker with progress and
// cancel. Every checkpoint is published durably before the next fold starts, so a cancel keeps the
// checkpoints already published and never a half-written one.
#pragma once

#include <QDialog>
#include <atomic>
#include <memory>

#include <qcorotask.h>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTimer;

namespace bm {

class FoldDialog : public QDialog {
    Q_OBJECT
public:
    explicit FoldDialog(QWidget* parent = nullptr);
    ~FoldDialog() override;

    void setLogPath(const QString& path);
    void setSessionId(const QString& id);
    void setStorePath(const QString& path);
    // Starts the fold (the Fold button); foldFinished when it ends.
    void startFold();
    void cancelFold();
    bool isRunning() const { return m_running; }
    QString resultText() const;

    QLineEdit* logEdit() const { return m_log; }
    QLineEdit* sessionEdit() const { return m_session; }
    QLineEdit* storeEdit() const { return m_store; }
    QComboBox* modeBox() const { return m_mode; }
    QSpinBox* retainBox() const { return m_retain; }
    QPushButton* foldButton() const { return m_fold; }

Q_SIGNALS:
    // ok: at least one session folded without error; the store then holds its checkpoints.
    void foldFinished(bool ok, const QString& storePath, const QString& sessionId);

protected:
    void reject() override;

private:
    QCoro::Task<> run();
    void setRunning(bool on);

    QLineEdit* m_log;
    QLineEdit* m_session;
    QLineEdit* m_store;
    QComboBox* m_mode;
    QSpinBox* m_retain;
    QProgressBar* m_progress;
    QLabel* m_result;
    QPushButton* m_fold;
    QDialogButtonBox* m_buttons;
    QTimer* m_poll;
    bool m_running = false;
    std::shared_ptr<std::atomic_bool> m_cancel;
    std::shared_ptr<std::atomic<int>> m_folds;
    std::shared_ptr<std::atomic<qint64>> m_tokens;
};

}  // namespace bm
