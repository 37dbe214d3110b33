#!/usr/bin/env python3
"""Fits the token estimator's charges (core/pack/token_estimator.cpp) to cl100k_base counts.

    build/dev/bench/pack/estimator_features > /tmp/features.txt
    python3 scripts/fit_estimator.py /tmp/features.txt 6 1.34

Least squares on relative error (each data set weighted equally, documents of >= 5 tokens), then
every charge is multiplied by SCALE; prints the charges in 1/256 token, the estimate/BPE ratio per
data set, the worst under-count over documents of >= 20 tokens, and the largest under-count in
tokens of smaller documents. Pick the smallest SCALE whose worst under-count is acceptable.
"""
import sys

def main(path, span, scales):
    rows = []
    for line in open(path):
        p = line.split()
        rows.append((p[0], int(p[1]), [int(x) for x in p[2:]]))
    sets = sorted({r[0] for r in rows})
    idx = [0, 1 + span - 3] + list(range(7, 16))
    cols = lambda f: [f[k] for k in idx]
    n = len(idx)
    a = [[0.0] * n for _ in range(n)]
    y = [0.0] * n
    count = {s: sum(1 for r in rows if r[0] == s and r[1] >= 5) for s in sets}
    for name, b, f in rows:
        if b < 5:
            continue
        x, w = cols(f), 1.0 / (b * b) / count[name]
        for i in range(n):
            y[i] += w * x[i] * b
            for j in range(n):
                a[i][j] += w * x[i] * x[j]
    m = [a[i] + [y[i]] for i in range(n)]
    for i in range(n):
        m[i][i] += 1e-9
    for c in range(n):  # Gauss-Jordan
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                k = m[r][c] / m[c][c]
                for j in range(c, n + 1):
                    m[r][j] -= k * m[c][j]
    w = [max(0.0, m[i][n] / m[i][i]) for i in range(n)]
    names = ["word_first", "word_extra", "case_change", "digits", "space_run", "newline", "punct",
             "two_byte", "three_byte", "four_byte", "invalid"]
    for scale in scales:
        charges = [int(round(x * 256 * scale)) for x in w]
        total = {s: [0, 0] for s in sets}
        worst, worst_small = 0.0, 0
        for name, b, f in rows:
            e = (sum(c * x for c, x in zip(charges, cols(f))) + 255) // 256
            total[name][0] += e
            total[name][1] += b
            if b >= 20:
                worst = max(worst, 1 - e / b)
            else:
                worst_small = max(worst_small, b - e)
        print(f"scale {scale}: span {span}", dict(zip(names, charges)))
        print("  estimate/BPE", {s: round(total[s][0] / total[s][1], 3) for s in sets},
              f"worst under-count {worst:.1%} (>= 20 tokens), {worst_small} tokens (smaller)")

if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 6,
         [float(s) for s in sys.argv[3:]] or [1.0, 1.34])
