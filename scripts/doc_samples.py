#!/usr/bin/env python3
"""Extracts the ```swift blocks of Markdown documents and type-checks them (see check-doc-samples.sh).

Usage: doc_samples.py --modules DIR --manifest-api DIR --out DIR --sources DIR [--manifest FILE] DOC.md...

Prints one line per failure (`path:line: message`), then a summary, and exits 1 if anything failed.
The modes (`<!-- sample: MODE -->` on the line right before the fence) are described in
check-doc-samples.sh.
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys

MARKER = re.compile(r"^<!--\s*sample:\s*(file|continues|signatures|package|skip)\s*(?::\s*(.*?))?\s*-->\s*$")
ANY_MARKER = re.compile(r"^<!--\s*sample\b")
FENCE = re.compile(r"^```(.*)$")
IMPORT = re.compile(r"^\s*(@testable\s+)?import\s+(\w+)\s*$")
# `MyApp` is the reader's app module (the package set up in the guides); its code is the document's own blocks.
APP_MODULE = "MyApp"
PRELUDE_IMPORTS = ["Signals", "SignalsTesting", "SignalsMVVM", "SignalsSamples", "Testing"]


class Block:
  def __init__(self, doc, line, mode, reason, code):
    self.doc = doc  # path as given, relative to the package root
    self.line = line  # 1-based line of the first code line (the one after the fence)
    self.mode = mode  # "statements", "file", "continues", "signatures", "package" or "skip"
    self.reason = reason
    self.code = code  # list of lines


def extract(doc, errors):
  """Returns the swift blocks of `doc`; malformed markers are reported in `errors`."""
  with open(doc, encoding="utf-8") as f:
    lines = f.read().split("\n")
  blocks = []
  i = 0
  while i < len(lines):
    fence = FENCE.match(lines[i])
    if not fence:
      if ANY_MARKER.match(lines[i]):
        marker = MARKER.match(lines[i])
        if not marker:
          errors.append(f"{doc}:{i + 1}: unknown sample marker: {lines[i].strip()}")
        elif i + 1 >= len(lines) or lines[i + 1].strip() != "```swift":
          errors.append(f"{doc}:{i + 1}: a sample marker must be on the line right before a ```swift fence")
        elif marker.group(1) == "skip" and not marker.group(2):
          errors.append(f"{doc}:{i + 1}: `<!-- sample: skip: <reason> -->` needs a reason")
      i += 1
      continue
    info = fence.group(1).strip()
    end = i + 1
    while end < len(lines) and not lines[end].startswith("```"):
      end += 1
    if info == "swift":
      mode, reason = "statements", None
      marker = MARKER.match(lines[i - 1]) if i > 0 else None
      if marker:
        mode, reason = marker.group(1), marker.group(2)
      blocks.append(Block(doc, i + 2, mode, reason, lines[i + 1 : end]))
    i = end + 1
  return blocks


def split_imports(block):
  """Moves the block's `import` lines out of its code (blanked, so line numbers stay); returns the modules."""
  imports = []
  code = []
  for text in block.code:
    m = IMPORT.match(text)
    if m:
      if m.group(2) != APP_MODULE:
        imports.append(text.strip())
      code.append("")
    else:
      code.append(text)
  return imports, code


def generate(doc, slug, blocks, errors):
  """Returns the Swift source for the checked blocks of one document and whether it has file-scope code, or
  None if it has no checked block. Its functions are named after `slug`, unique among the documents."""
  imports = ["import " + m for m in PRELUDE_IMPORTS]
  file_scope = []  # lines at file scope
  functions = []  # one list of lines per statements block (with its continuations)
  previous = None  # "file" or the index into `functions`
  for block in blocks:
    if block.mode in ("skip", "signatures", "package"):
      continue
    block_imports, code = split_imports(block)
    for text in block_imports:
      if text not in imports:
        imports.append(text)
    located = [f'#sourceLocation(file: "{doc}", line: {block.line})'] + code + ["#sourceLocation()"]
    mode = block.mode
    if mode == "continues":
      if previous is None:
        errors.append(f"{doc}:{block.line - 1}: a `continues` block needs a checked block before it")
        continue
      if previous == "file":
        file_scope += located
      else:
        functions[previous] += located
    elif mode == "file":
      file_scope += located
      previous = "file"
    else:
      functions.append(located)
      previous = len(functions) - 1
  if not file_scope and not functions:
    return None, False
  out = [f"// Generated from {doc} by scripts/check-doc-samples.sh. Do not edit."]
  out += imports + [""] + file_scope + [""]
  for n, body in enumerate(functions):
    out += [f"@MainActor func sample_{slug}_{n}() async throws {{"] + body + ["}", ""]
  return "\n".join(out) + "\n", bool(file_scope)


# Declarations: `func name<…>(labels…)`, `init<…>(labels…)`, `subscript(…)`, `var name`/`let name`, `case name`.
DECL = re.compile(r"\b(func|init|subscript|var|let|case)\b")
IDENT = re.compile(r"\s*(`?[A-Za-z_][A-Za-z0-9_]*`?|[-+*/%<>=!&|^~.?]+)")


def skip_balanced(text, i, open_char, close_char):
  """`text[i]` is `open_char`; returns the index after its matching `close_char`."""
  depth = 0
  while i < len(text):
    c = text[i]
    if c == open_char:
      depth += 1
    elif c == close_char and not (close_char == ">" and text[i - 1] == "-"):
      depth -= 1
      if depth == 0:
        return i + 1
    i += 1
  return i


def parameter_labels(params):
  """The argument labels of a parameter clause's contents: `_ a: T, b c: U` → ["_", "b"]."""
  labels = []
  depth = 0
  current = ""
  for i, c in enumerate(params):
    if c in "([{<" or (c == ">" and params[i - 1] == "-"):
      depth += c != ">"
    elif c in ")]}>":
      depth -= 1
    if c == "," and depth == 0:
      labels.append(current)
      current = ""
    else:
      current += c
  if current.strip():
    labels.append(current)
  result = []
  for p in labels:
    names = p.split(":", 1)[0].split()
    if names:
      result.append(names[0].strip("`"))
  return result


def declarations(text):
  """The declarations in `text`, as (offset, string) with strings such as `take(first:)`, `init(_:)`, `var x`."""
  text = re.sub(r"//[^\n]*", lambda m: " " * len(m.group(0)), text)  # keeps the offsets
  found = []
  for m in DECL.finditer(text):
    kind = m.group(1)
    i = m.end()
    if kind in ("var", "let", "case"):
      n = IDENT.match(text, i)
      if n:
        found.append((m.start(), f"{'case' if kind == 'case' else 'var'} {n.group(1).strip('`')}"))
      continue
    name = kind
    if kind == "func":
      n = IDENT.match(text, i)
      if not n:
        continue
      name = n.group(1).strip("`")
      i = n.end()
    while i < len(text) and text[i] in " \t\n?!":
      i += 1
    if i < len(text) and text[i] == "<":
      i = skip_balanced(text, i, "<", ">")
      while i < len(text) and text[i] in " \t\n":
        i += 1
    if i >= len(text) or text[i] != "(":
      continue
    end = skip_balanced(text, i, "(", ")")
    labels = parameter_labels(text[i + 1 : end - 1])
    found.append((m.start(), f"{name}(" + "".join(label + ":" for label in labels) + ")"))
  return found


def source_declarations(sources):
  """The declarations of every Swift file under `sources`, and the files' text."""
  found = set()
  texts = []
  for root, _, files in os.walk(sources):
    for name in files:
      if name.endswith(".swift"):
        with open(os.path.join(root, name), encoding="utf-8") as f:
          texts.append(f.read())
          found |= {decl for _, decl in declarations(texts[-1])}
  return found, "\n".join(texts)


TYPED_PROPERTY = re.compile(r"\b(?:var|let)\s+(\w+)\s*:\s*([^{=\n]+?)\s*(?:\{|=|//|$)", re.M)


def check_signatures(block, known, source_text):
  """Returns (line, declaration) for each declaration of a signatures listing that the sources lack; a
  property listed with its type must be declared with that type."""
  text = "\n".join(block.code)
  missing = [(at, decl) for at, decl in declarations(text) if decl not in known]
  for m in TYPED_PROPERTY.finditer(text):
    name, type_ = m.group(1), m.group(2)
    pattern = rf"\b(?:var|let)\s+{name}\s*:\s*" + r"\s*".join(map(re.escape, type_.split()))
    if f"var {name}" in known and not re.search(pattern + r"(?![\w<.?!\[])", source_text):
      missing.append((m.start(), f"var {name}: {type_}"))
  return [(block.line + text.count("\n", 0, at), decl) for at, decl in missing]


def looks_like_listing(block):
  """A statements block of body-less declarations: an operator guide's Signatures block without its marker."""
  code = [t.strip() for t in block.code if t.strip() and not t.strip().startswith("//")]
  starts = [t for t in code if re.match(r"^((public|static|mutating)\s+)*(func|init)\b", t)]
  return bool(starts) and not any("{" in t or "=" in t.replace("->", "").replace("==", "") for t in code)


def package_source(blocks):
  """One Swift file with every `package` block as the arguments of a `Package(name:…)` after its name; a block
  that starts with `.` (a single target) is the element of its `targets:` list; a complete manifest (one that
  declares `let package = Package(`) as it is."""
  out = ["// Generated by scripts/check-doc-samples.sh. Do not edit.", "import PackageDescription", ""]
  for n, block in enumerate(blocks):
    code = [t for t in block.code]
    if any("let package = Package(" in t for t in code):
      # A complete manifest: checked as it is, inside a function of its own (documents may show several).
      body = ["" if re.match(r"^\s*import\s+PackageDescription\s*$", t) else t for t in code]
      out += [f"func manifest{n}() {{", f'#sourceLocation(file: "{block.doc}", line: {block.line})'] + body
      out += ["#sourceLocation()", "_ = package", "}", ""]
      continue
    first = next((t.strip() for t in code if t.strip() and not t.strip().startswith("//")), "")
    opening, closing = ("targets: [", "]") if first.startswith(".") else ("", "")
    # `#sourceLocation` only goes between statements: the wrapper shares the block's first and last lines.
    code[0] = f'let package{n} = Package(name: "MyApp", {opening}' + code[0]
    code[-1] += f"\n{closing})"
    out += [f'#sourceLocation(file: "{block.doc}", line: {block.line})'] + code + ["#sourceLocation()", ""]
  return "\n".join(out) + "\n"


def check_products(block, products):
  """Returns (line, name) for each `.product(name: "X", package: "Signals")` that Package.swift lacks."""
  missing = []
  for offset, text in enumerate(block.code):
    for name in re.findall(r'\.product\(\s*name:\s*"([^"]+)",\s*package:\s*"Signals"', text):
      if name not in products:
        missing.append((block.line + offset, name))
  return missing


def typecheck(docs, paths, modules, swiftc, extra=()):
  command = [swiftc, "-typecheck", "-swift-version", "6", "-suppress-warnings", "-I", modules, *extra] + paths
  result = subprocess.run(command, capture_output=True, text=True)
  return docs, result.returncode, result.stdout + result.stderr


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument("--modules", required=True, help="the directory with the built .swiftmodule files")
  parser.add_argument("--out", required=True, help="where the generated Swift files go")
  parser.add_argument("--sources", required=True, help="the directory whose declarations signatures must match")
  parser.add_argument("--jobs", type=int, default=2)
  parser.add_argument("--swiftc", default="swiftc")
  parser.add_argument("--manifest-api", help="the toolchain's PackageDescription module directory")
  parser.add_argument("--manifest", default="Package.swift", help="the manifest whose products package blocks use")
  parser.add_argument("docs", nargs="+")
  args = parser.parse_args()

  errors = []
  counts = {"statements": 0, "file": 0, "continues": 0, "signatures": 0, "package": 0, "skip": 0}
  skipped = []
  generated = []  # (doc, path, has file-scope code)
  hints = {}  # doc: hints, printed if the document fails
  known, source_text = source_declarations(args.sources)
  with open(args.manifest, encoding="utf-8") as f:
    products = set(re.findall(r'\.library\(\s*name:\s*"([^"]+)"', f.read()))
  package_blocks = []
  shutil.rmtree(args.out, ignore_errors=True)  # no stale file from a document that has gone
  os.makedirs(args.out)
  for doc in args.docs:
    blocks = extract(doc, errors)
    for block in blocks:
      counts[block.mode] += 1
      if block.mode == "skip":
        skipped.append(f"{doc}:{block.line - 1}: {block.reason or '(no reason given)'}")
      elif block.mode == "signatures":
        for line, decl in check_signatures(block, known, source_text):
          errors.append(f"{doc}:{line}: `{decl}` is not declared in {args.sources}")
      elif block.mode == "package":
        package_blocks.append(block)
        for line, name in check_products(block, products):
          errors.append(f"{doc}:{line}: `{name}` is not a library product of {args.manifest}")
      elif block.mode == "statements" and looks_like_listing(block):
        hints.setdefault(doc, []).append(
          f"hint: {doc}:{block.line - 1}: a listing of declarations? Mark it `<!-- sample: signatures -->`.")
    slug = re.sub(r"[^A-Za-z0-9]+", "_", doc[:-3] if doc.endswith(".md") else doc)
    source, has_file_scope = generate(doc, slug, blocks, errors)
    if source is not None:
      path = os.path.join(args.out, slug + ".swift")
      with open(path, "w", encoding="utf-8") as f:
        f.write(source)
      generated.append((doc, path, has_file_scope))

  # Documents with file-scope code are checked one by one (two guides may declare the same type); the others,
  # whose code is all inside uniquely named functions, in one go: each swiftc run costs a second or so.
  batches = [([doc], [path]) for doc, path, has_file_scope in generated if has_file_scope]
  rest = [(doc, path) for doc, path, has_file_scope in generated if not has_file_scope]
  if rest:
    batches.append(([doc for doc, _ in rest], [path for _, path in rest]))
  extra = {}
  if package_blocks:
    path = os.path.join(args.out, "Package_blocks.swift")
    with open(path, "w", encoding="utf-8") as f:
      f.write(package_source(package_blocks))
    docs = sorted({block.doc for block in package_blocks})
    batches.append((docs, [path]))
    extra[path] = ["-I", args.manifest_api, "-package-description-version", "6.0"]
  failed_docs = []
  with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
    runs = [pool.submit(typecheck, docs, paths, args.modules, args.swiftc, extra.get(paths[0], ())) for docs, paths in batches]
    for run in runs:
      docs, status, output = run.result()
      if status != 0:
        failed_docs += [doc for doc in docs if re.search(rf"^{re.escape(doc)}:\d+", output, re.M)] or docs
        errors.append(output.rstrip() or f"swiftc failed with status {status} on {', '.join(docs)}")

  for error in errors:
    print(error)
  for doc in failed_docs:
    for hint in hints.get(doc, []):
      print(hint)
  checked = counts["statements"] + counts["file"] + counts["continues"]
  print(
    f"\nDoc samples: {checked} blocks type-checked ({counts['statements']} statements, {counts['file']} file, "
    f"{counts['continues']} continues) in {len(generated)} documents; {counts['signatures']} signature listings "
    f"verified; {counts['package']} Package.swift fragments type-checked; {counts['skip']} skipped."
  )
  for line in skipped:
    print(f"  skipped {line}")
  if errors:
    problems = sum(max(1, e.count(": error:")) for e in errors)
    failed_docs = list(dict.fromkeys(failed_docs))
    print(f"FAILED: {problems} problem(s)" + (f"; documents that do not type-check: {', '.join(failed_docs)}"
                                                 if failed_docs else ""))
    return 1
  return 0


if __name__ == "__main__":
  sys.exit(main())
