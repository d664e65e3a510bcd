import Signals

/// Fails the test unless the object `make` returns is released once `exercise` is done with it; the failure
/// lists what is still attached to the object's streams, and the line of your code that attached each
/// observer.
/// ```swift
/// @Test func theSignUpFormIsReleased() {
///   expectReleased({ SignUpViewModel(service: FakeService()) }) { viewModel in
///     viewModel.email.value = "ann@example.com"
///     viewModel.submit.apply().start()
///   }
/// }
/// ```
/// While `make` and `exercise` run, every `observe…` and `start…` call notes its line (a binding `<~` is listed
/// by the stream it observes). Then the check lets go of the object; if it lives on, something holds it — most
/// often a closure that captures it and observes its own stream (Contracts §8). The failure names each of its
/// streams that still has observers (found by reflection, one level deep), how many, their sites and, in a
/// debug build, where each stream was made:
/// ```text
/// SignUpViewModel was not released: something still holds it. Still attached to its streams:
///   submit.errors: 1 observer, attached at SignUpViewModel.swift:41
///   errorText (made by map at SignUpViewModel.swift:30): 1 observer, attached at SignUpViewModel.swift:42
/// ```
/// `make` makes the object, which nothing else may keep; `exercise` uses it, as a spec would, without storing it
/// anywhere that outlives it.
public func expectReleased<Object: AnyObject>(
  _ make: () throws -> Object,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  exercise: (Object) throws -> Void = { _ in }
) rethrows {
  AttachmentSites.startRecording()
  defer { AttachmentSites.stopRecording() }
  weak var released: Object?
  try {
    let object = try make()
    released = object
    try exercise(object)
  }()
  guard let object = released else { return }
  let streams = AttachmentSites.attachedStreams(of: object)
  let message = LeakReport(type: "\(type(of: object))", streams: streams).description
  reportFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The failure message of ``expectReleased(_:fileID:filePath:line:column:exercise:)``.
struct LeakReport: CustomStringConvertible {
  let type: String
  let streams: [AttachedStream]

  var description: String {
    var lines = ["\(type) was not released: something still holds it."]
    if streams.isEmpty {
      lines.append(
        "None of its streams has an observer: look for a closure or an object outside it that holds it.")
    } else {
      lines.append("Still attached to its streams:")
      for stream in streams {
        var line = "  \(stream.label)" + (stream.origin.map { " (\($0))" } ?? "")
        line += ": \(stream.observerCount) observer\(stream.observerCount == 1 ? "" : "s")"
        var parts: [String] = []
        if !stream.sites.isEmpty {
          parts.append("attached at " + stream.sites.map(\.description).joined(separator: ", "))
        }
        // What the library attached for its own wiring is said so, after what your code attached.
        var wiring: [(String, Int)] = []
        for label in stream.wiring {
          if let index = wiring.firstIndex(where: { $0.0 == label }) {
            wiring[index].1 += 1
          } else {
            wiring.append((label, 1))
          }
        }
        for (label, count) in wiring {
          let prefix = parts.isEmpty ? "" : "\(count) "
          parts.append("\(prefix)attached by the library for \(label), its own wiring")
        }
        let unplaced = stream.observerCount - stream.sites.count - stream.wiring.count
        if unplaced > 0 {
          parts.append(
            (parts.isEmpty ? "" : "\(unplaced) ") + "attached by an operator, or before the check")
        }
        if !parts.isEmpty { line += ", " + parts.joined(separator: "; ") }
        lines.append(line)
      }
      lines.append(
        "A closure that observes one of the object's own streams and captures it strongly keeps it alive: "
          + "capture [weak self], or end the observation with the object's lifetime.")
    }
    return lines.joined(separator: "\n")
  }
}
