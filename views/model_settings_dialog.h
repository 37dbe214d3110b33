// File > Model Settings…: endpoint, model and timeout (saved in the studio's settings) and the API
// key, which is read from BELIEFMERGE_API_KEY or kept in the desktop keyring; when no keyring
// service is reachable the dialog says so and the key field is off (never a plain-text fallback).
#pragma once

#include <QDialog>

#include <qcorotask.h>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace bm {

class ModelSettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ModelSettingsDialog(QWidget* parent = nullptr);

    QLineEdit* endpointEdit() const { return m_endpoint; }
    QLineEdit* modelEdit() const { return m_model; }
    QSpinBox* timeoutBox() const { return m_timeout; }
    QLineEdit* keyEdit() const { return m_key; }
    QLabel* keySourceLabel() const { return m_keySource; }
    QLabel* keyringLabel() const { return m_keyring; }
    QLabel* problemLabel() const { return m_problem; }
    // False until the keyring has been asked (keyringChecked).
    bool keyringChecked() const { return m_checked; }
    bool keyringReachable() const { return m_reachable; }

    void accept() override;

Q_SIGNALS:
    void keyringProbed();
    // The settings (and the key, when one was typed) were saved.
    void saved();

private:
    QCoro::Task<> probeKeyring();
    QCoro::Task<> save();
    QCoro::Task<> forgetKey();
    void refreshProblem();

    QLineEdit* m_endpoint;
    QLineEdit* m_model;
    QSpinBox* m_timeout;
    QLabel* m_keySource;
    QLineEdit* m_key;
    QPushButton* m_forget;
    QLabel* m_keyring;
    QLabel* m_problem;
    QDialogButtonBox* m_buttons;
    bool m_checked = false;
    bool m_reachable = false;
    bool m_stored = false;  // the keyring holds a key
    bool m_saving = false;
};

}  // namespace bm
