#!/usr/bin/env python3
# Type-mutation probe (session 28): for each fixture, replace one JSON member's value with a value of another type
# (a string with a number or null, a number with a string, an object with an array, ...) and run
# `beliefmerge inspect` on the result; report every mutation that makes the reader lose the whole file ("unexpected
# structure", a reader that threw) or the process crash. The fuzz targets find crashes; this finds typed-access
# slips that turn one odd member into a lost file.
#   tests/faults/type_mutation_probe.py [--slots] [--cap N] [--bin PATH] FILE...
import argparse, json, sys, os, subprocess, random, hashlib, tempfile
from concurrent.futures import ThreadPoolExecutor
BIN = "build/dev/app/beliefmerge"
MODE = "--summary"
TMP = tempfile.mkdtemp(prefix="bm-mutate-")
def paths(v, p=()):
    yield p, v
    if isinstance(v, dict):
        for k, x in v.items(): yield from paths(x, p + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v[:3]): yield from paths(x, p + (i,))
def setp(v, p, new):
    if not p: return new
    v = json.loads(json.dumps(v)); cur = v
    for k in p[:-1]: cur = cur[k]
    cur[p[-1]] = new; return v
def alts(x):
    if isinstance(x, str): return [7, None]
    if isinstance(x, bool): return ["yes"]
    if isinstance(x, (int, float)): return ["7"]
    if isinstance(x, list): return [{}, "s"]
    if isinstance(x, dict): return [[], "s"]
    return ["s"]
def run(args):
    path, text, desc = args
    h = hashlib.sha1(text.encode()).hexdigest()[:12]
    ext = os.path.splitext(path)[1] or ".jsonl"
    if path.endswith(".traj.json"): ext = ".traj.json"
    f = os.path.join(TMP, h + ext)
    open(f, "w").write(text)
    args = [BIN, "inspect", MODE] + (["--rules", "all"] if MODE == "--slots" else []) + [f]
    r = subprocess.run(args, capture_output=True, text=True)
    os.unlink(f)
    out = r.stdout + r.stderr
    if "unexpected structure" in out or r.returncode > 2 or r.returncode < 0:
        return (path, desc, r.returncode, [l for l in out.splitlines() if "unexpected" in l or "rror" in l][:2])
    return None
def jobs(path, cap):
    raw = open(path, encoding="utf-8").read()
    muts = []
    if path.endswith(".jsonl"):
        lines = raw.split("\n")
        for i, l in enumerate(lines):
            try: v = json.loads(l)
            except Exception: continue
            for p, x in paths(v):
                if not p: continue
                for a in alts(x):
                    nl = json.dumps(setp(v, p, a), ensure_ascii=False)
                    muts.append(("\n".join(lines[:i] + [nl] + lines[i+1:]), f"line {i+1} {'.'.join(map(str,p))} -> {json.dumps(a)}"))
    else:
        v = json.loads(raw)
        for p, x in paths(v):
            if not p: continue
            for a in alts(x):
                muts.append((json.dumps(setp(v, p, a), ensure_ascii=False), f"{'.'.join(map(str,p))} -> {json.dumps(a)}"))
    random.Random(path).shuffle(muts)
    return [(path, t, d) for t, d in muts[:cap]]
if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="type-mutation probe of the session-log readers")
    ap.add_argument("--slots", action="store_true", help="run extraction too (inspect --slots --rules all)")
    ap.add_argument("--cap", type=int, default=200, help="mutations per file (default 200)")
    ap.add_argument("--bin", default=BIN, help="the beliefmerge binary (default build/dev/app/beliefmerge)")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    BIN, MODE = a.bin, "--slots" if a.slots else "--summary"
    alljobs = [j for f in a.files for j in jobs(f, a.cap)]
    found = 0
    with ThreadPoolExecutor(3) as ex:
        for res in ex.map(run, alljobs):
            if res:
                found += 1
                print(res[0], "|", res[1], "|", res[2], "|", res[3][:1], flush=True)
    print(f"{len(alljobs)} mutations of {len(a.files)} files ({MODE}): {found} lost a file or crashed")
    sys.exit(1 if found else 0)
