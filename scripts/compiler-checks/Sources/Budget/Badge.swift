import Signals

// The view model of the issue that started this fixture (#36): a badge computed from five inputs, its closure
// written as users write it, with no annotation, on properties, signals and producers, in the closure form and
// in the tuple-then-map form (`a.combiningLatest(with: b, …).map`); its four- and three-input cousins are in
// Cousins.swift, and the static tuple form then `map` (`Property.combineLatest(a, …, e).map { … }`, in one
// expression and in two statements) in TupleThenMap.swift. Each must type-check in under 200 ms.

struct Badge: Equatable, Sendable {
  var title: String
  var subtitle: String
  var color: String
  var score: Int
  var isHighlighted: Bool
}

/// The badge from properties: the closure form, and a tuple then `map`.
final class BadgeViewModel {
  let name = MutableProperty("")
  let age = MutableProperty(0)
  let rating = MutableProperty(0.0)
  let isPremium = MutableProperty(false)
  let tags = MutableProperty<[String]>([])

  let badge: Property<Badge>
  let chainedBadge: Property<Badge>

  init() {
    badge = Property.combineLatest(name, age, rating, isPremium, tags) { name, age, rating, premium, tags in
      Badge(
        title: name.isEmpty ? "Anonymous" : "\(name) (\(age))\(premium ? " ★" : "")",
        subtitle: tags.isEmpty
          ? "No tags" : "\(tags.count) tag\(tags.count == 1 ? "" : "s"): \(tags.joined(separator: ", "))",
        color: premium ? (rating > 4.5 ? "gold" : "silver") : (rating > 3 ? "blue" : "gray"),
        score: Int(rating * 20) + (premium ? 10 : 0) - (age < 18 ? 5 : 0) + tags.count * 2,
        isHighlighted: premium && rating > 4 || age > 65 && !tags.isEmpty || name.count > 12)
    }

    chainedBadge = name.combiningLatest(with: age, rating, isPremium, tags).map { name, age, rating, premium, tags in
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

/// The badge from signals.
final class SignalBadgeViewModel {
  let name = MutableProperty("")
  let age = MutableProperty(0)
  let rating = MutableProperty(0.0)
  let isPremium = MutableProperty(false)
  let tags = MutableProperty<[String]>([])

  let signalBadge: Signal<Badge, Never>
  let mappedSignalBadge: Signal<Badge, Never>

  init() {
    signalBadge = Signal.combineLatest(name.signal, age.signal, rating.signal, isPremium.signal, tags.signal) {
      name, age, rating, premium, tags in
      Badge(
        title: name.isEmpty ? "Anonymous" : "\(name) (\(age))\(premium ? " ★" : "")",
        subtitle: tags.isEmpty
          ? "No tags" : "\(tags.count) tag\(tags.count == 1 ? "" : "s"): \(tags.joined(separator: ", "))",
        color: premium ? (rating > 4.5 ? "gold" : "silver") : (rating > 3 ? "blue" : "gray"),
        score: Int(rating * 20) + (premium ? 10 : 0) - (age < 18 ? 5 : 0) + tags.count * 2,
        isHighlighted: premium && rating > 4 || age > 65 && !tags.isEmpty || name.count > 12)
    }

    mappedSignalBadge = name.signal.combiningLatest(with: age.signal, rating.signal, isPremium.signal, tags.signal)
      .map { name, age, rating, premium, tags in
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

/// The badge from producers.
final class ProducerBadgeViewModel {
  let name = MutableProperty("")
  let age = MutableProperty(0)
  let rating = MutableProperty(0.0)
  let isPremium = MutableProperty(false)
  let tags = MutableProperty<[String]>([])

  let producerBadge: SignalProducer<Badge, Never>
  let mappedProducerBadge: SignalProducer<Badge, Never>

  init() {
    producerBadge = SignalProducer.combineLatest(
      name.producer, age.producer, rating.producer, isPremium.producer, tags.producer
    ) { name, age, rating, premium, tags in
      Badge(
        title: name.isEmpty ? "Anonymous" : "\(name) (\(age))\(premium ? " ★" : "")",
        subtitle: tags.isEmpty
          ? "No tags" : "\(tags.count) tag\(tags.count == 1 ? "" : "s"): \(tags.joined(separator: ", "))",
        color: premium ? (rating > 4.5 ? "gold" : "silver") : (rating > 3 ? "blue" : "gray"),
        score: Int(rating * 20) + (premium ? 10 : 0) - (age < 18 ? 5 : 0) + tags.count * 2,
        isHighlighted: premium && rating > 4 || age > 65 && !tags.isEmpty || name.count > 12)
    }

    mappedProducerBadge = name.producer.combiningLatest(
      with: age.producer, rating.producer, isPremium.producer, tags.producer
    )
    .map { name, age, rating, premium, tags in
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
