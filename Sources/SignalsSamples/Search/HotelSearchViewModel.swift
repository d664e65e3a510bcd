import Signals

/// Why a hotel search failed.
public struct SearchError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The message to show.
  public let message: String

  /// An error showing `message`.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

/// A hotel search screen's view model, written for SwiftUI: isolated to the main actor, its outputs are
/// properties a view's `body` reads (Observation tracks them, see `Docs/SwiftUI.md`), and every output changes on
/// the scheduler it is given, the main one in an app, whatever thread the search answers on.
///
/// - `query`: what the guest types (a text field's binding: `query.editing`).
/// - `search`: runs a search for the query; disabled while one runs or while the query is blank. A search
///   started while another runs fails with `CommandError.disabled`.
/// - `results`, `isSearching`, `errorMessage`: the hotels found by the last search, whether one runs, and the
///   last search's error (cleared when a search succeeds).
@MainActor
public final class HotelSearchViewModel {
  /// What the guest typed.
  public let query: MutableProperty<String> = MutableProperty("")
  /// Runs a search for ``query``; see the type's documentation.
  public let search: Command<Void, [String], SearchError>
  /// The hotels found by the last search that succeeded; `[]` at first. Changes on the view's scheduler.
  public let results: Property<[String]>
  /// Whether a search is running. Changes on the view's scheduler.
  public let isSearching: Property<Bool>
  /// The last search's error, `nil` once a search succeeds. Changes on the view's scheduler.
  public let errorMessage: Property<String?>

  /// A view model that searches `catalog` and changes its outputs on `viewScheduler` (`MainScheduler.shared`
  /// in an app, a `TestScheduler` in specs).
  ///
  /// - Parameter catalog: the hotels matching a query; it may answer on any thread, and fail.
  public init(
    catalog: @escaping @Sendable (String) -> SignalProducer<[String], SearchError>,
    viewScheduler: any Scheduler
  ) {
    let query = self.query
    let hasQuery = query.map { !$0.allSatisfy(\.isWhitespace) }
    search = Command(enabledIf: hasQuery, execute: { (_: Void) in catalog(query.value) })
    results = Property(initial: [], then: search.values).observe(on: viewScheduler)
    isSearching = search.isExecuting.observe(on: viewScheduler)
    let outcomes = Signal.merge(search.values.map { _ in String?.none }, search.errors.map { Optional($0.message) })
    errorMessage = Property(initial: nil, then: outcomes).observe(on: viewScheduler)
  }
}
