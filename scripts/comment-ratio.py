#!/usr/bin/env python3
"""Counts comment lines and code lines of the Swift files under the given folders (default: Sources).

A comment line is a non-blank line that is all comment: it starts with `//` (doc comments included) or lies
inside a `/* … */` block. A code line is any other non-blank line, a line of code with a trailing comment
among them. Blank lines count as neither. The ratio is comment lines ÷ code lines.

Usage: scripts/comment-ratio.py [--by-file | --by-folder] [FOLDER …]
"""
import os
import sys


def count(path):
    comments = code = 0
    in_block = False
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if not line:
                continue
            if in_block:
                comments += 1
                if "*/" in line:
                    in_block = False
                continue
            if line.startswith("//"):
                comments += 1
            elif line.startswith("/*"):
                comments += 1
                in_block = "*/" not in line
            else:
                code += 1
    return comments, code


def main(argv):
    mode = None
    if argv and argv[0] in ("--by-file", "--by-folder"):
        mode, argv = argv[0], argv[1:]
    roots = argv or ["Sources"]
    totals = {}
    all_comments = all_code = 0
    for root in roots:
        for folder, _, files in os.walk(root):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(folder, name)
                comments, code = count(path)
                all_comments += comments
                all_code += code
                key = path if mode == "--by-file" else folder
                c, k = totals.get(key, (0, 0))
                totals[key] = (c + comments, k + code)
    if mode:
        rows = sorted(totals.items(), key=lambda item: -item[1][0])
        for key, (c, k) in rows:
            print(f"{c:6d} {k:6d} {c / max(k, 1):5.2f}  {key}")
    print(f"{all_comments} comment lines / {all_code} code lines = {all_comments / max(all_code, 1):.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
