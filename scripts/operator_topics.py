"""Derives the DocC curation of the operators from the sources, so that adding an operator does not mean editing
Signal.md, SignalProducer.md and PropertyProtocol.md by hand (Docs/Contributing.md, "Adding an operator").

An operator, for this script, is a method or static method of `Signal`, `SignalProducer` or `PropertyProtocol` in
the public symbol graph (the one scripts/build-docs.sh extracts) whose declaration lives under
`Sources/Signals/Operators/`. Its
topic group on the type's page is found in this order:

1. the `DocC topic: <Heading>` line of its guide (the guide in Docs/Operators whose `Source:` paragraph names the
   operator's file, as ContractTableTests' coverage check reads it);
2. else the group of the page whose `Guide:`/`Guides:` line names that guide;
3. else a new group titled as the guide, added at the end of the page.

A link written by hand on the page wins: an operator whose name (`map(fileID:line:_:)`) the page already links is
left where the page puts it (so creation methods such as `timer` stay under "Creating a Producer"). Overloads get
DocC's hash disambiguation (`-1fjz5`), computed from the symbol's precise identifier as DocC does.

Usage:
  python3 scripts/operator_topics.py generate GRAPHS CATALOG   # fills the pages of CATALOG (a temporary copy)
  python3 scripts/operator_topics.py prune GRAPHS              # drops hand links the generator would write
  python3 scripts/operator_topics.py show GRAPHS PAGE          # prints a page as DocC will read it

build-docs.sh runs `generate` on a copy of Sources/Signals/Signals.docc before converting it; the committed
pages keep their headings and prose, and no operator links. `prune` is for after a merge that added operator
links by hand: it removes the ones the generator writes anyway, in the committed pages.
"""

import json
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
CATALOG = os.path.join(ROOT, "Sources/Signals/Signals.docc")
GUIDES = os.path.join(ROOT, "Docs/Operators")
PAGES = ["Signal", "SignalProducer", "PropertyProtocol"]
OPERATOR_KINDS = {"swift.method", "swift.type.method"}
LINK = re.compile(r"^- ``(.+)``\s*$")


def stable_hash(text):
    """DocC's disambiguation hash of a precise identifier (FNV-1, folded to 24 bits, base 36)."""
    full = 2166136261
    for byte in text.encode("utf-8"):
        full = ((full * 16777619) & 0xFFFFFFFF) ^ byte
    bits = (full >> 24) ^ (full & 0xFFFFFF)
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        out = digits[bits % 36] + out
        bits //= 36
        if bits == 0:
            return out


def link_path(link):
    """The symbol name of a link, without DocC's disambiguation: `flatten(_:fileID:line:)` of `…-1fjz5`."""
    for marker in ("-(", "->"):
        if marker in link:
            link = link[: link.index(marker)]
    return re.sub(r"-[a-z0-9]{1,7}$", "", link)


class Guide:
    def __init__(self, name, text):
        self.name = name
        title = re.search(r"^# (.+)$", text, re.M)
        self.title = title.group(1).strip() if title else name[:-3]
        topic = re.search(r"^DocC topic: (.+?)\.?\s*$", text, re.M)
        self.topic = topic.group(1).strip() if topic else None
        start = text.find("Source:")
        paragraph = text[start:].split("\n\n")[0] if start >= 0 else ""
        self.sources = set(re.findall(r"Sources/Signals/(Operators/[\w/+]+\.swift)", paragraph))


def guides():
    result = []
    for name in sorted(os.listdir(GUIDES)):
        if name.endswith(".md") and name != "README.md":
            with open(os.path.join(GUIDES, name), encoding="utf-8") as file:
                result.append(Guide(name, file.read()))
    return result


def symbols(graphs):
    """Every symbol of the Signals graphs: (path components, kind, precise id, source file relative to Sources/Signals)."""
    result = []
    for name in sorted(os.listdir(graphs)):
        if not name.endswith(".symbols.json"):
            continue
        with open(os.path.join(graphs, name), encoding="utf-8") as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            uri = symbol.get("location", {}).get("uri", "")
            marker = "/Sources/Signals/"
            source = uri[uri.index(marker) + len(marker) :] if marker in uri else ""
            line = symbol.get("location", {}).get("position", {}).get("line", 0)
            result.append(
                (tuple(symbol["pathComponents"]), symbol["kind"]["identifier"], symbol["identifier"]["precise"], source, line)
            )
    return result


class Page:
    """A type's extension page: its lines, its `###` groups, and the guides each group names."""

    def __init__(self, text):
        self.lines = text.rstrip("\n").split("\n")

    def groups(self):
        """(heading, first line index, end line index, guide file names) for every `###` group."""
        starts = [i for i, line in enumerate(self.lines) if line.startswith("### ")]
        result = []
        for n, start in enumerate(starts):
            end = starts[n + 1] if n + 1 < len(starts) else len(self.lines)
            names = []
            for line in self.lines[start + 1 : end]:
                if LINK.match(line):
                    break
                if re.match(r"^Guides?:", line) or names:
                    names += [os.path.basename(m) for m in re.findall(r"`((?:Docs/Operators/)?\w+\.md)`", line)]
            result.append((self.lines[start][4:].strip(), start, end, names))
        return result

    def linked(self):
        return {link_path(m.group(1)) for m in map(LINK.match, self.lines) if m}


def operators(page_name, all_symbols):
    """The operators of a page, and every name on that page that an overload shares (those need a hash)."""
    on_page = [s for s in all_symbols if len(s[0]) == 2 and s[0][0] == page_name]
    counts = {}
    for path, _, _, _, _ in on_page:
        counts[path[1]] = counts.get(path[1], 0) + 1
    ops = [
        s
        for s in on_page
        if s[1] in OPERATOR_KINDS and s[3].startswith("Operators/") and "::SYNTHESIZED::" not in s[2]
    ]
    return ops, counts


def placement(page, ops, all_guides):
    """Where each operator goes: {heading: [(order key, symbol)]}, and the headings that are new to the page."""
    groups = page.groups()
    placed = {}
    for op in ops:
        own = [g for g in all_guides if op[3] in g.sources]
        heading = None
        order = 0
        for guide in own:
            if guide.topic:
                heading = guide.topic
                break
        if heading is None:
            for title, _, _, names in groups:
                hits = [g for g in own if g.name in names]
                if hits:
                    heading = title
                    break
        if heading is None:
            heading = own[0].title if own else os.path.basename(op[3])[:-6]
        for title, _, _, names in groups:
            if title == heading:
                listed = [g.name for g in own if g.name in names]
                order = min((names.index(n) for n in listed), default=len(names))
        placed.setdefault(heading, []).append(((order, op[3], op[4]), op))
    return placed


def render(page, page_name, all_symbols, all_guides):
    """The page with the operators it does not link by hand added to their groups."""
    ops, counts = operators(page_name, all_symbols)
    linked = page.linked()
    ops = [op for op in ops if op[0][1] not in linked]
    placed = placement(page, ops, all_guides)

    def link(op):
        name = op[0][1]
        return "- ``" + (name + "-" + stable_hash(op[2]) if counts[name] > 1 else name) + "``"

    lines = list(page.lines)
    existing = {title: (start, end) for title, start, end, _ in page.groups()}
    # Fill the existing groups from the bottom up, so that earlier indices stay valid.
    for title, (start, end) in sorted(existing.items(), key=lambda item: -item[1][0]):
        if title not in placed:
            continue
        last = end
        while last > start + 1 and lines[last - 1].strip() == "":
            last -= 1
        body = [link(op) for _, op in sorted(placed[title], key=lambda item: item[0])]
        if not any(LINK.match(line) for line in lines[start + 1 : last]):
            body = [""] + body if lines[last - 1].strip() != "" else body
        lines[last:last] = body
    for title in sorted(set(placed) - set(existing)):
        own = {g.name for _, op in placed[title] for g in all_guides if op[3] in g.sources}
        lines += ["", "### " + title, ""]
        if own:
            lines += ["Guide: " + ", ".join("`Docs/Operators/%s`" % name for name in sorted(own)) + ".", ""]
        lines += [link(op) for _, op in sorted(placed[title], key=lambda item: item[0])]
    return "\n".join(lines) + "\n"


def prune(page, page_name, all_symbols, all_guides):
    """The committed page without the hand links that the generator would write in the same group."""
    ops, _ = operators(page_name, all_symbols)
    names = {op[0][1] for op in ops}
    others = {s[0][1] for s in all_symbols if len(s[0]) == 2 and s[0][0] == page_name and "::SYNTHESIZED::" not in s[2]}
    others -= {s[0][1] for s in all_symbols if s in ops}
    bare = Page("\n".join(page.lines))
    bare.lines = [line for line in page.lines if not LINK.match(line)]
    placed = placement(bare, ops, all_guides)
    home = {op[0][1]: title for title, entries in placed.items() for _, op in entries}
    keep = []
    heading = None
    for line in page.lines:
        if line.startswith("### "):
            heading = line[4:].strip()
        match = LINK.match(line)
        if match:
            name = link_path(match.group(1))
            if name in names and name not in others and home.get(name) == heading:
                continue
        keep.append(line)
    # A group left with its heading and prose only keeps one blank line before the next heading.
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(keep))
    return text.rstrip("\n") + "\n"


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    command, graphs = argv[1], argv[2]
    all_symbols = symbols(graphs)
    all_guides = guides()
    if command == "generate":
        catalog = argv[3]
        for name in PAGES:
            path = os.path.join(catalog, name + ".md")
            with open(path, encoding="utf-8") as file:
                page = Page(file.read())
            with open(path, "w", encoding="utf-8") as file:
                file.write(render(page, name, all_symbols, all_guides))
        return 0
    if command == "prune":
        for name in PAGES:
            path = os.path.join(CATALOG, name + ".md")
            with open(path, encoding="utf-8") as file:
                page = Page(file.read())
            with open(path, "w", encoding="utf-8") as file:
                file.write(prune(page, name, all_symbols, all_guides))
        return 0
    if command == "show":
        name = argv[3]
        with open(os.path.join(CATALOG, name + ".md"), encoding="utf-8") as file:
            sys.stdout.write(render(Page(file.read()), name, all_symbols, all_guides))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
