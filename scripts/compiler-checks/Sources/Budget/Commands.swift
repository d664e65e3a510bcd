import Signals

// A command with a multi-line work closure, enabled by a combination, and a search chain: debounced text,
// the latest request, results mapped for display.

struct Hotel: Equatable, Sendable {
  var name: String
  var city: String
  var stars: Int
  var price: Double
}

enum SearchError: Error, Equatable {
  case offline
  case badQuery(String)
}

final class SearchViewModel {
  let query = MutableProperty("")
  let city = MutableProperty("Paris")
  let maximumPrice = MutableProperty(250.0)
  let isOnline = MutableProperty(true)

  let book: Command<Hotel, String, SearchError>
  let results: Signal<[String], SearchError>
  let status: Property<String>

  init(
    scheduler: any TimeScheduler, search: @escaping @Sendable (String, String) -> SignalProducer<[Hotel], SearchError>
  ) {
    let canBook = Property.combineLatest(isOnline, city) { online, city in online && !city.isEmpty }
    book = Command(enabledIf: canBook) { hotel in
      let nights = hotel.stars > 3 ? 2 : 1
      let total = Double(nights) * hotel.price * (hotel.city == "Paris" ? 1.1 : 1.0)
      guard total < 1_000 else { return SignalProducer(error: .badQuery("\(hotel.name) is too expensive")) }
      let message = "\(hotel.name), \(hotel.city): \(nights) night\(nights == 1 ? "" : "s"), \(Int(total.rounded())) €"
      return SignalProducer(value: message)
    }

    let maximumPrice = self.maximumPrice
    results = query.signal
      .debounce(.milliseconds(300), on: scheduler)
      .map { String($0.drop { $0 == " " }).lowercased() }
      .filter { $0.count >= 2 }
      .skipRepeats()
      .promoteError(SearchError.self)
      .combiningLatest(with: city.signal.promoteError(SearchError.self))
      .flatMap(.latest) { query, city in search(query, city) }
      .map { hotels in
        hotels
          .filter { $0.price <= maximumPrice.value && $0.stars >= 3 }
          .sorted { $0.stars == $1.stars ? $0.price < $1.price : $0.stars > $1.stars }
          .map { "\($0.name) \(String(repeating: "★", count: $0.stars)) \(Int($0.price)) €" }
      }

    status = Property.combineLatest(query, city, maximumPrice, isOnline) { query, city, price, online in
      online
        ? (query.isEmpty ? "Hotels in \(city) under \(Int(price)) €" : "“\(query)” in \(city), under \(Int(price)) €")
        : "Offline: \(query.isEmpty ? "no search" : "“\(query)” will run when you are back")"
    }
  }
}
