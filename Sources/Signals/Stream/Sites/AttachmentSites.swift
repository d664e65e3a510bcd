import Synchronization

/// Where each observer was attached, while a leak check records it (SignalsTesting's `expectReleased`).
///
/// The public `observe…` and `start…` methods take the caller's `#fileID` and `#line`. While a check records,
/// the method makes its site the calling thread's current site for the call, and every core that gains an
/// observer meanwhile (the stream, and for a start every stream it attaches to) notes the observer's key with
/// it, listed while that observer stays attached. An operator applied to a hot `Signal` attaches outside any
/// such call, so that attachment has no site.
@usableFromInline
package enum AttachmentSites {
  /// How many checks are recording.
  @usableFromInline static let recorders = Atomic<Int>(0)

  /// Whether a check is recording.
  @inlinable
  static var isRecording: Bool { recorders.load(ordering: .relaxed) != 0 }

  /// The site of the `observe…` or `start…` call the calling thread is in, while recording: a retained
  /// ``SiteBox``.
  static let current = ThreadSlot()

  final class SiteBox {
    let site: CreationSite
    /// Whether the site is in the library itself: an observer the library attaches for its own wiring.
    let isLibrary: Bool
    /// The site it replaced, retained: a library site gives way to a site of yours inside it.
    let previous: UnsafeMutableRawPointer?
    init(_ site: CreationSite, isLibrary: Bool, previous: UnsafeMutableRawPointer?) {
      self.site = site
      self.isLibrary = isLibrary
      self.previous = previous
    }
  }

  /// An observer attached while recording: the core, weakly, the observer's key there, and the site.
  private struct Entry {
    weak var core: (any AttachmentListing)?
    let key: ObjectIdentifier
    let site: CreationSite
    let isLibrary: Bool
  }

  private static let entries = Locked<[ObjectIdentifier: [Entry]]>([:])

  /// Runs `body`, an `observe…` or `start…` call made at `fileID`:`line`, with that site as the calling
  /// thread's current one (see ``enter(_:_:)``).
  @usableFromInline
  static func withSite<Result>(_ fileID: StaticString, _ line: UInt, _ body: () -> Result) -> Result {
    let noted = enter(fileID, line)
    defer { if noted { leave() } }
    return body()
  }

  /// Makes `fileID`:`line` the calling thread's current site unless it has one (an inner call keeps the outer
  /// site), or it is in the library itself (its own wiring gives way to a site of yours inside it). Returns
  /// whether it did, in which case ``leave()`` must follow.
  @usableFromInline
  static func enter(_ fileID: StaticString, _ line: UInt) -> Bool {
    let inLibrary = isLibrary(fileID)
    let previous = current.value
    if let previous {
      guard !inLibrary, Unmanaged<SiteBox>.fromOpaque(previous).takeUnretainedValue().isLibrary else { return false }
    }
    let box = SiteBox(CreationSite(fileID: fileID, line: line), isLibrary: inLibrary, previous: previous)
    current.value = Unmanaged.passRetained(box).toOpaque()
    return true
  }

  /// Ends what ``enter(_:_:)`` began: the site it replaced is current again.
  @usableFromInline
  static func leave() {
    guard let pointer = current.value else { return }
    let box = Unmanaged<SiteBox>.fromOpaque(pointer)
    current.value = box.takeUnretainedValue().previous
    box.release()
  }

  /// Whether `fileID` is in one of the package's libraries rather than in the user's code.
  static func isLibrary(_ fileID: StaticString) -> Bool {
    let module = fileID.description.prefix { $0 != "/" }
    return ["Signals", "SignalsMVVM", "SignalsTesting"].contains(module)
  }

  /// `core` gained the observer with `key`: noted with the calling thread's current site, if it has one, in
  /// place of an earlier observer with that key, which is gone (a node's inline observer's key is the node's).
  @usableFromInline
  static func attached(_ core: any AttachmentListing, key: ObjectIdentifier) {
    guard let pointer = current.value else { return }
    let box = Unmanaged<SiteBox>.fromOpaque(pointer).takeUnretainedValue()
    entries.withLock { entries in
      entries[ObjectIdentifier(core), default: []].removeAll { $0.key == key }
      entries[ObjectIdentifier(core), default: []].append(
        Entry(core: core, key: key, site: box.site, isLibrary: box.isLibrary))
    }
  }

  /// Starts recording; ``stopRecording()`` ends it. Recordings may overlap (tests run in parallel).
  package static func startRecording() {
    recorders.add(1, ordering: .relaxed)
  }

  /// Stops a recording; the last one to stop forgets every site.
  package static func stopRecording() {
    if recorders.subtract(1, ordering: .relaxed).newValue == 0 { entries.withLock { $0.removeAll() } }
  }

  /// The sites of the observers of `core` that are still attached, in the order they attached: those of your
  /// code, and those the library attached for its own wiring.
  static func liveSites(of core: any AttachmentListing) -> (yours: [CreationSite], library: [CreationSite]) {
    let recorded = entries.withLock { $0[ObjectIdentifier(core)] ?? [] }
    let live = recorded.filter { $0.core === core && core.isAttached(key: $0.key) }
    return (live.filter { !$0.isLibrary }.map(\.site), live.filter(\.isLibrary).map(\.site))
  }

  /// What the library attached an observer for, from the file that attached it: `a command's enabledIf`.
  static func wiring(at site: CreationSite) -> String {
    let file = site.fileID.split(separator: "/").last.map(String.init) ?? site.fileID
    switch file {
    case "Command.swift", "Command+Conveniences.swift": return "its command's enabledIf"
    case "BindingOperator.swift": return "a binding (<~)"
    case "TwoWayBinding.swift": return "a two-way binding (<~>)"
    default: return "the library (\(file))"
    }
  }
}

/// A core whose observers a leak check lists.
@usableFromInline
protocol AttachmentListing: AnyObject {
  /// How many observers are attached.
  var observerCount: Int { get }
  /// Whether the observer with `key` is still attached.
  func isAttached(key: ObjectIdentifier) -> Bool
}

extension SignalCore: AttachmentListing {
  @usableFromInline
  func isAttached(key: ObjectIdentifier) -> Bool {
    state.withLock { state in
      var found = false
      state.observers.forEachKey { if $0 == key { found = true } }
      return found
    }
  }
}

extension ObserverList {
  /// Calls `body` with each observer's key.
  func forEachKey(_ body: (ObjectIdentifier) -> Void) {
    switch self {
    case .empty: break
    case .one(let entry): body(entry.key)
    case .many(let entries): for entry in entries { body(entry.key) }
    }
  }
}

/// What is attached to one stream of an object, for a leak report.
package struct AttachedStream: Sendable, Equatable {
  /// Where the stream was found: `errors`, `submit.errors`, `name.text`.
  package var label: String
  /// How many observers it has.
  package var observerCount: Int
  /// The sites of the observers your code attached while a check recorded, still attached.
  package var sites: [CreationSite]
  /// What the library attached the other observers recorded for, for its own wiring (`its command's
  /// enabledIf`, `a binding (<~)`): attached by your code through the library, rarely what holds an object.
  package var wiring: [String] = []
  /// Where the stream was made, in a debug build of Signals: `made by map at Form.swift:12` for a stream
  /// made by an operator, `made at Form.swift:12` for a property; `nil` when no site was recorded.
  package var origin: String? = nil
}

extension AttachmentSites {
  /// The streams stored in `object` (and in the values and objects it holds, one level deep) that have
  /// observers: signals, properties, and commands' `values`, `errors`, `isEnabled` and `isExecuting`.
  package static func attachedStreams(of object: Any) -> [AttachedStream] {
    var streams: [AttachedStream] = []
    var seen = Set<ObjectIdentifier>()
    func add(_ core: any AttachmentListing, _ label: String, _ debugObject: AnyObject) {
      guard seen.insert(ObjectIdentifier(core)).inserted else { return }
      let count = core.observerCount
      guard count > 0 else { return }
      let sites = liveSites(of: core)
      streams.append(
        AttachedStream(
          label: label, observerCount: count, sites: sites.yours, wiring: sites.library.map(wiring(at:)),
          origin: DebugInfo.origin(of: debugObject)))
    }
    forEachStoredValue(of: object) { name, value in
      guard let stream = value as? any AttachmentListingProviding else { return false }
      for (suffix, core, debugObject) in stream.listedCores {
        add(core, suffix.isEmpty ? name : "\(name).\(suffix)", debugObject)
      }
      return true
    }
    // The likely culprits first: streams with observers your code attached, then those with observers nobody
    // placed, then those the library's own wiring alone observes.
    func rank(_ stream: AttachedStream) -> Int {
      if !stream.sites.isEmpty { return 0 }
      return stream.observerCount > stream.wiring.count ? 1 : 2
    }
    return streams.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
  }
}

/// A stream, or a command, as a leak report reaches its cores.
protocol AttachmentListingProviding {
  /// The cores to list, each with the suffix of its label (empty for the stream itself) and the object its
  /// debug information is kept for (the core of a signal, the graph node of a property).
  var listedCores: [(String, any AttachmentListing, AnyObject)] { get }
}

extension Signal: AttachmentListingProviding {
  var listedCores: [(String, any AttachmentListing, AnyObject)] { [("", core, core)] }
}

/// Runs `body`, an `observe…` or `start…` call made at `fileID`:`line`: noted as the site of what it attaches
/// while a leak check records, otherwise simply run.
@inlinable @inline(__always)
func attaching<Result>(at fileID: StaticString, _ line: UInt, _ body: () -> Result) -> Result {
  guard AttachmentSites.isRecording else { return body() }
  return AttachmentSites.withSite(fileID, line, body)
}
