import Signals

// The static tuple form then `map`, `Property.combineLatest(a, b, c, d, e).map { … }`, with the badge's body,
// still makes Swift 6.3 give up (11 to 12 s, measured): the tuple form is a parameter pack, and the closure is
// checked before the pack's element types are known (see Docs/Operators/CombineLatest.md). Named first, the
// tuple has its type when the closure is checked, and the same body takes milliseconds: the spelling the guide
// gives, kept fast here on properties, signals and producers.

/// The badge from a named tuple.
final class TupleBadgeViewModel {
  let name = MutableProperty("")
  let age = MutableProperty(0)
  let rating = MutableProperty(0.0)
  let isPremium = MutableProperty(false)
  let tags = MutableProperty<[String]>([])

  let badge: Property<Badge>
  let signalBadge: Signal<Badge, Never>
  let producerBadge: SignalProducer<Badge, Never>

  init() {
    let inputs = Property.combineLatest(name, age, rating, isPremium, tags)
    badge = inputs.map { name, age, rating, premium, tags in
      Badge(
        title: name.isEmpty ? "Anonymous" : "\(name) (\(age))\(premium ? " ★" : "")",
        subtitle: tags.isEmpty
          ? "No tags" : "\(tags.count) tag\(tags.count == 1 ? "" : "s"): \(tags.joined(separator: ", "))",
        color: premium ? (rating > 4.5 ? "gold" : "silver") : (rating > 3 ? "blue" : "gray"),
        score: Int(rating * 20) + (premium ? 10 : 0) - (age < 18 ? 5 : 0) + tags.count * 2,
        isHighlighted: premium && rating > 4 || age > 65 && !tags.isEmpty || name.count > 12)
    }

    let signals = Signal.combineLatest(name.signal, age.signal, rating.signal, isPremium.signal, tags.signal)
    signalBadge = signals.map { name, age, rating, premium, tags in
      Badge(
        title: name.isEmpty ? "Anonymous" : "\(name) (\(age))\(premium ? " ★" : "")",
        subtitle: tags.isEmpty
          ? "No tags" : "\(tags.count) tag\(tags.count == 1 ? "" : "s"): \(tags.joined(separator: ", "))",
        color: premium ? (rating > 4.5 ? "gold" : "silver") : (rating > 3 ? "blue" : "gray"),
        score: Int(rating * 20) + (premium ? 10 : 0) - (age < 18 ? 5 : 0) + tags.count * 2,
        isHighlighted: premium && rating > 4 || age > 65 && !tags.isEmpty || name.count > 12)
    }

    let producers = SignalProducer.combineLatest(
      name.producer, age.producer, rating.producer, isPremium.producer, tags.producer)
    producerBadge = producers.map { name, age, rating, premium, tags in
      Badge(
        title: name.isEmpty ? "Anonymous" : "\(name) (\(age))\(premium ? " ★" : "")",
        subtitle: tags.isEmpty
          ? "No tags" : "\(tags.count) tag\(tags.count == 1 ? "" : "s"): \(tags.joined(separator: ", "))",
        color: premium ? (rating > 4.5 ? "gold" : "silver") : (rating > 3 ? "blue" : "gray"),
        score: Int(rating * 20) + (premium ? 10 : 0) - (age < 18 ? 5 : 0) + tags.count * 2,
        isHighlighted: premium && rating > 4 || age > 65 && !tags.isEmpty || name.count > 12)
    }
  }
}
