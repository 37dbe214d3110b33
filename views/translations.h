// Loads the studio's embedded catalogue (and Qt's own) for a locale: Simplified Chinese ships.
#pragma once

#include <QLocale>

namespace bm {

// Installs translators on the application for `locale`; true when the studio catalogue loaded.
// English (the source language) needs none and returns false.
bool installStudioTranslations(const QLocale& locale);

}  // namespace bm
