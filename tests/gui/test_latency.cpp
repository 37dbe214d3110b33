// Event-loop latency probe: a 10 ms timer records its lateness while the studio imports, merges,
// lays out and packs a generated session log of BM_LATENCY_MB megabytes (default 50), kept in
// LATENCY_DIR and reused by later runs; the report table goes to LATENCY_DIR/latency.md.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <cstdlib>
#include <ctime>
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

// CPU time the calling thread has used, in milliseconds.
qint64 threadCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

// One-minute load average (runnable threads, all processes).
double loadAverage() {
    double load[1] = {0};
    return getloadavg(load, 1) == 1 ? load[0] : 0;
}

}  // namespace

class TestLatency : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eventLoopStaysResponsiveDuringALargeLoad() {
        QTemporaryDir dir;
        qputenv("XDG_CONFIG_HOME", dir.filePath(QStringLiteral("config")).toLocal8Bit());
        const qint64 mb = qEnvironmentVariableIsSet("BM_LATENCY_MB") ? qEnvironmentVariableIntValue("BM_LATENCY_MB") : 50;
        QVERIFY(QDir().mkpath(QStringLiteral(LATENCY_DIR)));
        const QString log = QStringLiteral(LATENCY_DIR "/session-%1mb.jsonl").arg(mb);
        if (QFileInfo(log).size() < mb * 1024 * 1024) {  // generated once, then reused
            const QString part = log + QStringLiteral(".part");
            QVERIFY(writeLog(part, mb * 1024 * 1024));
            QFile::remove(log);
            QVERIFY(QFile::rename(part, log));
        }
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
        // What happened last before a stall, so a report can attribute the worst one.
        QString phase = QStringLiteral("importing");
        QString worstPhase;
        // The GUI thread's own CPU time between two ticks: how much of a late tick was the studio's
        // work, as opposed to waiting for a CPU on an oversubscribed machine.
        qint64 lastCpu = threadCpuMs();
        qint64 worstCpu = 0;
        qint64 worstAfterImport = 0;  // from the snapshot's publication to the pack shown
        connect(&probe, &QTimer::timeout, [&] {
            const qint64 now = clock.elapsed();
            const qint64 cpu = threadCpuMs();
            if (phase != QLatin1String("importing")) worstAfterImport = std::max(worstAfterImport, now - last - kIntervalMs);
            if (now - last - kIntervalMs > worst) {
                worst = now - last - kIntervalMs;
                worstPhase = phase;
                qDebug() << "lateness" << worst << "ms, ending at" << now << "ms, after" << phase << "; GUI thread CPU" << cpu - lastCpu << "ms";
            }
            worstCpu = std::max(worstCpu, cpu - lastCpu);
            last = now;
            lastCpu = cpu;
            ++ticks;
        });
        const double loadBefore = loadAverage();
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        QSignalSpy laid(window.graphView(), &ClaimGraphView::layoutFinished);
        QSignalSpy packed(window.packPane(), &PackPreviewPane::packFinished);
        connect(&window, &MainWindow::loadFinished, [&] { phase = QStringLiteral("snapshot published"); });
        connect(window.graphView(), &ClaimGraphView::layoutFinished, [&] { phase = QStringLiteral("graph drawn"); });
        connect(window.packPane(), &PackPreviewPane::packFinished, [&] { phase = QStringLiteral("pack shown"); });
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
        const double loadAfter = loadAverage();
        const QString report = QStringLiteral("| log | messages | slots | load+merge | +layout+pack | timer ticks | worst lateness | after | "
                                              "worst after import | worst GUI CPU between ticks | load average (before/after, %10 cores) |\n"
                                              "|---|---|---|---|---|---|---|---|---|---|---|\n"
                                              "| %1 MB | %2 | %3 | %4 ms | %5 ms | %6 | %7 ms | %8 | %13 ms | %9 ms | %11 / %12 |")
                                   .arg(mb)
                                   .arg(window.snapshot()->sessions->front().messages.size())
                                   .arg(window.snapshot()->merged->slots.size())
                                   .arg(loadMs)
                                   .arg(totalMs)
                                   .arg(ticks)
                                   .arg(worst)
                                   .arg(worstPhase)
                                   .arg(worstCpu)
                                   .arg(QThread::idealThreadCount())
                                   .arg(loadBefore, 0, 'f', 1)
                                   .arg(loadAfter, 0, 'f', 1)
                                   .arg(worstAfterImport);
        qInfo().noquote() << "\n" << report;
        QFile out(QStringLiteral(LATENCY_DIR "/latency.md"));
        if (out.open(QIODevice::WriteOnly)) out.write(report.toUtf8() + "\n");
        // The studio's share of any stall must stay under 100 ms. The wall-clock lateness is held to
        // the same bound unless the machine is oversubscribed (more runnable threads than cores),
        // where a runnable GUI thread can wait that long for a CPU with no work of its own pending.
        QVERIFY2(worstCpu < 100, qPrintable(QStringLiteral("the GUI thread worked %1 ms between two ticks").arg(worstCpu)));
        const bool oversubscribed = std::max(loadBefore, loadAfter) > QThread::idealThreadCount();
        if (oversubscribed && worst >= 100)
            qWarning().noquote() << QStringLiteral("worst lateness %1 ms on an oversubscribed machine (load %2 on %3 cores): not asserted")
                                        .arg(worst).arg(std::max(loadBefore, loadAfter), 0, 'f', 1).arg(QThread::idealThreadCount());
        else
            QVERIFY2(worst < 100, qPrintable(QStringLiteral("worst event-loop lateness %1 ms").arg(worst)));
    }
};

QTEST_MAIN(TestLatency)
#include "test_latency.moc"
