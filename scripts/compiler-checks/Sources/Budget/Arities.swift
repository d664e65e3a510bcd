import Signals

// The ends of the overloads' range, two and six inputs, with the badge's body: the closure form and the tuple
// form then `map` in one expression. A call of two inputs with a trailing closure also fits the three-input
// tuple form (the closure taken for the third input), and one of six the seven-input pack form would, if the
// pack forms started lower (see Docs/Operators/CombineLatest.md): both must stay fast.

/// The badge from two and from six inputs.
final class AritiesViewModel {
  let name = MutableProperty("")
  let nickname = MutableProperty("")
  let age = MutableProperty(0)
  let rating = MutableProperty(0.0)
  let isPremium = MutableProperty(false)
  let tags = MutableProperty<[String]>([])

  let pairBadge: Signal<Badge, Never>
  let mappedPairBadge: SignalProducer<Badge, Never>
  let sixBadge: Property<Badge>
  let mappedSixBadge: Signal<Badge, Never>

  init() {
    pairBadge = Signal.combineLatest(name.signal, tags.signal) { name, tags in
      Badge(
        title: name.isEmpty ? "Anonymous" : "\(name)\(tags.isEmpty ? "" : " ★")",
        subtitle: tags.isEmpty
          ? "No tags" : "\(tags.count) tag\(tags.count == 1 ? "" : "s"): \(tags.joined(separator: ", "))",
        color: tags.count > 3 ? (name.count > 4 ? "gold" : "silver") : (name.count > 3 ? "blue" : "gray"),
        score: name.count * 20 + (tags.isEmpty ? 10 : 0) - (name.count < 3 ? 5 : 0) + tags.count * 2,
        isHighlighted: name.count > 4 && !tags.isEmpty || tags.count > 6 || name.count > 12)
    }

    mappedPairBadge = SignalProducer.zip(name.producer, tags.producer).map { name, tags in
      Badge(
        title: name.isEmpty ? "Anonymous" : "\(name)\(tags.isEmpty ? "" : " ★")",
        subtitle: tags.isEmpty
          ? "No tags" : "\(tags.count) tag\(tags.count == 1 ? "" : "s"): \(tags.joined(separator: ", "))",
        color: tags.count > 3 ? (name.count > 4 ? "gold" : "silver") : (name.count > 3 ? "blue" : "gray"),
        score: name.count * 20 + (tags.isEmpty ? 10 : 0) - (name.count < 3 ? 5 : 0) + tags.count * 2,
        isHighlighted: name.count > 4 && !tags.isEmpty || tags.count > 6 || name.count > 12)
    }

    sixBadge = Property.combineLatest(name, nickname, age, rating, isPremium, tags) {
      name, nickname, age, rating, premium, tags in
      Badge(
        title: name.isEmpty ? nickname : "\(name) (\(age))\(premium ? " ★" : "")",
        subtitle: tags.isEmpty
          ? "No tags" : "\(tags.count) tag\(tags.count == 1 ? "" : "s"): \(tags.joined(separator: ", "))",
        color: premium ? (rating > 4.5 ? "gold" : "silver") : (rating > 3 ? "blue" : "gray"),
        score: Int(rating * 20) + (premium ? 10 : 0) - (age < 18 ? 5 : 0) + tags.count * 2,
        isHighlighted: premium && rating > 4 || age > 65 && !tags.isEmpty || name.count > 12)
    }

    mappedSixBadge = Signal.combineLatest(
      name.signal, nickname.signal, age.signal, rating.signal, isPremium.signal, tags.signal
    ).map { name, nickname, age, rating, premium, tags in
      Badge(
        title: name.isEmpty ? nickname : "\(name) (\(age))\(premium ? " ★" : "")",
        subtitle: tags.isEmpty
          ? "No tags" : "\(tags.count) tag\(tags.count == 1 ? "" : "s"): \(tags.joined(separator: ", "))",
        color: premium ? (rating > 4.5 ? "gold" : "silver") : (rating > 3 ? "blue" : "gray"),
        score: Int(rating * 20) + (premium ? 10 : 0) - (age < 18 ? 5 : 0) + tags.count * 2,
        isHighlighted: premium && rating > 4 || age > 65 && !tags.isEmpty || name.count > 12)
    }
  }
}
