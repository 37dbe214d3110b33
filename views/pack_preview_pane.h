// Pack preview pane: the exact block that would be injected for the current snapshot and its
// decisions (budget, format, algorithm), the token count, the dropped items, the preserved prefix
// against the previous export, and Export to a file or the clipboard. Packing runs off the GUI
// thread; a snapshot that violates a trust invariant is refused with every violation listed.
#pragma once

#include <QWidget>
#include <atomic>
#include <memory>
#include <vector>

#include <qcorotask.h>

#include "pack/pack.h"
#include "studio_snapshot.h"

class QComboBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QSpinBox;

namespace bm {

class PackPreviewPane : public QWidget {
    Q_OBJECT
public:
    explicit PackPreviewPane(QWidget* parent = nullptr);
    ~PackPreviewPane() override;

    void setSnapshot(SnapshotPtr snapshot);
    void setBudget(int tokens);
    void setFormat(PackFormat format);

    // Writes the current block to `path`; false (with the reason in lastError()) when packing
    // failed, a trust invariant is violated, or the file cannot be written.
    bool exportToFile(const QString& path);
    bool exportToClipboard();
    QString lastError() const { return m_error; }
    QString block() const;
    bool isPacking() const { return m_pending > 0; }
    QStringList droppedKeys() const;
    QPlainTextEdit* text() const { return m_text; }
    PackFormat format() const;

Q_SIGNALS:
    void packFinished();
    void exported(const QString& where);
    // The Export button was pressed: the window asks for a file name and calls exportToFile().
    void exportFileRequested();

private:
    QCoro::Task<> repack();
    bool canExport();

    SnapshotPtr m_snapshot;
    std::shared_ptr<const Result<PackResult>> m_result;
    std::vector<std::string> m_previousExport;
    quint64 m_generation = 0;
    int m_pending = 0;
    QString m_error;
    QSpinBox* m_budget;
    QComboBox* m_format;
    QComboBox* m_algorithm;
    QLabel* m_report;
    QPlainTextEdit* m_text;
    QListWidget* m_dropped;
};

}  // namespace bm
