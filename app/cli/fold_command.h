// What fold, verify, search, recall (and beliefmerge-bench's `bench fold`) share: one command's parser.
#pragma once

#include <deque>
#include <string>

#include "cli/cli_common.h"
#include "util/result.h"

namespace bm::cli {

// What fold, verify, search, recall and bench fold share: the parser, --json, the error prefix
// ("beliefmerge <command>: "), options declared in one line, and non-negative integer options
// read together with one error message naming the option.
class FoldCommand {
public:
    explicit FoldCommand(const char* name) : m_name(name) { m_parser.addOption(m_json); }

    const QCommandLineOption& option(const QString& name, const QString& help, const QString& value_name = {},
                                     const QString& default_value = {}) {
        m_options.emplace_back(name, help, value_name, default_value);
        m_parser.addOption(m_options.back());
        return m_options.back();
    }
    Parsed parse(const QStringList& args, const QString& description, const QString& positional_name,
                 const QString& positional_help, int min_positionals) {
        return cli::parse(m_parser, args, description, positional_name, positional_help, min_positionals);
    }
    // Reads every set option into its target; false (after printing why) on a bad value.
    bool sizes(std::initializer_list<std::pair<const QCommandLineOption*, size_t*>> fields) {
        for (const auto& [opt, out] : fields) {
            if (!m_parser.isSet(*opt)) continue;
            bool ok = false;
            const qulonglong v = m_parser.value(*opt).toULongLong(&ok);
            if (!ok) {
                error("--" + to_std(opt->names().first()) + " needs a non-negative integer, got '" +
                      to_std(m_parser.value(*opt)) + "'");
                return false;
            }
            *out = static_cast<size_t>(v);
        }
        return true;
    }
    void error(const std::string& message) const { print_err("beliefmerge " + m_name + ": " + message + "\n"); }
    int usage(const std::string& message) const { return error(message), kUsage; }
    int failed(const std::string& message) const { return error(message), kFailed; }
    // kUsage for what the user got wrong, kFailed otherwise (SPEC §17 exit codes).
    int fail_with(const Error& e) const { return error(e.to_string()), e.is_invalid_input() ? kUsage : kFailed; }

    bool json() const { return m_parser.isSet(m_json); }
    bool is_set(const QCommandLineOption& opt) const { return m_parser.isSet(opt); }
    std::string value(const QCommandLineOption& opt) const { return to_std(m_parser.value(opt)); }
    QStringList positionals() const { return m_parser.positionalArguments(); }
    QCommandLineParser& parser() { return m_parser; }

private:
    std::string m_name;
    QCommandLineParser m_parser;
    QCommandLineOption m_json{QStringLiteral("json"), QStringLiteral("Print the result as JSON.")};
    std::deque<QCommandLineOption> m_options;  // stable addresses: callers keep references
};

}  // namespace bm::cli
