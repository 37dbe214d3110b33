// Studio models and main window, headless: model contracts, background import, transcript view.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "ingest/ingest.h"
#include "main_window.h"
#include "roles.h"
#include "session_list_model.h"
#include "transcript_model.h"

using namespace bm;

class TestStudio : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void transcriptModelKeepsItsContract() {
        TranscriptModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ReadResult r = read_file(QStringLiteral(EXAMPLES_DIR "/branch-a.jsonl").toStdString());
        QVERIFY(r.ok());
        model.setMessages(r.sessions.at(0).messages);
        QCOMPARE(model.rowCount(), 4);
        const QModelIndex assistant = model.index(1, 0);
        QCOMPARE(assistant.data(roles::RoleNameRole).toString(), QStringLiteral("assistant"));
        QCOMPARE(model.rowCount(assistant), 3);  // reasoning, text, tool call
        QCOMPARE(model.index(0, 0, assistant).data(roles::BlockKindRole).toString(), QStringLiteral("reasoning"));
        // The staging key in the last message is shown redacted.
        const QString last = model.index(3, 1).data().toString();
        QVERIFY2(last.contains(QStringLiteral("[REDACTED:")), qPrintable(last));
    }

    void sessionListModelKeepsItsContract() {
        SessionListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        StoredSession a;
        a.key = "k1";
        a.format = "dsh";
        a.message_count = 12;
        StoredSession b;
        b.key = "k2";
        b.format = "native";
        b.message_count = 3;
        model.setSessions({a, b});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(1, SessionListModel::kMessages).data(roles::SortRole).toLongLong(), 3);
        QCOMPARE(model.index(0, 0).data(roles::SessionKeyRole).toString(), QStringLiteral("k1"));
    }

    void windowImportsExamplesInTheBackground() {
        QTemporaryDir dir;
        MainWindow window(dir.filePath(QStringLiteral("w.bmws")));
        window.show();
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        QSignalSpy transcript(&window, &MainWindow::transcriptLoaded);
        // The event loop keeps turning while the import runs on a worker thread.
        int ticks = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, [&] { ++ticks; });
        ticker.start(5);
        window.openPaths({QStringLiteral(EXAMPLES_DIR)});
        QVERIFY(window.isLoading());
        QVERIFY(loaded.count() > 0 || loaded.wait(20000));
        QVERIFY(ticks > 0);
        QCOMPARE(window.sessionModel()->rowCount(), 3);
        // A finished future resumes the coroutine at once: the signal may precede the wait.
        QVERIFY(transcript.count() > 0 || transcript.wait(10000));
        QVERIFY(window.transcriptModel()->rowCount() > 0);
        // Keyboard: selecting another session shows its transcript.
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const int before = window.sessionView()->currentIndex().row();
        QVERIFY(before >= 0);
        transcript.clear();
        QTest::keyClick(window.sessionView(), Qt::Key_Down);
        QVERIFY2(window.sessionView()->currentIndex().row() != before,
                 qPrintable(QString::number(window.sessionView()->currentIndex().row())));
        QVERIFY(transcript.count() > 0 || transcript.wait(10000));
        window.grab().save(dir.filePath(QStringLiteral("studio.png")));
    }
};

QTEST_MAIN(TestStudio)
#include "test_studio.moc"
