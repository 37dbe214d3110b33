// `beliefmerge-studio [--workspace FILE] [--current SESSION] [--extractor NAME] [--screenshot FILE] [PATH...]`:
// opens the studio, importing PATHs if given.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>
#include <QLocale>
#include <QStandardPaths>

#include "job_pool.h"
#include "main_window.h"
#include "translations.h"
#include "util/heap_tuning.h"
#include "window_screenshot.h"

int main(int argc, char** argv) {
    bm::tune_heap_and_reexec(argv);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("beliefmerge-studio"));
    QApplication::setOrganizationDomain(QStringLiteral("beliefmerge.org"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    // The installed icon theme's, else the one embedded from resources/studio.qrc.
    QApplication::setDesktopFileName(QStringLiteral("org.beliefmerge.Studio"));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("org.beliefmerge.Studio"),
                                                 QIcon(QStringLiteral(":/icons/org.beliefmerge.Studio.svg"))));
    bm::installStudioTranslations(QLocale::system());
    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "BeliefMerge Studio: review merged agent sessions (claim graph, disputes, derivations, trust) and export the packed block."));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption workspace(QStringLiteral("workspace"),
                                 QApplication::translate("main", "Workspace file (SQLite); default: the most recent one."),
                                 QStringLiteral("FILE"));
    parser.addOption(workspace);
    QCommandLineOption current(QStringLiteral("current"),
                               QApplication::translate("main", "The current session: its user's claims are TRUSTED (remembered per workspace)."),
                               QStringLiteral("SESSION"));
    parser.addOption(current);
    QCommandLineOption extractor(QStringLiteral("extractor"),
                                 QApplication::translate("main", "heuristic or oracle (native JSONL annotations); remembered."),
                                 QStringLiteral("NAME"));
    parser.addOption(extractor);
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                  QApplication::translate("main", "Save a picture of the window to FILE (PNG) once loading has settled, then quit."),
                                  QStringLiteral("FILE"));
    parser.addOption(screenshot);
    parser.addPositionalArgument(QStringLiteral("PATH"),
                                 QApplication::translate("main", "Session logs or folders to import (any supported format)."));
    parser.process(app);
    QString path = parser.value(workspace);
    if (path.isEmpty() && !bm::MainWindow::recentWorkspaces().isEmpty()) path = bm::MainWindow::recentWorkspaces().front();
    if (path.isEmpty()) {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QDir().mkpath(dir);
        path = dir + QStringLiteral("/workspace.bmws");
    }
    const QString extractorName = parser.value(extractor);
    if (!extractorName.isEmpty() && extractorName != QLatin1String("heuristic") && extractorName != QLatin1String("oracle")) {
        qCritical("%s", qPrintable(QApplication::translate("main", "--extractor: expected heuristic or oracle, got '%1'").arg(extractorName)));
        return 2;
    }
    bm::MainWindow window(path);
    if (parser.isSet(screenshot)) {
        window.resize(1280, 800);
        bm::screenshotWhenSettled(&window, parser.value(screenshot));
    }
    window.show();
    // Either setting re-reads the workspace; openPaths() below supersedes that read at once.
    if (!extractorName.isEmpty()) window.setOracleExtractor(extractorName == QLatin1String("oracle"));
    if (parser.isSet(current)) window.setCurrentSession(parser.value(current));
    window.openPaths(parser.positionalArguments());
    const int code = app.exec();
    // No background job outlives the window it works for: the pool, a child of the application, would otherwise wait
    // for them only after the window is gone (a heap corruption at exit, once, after --screenshot in a CI run).
    bm::jobPool()->waitForDone();
    return code;
}
