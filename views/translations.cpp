// Translator installation: the installed catalogue (<data dir>/translations, util/data_dir.h) first, else
// the one qt_add_translations embeds under :/i18n.
#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

#include "util/data_dir.h"

namespace bm {

bool installStudioTranslations(const QLocale& locale) {
    auto* qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else delete qt;
    auto* studio = new QTranslator(QCoreApplication::instance());
    const QString installed = QString::fromStdString(data_dir(QCoreApplication::applicationDirPath().toStdString())) +
                              QStringLiteral("/translations");
    if (studio->load(locale, QStringLiteral("beliefmerge"), QStringLiteral("_"), installed) ||
        studio->load(locale, QStringLiteral("beliefmerge"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        QCoreApplication::installTranslator(studio);
        return true;
    }
    delete studio;
    return false;
}

}  // namespace bm
