#!/usr/bin/env python3
"""Top-level types not in a file of their own name (issue 18's measure): python3 e2e/bench/type_files.py REV [N].

Reads the Swift files under Sources at REV (a commit; nothing is checked out). A file named after one of its types
(`Foo.swift`, or `Foo+Bar.swift` for extensions) may hold only that one; every other top-level struct, class, enum,
protocol or actor counts, and the N files with the most are listed."""
import os
import re
import subprocess
import sys

DECLARATION = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|package|final|open|indirect|nonisolated)\s+)*"
                         r"(?:struct|class|enum|protocol|actor)\s+(\w+)")

rev, most = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10
files = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev, "Sources"], capture_output=True, text=True, check=True).stdout.split()
rows = []
for path in files:
    if not path.endswith(".swift"):
        continue
    text = subprocess.run(["git", "show", f"{rev}:{path}"], capture_output=True, text=True, check=True).stdout
    names = [m.group(1) for line in text.split("\n") if (m := DECLARATION.match(line))]
    base = os.path.basename(path)[:-len(".swift")]
    own = [n for n in names if n == base or base.startswith(n + "+")]
    others = [n for n in names if n not in own[:1]]
    if others:
        rows.append((len(others), path, others))
rows.sort(reverse=True)
print(f"{rev}: {len(rows)} files hold {sum(r[0] for r in rows)} types that are not in a file of their own name")
for count, path, names in rows[:most]:
    print(f"  {count} {path}: {' '.join(names)}")
