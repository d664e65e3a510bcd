import Signals

// flatMap without a strategy, as one writes it in RxSwift or Combine.
// expected: 'flatMap' is unavailable: flatMap needs a strategy: .latest, .merge, .concat, .concurrent(limit:), .race or .throttle
// not expected: fileID

func results(
  _ query: Signal<String, Never>, search: @escaping (String) -> SignalProducer<[String], Never>
)
  -> Signal<[String], Never>
{
  query.flatMap { query in search(query) }
}
