// Event-loop latency probe: a 10 ms timer records its lateness while the studio imports, merges,
// lays out and packs a generated session log of BM_LATENCY_MB megabytes (default 50).
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <algorithm>

#include "claim_graph_view.h"
#include "main_window.h"
#include "pack_preview_pane.h"
#include "studio_test_support.h"

using namespace bm;

namespace {

// A native JSONL session of about `bytes` bytes: user and assistant turns stating and revising
// values for a few thousand slot keys, so extraction and merge have real work.
bool writeLog(const QString& path, qint64 bytes) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return false;
    f.write(R"({"type":"beliefmerge.session","version":1,"id":"large-log","cwd":"/srv/big","createdAt":"2026-11-28T09:00:00Z"})" "\n");
    const QByteArray filler = QByteArray(" We checked the deployment notes again and the runbook agrees with the plan; "
                                         "nothing else changed in this part of the system since the last review.").repeated(3);
    qint64 i = 0;
    while (f.size() < bytes) {
        const bool user = i % 2 == 0;
        const QByteArray key = "component" + QByteArray::number(i % 3000) + ".setting";
        const QByteArray value = QByteArray::number((i / 3000) % 5 + (user ? 0 : 1));
        QByteArray line = R"({"type":"message","id":"m)" + QByteArray::number(i) + R"(","role":")" + (user ? "user" : "assistant") +
                          R"(","time":"2026-11-28T09:00:05Z","content":"The )" + key + " is " + value + "." + filler + R"("})" + "\n";
        if (f.write(line) != line.size()) return false;
        ++i;
    }
    return true;
}

}  // namespace

class TestLatency : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eventLoopStaysResponsiveDuringALargeLoad() {
        QTemporaryDir dir;
        qputenv("XDG_CONFIG_HOME", dir.filePath(QStringLiteral("config")).toLocal8Bit());
        const qint64 mb = qEnvironmentVariableIsSet("BM_LATENCY_MB") ? qEnvironmentVariableIntValue("BM_LATENCY_MB") : 50;
        const QString log = dir.filePath(QStringLiteral("large.jsonl"));
        QVERIFY(writeLog(log, mb * 1024 * 1024));
        MainWindow window(dir.filePath(QStringLiteral("large.bmws")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        constexpr int kIntervalMs = 10;
        QElapsedTimer clock;
        qint64 last = 0;
        qint64 worst = 0;
        qint64 ticks = 0;
        QTimer probe;
        probe.setTimerType(Qt::PreciseTimer);
        connect(&probe, &QTimer::timeout, [&] {
            const qint64 now = clock.elapsed();
            if (now - last - kIntervalMs > worst) {
                worst = now - last - kIntervalMs;
                qDebug() << "lateness" << worst << "ms, ending at" << now << "ms";
            }
            last = now;
            ++ticks;
        });
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        QSignalSpy laid(window.graphView(), &ClaimGraphView::layoutFinished);
        QSignalSpy packed(window.packPane(), &PackPreviewPane::packFinished);
        clock.start();
        probe.start(kIntervalMs);
        window.openPaths({log});
        QVERIFY(test::waitFor(loaded, 600000));
        const qint64 loadMs = clock.elapsed();
        QVERIFY2(window.snapshot(), qPrintable(window.diagnostics().join(u'\n')));
        QVERIFY(!window.graphView()->isLayingOut() || test::waitFor(laid, 120000));
        QVERIFY(!window.packPane()->isPacking() || test::waitFor(packed, 120000));
        QTest::qWait(100);  // the last repaint
        probe.stop();
        const qint64 totalMs = clock.elapsed();
        QVERIFY(window.snapshot()->merged->slots.size() >= 1000);
        const QString report = QStringLiteral("| log | messages | slots | load+merge | +layout+pack | timer ticks | worst lateness |\n"
                                              "|---|---|---|---|---|---|---|\n| %1 MB | %2 | %3 | %4 ms | %5 ms | %6 | %7 ms |")
                                   .arg(mb)
                                   .arg(window.snapshot()->sessions->front().messages.size())
                                   .arg(window.snapshot()->merged->slots.size())
                                   .arg(loadMs)
                                   .arg(totalMs)
                                   .arg(ticks)
                                   .arg(worst);
        qInfo().noquote() << "\n" << report;
        QFile out(QStringLiteral(SCREENSHOT_DIR "/../latency.md"));
        if (out.open(QIODevice::WriteOnly)) out.write(report.toUtf8() + "\n");
        QVERIFY2(worst < 100, qPrintable(QStringLiteral("worst event-loop lateness %1 ms").arg(worst)));
    }
};

QTEST_MAIN(TestLatency)
#include "test_latency.moc"
