import Signals

// Runs one scenario of Contracts §15 and §16 in which a regression would crash or hang the process (a
// closure that reads the property it defines recursing for ever, say), and prints what it saw: the specs in
// SelfReadingClosureTests run it as a child process, with a watchdog, so that such a regression fails a spec
// instead of the test run.
//
//   signals-graph-probe SCENARIO

/// A property a closure can refer to before it exists.
final class Later<Value>: @unchecked Sendable {
  var property: Property<Value>?
  var value: Value? { property?.value }
}

let scenario = CommandLine.arguments.dropFirst().first ?? ""
switch scenario {
case "map":
  // A running total: the closure reads the property it defines.
  let delta = MutableProperty(0)
  let total = Later<Int>()
  total.property = delta.map { $0 + (total.value ?? 0) }
  delta.value = 5
  delta.value = 7
  print("outside:", total.value!)
  withTransaction {
    delta.value = 10
    print("inside:", total.value!)
  }
  print("after:", total.value!)
case "skipRepeats":
  let source = MutableProperty(1)
  let kept = Later<Int>()
  kept.property = source.skipRepeats { old, new in
    // Reads its own property while comparing.
    _ = kept.value
    return old == new
  }
  source.value = 2
  withTransaction {
    source.value = 3
    print("inside:", kept.value!)
  }
  print("after:", kept.value!)
case "combineLatest":
  let a = MutableProperty(1)
  let b = MutableProperty(2)
  let sum = Later<Int>()
  sum.property = Property.combineLatest(a, b) { $0 + $1 + (sum.value ?? 0) }
  a.value = 10
  print("outside:", sum.value!)
  withTransaction {
    b.value = 20
    print("inside:", sum.value!)
  }
  print("after:", sum.value!)
case "combineLatestList":
  let fields = [MutableProperty(1), MutableProperty(2)]
  let all = Later<[Int]>()
  all.property = Property.combineLatest(fields).map { $0 + [all.value?.count ?? 0] }
  fields[0].value = 5
  print("outside:", all.value!)
  withTransaction {
    fields[1].value = 6
    print("inside:", all.value!)
  }
  print("after:", all.value!)
case "flatMap":
  let selector = MutableProperty(0)
  let options = [MutableProperty("a"), MutableProperty("b")]
  let chosen = Later<String>()
  chosen.property = selector.flatMap(.latest) { index -> MutableProperty<String> in
    _ = chosen.value
    return options[index % 2]
  }
  selector.value = 1
  print("outside:", chosen.value!)
  withTransaction {
    selector.value = 2
    print("inside:", chosen.value!)
  }
  print("after:", chosen.value!)
case "logEvents":
  // The default logger: standard error, with the call site, text in quotes.
  let name = MutableProperty("")
  let logged = name.logEvents(identifier: "name", events: [.value, .completed])
  name.value = "Ann"
  _ = logged
case "logEventsThenCrash":
  // A line logged just before a crash is not lost in a buffer.
  let count = MutableProperty(0)
  let logged = count.logEvents(identifier: "count", events: [.value])
  logged.signal.observeValues { value in precondition(value < 2, "planted crash") }
  count.value = 1
  count.value = 2
case "gettingStartedInFunctions":
  // Docs/GettingStarted.md steps 2 to 6, each pasted into a function whose scope then ends, in a program
  // that never turns its main queue: nothing is wrong, so nothing may be warned about (issue 33).
  func step2() {
    let (taps, tapInput) = Signal<Int, Never>.pipe()
    let observation = taps.observeValues { count in print("tapped \(count) times") }
    tapInput.send(value: 1)
    observation?.dispose()
    tapInput.sendCompleted()
  }
  func step3() {
    let email = MutableProperty("")
    email.producer.startWithValues { print("producer: \($0)") }
    email.signal.observeValues { print("signal: \($0)") }
    email.value = "li@example.com"
  }
  func step4() {
    let query = MutableProperty("")
    let searches = query.signal.map { $0.lowercased() }.filter { $0.count >= 2 }.skipRepeats()
    searches.observeValues { print("search for \($0)") }
    query.value = "swift"
  }
  func step5() {
    final class Screen {
      private(set) var title = ""
      let lifetime: Lifetime
      private let token: Lifetime.Token
      init() { (lifetime, token) = Lifetime.make() }
      var titleTarget: BindingTarget<String> { BindingTarget(on: self, lifetime: lifetime, keyPath: \.title) }
    }
    let email = MutableProperty("")
    let label = MutableProperty("")
    label <~ email.map { $0.isEmpty ? "Enter your email" : "Send to \($0)" }
    print(label.value)
    let name = MutableProperty("Li Lei")
    let screen = Screen()
    screen.titleTarget <~ name.map { "Hello, \($0)" }
    print(screen.title)
  }
  func step6() {
    let email = MutableProperty("")
    let isValid = email.map { $0.contains("@") }
    let subscribe = Command<Void, String, Never>(enabledIf: isValid) { _ in "Subscribed \(email.value)" }
    subscribe.values.observeValues { print($0) }
    email.value = "li@example.com"
    subscribe.execute()
  }
  step2()
  step3()
  step4()
  step5()
  step5()
  step6()
  print("done")
default:
  print("unknown scenario \(scenario)")
}
