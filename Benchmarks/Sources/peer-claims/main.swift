import Dispatch
import Foundation
import OpenCombine
import OpenCombineDispatch

// peer-claims: prints what OpenCombine does in the cases where Signals' docs compare their rule with Combine's
// (issue 16), so that the comparison rests on something observed:
//
//   swift run -c release --package-path Benchmarks peer-claims
//
// 1. debounce, when the source completes (or fails) while a value is still waiting for its quiet interval;
// 2. delay, when the source fails while values are still being delayed.
//
// Each case runs twice: on a virtual-time scheduler (exact ticks, as in Signals' marble specs) and on
// OpenCombine's own DispatchQueue scheduler in real time (the scheduler apps use; timings rounded to 50 ms).
// Apple's Combine is not available on Linux; what is printed is OpenCombine's behaviour.

struct Failure: Error, CustomStringConvertible {
  var description: String { "X" }
}

/// What one subscription received, as `(tick, event)`.
final class Recording: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [(time: Int, event: String)] = []
  private let clock: () -> Int

  init(clock: @escaping () -> Int) { self.clock = clock }

  func record(_ event: String) {
    let time = clock()
    lock.withLock { storage.append((time, event)) }
  }

  var events: [(time: Int, event: String)] { lock.withLock { storage } }

  /// The events as a marble: one character per tick, `(…)` for several events at one tick.
  var marble: String {
    var text = ""
    var tick = 0
    let events = self.events
    for time in Set(events.map(\.time)).sorted() {
      text += String(repeating: "-", count: max(0, time - tick))
      let symbols = events.filter { $0.time == time }.map(\.event)
      text += symbols.count == 1 ? symbols[0] : "(" + symbols.joined() + ")"
      tick = time + 1
    }
    return text
  }

  var listing: String {
    events.map { "\($0.event)@\($0.time)" }.joined(separator: " ")
  }
}

extension Subscribers.Completion {
  var symbol: String {
    switch self {
    case .finished: return "|"
    case .failure: return "X"
    }
  }
}

/// Sends `diagram` into `subject` on `scheduler`, one character per tick: a letter is a value, `|` finishes,
/// `X` fails, `-` is nothing.
func feed(_ diagram: String, into subject: PassthroughSubject<String, Failure>, on scheduler: VirtualTimeScheduler) {
  for (tick, character) in diagram.enumerated() where character != "-" {
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(tick)), tolerance: .nanoseconds(0), options: nil) {
      switch character {
      case "|": subject.send(completion: .finished)
      case "X": subject.send(completion: .failure(Failure()))
      default: subject.send(String(character))
      }
    }
  }
}

/// Runs `diagram` through `apply` on virtual time and prints the input and what came out.
func runOnVirtualTime(
  _ title: String, _ diagram: String,
  _ apply: (AnyPublisher<String, Failure>, VirtualTimeScheduler) -> AnyPublisher<String, Failure>
) -> Recording {
  let scheduler = VirtualTimeScheduler()
  let subject = PassthroughSubject<String, Failure>()
  let recording = Recording { scheduler.tick }
  let cancellable = apply(subject.eraseToAnyPublisher(), scheduler)
    .sink(receiveCompletion: { recording.record($0.symbol) }, receiveValue: { recording.record($0) })
  feed(diagram, into: subject, on: scheduler)
  scheduler.advance(ticks: diagram.count + 10)
  cancellable.cancel()
  print("  \(title)")
  print("    input:   \(diagram)")
  print("    output:  \(recording.marble)    (\(recording.listing))")
  return recording
}

/// Sends `a`, then ends the source `endAfter` milliseconds later, through `apply` on a real DispatchQueue
/// scheduler, and prints what arrived and when (milliseconds after `a`, rounded to 50).
func runOnDispatchQueue(
  _ title: String, end: Subscribers.Completion<Failure>, endAfter: Int,
  _ apply: (AnyPublisher<String, Failure>, DispatchQueue.OCombine) -> AnyPublisher<String, Failure>
) {
  let queue = DispatchQueue(label: "peer-claims")
  let start = DispatchTime.now()
  let recording = Recording {
    Int((Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 50_000_000).rounded()) * 50
  }
  let subject = PassthroughSubject<String, Failure>()
  let cancellable = apply(subject.eraseToAnyPublisher(), queue.ocombine)
    .sink(receiveCompletion: { recording.record($0.symbol) }, receiveValue: { recording.record($0) })
  queue.sync { subject.send("a") }
  Thread.sleep(forTimeInterval: Double(endAfter) / 1_000)
  queue.sync { subject.send(completion: end) }
  Thread.sleep(forTimeInterval: 0.8)
  queue.sync { cancellable.cancel() }
  let arrivals = recording.events.map { "\($0.event) at ~\($0.time) ms" }
  print("  \(title): \(arrivals.isEmpty ? "nothing" : arrivals.joined(separator: ", "))")
}

print("OpenCombine, as resolved for Benchmarks/ (Package.swift asks for 0.14.0 or later; see Package.resolved).")
print("One tick = one second of a virtual-time scheduler.")
print()

print("debounce(for: 2 ticks)")
_ = runOnVirtualTime("a value that gets its quiet interval", "-a---|") {
  $0.debounce(for: .seconds(2), scheduler: $1).eraseToAnyPublisher()
}
let debounceCompletion = runOnVirtualTime("completion while a value waits", "-a|") {
  $0.debounce(for: .seconds(2), scheduler: $1).eraseToAnyPublisher()
}
let debounceFailure = runOnVirtualTime("failure while a value waits", "-aX") {
  $0.debounce(for: .seconds(2), scheduler: $1).eraseToAnyPublisher()
}
print()

print("delay(for: 2 ticks)")
_ = runOnVirtualTime("values and completion", "-a-b|") {
  $0.delay(for: .seconds(2), scheduler: $1).eraseToAnyPublisher()
}
let delayFailure = runOnVirtualTime("failure while a value is delayed", "-aX") {
  $0.delay(for: .seconds(2), scheduler: $1).eraseToAnyPublisher()
}
print()

print("The same on DispatchQueue.OCombine, real time (\"a\" sent at 0 ms):")
runOnDispatchQueue("debounce(for: 300 ms), finished at 100 ms", end: .finished, endAfter: 100) {
  $0.debounce(for: .milliseconds(300), scheduler: $1).eraseToAnyPublisher()
}
runOnDispatchQueue("delay(for: 300 ms), failed at 100 ms", end: .failure(Failure()), endAfter: 100) {
  $0.delay(for: .milliseconds(300), scheduler: $1).eraseToAnyPublisher()
}
print()

print("Summary (virtual time):")
func outcome(_ recording: Recording, ending: String, endedAt tick: Int) -> String {
  let values = recording.events.filter { $0.event == "a" }
  let end = recording.events.first { $0.event == ending }
  let endText =
    end.map {
      $0.time == tick
        ? "forwarded at once (tick \($0.time))" : "sent at tick \($0.time), \($0.time - tick) after the source's end"
    } ?? "never sent"
  let valueText =
    values.isEmpty ? "the pending value is dropped" : "the pending value is sent at tick \(values[0].time)"
  return "\(valueText); the end is \(endText)"
}
print("  debounce, completion while a value waits: \(outcome(debounceCompletion, ending: "|", endedAt: 2))")
print("  debounce, failure while a value waits: \(outcome(debounceFailure, ending: "X", endedAt: 2))")
print("  delay, failure while a value is delayed: \(outcome(delayFailure, ending: "X", endedAt: 2))")
