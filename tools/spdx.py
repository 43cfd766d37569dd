#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Check (default) or add (--fix) the SPDX licence line in every source file.

Every file the project ships or builds from carries
"SPDX-License-Identifier: Apache-2.0" in its first lines (after a shebang),
in the comment syntax of its language (https://spdx.dev/learn/handling-license-info/).
Data files (test vectors, corpora, Markdown) carry none.

    python3 tools/spdx.py [--fix] [ROOT]

Prints the files that lack it and "N files checked, M without SPDX";
exits 1 when M > 0 (the ctest test_spdx runs the check).
"""
import os
import subprocess
import sys

TAG = "SPDX-License-Identifier: Apache-2.0"
# suffix -> (line to insert, comment leader a generator would use)
STYLES = {
    ".c": "/* %s */", ".h": "/* %s */", ".cpp": "/* %s */", ".java": "/* %s */",
    ".rs": "// %s", ".sh": "# %s", ".py": "# %s", ".cmake": "# %s",
    ".toml": "# %s", ".in": None, ".xml": "<!-- %s -->", ".pyi": "# %s",
    ".1": '.\\" %s', ".bash": "# %s",
}
NAMED = {"CMakeLists.txt": "# %s", "Makefile": "# %s", "run": "# %s"}
SKIP_DIRS = ("tests/vectors", "tests/fuzz/corpus", "build", ".git")


def style_of(path):
    base = os.path.basename(path)
    if base in NAMED:
        return NAMED[base]
    if path.endswith(".pc.in"):
        return "# %s"
    if path.endswith(".cmake.in"):
        return "# %s"
    return STYLES.get(os.path.splitext(base)[1])


def tracked_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True,
                             text=True, check=True).stdout.split("\n")
        return [f for f in out if f]
    except (OSError, subprocess.CalledProcessError):
        files = []  # a tarball without .git: walk the tree
        for d, subdirs, names in os.walk(root):
            rel = os.path.relpath(d, root)
            subdirs[:] = [s for s in subdirs
                          if not os.path.join(rel, s).lstrip("./").startswith(SKIP_DIRS)]
            files += [os.path.normpath(os.path.join(rel, n)) for n in names]
        return files


def insert(text, line):
    lines = text.split("\n")
    at = 1 if lines and lines[0].startswith("#!") else 0
    if at == 0 and lines and lines[0].startswith("<?xml"):
        at = 1
    lines.insert(at, line)
    return "\n".join(lines)


def main():
    fix = "--fix" in sys.argv
    args = [a for a in sys.argv[1:] if a != "--fix"]
    root = args[0] if args else os.path.join(os.path.dirname(__file__), "..")
    missing = checked = 0
    for rel in tracked_files(root):
        if rel.startswith(SKIP_DIRS):
            continue
        style = style_of(rel)
        if style is None:
            continue
        path = os.path.join(root, rel)
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
        checked += 1
        if TAG in "\n".join(text.split("\n")[:3]):
            continue
        if fix:
            with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(insert(text, style % TAG))
            continue
        missing += 1
        print("no SPDX line: " + rel)
    print("%d files checked, %d without SPDX" % (checked, missing))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
