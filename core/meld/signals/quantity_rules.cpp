// The numeric, unit and date rules: the same measured thing with different values.
#include <cmath>
#include <map>

#include "meld/signals/contradiction_rules.h"
#include "meld/signals/rule_support.h"

namespace bm {

namespace {

// The word a number is about: the head (last word) of the content words right after it ("two
// young men", "4 black players"), else the nearest content word before it in its clause ("port
// 8080", "the timeout is 30 s").
std::optional<std::string> anchor_of(const Analysis& a, size_t term) {
    size_t k = term + 1;
    if (k < a.terms.size() && a.terms[k].kind == TermKind::kUnit) ++k;
    const Term* head = nullptr;
    for (; k < a.terms.size() && a.terms[k].content() && a.terms[k].kind != TermKind::kNumber; ++k)
        head = &a.terms[k];
    if (head) return head->canon;
    for (size_t j = term, steps = 0; j > 0 && steps < 3; ++steps) {
        const Term& t = a.terms[--j];
        if (rules::is_clause_break(t)) break;
        if (t.content() && t.kind != TermKind::kNumber) return t.canon;
    }
    return std::nullopt;
}

enum class Comparison { kIncomparable, kAgree, kDiffer };

Comparison compare(const Quantity& x, const Quantity& y) {
    double vx = x.value, vy = y.value;
    if (x.unit && y.unit) {
        if (x.unit->dimension != y.unit->dimension) return Comparison::kIncomparable;
        vx *= x.unit->scale;
        vy *= y.unit->scale;
    }
    const double tolerance = 1e-9 * std::max(std::abs(vx), std::abs(vy));
    return std::abs(vx - vy) <= tolerance ? Comparison::kAgree : Comparison::kDiffer;
}

Comparison compare(const DateMention& x, const DateMention& y) {
    const int fx[] = {x.year, x.month, x.day, x.weekday},
              fy[] = {y.year, y.month, y.day, y.weekday};
    bool common = false;
    for (int i = 0; i < 4; ++i) {
        if (fx[i] == 0 || fy[i] == 0) continue;
        if (fx[i] != fy[i]) return Comparison::kDiffer;
        common = true;
    }
    return common ? Comparison::kAgree : Comparison::kIncomparable;
}

// Content terms other than numbers: what a statement is about.
std::set<std::string> subject_words(const Analysis& a) {
    std::set<std::string> out;
    for (const Term& t : a.terms)
        if (t.content() && t.kind != TermKind::kNumber) out.insert(t.canon);
    return out;
}

bool same_statement(const Analysis& a, const Analysis& b) {
    const std::set<std::string> sa = subject_words(a), sb = subject_words(b);
    if (sa.empty() || sb.empty()) return false;
    return (sa.size() <= sb.size() ? rules::coverage(sa, sb) : rules::coverage(sb, sa)) >= 0.5;
}

}  // namespace

std::optional<ContradictionVerdict> quantity_rule(const Analysis& a, const Analysis& b) {
    if (a.quantities.empty() || b.quantities.empty()) return std::nullopt;
    if (!rules::negations(a).empty() || !rules::negations(b).empty()) return std::nullopt;
    // Each quantity with its anchor, left out when its text counts that anchor twice ("8 yellow
    // players and 4 black players" may add up to "12 players").
    auto anchored = [](const Analysis& x) {
        std::vector<std::pair<const Quantity*, std::string>> out;
        std::map<std::string, int> uses;
        for (const Quantity& q : x.quantities)
            if (std::optional<std::string> anchor = anchor_of(x, q.term)) {
                ++uses[*anchor];
                out.emplace_back(&q, std::move(*anchor));
            }
        std::erase_if(out, [&](const auto& entry) { return uses[entry.second] > 1; });
        return out;
    };
    for (const auto& [qa, anchor_a] : anchored(a))
        for (const auto& [qb, anchor_b] : anchored(b)) {
            if (anchor_a != anchor_b || compare(*qa, *qb) != Comparison::kDiffer) continue;
            const bool unit_clash = qa->unit && qb->unit && qa->unit_text != qb->unit_text;
            return ContradictionVerdict{
                Contradiction::kContradicts,
                std::string(unit_clash ? contradiction_rule::kUnit : contradiction_rule::kNumeric),
                anchor_a + ": " + qa->text + " vs " + qb->text};
        }
    return std::nullopt;
}

std::optional<ContradictionVerdict> date_rule(const Analysis& a, const Analysis& b) {
    if (a.dates.empty() || b.dates.empty() || !same_statement(a, b)) return std::nullopt;
    if (!rules::negations(a).empty() || !rules::negations(b).empty()) return std::nullopt;
    const DateMention* x = nullptr;
    const DateMention* y = nullptr;
    for (const DateMention& da : a.dates)
        for (const DateMention& db : b.dates) {
            const Comparison c = compare(da, db);
            if (c == Comparison::kAgree) return std::nullopt;
            if (c == Comparison::kDiffer && !x) x = &da, y = &db;
        }
    if (!x) return std::nullopt;
    return ContradictionVerdict{Contradiction::kContradicts, std::string(contradiction_rule::kDate),
                                x->text + " vs " + y->text};
}

}  // namespace bm
