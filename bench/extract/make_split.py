#!/usr/bin/env python3
# Writes bench/data/extract_gold/split.tsv: the fixed dev/test split of the extraction gold logs (rule in docs/extract.md).
# Rule (fixed before any extractor output was seen): a log is every file under ../shared/data/sessions/<format>/ for
# format in claude-code, codex, dsh, openhands, swe-agent, plus every file under bench/data/extract_gold/logs/
# (format openai-chat); a DSH log counts only if it has a top-level user/message or assistant/message line. Within each
# format, logs are sorted by the SHA-256 hex digest of the path as written in the manifest (ties by path); the first
# ceil(n/3) are test, the rest dev; logs under bench/data/extract_gold/logs/dev/ (added later to grow dev) are dev, and logs under bench/data/extract_gold/logs/test/ (fresh held-out logs, session 19) are test. Run from the repository root; paths are written as "../shared/data/..." (relative to
# a main checkout) and read from $BM_SHARED_DATA when set (a worktree's ../shared may not exist).
import hashlib, math, os, sys

SHARED_FORMATS = ["claude-code", "codex", "dsh", "openhands", "swe-agent"]

def holds_conversation(path, fmt):
    if fmt != "dsh":
        return True
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith('{"type":"user/message"') or line.startswith('{"type":"assistant/message"'):
                return True
    return False

def main():
    logs = []
    for fmt in SHARED_FORMATS:
        root = os.environ.get("BM_SHARED_DATA", os.path.join("..", "shared", "data"))
        d = os.path.join(root, "sessions", fmt)
        for name in sorted(os.listdir(d)):
            p = "../shared/data/sessions/" + fmt + "/" + name
            real = os.path.join(d, name)
            if os.path.isfile(real) and holds_conversation(real, fmt):
                logs.append((fmt, p))
    d = os.path.join("bench", "data", "extract_gold", "logs")
    for name in sorted(os.listdir(d)):
        if name.endswith(".json"):
            logs.append(("openai-chat", os.path.join(d, name)))
    rows = []
    # Logs added after the split was fixed, to grow dev (session 12): always dev, outside the thirds.
    # Named <format>__<name>; the format is the part before "__".
    # Fresh held-out logs (session 19): always test, chosen before the extractor ran on them.
    for split in ("dev", "test"):
        grown = os.path.join(d, split)
        if os.path.isdir(grown):
            for name in sorted(os.listdir(grown)):
                if name == "README.md":
                    continue
                p = grown + "/" + name
                rows.append((p, name.split("__", 1)[0], split, hashlib.sha256(p.encode()).hexdigest()))
    for fmt in SHARED_FORMATS + ["openai-chat"]:
        group = sorted((hashlib.sha256(p.encode()).hexdigest(), p) for f, p in logs if f == fmt)
        n_test = math.ceil(len(group) / 3)
        for i, (digest, p) in enumerate(group):
            rows.append((p, fmt, "test" if i < n_test else "dev", digest))
    rows.sort()
    out = sys.stdout
    out.write("# path\tformat\tsplit\tsha256(path)\n")
    for r in rows:
        out.write("\t".join(r) + "\n")

main()
