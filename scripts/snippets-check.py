#!/usr/bin/env python3
"""Fails when a Swift code block in the docs is not compiled code, or has drifted from the code it shows.

Every ```swift block in README.md, Docs/*.md and a DocC catalog's own articles must be preceded by either
    <!-- snippet: Tests/FerryStoreTests/ReadmeExampleTests.swift#store -->
(one or more such lines), and then equal (after removing common indentation) the lines between
`// snippet: store` and `// end snippet: store` in each file named, which a test target compiles and runs; or by
    <!-- illustration: why it is not compiled -->
for a block that is not meant to compile (UIKit code on Linux, a declaration with its body elided), which the
text around it must say.

    python3 scripts/snippets-check.py
"""
import difflib
import glob
import os
import re
import sys
import textwrap

MARKER = re.compile(r"^<!-- snippet: (?P<path>[^#\s]+)#(?P<name>[\w-]+) -->\s*$")
ILLUSTRATION = re.compile(r"^<!-- illustration: \S.* -->\s*$")


def region(path, name):
    if not os.path.exists(path):
        return None
    lines = open(path, encoding="utf-8").read().split("\n")
    start = next((i for i, line in enumerate(lines) if line.strip() == f"// snippet: {name}"), None)
    end = next((i for i, line in enumerate(lines) if line.strip() == f"// end snippet: {name}"), None)
    if start is None or end is None or end < start:
        return None
    return textwrap.dedent("\n".join(lines[start + 1:end])).strip("\n")


def main():
    failures = 0
    checked = 0
    illustrations = 0
    docs = ["README.md"] + sorted(glob.glob("Docs/*.md"))
    docs += [path for path in sorted(glob.glob("Sources/*/*.docc/*.md")) if not os.path.islink(path)]
    for doc in docs:
        lines = open(doc, encoding="utf-8").read().split("\n")
        markers = {}  # line index of a block's opening fence -> the markers above it
        for index, line in enumerate(lines):
            match = MARKER.match(line) or ILLUSTRATION.match(line)
            if not match:
                continue
            fence = index + 1
            while fence < len(lines) and (MARKER.match(lines[fence]) or ILLUSTRATION.match(lines[fence])):
                fence += 1
            if fence >= len(lines) or not lines[fence].startswith("```swift"):
                print(f"{doc}:{index + 1}: marker not followed by a ```swift block")
                failures += 1
                continue
            markers.setdefault(fence, []).append(match)
        inside = False
        for index, line in enumerate(lines):
            if line.lstrip().startswith("```"):
                opening = not inside
                inside = not inside
                if not opening or not line.lstrip().startswith("```swift"):
                    continue
            else:
                continue
            if index not in markers:
                print(f"{doc}:{index + 1}: a ```swift block that is neither a compiled snippet "
                      "(<!-- snippet: path#name -->) nor marked <!-- illustration: why -->")
                failures += 1
                continue
            end = next((j for j in range(index + 1, len(lines)) if lines[j].lstrip().startswith("```")), None)
            block = textwrap.dedent("\n".join(lines[index + 1:end])).strip("\n")
            for match in markers[index]:
                if "path" not in match.groupdict():
                    illustrations += 1
                    continue
                code = region(match["path"], match["name"])
                checked += 1
                if code is None:
                    print(f"{doc}:{index + 1}: no region '{match['name']}' in {match['path']}")
                    failures += 1
                elif code != block:
                    diff = difflib.unified_diff(code.split("\n"), block.split("\n"), match["path"], doc, lineterm="")
                    print(f"{doc}:{index + 1}: the block differs from {match['path']}#{match['name']}:")
                    print("\n".join(diff))
                    failures += 1
    print(f"snippets-check: {checked} snippet(s) checked, {illustrations} illustration(s), {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
