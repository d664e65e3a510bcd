#!/usr/bin/env python3
"""Reduces a module's symbol graphs (swift-symbolgraph-extract, minimum access level public) to one line per
public declaration and one per public conformance, sorted, with nothing that moves when code moves: no source
location, no doc comment, no precise identifier (a mangled name changes with things a reader cannot see).

    <kind> <Path.to.name(labels:)> | <declaration as the compiler prints it>[ | where <constraints>]
    conformance <Path.to.Type>: <Protocol>[ | where <constraints>]

Used by scripts/check-api-baseline.sh, which compares the lines with api/<Module>.txt.

Usage: scripts/api_baseline.py SYMBOL_GRAPH_DIR MODULE   prints the lines on standard output
"""
import json
import os
import re
import sys

# Every type is Copyable and Escapable unless it says otherwise, and every Sendable type is SendableMetatype;
# the compiler lists these implied conformances in some versions and not in others, so they are left out.
IMPLICIT = {
    "Copyable", "Escapable", "SendableMetatype", "Swift.Copyable", "Swift.Escapable", "Swift.SendableMetatype"
}


def spell(fragments):
    return re.sub(r"\s+", " ", "".join(f["spelling"] for f in fragments)).strip()


def constraints(*groups):
    lines = set()
    for c in (c for items in groups for c in items or []):
        if c.get("rhs") in IMPLICIT:
            continue
        op = "==" if c["kind"] == "sameType" else ":"
        lines.add(f"{c['lhs']}{' ' if op == '==' else ''}{op} {c['rhs']}")
    return ", ".join(sorted(lines))


def load(directory, module):
    graphs = []
    for name in sorted(os.listdir(directory)):
        if name == f"{module}.symbols.json" or (name.startswith(f"{module}@") and name.endswith(".symbols.json")):
            with open(os.path.join(directory, name), encoding="utf-8") as f:
                graphs.append(json.load(f))
    if not graphs:
        sys.exit(f"no symbol graph of {module} in {directory}")
    return graphs


def reduce(directory, module):
    graphs = load(directory, module)
    paths = {}
    for graph in graphs:
        for symbol in graph["symbols"]:
            paths[symbol["identifier"]["precise"]] = ".".join(symbol["pathComponents"])
    lines = set()
    for graph in graphs:
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in precise or symbol.get("accessLevel") not in ("public", "open"):
                continue
            kind = symbol["kind"]["identifier"].removeprefix("swift.")
            line = f"{kind} {paths[precise]} | {spell(symbol.get('declarationFragments', []))}"
            # The extension's constraints, and any the declaration does not spell itself.
            declared = re.sub(r"\s", "", line.partition(" where ")[2])
            where = ", ".join(
                c
                for c in constraints(
                    (symbol.get("swiftExtension") or {}).get("constraints"),
                    (symbol.get("swiftGenerics") or {}).get("constraints"),
                ).split(", ")
                if c and re.sub(r"\s", "", c) not in declared
            )
            if where:
                line += f" | where {where}"
            for availability in symbol.get("availability") or []:
                marks = [k for k in ("deprecated", "obsoleted", "introduced") if k in availability]
                if availability.get("isUnconditionallyDeprecated"):
                    marks.append("deprecated")
                if marks or availability.get("renamed"):
                    domain = availability.get("domain", "*")
                    line += f" | @available({domain}: {', '.join(sorted(set(marks)))}"
                    if availability.get("renamed"):
                        line += f", renamed: {availability['renamed']}"
                    line += ")"
            lines.add(line)
        for relation in graph["relationships"]:
            if relation["kind"] not in ("conformsTo", "inheritsFrom"):
                continue
            source = paths.get(relation["source"])
            target = paths.get(relation["target"]) or relation.get("targetFallback") or relation["target"]
            if source is None or target in IMPLICIT:
                continue
            word = "conformance" if relation["kind"] == "conformsTo" else "inheritance"
            line = f"{word} {source}: {target}"
            where = constraints(relation.get("swiftConstraints"))
            if where:
                line += f" | where {where}"
            lines.add(line)
    return sorted(lines)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    for line in reduce(sys.argv[1], sys.argv[2]):
        print(line)
