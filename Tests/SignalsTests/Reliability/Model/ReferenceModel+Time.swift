// The reference model of the time operators, on virtual ticks. A timer's event gets the key
// `cause.scheduled(at: due)`, so that it is delivered where the TestScheduler would run it.

extension ReferenceModel {
  /// Values and completion `ticks` later; failure and interruption at once, dropping what was still waiting.
  static func delay(_ stream: [Timed], ticks: Int) -> [Timed] {
    var output: [Timed] = []
    for item in stream {
      switch item.event {
      case .value, .completed:
        output.append(Timed(key: item.key.scheduled(at: item.key.time + ticks), event: item.event))
      case .failed, .interrupted:
        output.removeAll { $0.key > item.key }
        output.append(item)
      }
    }
    return output.sorted { $0.key < $1.key }
  }

  /// The latest value once `ticks` passed without another; completion sends a waiting value first.
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
      case .completed:
        emit((waiting.map { [.value($0.value)] } ?? []) + [.completed], at: item.key, into: &output)
        waiting = nil
      case .failed, .interrupted:
        waiting = nil
        output.append(item)
      }
    }
    if let timer = waiting { output.append(Timed(key: timer.due, event: .value(timer.value))) }
    return output
  }

  /// Leading and trailing: a value goes out at once if nothing was sent for `ticks` and no timer is armed;
  /// otherwise it waits, and the latest waiting value goes out `ticks` after the previous send.
  static func throttle(_ stream: [Timed], ticks: Int, waitsFromArrival: Bool = false) -> [Timed] {
    var lastSent: Int?
    var waiting: Int?
    var timer: Key?
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
      switch item.event {
      case .value(let value):
        if timer == nil, lastSent.map({ item.key.time >= $0 + ticks }) ?? true {
          lastSent = item.key.time
          output.append(item)
        } else {
          waiting = value
          if timer == nil, let lastSent {
            timer = item.key.scheduled(at: (waitsFromArrival ? item.key.time : lastSent) + ticks)
          }
        }
      case .completed:
        emit((waiting.map { [.value($0)] } ?? []) + [.completed], at: item.key, into: &output)
        waiting = nil
        timer = nil
      case .failed, .interrupted:
        waiting = nil
        timer = nil
        output.append(item)
      }
    }
    if let due = timer { fire(due) }
    return output
  }
}
