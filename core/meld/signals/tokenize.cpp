// Tokenisation of claim text (see tokenize.h for the rules).
#include "meld/signals/tokenize.h"

#include "meld/signals/lexicon.h"

namespace bm {

namespace {

bool is_alnum(unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}
bool is_digit(unsigned char c) {
    return c >= '0' && c <= '9';
}
char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Typographic apostrophe U+2019 and quotes U+201C/U+201D, as UTF-8.
constexpr std::string_view kRightQuote = "\xE2\x80\x99";
constexpr std::string_view kLeftDoubleQuote = "\xE2\x80\x9C";
constexpr std::string_view kRightDoubleQuote = "\xE2\x80\x9D";

// "n't" leaves its host without the final n: do|n't, ca|n't -> can, wo|n't -> will.
void push_negated_host(std::string_view host, std::vector<std::string>& out) {
    const std::string_view full = host == "ca"    ? "can"
                                  : host == "wo"  ? "will"
                                  : host == "sha" ? "shall"
                                                  : host;
    if (!full.empty()) out.emplace_back(full);
    out.emplace_back("n't");
}

// 30ms -> 30 ms when the letters are a known unit; otherwise the token stays whole.
void push_word(std::string word, std::vector<std::string>& out) {
    size_t i = 0;
    while (i < word.size() && (is_digit(word[i]) || word[i] == '.' || word[i] == ',')) ++i;
    if (i > 0 && i < word.size() && is_digit(word[0]) &&
        lexicon::unit_of(std::string_view(word).substr(i))) {
        out.push_back(word.substr(0, i));
        out.push_back(word.substr(i));
        return;
    }
    out.push_back(std::move(word));
}

class Tokenizer {
public:
    explicit Tokenizer(std::string_view text) : m_text(text) {}

    std::vector<std::string> run() {
        for (size_t i = 0; i < m_text.size();) {
            if (const size_t quote = double_quote_at(i)) {
                i += quote;
            } else if (const size_t apostrophe = apostrophe_at(i)) {
                i = read_clitic(i + apostrophe);
            } else if (word_byte_at(i)) {
                i = read_word(i);
            } else {
                const char c = m_text[i++];
                if (c == '$' || c == '%' || is_clause_punctuation(std::string_view(&c, 1)))
                    m_out.emplace_back(1, c);
            }
        }
        return std::move(m_out);
    }

private:
    size_t double_quote_at(size_t k) const {
        const std::string_view rest = m_text.substr(k);
        return rest.starts_with(kLeftDoubleQuote) || rest.starts_with(kRightDoubleQuote) ? 3 : 0;
    }
    size_t apostrophe_at(size_t k) const {
        if (k < m_text.size() && m_text[k] == '\'') return 1;
        return m_text.substr(k).starts_with(kRightQuote) ? kRightQuote.size() : 0;
    }
    bool word_byte_at(size_t k) const {
        return k < m_text.size() && is_alnum(static_cast<unsigned char>(m_text[k])) &&
               !apostrophe_at(k) && !double_quote_at(k);
    }

    // Letters after an apostrophe: 's 're 'll 've 'd 'm, and 't, which with the n before it is
    // "n't"
    // ("don't", "does n't"). A lone apostrophe (a quote, "dogs' bowls") yields nothing.
    size_t read_clitic(size_t k) {
        std::string clitic = "'";
        for (; word_byte_at(k) && !is_digit(m_text[k]); ++k) clitic += lower(m_text[k]);
        if (clitic == "'t" && !m_out.empty() && m_out.back().ends_with('n')) {
            std::string host = std::move(m_out.back());
            m_out.pop_back();
            host.pop_back();
            push_negated_host(host, m_out);
        } else if (clitic.size() > 1) {
            m_out.push_back(std::move(clitic));
        }
        return k;
    }

    // Letters and digits, with - . _ / : kept between them and "," inside digit groups (1,000).
    size_t read_word(size_t k) {
        std::string word;
        while (k < m_text.size()) {
            const char c = m_text[k];
            if (word_byte_at(k)) {
                word += lower(c);
                ++k;
            } else if ((c == '-' || c == '.' || c == '_' || c == '/' || c == ':') &&
                       word_byte_at(k + 1)) {
                word += c;
                ++k;
            } else if (c == ',' && is_digit(word.back()) && digit_group_at(k + 1)) {
                ++k;
            } else {
                break;
            }
        }
        push_word(std::move(word), m_out);
        return k;
    }

    bool digit_group_at(size_t k) const {  // exactly three digits
        if (k + 3 > m_text.size()) return false;
        for (size_t i = k; i < k + 3; ++i)
            if (!is_digit(m_text[i])) return false;
        return k + 3 == m_text.size() || !word_byte_at(k + 3);
    }

    std::string_view m_text;
    std::vector<std::string> m_out;
};

}  // namespace

bool is_clause_punctuation(std::string_view token) {
    return token.size() == 1 &&
           std::string_view(".,;:!?=()").find(token[0]) != std::string_view::npos;
}

std::vector<std::string> tokenize(std::string_view text) {
    return Tokenizer(text).run();
}

}  // namespace bm
