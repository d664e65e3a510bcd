import Synchronization

/// Where each observer was attached, while a leak check records it (SignalsTesting's `expectReleased`).
///
/// The public `observe…` and `start…` methods take the caller's `#fileID` and `#line`. While nothing records,
/// they pass them by and pay one relaxed atomic load. While a check records, the method makes its site the
/// calling thread's current site for the duration of the call, and every core that gains an observer meanwhile
/// (the stream observed, and, for a producer's start, every stream the start attaches to on its way) notes the
/// observer's key with the site. A site is then listed for as long as its observer stays attached.
///
/// An operator applied to a hot `Signal` attaches to it when it is applied, outside any `observe…` call: that
/// attachment has no site (the observer of the operator's own signal has one).
@usableFromInline
package enum AttachmentSites {
  /// How many checks are recording.
  @usableFromInline static let recorders = Atomic<Int>(0)

  /// Whether a check is recording; one relaxed load.
  @inlinable
  static var isRecording: Bool { recorders.load(ordering: .relaxed) != 0 }

  /// The site of the `observe…` or `start…` call the calling thread is in, while recording: a retained
  /// ``SiteBox``.
  static let current = ThreadSlot()

  final class SiteBox {
    let site: CreationSite
    init(_ site: CreationSite) { self.site = site }
  }

  /// An observer attached while recording: the core, weakly, the observer's key there, and the site.
  private struct Entry {
    weak var core: (any AttachmentListing)?
    let key: ObjectIdentifier
    let site: CreationSite
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

  /// Makes `fileID`:`line` the calling thread's current site, unless it has one (an inner call, a convenience
  /// calling another, keeps the outer site) or the site is in the library itself; returns whether it did, in
  /// which case ``leave()`` must follow.
  @usableFromInline
  static func enter(_ fileID: StaticString, _ line: UInt) -> Bool {
    guard current.value == nil, !isLibrary(fileID) else { return false }
    current.value = Unmanaged.passRetained(SiteBox(CreationSite(fileID: fileID, line: line))).toOpaque()
    return true
  }

  /// Ends what ``enter(_:_:)`` began.
  @usableFromInline
  static func leave() {
    guard let pointer = current.value else { return }
    current.value = nil
    Unmanaged<SiteBox>.fromOpaque(pointer).release()
  }

  /// Whether `fileID` is in one of the package's libraries rather than in the user's code.
  static func isLibrary(_ fileID: StaticString) -> Bool {
    let module = fileID.description.prefix { $0 != "/" }
    return ["Signals", "SignalsMVVM", "SignalsTesting"].contains(module)
  }

  /// `core` gained the observer with `key`: noted with the calling thread's current site, if it has one.
  @usableFromInline
  static func attached(_ core: any AttachmentListing, key: ObjectIdentifier) {
    guard let pointer = current.value else { return }
    let site = Unmanaged<SiteBox>.fromOpaque(pointer).takeUnretainedValue().site
    entries.withLock { entries in
      entries[ObjectIdentifier(core), default: []].append(Entry(core: core, key: key, site: site))
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

  /// The sites of the observers of `core` that are still attached, in the order they attached.
  static func liveSites(of core: any AttachmentListing) -> [CreationSite] {
    let recorded = entries.withLock { $0[ObjectIdentifier(core)] ?? [] }
    return recorded.filter { $0.core === core && core.isAttached(key: $0.key) }.map(\.site)
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
  /// The sites of the observers attached while a check recorded, still attached.
  package var sites: [CreationSite]
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
      streams.append(
        AttachedStream(
          label: label, observerCount: count, sites: liveSites(of: core), origin: DebugInfo.origin(of: debugObject)))
    }
    forEachStoredValue(of: object) { name, value in
      guard let stream = value as? any AttachmentListingProviding else { return false }
      for (suffix, core, debugObject) in stream.listedCores {
        add(core, suffix.isEmpty ? name : "\(name).\(suffix)", debugObject)
      }
      return true
    }
    return streams
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

extension Property: AttachmentListingProviding {
  var listedCores: [(String, any AttachmentListing, AnyObject)] { [("", storage.core, storage.core.node)] }
}

extension MutableProperty: AttachmentListingProviding {
  var listedCores: [(String, any AttachmentListing, AnyObject)] { [("", storage.core, storage.core.node)] }
}

extension Command: AttachmentListingProviding {
  var listedCores: [(String, any AttachmentListing, AnyObject)] {
    [
      ("values", values.core, values.core), ("errors", errors.core, errors.core),
      ("isEnabled", isEnabled.storage.core, isEnabled.storage.core.node),
      ("isExecuting", isExecuting.storage.core, isExecuting.storage.core.node),
    ]
  }
}

/// Runs `body`, an `observe…` or `start…` call made at `fileID`:`line`: noted as the site of what it attaches
/// while a leak check records, otherwise simply run.
@inlinable @inline(__always)
func attaching<Result>(at fileID: StaticString, _ line: UInt, _ body: () -> Result) -> Result {
  guard AttachmentSites.isRecording else { return body() }
  return AttachmentSites.withSite(fileID, line, body)
}
