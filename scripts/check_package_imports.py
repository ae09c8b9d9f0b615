#!/usr/bin/env python3
"""Says which products a target imports without declaring them in Package.swift, and which it declares without
importing them (the issue-18 rule: every imported product declared, nothing declared for nothing). Toolchain
modules (Foundation, FoundationXML, Glibc, Testing, …) need no declaration. Exits 1 when anything is off.

    python3 scripts/check_package_imports.py        (from the repository; runs `swift package dump-package`)
"""
import glob
import json
import re
import subprocess
import sys

TOOLCHAIN = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch", "Glibc", "Darwin",
    "Synchronization", "Testing", "XCTest", "RegexBuilder", "System", "SystemPackage", "_Concurrency",
    "_FoundationICU",  # the ICU inside Foundation (Stage links it by name: Package.swift says why)
}
IMPORT = re.compile(r"\s*(?:@testable\s+|@preconcurrency\s+|@_exported\s+)?import\s+(?:struct\s+|class\s+|enum\s+|func\s+)?(\w+)")


def main() -> int:
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True, capture_output=True, text=True).stdout)
    problems = 0
    for target in package["targets"]:
        path = target.get("path") or ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]
        declared = {value[0] for dependency in target["dependencies"] for value in dependency.values()}
        imported = set()
        for file in glob.glob(path + "/**/*.swift", recursive=True):
            with open(file, encoding="utf-8") as source:
                imported.update(match.group(1) for line in source if (match := IMPORT.match(line)))
        missing = imported - declared - TOOLCHAIN - {target["name"]}
        unused = declared - imported
        if missing or unused:
            problems += 1
            print(f"{target['name']}: imports without declaring {sorted(missing)}; declares without importing {sorted(unused)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
