#!/usr/bin/env python3
"""Fails when a code block in the docs and the compiled code it shows have drifted apart.

A ```swift block in README.md, Docs/*.md or a DocC catalog's own articles preceded by the line
    <!-- snippet: Tests/FerryStoreTests/ReadmeExampleTests.swift#store -->
must equal (after removing common indentation) the lines between `// snippet: store` and `// end snippet: store`
in that file, which a test target compiles and runs.

    python3 scripts/snippets-check.py
"""
import glob
import os
import re
import sys
import textwrap

MARKER = re.compile(r"^<!-- snippet: (?P<path>[^#\s]+)#(?P<name>[\w-]+) -->\s*$")


def region(path, name):
    lines = open(path, encoding="utf-8").read().split("\n")
    start = next((i for i, line in enumerate(lines) if line.strip() == f"// snippet: {name}"), None)
    end = next((i for i, line in enumerate(lines) if line.strip() == f"// end snippet: {name}"), None)
    if start is None or end is None or end < start:
        return None
    return textwrap.dedent("\n".join(lines[start + 1:end])).strip("\n")


def main():
    failures = 0
    checked = 0
    docs = ["README.md"] + sorted(glob.glob("Docs/*.md"))
    docs += [path for path in sorted(glob.glob("Sources/*/*.docc/*.md")) if not os.path.islink(path)]
    for doc in docs:
        lines = open(doc, encoding="utf-8").read().split("\n")
        for index, line in enumerate(lines):
            match = MARKER.match(line)
            if not match:
                continue
            if index + 1 >= len(lines) or not lines[index + 1].startswith("```swift"):
                print(f"{doc}:{index + 1}: snippet marker not followed by a ```swift block")
                failures += 1
                continue
            end = next((j for j in range(index + 2, len(lines)) if lines[j].startswith("```")), None)
            block = textwrap.dedent("\n".join(lines[index + 2:end])).strip("\n")
            code = region(match["path"], match["name"])
            checked += 1
            if code is None:
                print(f"{doc}:{index + 1}: no region '{match['name']}' in {match['path']}")
                failures += 1
            elif code != block:
                import difflib
                diff = difflib.unified_diff(code.split("\n"), block.split("\n"), match["path"], doc, lineterm="")
                print(f"{doc}:{index + 1}: the snippet differs from {match['path']}#{match['name']}:")
                print("\n".join(diff))
                failures += 1
    print(f"snippets-check: {checked} snippet(s) checked, {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
