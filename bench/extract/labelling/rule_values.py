#!/usr/bin/env python3
# The labelled values of one rule (or every rule) on a split, and a short summary of a `bench extract --json` report:
# the two views a session reads most while tuning on dev (bench/extract/labelling/README.md, step 5).
"""rule_values.py values SPLIT [--rule RULE] [--split-file F] [--rules all]
       one line per emitted value of SPLIT's logs: rule | label (None: unlabelled) | log | key = value | the label's
       reason; from `beliefmerge inspect --slots` on each log, joined with labels.jsonl (dev only while tuning)
   rule_values.py summary [REPORT.json]
       strict / lenient / recall per split and per format of a `bench extract --json` report (stdin by default)
Env: BM_SHARED_DATA (absolute path of the shared data, for logs under ../shared/data), BM_BIN (default
build/dev/app/beliefmerge)."""
import argparse, json, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
GOLD_DIR = os.path.join(ROOT, 'bench', 'data', 'extract_gold')


def log_path(log):
    """A split file's log path, as a path this process can open."""
    if log.startswith('../shared/data/'):
        shared = os.environ.get('BM_SHARED_DATA', '')
        if not os.path.isabs(shared):
            sys.exit('rule_values.py: set BM_SHARED_DATA to the absolute path of the shared data')
        return os.path.join(shared, log[len('../shared/data/'):])
    return os.path.join(ROOT, log)


def slot_values(binary, log, all_rules):
    """(rule, key, value) of every supporting claim `inspect --slots` prints for `log`."""
    cmd = [binary, 'inspect', '--slots'] + (['--rules', 'all'] if all_rules else []) + [log_path(log)]
    out = subprocess.run(cmd, capture_output=True, text=True, errors='replace').stdout
    found, key, value = [], None, None
    for line in out.splitlines():
        if not line.startswith(' '):  # "<key> [<Type>] <state> -> …"
            m = re.match(r'(\S.*?) \[\w+\] ', line)
            key = m.group(1) if m else None
        elif line.startswith('    ') and not line.startswith('      '):  # "    <value>  score …"
            value = line[4:].rsplit('  score ', 1)[0]
        elif key is not None and ' rule ' in line:  # "      <source> … rule <id> <confidence> "<quote>""
            found.append((line.split(' rule ', 1)[1].split(' ')[0], key, value))
    return found


def values(a):
    binary = os.environ.get('BM_BIN', os.path.join(ROOT, 'build', 'dev', 'app', 'beliefmerge'))
    split_file = a.split_file or os.path.join(GOLD_DIR, 'split.tsv')
    logs = [l.split('\t')[0] for l in open(split_file, encoding='utf-8')
            if not l.startswith('#') and len(l.split('\t')) > 2 and l.split('\t')[2] == a.split]
    labels = {}
    for l in open(os.path.join(GOLD_DIR, 'labels.jsonl'), encoding='utf-8'):
        d = json.loads(l)
        labels.setdefault((d['log'], d['key'], d['value'].lower()), (d['label'], d.get('reason', '')))
        labels[(d['log'], d['key'], d['value'])] = (d['label'], d.get('reason', ''))
    rows = set()
    with ThreadPoolExecutor(8) as ex:
        for log, found in zip(logs, ex.map(lambda g: slot_values(binary, g, a.rules == 'all'), logs)):
            rows.update((rule, log, key, value) for rule, key, value in found)
    for rule, log, key, value in sorted(rows):
        if a.rule and rule != a.rule:
            continue
        label, reason = labels.get((log, key, value), labels.get((log, key, value.lower()), (None, '')))
        print(f'{rule} | {label} | {os.path.basename(log)[:40]} | {key} = {value[:100]} | {reason[:160]}')


def summary(a):
    report = json.load(open(a.report, encoding='utf-8') if a.report else sys.stdin)
    for split, part in report['splits'].items():
        fmts = part['formats']
        good = sum(f['good'] for f in fmts.values())
        partial = sum(f['partial'] for f in fmts.values())
        labelled = sum(f['labelled'] for f in fmts.values())
        recalled = sum(f['recalled'] for f in fmts.values())
        gold = sum(f['gold'] for f in fmts.values())
        logs = sum(f['logs'] for f in fmts.values())
        if labelled and gold:
            print(f'{split}: {logs} logs, {labelled} values, strict {good / labelled:.3f} lenient '
                  f'{(good + partial / 2) / labelled:.3f} recall {recalled / gold:.3f} ({recalled}/{gold})')
        for name, f in fmts.items():
            print(f'  {name}: {f["logs"]} logs, {f["labelled"]} values, {f["strict"] or 0:.2f} / {f["lenient"] or 0:.2f}'
                  f' / {f["recall"] or 0:.3f}')
    print('unlabelled values:', len(report.get('unlabelled', [])))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='cmd', required=True)
    v = sub.add_parser('values')
    v.add_argument('split', choices=['dev', 'test'])
    v.add_argument('--rule')
    v.add_argument('--split-file')
    v.add_argument('--rules', default='default', choices=['default', 'all'])
    s = sub.add_parser('summary')
    s.add_argument('report', nargs='?')
    a = ap.parse_args()
    values(a) if a.cmd == 'values' else summary(a)


if __name__ == '__main__':
    main()
