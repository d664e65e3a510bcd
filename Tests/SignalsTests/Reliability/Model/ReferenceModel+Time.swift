// The reference model of the time operators, on virtual ticks. A timer's event gets the key
// `cause.scheduled(at: due)`, so that it is delivered where the TestScheduler would run it; an event that only
// hops to the scheduler (a leading value, an end) gets the key of `hop(_:)`.
//
// An end (failure, interruption; for debounce and throttle, completion too) hops without waiting: it goes out
// at the first of the operator's wakes that runs after it arrived (`endWake(at:pending:)`), after what was due
// by its tick; what was due later is dropped (a completion sends debounce's and throttle's waiting value).

extension ReferenceModel {
  /// Values and completion `ticks` later; failure and interruption hop, after the values due by their tick.
  static func delay(_ stream: [Timed], ticks: Int) -> [Timed] {
    var output: [Timed] = []
    for item in stream {
      switch item.event {
      case .value, .completed:
        output.append(Timed(key: item.key.scheduled(at: item.key.time + ticks), event: item.event))
      case .failed, .interrupted:
        output.removeAll { $0.key.time > item.key.time }
        let late = output.filter { $0.key > item.key }
        output.removeAll { $0.key > item.key }
        let wake = endWake(at: item.key, pending: late.map(\.key))
        emit(late.map(\.event) + [item.event], at: wake, into: &output)
      }
    }
    return output.sorted { $0.key < $1.key }
  }

  /// The latest value once `ticks` passed without another; the end hops (its wake replaces the timer), and
  /// completion sends a waiting value first.
  static func debounce(_ stream: [Timed], ticks: Int) -> [Timed] {
    var waiting: (value: Int, due: Key)?
    var output: [Timed] = []
    for item in stream {
      if let timer = waiting, timer.due < item.key {
        output.append(Timed(key: timer.due, event: .value(timer.value)))
        waiting = nil
      }
      switch item.event {
      case .value(let value):
        waiting = (value, item.key.scheduled(at: item.key.time + ticks))
      case .completed, .failed, .interrupted:
        let sendsWaiting = item.event == .completed || waiting.map { $0.due.time <= item.key.time } == true
        let flushed: [ModelEvent] = sendsWaiting ? waiting.map { [.value($0.value)] } ?? [] : []
        emit(flushed + [item.event], at: hop(item.key), into: &output)
        waiting = nil
      }
    }
    if let timer = waiting { output.append(Timed(key: timer.due, event: .value(timer.value))) }
    return output
  }

  /// Leading and trailing: a value goes out at once (a hop) if nothing was sent for `ticks` and no timer is
  /// armed; otherwise it waits, and the latest waiting value goes out `ticks` after the previous send.
  static func throttle(_ stream: [Timed], ticks: Int, waitsFromArrival: Bool = false) -> [Timed] {
    var lastSent: Int?
    var waiting: Int?
    var timer: Key?
    var leadingHops: [Key] = []  // the hops of leading values, until they have run
    var output: [Timed] = []
    func fire(_ due: Key) {
      timer = nil
      guard let value = waiting else { return }
      waiting = nil
      lastSent = due.time
      output.append(Timed(key: due, event: .value(value)))
    }
    for item in stream {
      if let due = timer, due < item.key { fire(due) }
      leadingHops.removeAll { $0 < item.key }
      switch item.event {
      case .value(let value):
        if timer == nil, lastSent.map({ item.key.time >= $0 + ticks }) ?? true {
          lastSent = item.key.time
          leadingHops.append(hop(item.key))
          output.append(Timed(key: hop(item.key), event: item.event))
        } else {
          waiting = value
          if timer == nil, let lastSent {
            timer = item.key.scheduled(at: (waitsFromArrival ? item.key.time : lastSent) + ticks)
          }
        }
      case .completed, .failed, .interrupted:
        let late = output.filter { leadingHops.contains($0.key) }
        output.removeAll { leadingHops.contains($0.key) }
        var pending = leadingHops
        var events = late.map(\.event)
        if let due = timer, due.time <= item.key.time {
          pending.append(due)
          events += waiting.map { [.value($0)] } ?? []
        } else if item.event == .completed {
          events += waiting.map { [.value($0)] } ?? []
        }
        emit(events + [item.event], at: endWake(at: item.key, pending: pending), into: &output)
        waiting = nil
        timer = nil
        leadingHops = []
      }
    }
    if let due = timer { fire(due) }
    return output
  }

  /// The key of an event that hops to the scheduler without waiting: an action scheduled at its cause's tick.
  ///
  /// A hop caused by an input runs at the runner's next advance: after everything the input did, before the
  /// next input. A hop caused by a scheduled action runs in the same advance, after the actions scheduled
  /// before it.
  static func hop(_ key: Key) -> Key {
    guard key.parts[1] == 1 else { return key.scheduled(at: key.time) }
    // After every event the input `key.parts[0...2]` caused synchronously, in the order of their causes.
    return Key(parts: Array(key.parts[..<3]) + [Int.max] + Array(key.parts[3...]))
  }

  /// Where an end that arrived at `key` goes out: at the first wake that runs after it arrived — one of the
  /// operator's `pending` wakes due by its tick, or its own hop.
  static func endWake(at key: Key, pending: [Key]) -> Key {
    (pending.filter { $0 > key && $0.time <= key.time } + [hop(key)]).min()!
  }
}
