// ModelSettingsDialog: the form, the keyring probe and saving (settings first, then the key).
#include "model_settings_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "model_settings.h"

namespace bm {

ModelSettingsDialog::ModelSettingsDialog(QWidget* parent)
    : QDialog(parent),
      m_endpoint(new QLineEdit),
      m_model(new QLineEdit),
      m_timeout(new QSpinBox),
      m_keySource(new QLabel),
      m_key(new QLineEdit),
      m_forget(new QPushButton(tr("&Remove from Keyring"))),
      m_keyring(new QLabel),
      m_problem(new QLabel),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel)) {
    setObjectName(QStringLiteral("modelSettingsDialog"));
    setWindowTitle(tr("Model Settings"));
    const ModelSettings settings = ModelSettings::load();
    m_endpoint->setObjectName(QStringLiteral("modelEndpoint"));
    m_endpoint->setText(settings.endpoint);
    m_endpoint->setPlaceholderText(QStringLiteral("http://127.0.0.1:8080/v1"));
    m_endpoint->setToolTip(tr("OpenAI-compatible base URL including the version (beliefmerge --endpoint)"));
    m_model->setObjectName(QStringLiteral("modelName"));
    m_model->setText(settings.model);
    m_model->setToolTip(tr("Chat model asked for adjudication and alignment (beliefmerge --model)"));
    m_timeout->setObjectName(QStringLiteral("modelTimeout"));
    m_timeout->setRange(1, 3600);
    m_timeout->setValue(settings.timeoutSeconds);
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setToolTip(tr("Per request attempt, from sending to the end of the reply (beliefmerge --timeout)"));
    m_keySource->setObjectName(QStringLiteral("modelKeySource"));
    m_keySource->setWordWrap(true);
    m_key->setObjectName(QStringLiteral("modelApiKey"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(tr("type a new key to keep it in the keyring"));
    m_key->setEnabled(false);  // until the keyring answers
    m_forget->setObjectName(QStringLiteral("forgetKeyButton"));
    m_forget->setEnabled(false);
    m_keyring->setObjectName(QStringLiteral("keyringStatus"));
    m_keyring->setWordWrap(true);
    m_keyring->setText(tr("Asking the desktop keyring…"));
    m_problem->setObjectName(QStringLiteral("modelSettingsProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020"));
    const bool fromEnvironment = !qEnvironmentVariable(kApiKeyVariable).isEmpty();
    m_keySource->setText(fromEnvironment
                             ? tr("The key comes from the environment variable %1 (it takes precedence over the keyring).")
                                   .arg(QLatin1String(kApiKeyVariable))
                             : tr("The key comes from the environment variable %1 when it is set, else from the desktop keyring.")
                                   .arg(QLatin1String(kApiKeyVariable)));

    auto* form = new QFormLayout;
    form->addRow(tr("&Endpoint:"), m_endpoint);
    form->addRow(tr("&Model:"), m_model);
    form->addRow(tr("&Timeout:"), m_timeout);
    auto* keyRow = new QWidget;
    auto* keyLayout = new QHBoxLayout(keyRow);
    keyLayout->setContentsMargins(0, 0, 0, 0);
    keyLayout->addWidget(m_key, 1);
    keyLayout->addWidget(m_forget);
    form->addRow(tr("API &key:"), keyRow);
    form->addRow(QString(), m_keySource);
    form->addRow(QString(), m_keyring);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addStretch(1);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ModelSettingsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ModelSettingsDialog::reject);
    connect(m_endpoint, &QLineEdit::textChanged, this, &ModelSettingsDialog::refreshProblem);
    connect(m_forget, &QPushButton::clicked, this, [this] { forgetKey(); });
    refreshProblem();
    resize(620, sizeHint().height());
    probeKeyring();
}

void ModelSettingsDialog::refreshProblem() {
    ModelSettings s;
    s.endpoint = m_endpoint->text();
    const QString problem = m_endpoint->text().trimmed().isEmpty() ? QString() : s.endpointProblem();
    services::ServiceConfig c = s.serviceConfig(QStringLiteral("key"), {});
    QString exposure;
    if (problem.isEmpty() && !c.key_exposure().isEmpty())
        exposure = tr("The key is never sent over plain http to a host that is not loopback: use https.");
    m_problem->setText(problem.isEmpty() ? exposure : problem);
    m_problem->setVisible(!m_problem->text().isEmpty());
}

QCoro::Task<> ModelSettingsDialog::probeKeyring() {
    QPointer<ModelSettingsDialog> self(this);
    auto reading = readKeyringKey();
    const KeyringResult read = co_await reading;
    if (!self) co_return;
    m_checked = true;
    m_reachable = read.reachable && read.ok;
    m_stored = read.ok && !read.key.isEmpty();
    if (m_reachable) {
        m_keyring->setText(m_stored ? tr("A key is stored in the desktop keyring (service “beliefmerge-studio”).")
                                    : tr("The desktop keyring is available; no key is stored in it."));
    } else {
        m_keyring->setText(tr("No keyring service is reachable (%1). The key can only come from the environment "
                              "variable %2; it is never stored in plain text.")
                               .arg(read.error, QLatin1String(kApiKeyVariable)));
        m_keyring->setStyleSheet(QStringLiteral("color: #8a5a00"));
    }
    m_key->setEnabled(m_reachable);
    m_forget->setEnabled(m_stored);
    Q_EMIT keyringProbed();
}

void ModelSettingsDialog::accept() {
    if (!m_saving) save();
}

QCoro::Task<> ModelSettingsDialog::save() {
    ModelSettings s;
    s.endpoint = m_endpoint->text().trimmed();
    s.model = m_model->text().trimmed();
    s.timeoutSeconds = m_timeout->value();
    if (!s.endpoint.isEmpty()) {
        if (const QString problem = s.endpointProblem(); !problem.isEmpty()) {
            m_problem->setText(problem);
            m_problem->show();
            m_endpoint->setFocus();
            co_return;
        }
    }
    s.save();
    const QString key = m_key->text();
    if (!key.isEmpty() && m_reachable) {
        QPointer<ModelSettingsDialog> self(this);
        m_saving = true;
        m_buttons->setEnabled(false);
        auto writing = writeKeyringKey(key);
        const KeyringResult written = co_await writing;
        if (!self) co_return;
        m_saving = false;
        m_buttons->setEnabled(true);
        if (!written.ok) {
            m_problem->setText(tr("The key was not stored: the keyring said: %1").arg(written.error));
            m_problem->show();
            co_return;
        }
        m_key->clear();
    }
    forgetCachedApiKey();
    Q_EMIT saved();
    QDialog::accept();
}

QCoro::Task<> ModelSettingsDialog::forgetKey() {
    QPointer<ModelSettingsDialog> self(this);
    auto deleting = deleteKeyringKey();
    const KeyringResult deleted = co_await deleting;
    if (!self) co_return;
    if (!deleted.ok) {
        m_problem->setText(tr("The key was not removed: the keyring said: %1").arg(deleted.error));
        m_problem->show();
        co_return;
    }
    m_stored = false;
    m_forget->setEnabled(false);
    m_keyring->setText(tr("The desktop keyring is available; no key is stored in it."));
    forgetCachedApiKey();
    Q_EMIT saved();
}

}  // namespace bm
