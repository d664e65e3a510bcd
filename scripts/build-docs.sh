#!/usr/bin/env bash
# Builds the DocC documentation of every product — Signals, SignalsTesting, SignalsMVVM — from its catalog
# `Sources/<Product>/<Product>.docc`, with the toolchain's own `docc` (no package plugin), and fails on any
# warning. Archives land in `.build-docs/<Product>.doccarchive`.
#
# For each product, in dependency order:
#   1. `swift build --target <Product>` with the default scratch path and flags, so that after `swift test`
#      nothing is rebuilt (`-emit-symbol-graph` would change the flags, and `swift package
#      dump-symbol-graph` fails on the test modules);
#   2. `swift-symbolgraph-extract` reads the built module and writes its public symbol graphs into a
#      directory of that product's own (`.build-docs/symbol-graphs/<Product>`), so that no module's symbols
#      reach another's catalog;
#   3. `docc convert --warnings-as-errors`. Signals is converted with external-link support, and the other
#      products name its archive as a `--dependency`, so their ``/Signals/…`` links resolve.
# Signals' catalog is converted from a copy in `.build-docs/catalogs/`, to which scripts/operator_topics.py has
# added the links of the operators (Signal.md, SignalProducer.md, PropertyProtocol.md): the committed pages hold the topic
# groups and their prose, the operators come from the sources.
# Then scripts/check-docs-curation.swift checks that every page a catalog curates by hand (a landing page, or
# a type with an extension file such as Signal.md) puts every one of its symbols in a topic group.
set -euo pipefail
cd "$(dirname "$0")/.."

toolchain_bin=$(dirname "$(readlink -f "$(command -v swift)")")
docc=${DOCC:-$toolchain_bin/docc}
symbolgraph_extract=$toolchain_bin/swift-symbolgraph-extract
out=.build-docs

products=(Signals SignalsTesting SignalsMVVM)

mkdir -p "$out"
modules=$(swift build --show-bin-path)/Modules

for product in "${products[@]}"; do
  echo "--- $product"
  swift build --quiet --target "$product"

  graphs="$out/symbol-graphs/$product"
  rm -rf "$graphs"
  mkdir -p "$graphs"
  "$symbolgraph_extract" \
    -module-name "$product" \
    -I "$modules" \
    -module-cache-path "$out/module-cache" \
    -minimum-access-level public \
    -emit-extension-block-symbols \
    -output-dir "$graphs"

  # Every archive can be linked to; SignalsTesting and SignalsMVVM resolve ``/Signals/…`` links against Signals'.
  link_options=(--enable-experimental-external-link-support)
  if [ "$product" != Signals ]; then
    link_options+=(--dependency "$out/Signals.doccarchive")
  fi

  # Signals' operator links are derived from the sources (scripts/operator_topics.py): the catalog is converted
  # from a copy whose Signal.md, SignalProducer.md and PropertyProtocol.md have them added to their topic groups.
  catalog="Sources/$product/$product.docc"
  if [ "$product" = Signals ]; then
    catalog="$out/catalogs/$product.docc"
    rm -rf "$catalog"
    mkdir -p "$(dirname "$catalog")"
    cp -R "Sources/$product/$product.docc" "$catalog"
    python3 scripts/operator_topics.py generate "$graphs" "$catalog"
  fi

  archive="$out/$product.doccarchive"
  rm -rf "$archive"
  "$docc" convert "$catalog" \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$product" \
    --fallback-bundle-identifier "$product" \
    --output-path "$archive" \
    "${link_options[@]}" \
    --warnings-as-errors
done

echo "--- Curation"
archives=()
for product in "${products[@]}"; do archives+=("$out/$product.doccarchive"); done
swift scripts/check-docs-curation.swift "${archives[@]}"

echo "Documentation built with no warnings: $(printf "$out/%s.doccarchive " "${products[@]}")"
