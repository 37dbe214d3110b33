// `beliefmerge-studio [--workspace FILE] [PATH...]`: opens the studio, importing PATHs if given.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QLocale>
#include <QStandardPaths>

#include "main_window.h"
#include "translations.h"
#include "util/heap_tuning.h"

int main(int argc, char** argv) {
    bm::tune_heap_and_reexec(argv);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("beliefmerge-studio"));
    QApplication::setOrganizationDomain(QStringLiteral("beliefmerge.org"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));
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
    bm::MainWindow window(path);
    window.show();
    window.openPaths(parser.positionalArguments());
    return app.exec();
}
