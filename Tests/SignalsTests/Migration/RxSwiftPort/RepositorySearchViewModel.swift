import Signals

// A throttled search, written in RxSwift and ported to Signals: `throttle(.milliseconds(300), scheduler:)`
// → `throttle(.milliseconds(300), on:)` (leading and trailing, as RxSwift's `latest: true`);
// `distinctUntilChanged` → `skipRepeats`; `flatMapLatest` → `flatMap(.latest)`; `retry(3)` (three attempts)
// → `retry(upTo: 2)` (two more after the first); `catchAndReturn([])` → `flatMapError`; the output, a
// `Driver<[String]>` with `startWith([])`, → a `Property<[String]>` whose value starts as `[]`.

/// The search service's failures.
enum RepositorySearchError: Error, Equatable {
  case offline
}

final class RepositorySearchViewModel {
  /// The repositories found for the latest query; `[]` before the first and when a search fails.
  let results: Property<[String]>

  init(
    query: SignalProducer<String, Never>,
    search: @escaping @Sendable (String) -> SignalProducer<[String], RepositorySearchError>,
    scheduler: any TimeScheduler
  ) {
    results = Property(
      initial: [],
      then:
        query
        .throttle(.milliseconds(300), on: scheduler)
        .skipRepeats()
        .flatMap(.latest) { query -> SignalProducer<[String], Never> in
          guard !query.isEmpty else { return SignalProducer(value: []) }
          return search(query)
            .retry(upTo: 2)
            .flatMapError { _ in SignalProducer(value: []) }
        }
    )
  }
}
