// `beliefmerge-studio [--workspace FILE] [PATH...]`: opens the studio, importing PATHs if given.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QStandardPaths>

#include "main_window.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("beliefmerge-studio"));
    QApplication::setOrganizationDomain(QStringLiteral("beliefmerge.org"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("BeliefMerge Studio: review merged agent sessions."));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption workspace(QStringLiteral("workspace"), QStringLiteral("Workspace file (SQLite)."),
                                 QStringLiteral("FILE"));
    parser.addOption(workspace);
    parser.addPositionalArgument(QStringLiteral("PATH"), QStringLiteral("Session logs or folders to import."));
    parser.process(app);
    QString path = parser.value(workspace);
    if (path.isEmpty()) {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QDir().mkpath(dir);
        path = dir + QStringLiteral("/workspace.bmws");
    }
    bm::MainWindow window(path);
    window.show();
    if (!parser.positionalArguments().isEmpty()) window.openPaths(parser.positionalArguments());
    else window.openPaths({});
    return app.exec();
}
