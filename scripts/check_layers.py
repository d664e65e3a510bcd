#!/usr/bin/env python3
"""Reads a layer list and reports every backwards edge: a file of an earlier layer whose code names a
top-level type declared in a later layer. See scripts/check-layers.sh for the rule.

Usage: check_layers.py ROOT LAYERS_FILE
LAYERS_FILE has one layer a line, earliest first: the folders under ROOT that make it, separated by spaces
(a file may be named too, to try a layering before moving files). `#` starts a comment.
"""
import os
import re
import sys

DECLARATION = re.compile(
    r"^(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|open|final|indirect|"
    r"nonisolated|borrowing|consuming|~Copyable)\s+)*"
    r"(?:class|struct|enum|protocol|actor|typealias)\s+`?([A-Za-z_]\w*)"
)
IDENTIFIER = re.compile(r"`?([A-Za-z_]\w*)`?")


def strip(source):
    """The code of a Swift file with comments and string literals blanked (newlines kept, so lines count)."""
    out, i, n = [], 0, len(source)
    while i < n:
        if source.startswith("//", i):
            end = source.find("\n", i)
            i = n if end < 0 else end
        elif source.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if source.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif source.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    out.append("\n" if source[i] == "\n" else "")
                    i += 1
        elif source[i] == '"' or (source[i] == "#" and re.match(r'#+"', source[i:])):
            hashes = len(re.match(r'#*', source[i:]).group(0))
            i += hashes
            quote = '"""' if source.startswith('"""', i) else '"'
            close = quote + "#" * hashes
            i += len(quote)
            while i < n and not source.startswith(close, i):
                if source.startswith("\\" + "#" * hashes + "(", i):
                    # An interpolation: skip to its closing parenthesis (its code is too small to name a layer).
                    i, depth = i + hashes + 2, 1
                    while i < n and depth:
                        depth += {"(": 1, ")": -1}.get(source[i], 0)
                        i += 1
                    continue
                if source[i] == "\\" and hashes == 0:
                    i += 1
                if i < n and source[i] == "\n":
                    out.append("\n")
                i += 1
            i += len(close)
            out.append('""')
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def top_level_names(code):
    """The names a file declares at brace depth 0 (extensions add members; they declare no type)."""
    names, depth = [], 0
    for line in code.split("\n"):
        if depth == 0:
            match = DECLARATION.match(line.strip())
            if match:
                names.append(match.group(1))
        depth += line.count("{") - line.count("}")
    return names


def swift_files(path):
    if os.path.isfile(path):
        return [path] if path.endswith(".swift") else []
    return sorted(
        os.path.join(folder, name)
        for folder, _, files in os.walk(path)
        if ".docc" not in folder
        for name in files
        if name.endswith(".swift")
    )


def main():
    root, layers_file = sys.argv[1], sys.argv[2]
    layers = []
    with open(layers_file, encoding="utf-8") as f:
        for raw in f:
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            layers.append(("/".join(parts), [os.path.join(root, part) for part in parts]))

    layer_of_file, code_of_file, problems = {}, {}, []
    for index, (name, paths) in enumerate(layers):
        for path in paths:
            if not os.path.exists(path):
                continue
            for file in swift_files(path):
                layer_of_file.setdefault(file, index)
    for file in swift_files(root):
        if file not in layer_of_file:
            problems.append(f"{file}: in no layer of {layers_file}; move it into one of the layers' folders")

    declared_in = {}
    for file, index in layer_of_file.items():
        with open(file, encoding="utf-8") as f:
            code_of_file[file] = strip(f.read())
        for declared in top_level_names(code_of_file[file]):
            declared_in.setdefault(declared, (index, file))

    for file in sorted(layer_of_file, key=lambda f: (layer_of_file[f], f)):
        index = layer_of_file[file]
        reported = set()
        for number, line in enumerate(code_of_file[file].split("\n"), start=1):
            for match in IDENTIFIER.finditer(line):
                word = match.group(1)
                later = declared_in.get(word)
                if later and later[0] > index and word not in reported:
                    reported.add(word)
                    problems.append(
                        f"{file}:{number}: layer {layers[index][0]} names {word}, declared in the later layer "
                        f"{layers[later[0]][0]} ({later[1]})"
                    )
    for problem in problems:
        print(problem)
    if problems:
        print(
            f"{len(problems)} backwards edge(s) or unplaced file(s). A layer may use only the layers before it "
            "(Docs/Contributing.md, \"The layers\"): move the code, or let the later layer install a hook the "
            "earlier one calls."
        )
        sys.exit(1)
    print(f"Layers {' -> '.join(name for name, _ in layers)}: no file names a type of a later layer.")


main()
