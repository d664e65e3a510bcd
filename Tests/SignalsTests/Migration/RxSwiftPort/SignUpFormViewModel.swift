import Signals

// A sign-up form with asynchronous validation, written in RxSwift (after its example app's GitHub sign-up)
// and ported to Signals. Each line of the port is a rename, noted where it is not obvious:
// `Observable<T>` → `SignalProducer<T, Never>` (the inputs and outputs are recipes, started by whoever
// observes them, as Observables are); `flatMapLatest` → `flatMap(.latest)`; `startWith` → `prefix(value:)`;
// `catchAndReturn(x)` → `flatMapError { _ in SignalProducer(value: x) }`; `observe(on:)` is the same;
// `share(replay: 1)` → `share(replay: 1)`; `withLatestFrom` → `withLatest(from:)`, which pairs;
// `distinctUntilChanged` → `skipRepeats`. `Docs/Migrating.md` walks through it.

/// What the form says about one field.
enum SignUpValidation: Equatable {
  case empty
  case validating
  case ok(String)
  case failed(String)

  var isValid: Bool {
    if case .ok = self { return true }
    return false
  }
}

/// The server's failures.
enum SignUpAPIError: Error, Equatable {
  case offline
}

/// What the form needs from the server.
struct SignUpAPI {
  var usernameAvailable: @Sendable (String) -> SignalProducer<Bool, SignUpAPIError>
  var signUp: @Sendable ((String, String)) -> SignalProducer<Bool, SignUpAPIError>
}

final class SignUpFormViewModel {
  let validatedUsername: SignalProducer<SignUpValidation, Never>
  let validatedPassword: SignalProducer<SignUpValidation, Never>
  let validatedRepeatedPassword: SignalProducer<SignUpValidation, Never>
  let signUpEnabled: SignalProducer<Bool, Never>
  let signingIn: SignalProducer<Bool, Never>
  let signedIn: SignalProducer<Bool, Never>

  static let minimumPasswordLength = 5

  init(
    input: (
      username: SignalProducer<String, Never>,
      password: SignalProducer<String, Never>,
      repeatedPassword: SignalProducer<String, Never>,
      signUpTaps: SignalProducer<Void, Never>
    ),
    dependency: (api: SignUpAPI, scheduler: any Scheduler)
  ) {
    let (api, scheduler) = dependency

    validatedUsername = input.username
      .flatMap(.latest) { username -> SignalProducer<SignUpValidation, Never> in
        guard !username.isEmpty else { return SignalProducer(value: .empty) }
        return api.usernameAvailable(username)
          .map { $0 ? SignUpValidation.ok("Username available") : .failed("Username already taken") }
          .flatMapError { _ in SignalProducer(value: .failed("Error contacting server")) }
          .prefix(value: .validating)
          .observe(on: scheduler)
      }
      .share(replay: 1)

    validatedPassword = input.password
      .map { password -> SignUpValidation in
        if password.isEmpty { return .empty }
        return password.count < SignUpFormViewModel.minimumPasswordLength
          ? .failed("Password must be at least \(SignUpFormViewModel.minimumPasswordLength) characters")
          : .ok("Password acceptable")
      }
      .share(replay: 1)

    validatedRepeatedPassword = SignalProducer.combineLatest(input.password, input.repeatedPassword)
      .map { password, repeated -> SignUpValidation in
        if repeated.isEmpty { return .empty }
        return repeated == password ? .ok("Password repeated") : .failed("Password different")
      }
      .share(replay: 1)

    let isSigningIn = MutableProperty(false)
    signingIn = isSigningIn.producer.skipRepeats()

    let usernameAndPassword = SignalProducer.combineLatest(input.username, input.password)
    signedIn = input.signUpTaps
      .withLatest(from: usernameAndPassword)
      .flatMap(.latest) { _, credentials in
        api.signUp(credentials)
          .on(starting: { isSigningIn.value = true }, terminated: { isSigningIn.value = false })
          .flatMapError { _ in SignalProducer(value: false) }
          .observe(on: scheduler)
      }
      .share(replay: 1)

    signUpEnabled = SignalProducer.combineLatest(
      validatedUsername, validatedPassword, validatedRepeatedPassword, signingIn
    )
    .map { username, password, repeated, signingIn in
      username.isValid && password.isValid && repeated.isValid && !signingIn
    }
    .skipRepeats()
    .share(replay: 1)
  }
}
