// Guards that tell a document-sized user message's own ask from its pasted items (user.request_in_document).
#include "extract/document_request_guards.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "extract/tool_action_rules.h"

namespace bm {
namespace {

// Words of `s`, lowercased, punctuation at their ends stripped (inner '-', '.', '/' kept).
std::vector<std::string> word_list(std::string_view s) {
    std::vector<std::string> out;
    std::string w;
    auto flush = [&] {
        while (!w.empty() && !std::isalnum(static_cast<unsigned char>(w.back()))) w.pop_back();
        size_t a = 0;
        while (a < w.size() && !std::isalnum(static_cast<unsigned char>(w[a]))) ++a;
        if (a < w.size()) out.push_back(ascii_lower(std::string_view(w).substr(a)));
        w.clear();
    };
    for (char c : s)
        if (std::isspace(static_cast<unsigned char>(c))) flush();
        else w += c;
    flush();
    return out;
}

// "You are an autonomous engineer.", "You are a SQL expert and …", "Act as …": a role-play prompt's opener.
bool role_play_opener(std::string_view first_sentence) {
    const std::vector<std::string> w = word_list(first_sentence);
    return (w.size() >= 3 && w[0] == "you" && w[1] == "are" && one_of(w[2], {"a", "an"})) ||
           (w.size() >= 3 && w[0] == "you're" && one_of(w[1], {"a", "an"})) ||
           (w.size() >= 2 && w[0] == "act" && w[1] == "as");
}

// "let's build a plan to fix each one of these", "make a detailed plan for …": the user asks for a plan.
bool asks_for_plan(std::string_view first_sentence) {
    const std::vector<std::string> w = word_list(first_sentence);
    for (size_t i = 0; i < w.size(); ++i) {
        if (w[i] != "plan" && w[i] != "plans") continue;
        for (size_t k = i >= 4 ? i - 4 : 0; k < i; ++k)
            if (one_of(w[k], {"build", "make", "create", "write", "draft", "prepare", "propose", "outline"}) &&
                (one_of(w[k + 1], {"a", "an", "the", "me", "us"}) || k + 1 == i))
                return true;
    }
    return false;
}

// The text of the nearest markdown heading ("## Recommended workflow") above `at`'s line, lowercased; "" when none.
std::string heading_above(std::string_view text, size_t at) {
    size_t ls = at == 0 ? 0 : text.rfind('\n', at - 1) + 1;  // the quote's line start (npos + 1 == 0)
    while (ls > 0) {
        const size_t prev_end = ls - 1;  // the newline that ends the line above
        const size_t ps = prev_end == 0 ? 0 : text.rfind('\n', prev_end - 1) + 1;
        if (text.compare(ps, 1, "#") == 0) return ascii_lower(text.substr(ps, prev_end - ps));
        ls = ps;
    }
    return {};
}

// The quote is a whole line of Title Case words without a full stop ("Test Sufficiency Summary"): a heading.
bool title_case_line(std::string_view text, size_t begin, size_t end) {
    const size_t ls = begin == 0 ? 0 : text.rfind('\n', begin - 1) + 1;  // npos + 1 == 0
    size_t le = text.find('\n', end);
    if (le == std::string_view::npos) le = text.size();
    for (size_t i = ls; i < begin; ++i)
        if (!std::isspace(static_cast<unsigned char>(text[i]))) return false;
    for (size_t i = end; i < le; ++i)
        if (!std::isspace(static_cast<unsigned char>(text[i]))) return false;
    size_t words = 0;
    bool word_start = true;
    for (size_t i = begin; i < end; ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (std::isspace(c)) { word_start = true; continue; }
        if (word_start && std::islower(c)) return false;
        if (word_start) ++words;
        word_start = false;
    }
    return words >= 2 && words <= 6;
}

// What follows the quote to its sentence's end (". ", "!", "?", ";", a newline), without the leading ", ".
std::string_view rest_of_sentence(std::string_view text, size_t end) {
    size_t e = end;
    while (e < text.size() && text[e] != '\n' && text[e] != ';' && text[e] != '!' && text[e] != '?' &&
           !(text[e] == '.' && (e + 1 == text.size() || std::isspace(static_cast<unsigned char>(text[e + 1])))))
        ++e;
    return text.substr(end, e - end);
}

}  // namespace

std::string document_item_reason(std::string_view text, size_t begin, size_t end, std::string_view first_sentence) {
    if (begin >= end || end > text.size()) return {};
    const std::string_view quote = text.substr(begin, end - begin);
    const std::vector<std::string> w = word_list(quote);
    if (w.empty()) return {};
    if (role_play_opener(first_sentence)) return "a role-play prompt's instruction (a template)";
    const size_t first_end = static_cast<size_t>(first_sentence.data() + first_sentence.size() - text.data());
    if (begin >= first_end && asks_for_plan(first_sentence)) return "an item of what the user asks a plan for";
    const std::string heading = heading_above(text, begin);
    for (const char* how : {"workflow", "working style", "guardrail", "guideline", "convention", "rules"})
        if (heading.find(how) != std::string::npos) return "an item under a how-to-work heading";
    if (w[0] == "keep" && w.size() > 1 && w[1].size() > 4 && w[1].compare(w[1].size() - 3, 3, "ing") == 0)
        return "an instruction to keep going (how to work)";
    if (title_case_line(text, begin, end)) return "a heading";
    if (std::count(quote.begin(), quote.end(), '(') > std::count(quote.begin(), quote.end(), ')'))
        return "cut inside parentheses";
    size_t after = end;
    while (after < text.size() && text[after] == ' ') ++after;
    if ((after < text.size() && text[after] == ':') || quote.back() == ':') return "a list's lead-in without its list";
    const size_t tail = w.size() > 3 ? w.size() - 3 : 0;
    if (std::find(w.begin() + static_cast<std::ptrdiff_t>(tail), w.end(), "following") != w.end())
        return "points to the following text without it";
    if (end < text.size() && text[end] == ',') {
        const std::vector<std::string> rest = word_list(rest_of_sentence(text, end + 1));
        if (!rest.empty() && one_of(rest[0], {"but", "except", "unless"})) return "cut before its qualification";
        const std::string_view r = rest_of_sentence(text, end + 1);
        const bool more = r.find(',') != std::string_view::npos || r.find(" and ") != std::string_view::npos ||
                          r.find(" or ") != std::string_view::npos;
        if (!rest.empty() && more &&
            !one_of(rest[0], {"and", "or", "then", "so", "because", "which", "before", "after", "once", "if", "when",
                              "while", "until", "here", "including"}))
            return "cut before the rest of its list";
    }
    // "test coverage is not broad enough": a finding; but a verb that takes a clause still asks ("Ensure CI is green",
    // "Check the build is clean"; review).
    if (w.size() >= 3 && one_of(w[2], {"is", "are", "was", "were"}) &&
        !one_of(w[0], {"ensure", "verify", "check", "confirm", "make", "assert", "validate"}) &&
        !one_of(w[1], {"the", "a", "an", "this", "that", "these", "those", "it", "all", "each", "every", "my", "our",
                       "your", "its", "their", "sure", "certain", "everything", "nothing", "something", "there",
                       "what", "whether", "if", "how", "why", "when", "which", "who"}))
        return "a noun phrase stating a finding, not an imperative";
    if (w.size() >= 2 && one_of(w[0], {"ensure", "allow", "let", "enable", "help", "notify", "remind"}) &&
        one_of(w[1], {"users", "user", "customers", "customer", "visitors", "people", "players", "clients",
                      "administrators", "admins", "passengers", "members", "students", "patients"}))
        return "a feature for the product's end users";
    const auto first = std::find(w.begin(), w.end(), "first");
    if (first != w.end() && std::find(first, w.end(), "then") != w.end()) return "an order of work (how to work)";
    return {};
}

}  // namespace bm
