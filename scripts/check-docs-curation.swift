// Checks that the DocC catalogs organise every public symbol by topic: on every page that a catalog curates
// by hand (a module's landing page, or a type with an extension file such as `Signal.md`), no symbol may be
// left to DocC's automatic groups. Run by scripts/build-docs.sh with the archives it built:
//
//   swift scripts/check-docs-curation.swift .build-docs/Signals.doccarchive …
//
// A page that the catalogs do not curate at all keeps DocC's automatic groups ("Initializers", "Instance
// Methods", …); "Default Implementations" groups are always automatic.
import Foundation

var uncurated: [(page: String, symbols: [String])] = []

for archive in CommandLine.arguments.dropFirst() {
  let root = URL(fileURLWithPath: archive).appendingPathComponent("data/documentation")
  guard let pages = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
    print("No pages in \(archive)")
    exit(1)
  }
  for case let page as URL in pages where page.pathExtension == "json" {
    guard
      let object = try JSONSerialization.jsonObject(with: Data(contentsOf: page)) as? [String: Any],
      let sections = object["topicSections"] as? [[String: Any]]
    else { continue }
    let isAutomatic = { (section: [String: Any]) in section["generated"] as? Bool == true }
    guard sections.contains(where: { !isAutomatic($0) }) else { continue }
    let missing = sections.filter(isAutomatic)
      .flatMap { $0["identifiers"] as? [String] ?? [] }
      .filter { !$0.hasSuffix("-Implementations") }
    guard !missing.isEmpty else { continue }
    let identifier = (object["identifier"] as? [String: Any])?["url"] as? String ?? page.path
    let path = identifier.components(separatedBy: "/documentation/").last ?? identifier
    uncurated.append((path, missing.map { $0.components(separatedBy: "/").last ?? $0 }))
  }
}

guard uncurated.isEmpty else {
  for (page, symbols) in uncurated.sorted(by: { $0.page < $1.page }) {
    print("\(page) curates its symbols by topic, but not: \(symbols.joined(separator: ", "))")
  }
  print(
    """
    Add each one to a topic group of that page: Sources/<Module>/<Module>.docc/<Module>.md for a module's \
    page, <Type>.md in the same catalog for a type's.
    """
  )
  exit(1)
}
print("Every symbol on a curated page is in a topic group.")
