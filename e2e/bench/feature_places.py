#!/usr/bin/env python3
"""Where each feature's files live: python3 e2e/bench/feature_places.py REV (issue 18's measure)."""
import subprocess,sys,re,collections
rev=sys.argv[1]
files=subprocess.run(['git','ls-tree','-r','--name-only',rev,'Sources'],capture_output=True,text=True).stdout.split()
feat={'Talks':('talk','Talk'),'Stage':('stage','Stage'),'Spots':('spots','Spots'),'Tempo':('tempo','Tempo')}
for F,(low,cap) in feat.items():
    mine=[]
    for f in files:
        base=f.split('/')[-1]
        if f.startswith(f'Sources/{F}/') or f.startswith(f'Sources/Storage/{F}/') or f.startswith(f'Sources/Server/{F}/'):
            mine.append(f)
        elif re.match(rf'(M0\d\d_{cap}|{cap}.*(Pages|Page)Controller|{cap}FormRefusal)', base):
            mine.append(f)
        elif re.match(rf'{low}[-.]', base) and '/Resources/' in f:
            mine.append(f)
        elif F=='Stage' and (f.startswith('Sources/StagePackage/') or f.startswith('Sources/DeckImport/')):
            mine.append(f)
    dirs=collections.Counter('/'.join(f.split('/')[:-1]) for f in mine)
    outside=[d for d in dirs if not d.startswith(f'Sources/{F}')]
    print(f'{F}: {len(mine)} files in {len(dirs)} folders; folders outside Sources/{F}: {len(outside)} {sorted(outside)}')
