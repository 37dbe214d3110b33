// Screenshot-and-quit for the studio's --screenshot option (see window_screenshot.h).
#include "window_screenshot.h"

#include <QCoreApplication>
#include <QPixmap>
#include <QTimer>
#include <cstdio>

#include "claim_graph_view.h"
#include "main_window.h"
#include "pack_preview_pane.h"

namespace bm {

namespace {

void finish(int code, const QString& message) {
    std::fprintf(stderr, "beliefmerge-studio: %s\n", qPrintable(message));
    QCoreApplication::exit(code);
}

}  // namespace

void screenshotWhenSettled(MainWindow* window, const QString& file, int timeoutMs) {
    auto* poll = new QTimer(window);
    poll->setInterval(50);
    QObject::connect(poll, &QTimer::timeout, window, [window, file, poll] {
        if (window->graphView()->isLayingOut() || window->packPane()->isPacking()) return;
        poll->stop();
        if (!window->grab().save(file)) finish(1, QStringLiteral("cannot write the screenshot %1").arg(file));
        else if (!window->snapshot()) finish(1, QStringLiteral("screenshot saved to %1, but nothing loaded: %2").arg(file, window->statusText()));
        else finish(0, QStringLiteral("screenshot saved to %1").arg(file));
    });
    QObject::connect(window, &MainWindow::loadFinished, poll, qOverload<>(&QTimer::start));
    QTimer::singleShot(timeoutMs, window, [timeoutMs] {
        finish(1, QStringLiteral("no screenshot: the window did not settle within %1 s").arg(timeoutMs / 1000));
    });
}

}  // namespace bm
