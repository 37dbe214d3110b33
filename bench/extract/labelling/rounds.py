#!/usr/bin/env python3
# Label rounds for the extraction gold set (docs/extract.md "Labels"; bench/extract/labelling/README.md):
# list the values the bench finds unlabelled, append a blind labeller's verdicts, check gold quotes, cut dev-fit/hold.
"""rounds.py dump ROUND SPLITFILE [--split dev|test] [--rules all] [--out DIR]
       write DIR/ROUND.jsonl: every value `bench extract` lists as unlabelled on SPLITFILE's logs, with an id each
   rounds.py union ROUND FROM... [--out DIR]
       write DIR/ROUND.jsonl: the rows of the FROM rounds (dumps of one split by two binaries, the session's first and
       last), each (log, key, value) once, with fresh ids, so that one blind round labels both runs' new values
   rounds.py apply ROUND... [--out DIR]
       append DIR/ROUND.labels.jsonl ({"id","label","reason"[,"alternative"]}) to labels.jsonl, joined by id
   rounds.py check-quotes GOLD LOGDIR
       every row of a collector's GOLD has a quote that occurs in its log (raw, or in a decoded JSON string)
   rounds.py fit-hold OUTDIR
       split.tsv's dev logs by sha256("fit:" + path) parity (last byte even: fit) into OUTDIR/split_devfit.tsv and
       OUTDIR/split_devhold.tsv
Env: BM_SHARED_DATA (absolute path of the shared data; required by dump), BM_BIN (default build/dev/app/beliefmerge).
DIR defaults to ./rounds."""
import argparse, hashlib, json, os, subprocess, sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
GOLD_DIR = os.path.join(ROOT, 'bench', 'data', 'extract_gold')


def dump(a):
    shared = os.environ.get('BM_SHARED_DATA', '')
    if not os.path.isabs(shared):
        sys.exit('rounds.py dump: set BM_SHARED_DATA to the absolute path of the shared data')
    binary = os.environ.get('BM_BIN', os.path.join(ROOT, 'build', 'dev', 'app', 'beliefmerge'))
    cmd = [binary, 'bench', 'extract', '--json', '--split', a.split, '--split-file', os.path.abspath(a.splitfile),
           '--rules', a.rules]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if not out.stdout.strip():
        sys.exit('rounds.py dump: the bench printed nothing: ' + out.stderr.strip()[:400])
    rows = json.loads(out.stdout)['unlabelled']
    os.makedirs(a.out, exist_ok=True)
    path = os.path.join(a.out, a.round + '.jsonl')
    with open(path, 'w', encoding='utf-8') as f:
        for i, u in enumerate(rows):
            f.write(json.dumps({'id': f'{a.round}-{i}', 'log': u['log'], 'format': u['format'], 'key': u['key'],
                                'value': u['value'], 'state': u['state'], 'quote': u['quote']},
                               ensure_ascii=False) + '\n')
    print(len(rows), 'unlabelled values ->', path)


def apply(a):
    labels = os.path.join(GOLD_DIR, 'labels.jsonl')
    have = {(r['log'], r['key'], r['value']) for r in map(json.loads, open(labels, encoding='utf-8'))}
    new = []
    for rnd in a.rounds:
        items = {r['id']: r for r in map(json.loads, open(os.path.join(a.out, rnd + '.jsonl'), encoding='utf-8'))}
        seen = set()
        for n, line in enumerate(open(os.path.join(a.out, rnd + '.labels.jsonl'), encoding='utf-8'), 1):
            if not line.strip():
                continue
            lab = json.loads(line)
            where = f'{rnd}.labels.jsonl:{n}'
            if lab.get('id') not in items:
                sys.exit(f'{where}: id {lab.get("id")!r} is not in {rnd}.jsonl')
            if lab.get('label') not in ('good', 'partial', 'junk'):
                sys.exit(f'{where}: label must be good, partial or junk, not {lab.get("label")!r}')
            it = items[lab['id']]
            k = (it['log'], it['key'], it['value'])
            if k in have:
                sys.exit(f'{where}: {it["key"]} = {it["value"]} on {it["log"]} is labelled already')
            row = {'log': it['log'], 'key': it['key'], 'value': it['value'], 'label': lab['label']}
            if 'alternative' in lab and it['state'] in ('disputed', 'contested'):
                row['alternative'] = bool(lab['alternative'])
            row['reason'] = lab.get('reason', '')
            have.add(k)
            seen.add(lab['id'])
            new.append(row)
        if set(items) - seen:
            print('warning: ids without a label in', rnd, sorted(set(items) - seen)[:10])
    with open(labels, 'a', encoding='utf-8') as f:
        for r in new:
            f.write(json.dumps(r, ensure_ascii=False) + '\n')
    print(len(new), 'labels appended to', labels)


def strings(x):
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for v in x.values():
            yield from strings(v)
    elif isinstance(x, list):
        for v in x:
            yield from strings(v)


def check_quotes(a):
    bad = n = 0
    for g in map(json.loads, open(a.gold, encoding='utf-8')):
        n += 1
        for k in ('log', 'key', 'value', 'type', 'quote'):
            if k not in g:
                sys.exit(f'{a.gold}:{n}: no {k!r}')
        if g['type'] not in ('Goal', 'Constraint', 'Decision', 'Fact', 'Artifact', 'Refuted', 'OpenQ'):
            sys.exit(f'{a.gold}:{n}: type {g["type"]!r} is not a slot type')
        raw = open(os.path.join(a.logdir, os.path.basename(g['log'])), encoding='utf-8').read()
        texts = [raw]
        for line in raw.split('\n'):
            try:
                texts += list(strings(json.loads(line)))
            except ValueError:
                pass
        try:
            texts += list(strings(json.loads(raw)))
        except ValueError:
            pass
        if not any(g['quote'] in t for t in texts):
            bad += 1
            print(f'{a.gold}:{n}: quote not in {os.path.basename(g["log"])}: {g["quote"][:80]}')
    print(n, 'rows,', bad, 'quotes missing')
    sys.exit(1 if bad else 0)


def union(a):
    seen, rows = set(), []
    for rnd in a.sources:
        for line in open(os.path.join(a.out, rnd + '.jsonl'), encoding='utf-8'):
            r = json.loads(line)
            k = (r['log'], r['key'], r['value'])
            if k in seen:
                continue
            seen.add(k)
            r['id'] = f'{a.round}-{len(rows)}'
            rows.append(r)
    with open(os.path.join(a.out, a.round + '.jsonl'), 'w', encoding='utf-8') as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + '\n')
    print(len(rows), 'values ->', os.path.join(a.out, a.round + '.jsonl'))


def fit_hold(a):
    os.makedirs(a.outdir, exist_ok=True)
    with open(os.path.join(a.outdir, 'split_devfit.tsv'), 'w') as fit, \
         open(os.path.join(a.outdir, 'split_devhold.tsv'), 'w') as hold:
        for line in open(os.path.join(GOLD_DIR, 'split.tsv'), encoding='utf-8'):
            cells = line.rstrip('\n').split('\t')
            if len(cells) < 3 or cells[2] != 'dev':
                continue
            digest = hashlib.sha256(('fit:' + cells[0]).encode()).digest()
            (fit if digest[-1] % 2 == 0 else hold).write(line)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest='cmd', required=True)
    d = sub.add_parser('dump')
    d.add_argument('round')
    d.add_argument('splitfile')
    d.add_argument('--split', default='dev', choices=['dev', 'test'])  # test values are labelled at the end only
    d.add_argument('--rules', default='default', choices=['default', 'all'])
    d.add_argument('--out', default='rounds')
    u = sub.add_parser('union')
    u.add_argument('round')
    u.add_argument('sources', nargs='+')
    u.add_argument('--out', default='rounds')
    ap = sub.add_parser('apply')
    ap.add_argument('rounds', nargs='+')
    ap.add_argument('--out', default='rounds')
    c = sub.add_parser('check-quotes')
    c.add_argument('gold')
    c.add_argument('logdir')
    f = sub.add_parser('fit-hold')
    f.add_argument('outdir')
    a = p.parse_args()
    {'dump': dump, 'union': union, 'apply': apply, 'check-quotes': check_quotes, 'fit-hold': fit_hold}[a.cmd](a)


if __name__ == '__main__':
    main()
