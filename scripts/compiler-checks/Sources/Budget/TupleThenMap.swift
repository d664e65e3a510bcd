import Signals

// The static tuple form then `map`, with the badge's body, on properties, signals and producers, and zip's on
// signals and producers: in one expression, `Property.combineLatest(a, b, c, d, e).map { … }`, as users write
// it (Swift 6.3 gave up on it after 11 to 15 s while the tuple form was a parameter pack; now two to six inputs
// are overloads, see Docs/Operators/CombineLatest.md), and in two statements, the tuple named first.

/// The badge from a tuple, then `map`, in one expression.
final class OneExpressionBadgeViewModel {
  let name = MutableProperty("")
  let age = MutableProperty(0)
  let rating = MutableProperty(0.0)
  let isPremium = MutableProperty(false)
  let tags = MutableProperty<[String]>([])

  let badge: Property<Badge>
  let signalBadge: Signal<Badge, Never>
  let producerBadge: SignalProducer<Badge, Never>
  let zippedBadge: Signal<Badge, Never>
  let zippedProducerBadge: SignalProducer<Badge, Never>

  init() {
    badge = Property.combineLatest(name, age, rating, isPremium, tags).map { name, age, rating, premium, tags in
      Badge(
        title: name.isEmpty ? "Anonymous" : "\(name) (\(age))\(premium ? " ★" : "")",
        subtitle: tags.isEmpty
          ? "No tags" : "\(tags.count) tag\(tags.count == 1 ? "" : "s"): \(tags.joined(separator: ", "))",
        color: premium ? (rating > 4.5 ? "gold" : "silver") : (rating > 3 ? "blue" : "gray"),
        score: Int(rating * 20) + (premium ? 10 : 0) - (age < 18 ? 5 : 0) + tags.count * 2,
        isHighlighted: premium && rating > 4 || age > 65 && !tags.isEmpty || name.count > 12)
    }

    signalBadge = Signal.combineLatest(name.signal, age.signal, rating.signal, isPremium.signal, tags.signal).map {
      name, age, rating, premium, tags in
      Badge(
        title: name.isEmpty ? "Anonymous" : "\(name) (\(age))\(premium ? " ★" : "")",
        subtitle: tags.isEmpty
          ? "No tags" : "\(tags.count) tag\(tags.count == 1 ? "" : "s"): \(tags.joined(separator: ", "))",
        color: premium ? (rating > 4.5 ? "gold" : "silver") : (rating > 3 ? "blue" : "gray"),
        score: Int(rating * 20) + (premium ? 10 : 0) - (age < 18 ? 5 : 0) + tags.count * 2,
        isHighlighted: premium && rating > 4 || age > 65 && !tags.isEmpty || name.count > 12)
    }

    producerBadge = SignalProducer.combineLatest(
      name.producer, age.producer, rating.producer, isPremium.producer, tags.producer
    ).map { name, age, rating, premium, tags in
      Badge(
        title: name.isEmpty ? "Anonymous" : "\(name) (\(age))\(premium ? " ★" : "")",
        subtitle: tags.isEmpty
          ? "No tags" : "\(tags.count) tag\(tags.count == 1 ? "" : "s"): \(tags.joined(separator: ", "))",
        color: premium ? (rating > 4.5 ? "gold" : "silver") : (rating > 3 ? "blue" : "gray"),
        score: Int(rating * 20) + (premium ? 10 : 0) - (age < 18 ? 5 : 0) + tags.count * 2,
        isHighlighted: premium && rating > 4 || age > 65 && !tags.isEmpty || name.count > 12)
    }

    zippedBadge = Signal.zip(name.signal, age.signal, rating.signal, isPremium.signal, tags.signal).map {
      name, age, rating, premium, tags in
      Badge(
        title: name.isEmpty ? "Anonymous" : "\(name) (\(age))\(premium ? " ★" : "")",
        subtitle: tags.isEmpty
          ? "No tags" : "\(tags.count) tag\(tags.count == 1 ? "" : "s"): \(tags.joined(separator: ", "))",
        color: premium ? (rating > 4.5 ? "gold" : "silver") : (rating > 3 ? "blue" : "gray"),
        score: Int(rating * 20) + (premium ? 10 : 0) - (age < 18 ? 5 : 0) + tags.count * 2,
        isHighlighted: premium && rating > 4 || age > 65 && !tags.isEmpty || name.count > 12)
    }

    zippedProducerBadge = SignalProducer.zip(
      name.producer, age.producer, rating.producer, isPremium.producer, tags.producer
    ).map { name, age, rating, premium, tags in
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
