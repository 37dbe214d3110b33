// The MELD pane on a real brain: a brain directory built with the library (per-brain keys, signed
// deltas admitted through BrainDir), opened with File > Open Brain…; every Patch verified, one Patch
// tampered in the log and seen failed with its reason, unsafe key-file permissions and a missing
// brain shown as clear messages; F6 and F1 know the pane. Screenshot: SCREENSHOT_DIR/meld-view.png.
#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QTextBrowser>
#include <QDockWidget>
#include <QFile>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>

#include "meld/brain_dir.h"
#include "meld_brain_pane.h"
#include "studio_test_support.h"

using namespace bm;
using namespace bm::meld;

namespace {

// Each brain signs with a key of its own (at least kMinKeyBytes).
std::string keyOf(const std::string& brain) { return "studio MELD test key of brain " + brain + ", 32+ bytes"; }

KeyDirectory directory() {
    KeyDirectory d;
    d.overrule_authority = 2;
    d.brains["A"] = {keyOf("A"), 1, {"jurisdiction:EU"}};
    d.brains["B"] = {keyOf("B"), 1, {"jurisdiction:EU"}};
    d.brains["C"] = {keyOf("C"), 3, {"jurisdiction:EU"}};
    return d;
}

Delta claimDelta(const std::string& sender, const std::string& text, int64_t sent) {
    meld::Claim c;
    c.text = text;
    c.scope.cells = {"jurisdiction:EU"};
    c.scope.normalise();
    c.origin = sender;
    c.authority = 1;
    Delta d;
    d.sender = sender;
    d.sent = sent;
    d.claim = std::move(c);
    d.sign(directory());
    return d;
}

Delta overrule(const std::string& claimKey, int64_t issued) {
    StatusLink l;
    l.claim = claimKey;
    l.claim_scope = {"jurisdiction:EU"};
    l.effect = ClaimStatus::kOverruled;
    l.kind = "overrule";
    l.author = "C";
    l.authority = 3;
    l.issued = issued;
    l.seal();
    Delta d;
    d.sender = "C";
    d.sent = issued;
    d.link = std::move(l);
    d.sign(directory());
    return d;
}

const char* kRetain = "Customer data must be retained for seven years";
const char* kDelete = "Customer data must be deleted after two years";
const char* kBackups = "Backups are encrypted at rest";

// DIR/brain.json (mode 0600) and a Patch log of four admissions, written through BrainDir.
bool makeBrain(const QString& dir, QString* why) {
    std::filesystem::create_directories(dir.toStdString());
    const std::string config = dir.toStdString() + "/brain.json";
    std::ofstream(config) << nlohmann::json{{"id", "B"}, {"directory", directory().to_json()}}.dump(2);
    std::filesystem::permissions(config, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
    auto engine = std::make_shared<SignalEngine>(std::make_shared<bm::LexicalProvider>(bm::LexicalProvider::create()));
    auto brain = BrainDir::open(dir.toStdString(), engine);
    if (!brain) return *why = QString::fromStdString(brain.error().to_string()), false;
    const std::string deleteKey = claim_key(kDelete, Scope{{"jurisdiction:EU"}});
    for (const Delta& d : {claimDelta("A", kRetain, 1), claimDelta("A", kBackups, 2), claimDelta("B", kDelete, 3), overrule(deleteKey, 4)})
        if (auto a = brain->admit(d); !a || !a->patch) return *why = QStringLiteral("a delta was not admitted"), false;
    return true;
}

// Changes the stored body of Patch `seq` behind the log's back (its triggers refuse an UPDATE).
bool tamper(const QString& workspace, int seq) {
    sqlite3* db = nullptr;
    if (sqlite3_open(workspace.toUtf8().constData(), &db) != SQLITE_OK) return false;
    const std::string sql = "DROP TRIGGER meld_patches_no_update; UPDATE meld_patches SET body = replace(body, 'encrypted', 'unencrypted') "
                            "WHERE seq = " + std::to_string(seq) + ";";
    const bool ok = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK && sqlite3_changes(db) == 1;
    sqlite3_close(db);
    return ok;
}

QStringList column(QTreeWidget* tree, int c) {
    QStringList out;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) out << tree->topLevelItem(i)->text(c);
    return out;
}

}  // namespace

class TestMeldView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void showsClaimsLinksAndVerifiedPatchLog() {
        QTemporaryDir dir;
        test::useThrowawaySettings(dir, QStringLiteral("test-meld-view"));
        const QString brainDir = dir.filePath(QStringLiteral("brain-B"));
        QString why;
        QVERIFY2(makeBrain(brainDir, &why), qPrintable(why));
        MainWindow window(dir.filePath(QStringLiteral("w.bmws")));
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        MeldBrainPane* pane = window.meldPane();
        QSignalSpy opened(pane, &MeldBrainPane::brainOpened);

        // File > Open Brain… has a shortcut, and F1 lists it and the pane.
        auto* action = window.findChild<QAction*>(QStringLiteral("openBrainAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
        window.findChild<QAction*>(QStringLiteral("shortcutsAction"))->trigger();
        auto* help = window.findChild<QDialog*>(QStringLiteral("shortcutsDialog"));
        QVERIFY(help);
        const QString helpText = help->findChild<QTextBrowser*>()->toPlainText();
        QVERIFY2(helpText.contains(QStringLiteral("Open Brain")) && helpText.contains(QStringLiteral("MELD")), qPrintable(helpText));
        help->close();

        window.openBrain(brainDir);
        QVERIFY(test::waitFor(opened));
        QCOMPARE(opened.last().at(0).toBool(), true);
        QCOMPARE(column(pane->claimsTree(), 1), (QStringList{kRetain, kBackups, kDelete}));
        // The CRDT's view: C (authority 3 for EU) overruled the deletion claim.
        QCOMPARE(column(pane->claimsTree(), 0), (QStringList{QStringLiteral("active"), QStringLiteral("active"), QStringLiteral("overruled")}));
        QVERIFY2(column(pane->linksTree(), 0).contains(QStringLiteral("status: overrule")), qPrintable(column(pane->linksTree(), 0).join(u',')));
        QVERIFY(column(pane->linksTree(), 5).contains(QStringLiteral("materialises")));
        QCOMPARE(column(pane->patchTree(), 1), QStringList(4, QStringLiteral("✓ verified")));
        QVERIFY2(pane->message().contains(QStringLiteral("every Patch verifies")), qPrintable(pane->message()));

        // Tamper the second Patch: marked failed with its reason, not applied; the others verify.
        QVERIFY(tamper(brainDir + QStringLiteral("/workspace.bmws"), 2));
        opened.clear();
        window.openBrain(brainDir);
        QVERIFY(test::waitFor(opened));
        const QStringList verification = column(pane->patchTree(), 1);
        QCOMPARE(verification.size(), 4);
        QCOMPARE(verification[0], QStringLiteral("✓ verified"));
        QVERIFY2(verification[1].startsWith(QStringLiteral("✗ failed: the id does not match the body")), qPrintable(verification[1]));
        QCOMPARE(verification[2], QStringLiteral("✓ verified"));
        QCOMPARE(verification[3], QStringLiteral("✓ verified"));
        QVERIFY2(pane->message().contains(QStringLiteral("1 Patch(es) failed verification")), qPrintable(pane->message()));
        QVERIFY(!column(pane->claimsTree(), 1).contains(QString::fromLatin1(kBackups)));  // its claim is not restored
        pane->tabs()->setCurrentIndex(2);
        pane->patchTree()->setCurrentItem(pane->patchTree()->topLevelItem(1));
        QVERIFY(pane->deltaView()->toPlainText().startsWith(QStringLiteral("FAILED verification")));
        QVERIFY(pane->deltaView()->toPlainText().contains(QStringLiteral("Incoming delta:")));
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("meldDock"));
        QVERIFY(dock && dock->isVisible());
        window.resizeDocks({dock}, {500}, Qt::Vertical);  // room for the log and the delta in the picture
        QTest::qWait(50);
        QDir().mkpath(QStringLiteral(SCREENSHOT_DIR));
        QVERIFY(window.grab().save(QStringLiteral(SCREENSHOT_DIR "/meld-view.png")));
        pane->patchTree()->setCurrentItem(pane->patchTree()->topLevelItem(3));
        QVERIFY(pane->deltaView()->toPlainText().startsWith(QStringLiteral("Verified")));
        QVERIFY(pane->deltaView()->toPlainText().contains(QStringLiteral("\"overrule\"")));

        // F6 reaches the pane.
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        bool reached = false;
        for (int i = 0; i < 12 && !reached; ++i) {
            QTest::keySequence(QApplication::focusWidget() ? QApplication::focusWidget() : &window, QKeySequence(Qt::Key_F6));
            reached = QApplication::focusWidget() && pane->isAncestorOf(QApplication::focusWidget());
        }
        QVERIFY(reached);

        // A key file others may read is refused with a clear message; so is a directory without a brain.
        std::filesystem::permissions((brainDir + QStringLiteral("/brain.json")).toStdString(),
                                     std::filesystem::perms::group_read | std::filesystem::perms::others_read, std::filesystem::perm_options::add);
        opened.clear();
        window.openBrain(brainDir);
        QVERIFY(test::waitFor(opened));
        QCOMPARE(opened.last().at(0).toBool(), false);
        QVERIFY2(pane->message().contains(QStringLiteral("permissions 0644")) && pane->message().contains(QStringLiteral("chmod 600")),
                 qPrintable(pane->message()));
        QCOMPARE(pane->patchTree()->topLevelItemCount(), 0);
        opened.clear();
        window.openBrain(dir.filePath(QStringLiteral("nowhere")));
        QVERIFY(test::waitFor(opened));
        QVERIFY2(pane->message().contains(QStringLiteral("no brain.json")), qPrintable(pane->message()));
    }
};

QTEST_MAIN(TestMeldView)
#include "test_meld_view.moc"
