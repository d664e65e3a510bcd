import Signals

/// A user as the user-info sample shows it.
public struct User: Equatable, Sendable {
  /// The user's name.
  public var name: String
  /// The user's age.
  public var age: Int
  /// The user's city.
  public var city: String

  /// A user.
  public init(name: String, age: Int, city: String) {
    self.name = name
    self.age = age
    self.city = city
  }
}

/// The user-info sample's view model (the seed's DemoMVVM): a user that a mock web service updates over time.
///
/// - Inputs: ``updateFromMockWeb()``.
/// - Outputs: ``user``, and ``name``, ``age`` and ``city`` derived from it for the view's labels.
///
/// Time comes from the scheduler it is given, so a spec runs the five seconds of updates instantly.
public final class UserInfoViewModel {
  /// The user shown.
  public let user: Property<User>
  /// The user's name.
  public let name: Property<String>
  /// The user's age, as text.
  public let age: Property<String>
  /// The user's city.
  public let city: Property<String>

  private let storage: MutableProperty<User>
  private let scheduler: any TimeScheduler
  private let updates = SerialDisposable()

  /// A view model with an empty user, whose mock updates run on `scheduler`.
  public init(scheduler: any TimeScheduler) {
    self.scheduler = scheduler
    storage = MutableProperty(User(name: "", age: 0, city: ""))
    user = Property(storage)
    name = user.map(\.name)
    age = user.map { "\($0.age)" }
    city = user.map(\.city)
  }

  deinit {
    updates.dispose()
  }

  /// Sets ("Chris1", 1, "Shanghai1") now, ("Chris18", 18, "Shanghai18") after 3 seconds, and ("Chris28", 28,
  /// "iloveShanghai28") after 5 seconds. Calling it again starts over, cancelling the pending updates.
  public func updateFromMockWeb() {
    let storage = self.storage
    storage.value = User(name: "Chris1", age: 1, city: "Shanghai1")
    let pending = CompositeDisposable()
    pending += scheduler.schedule(after: .seconds(3)) { [weak storage] in
      storage?.value = User(name: "Chris18", age: 18, city: "Shanghai18")
    }
    pending += scheduler.schedule(after: .seconds(5)) { [weak storage] in
      storage?.value = User(name: "Chris28", age: 28, city: "iloveShanghai28")
    }
    updates.inner = pending
  }
}
