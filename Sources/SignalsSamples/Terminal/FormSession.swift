import SignalsMVVM

/// A control of a ``FormSession``: a field to type into, or a button to press.
public enum FormControl {
  /// A text field: typing edits it.
  case field(TextField)
  /// A button: Enter taps it.
  case button(Button)
}

/// A user action on a form, as the terminal demo's keys and scripts express it.
public enum FormAction: Equatable, Sendable {
  /// Types these characters into the focused field (nothing on a button).
  case type(String)
  /// Deletes the last character of the focused field.
  case backspace
  /// Moves the focus to the next control.
  case tab
  /// Moves the focus to the previous control (Shift-Tab).
  case backTab
  /// Moves the focus to the control with this name.
  case focus(String)
  /// Taps the focused button; on a field, moves to the next control, as Return does in a form.
  case enter
  /// Lets time pass: the form's clock moves on by this much (``FormSession/advanceTime(by:)``).
  case wait(Duration)

  /// Whether this is ``wait(_:)``: time passing, not something the user did.
  var isWait: Bool {
    if case .wait = self { return true }
    return false
  }

  /// Parses one line of a script: `type <text>`, `backspace`, `tab`, `shift-tab`, `enter`, `focus <control>`,
  /// `press <control>` (which is `focus <control>`; ``FormSession/run(script:)`` then presses Enter), or
  /// `wait <seconds>` (a number of seconds, fractions allowed, not negative). Returns `nil` for anything else.
  public init?(scriptLine line: some StringProtocol) {
    let words = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    guard let command = words.first else { return nil }
    let argument = words.count > 1 ? String(words[1]).trimmingSpaces() : nil
    switch (command, argument) {
    case ("type", let text?): self = .type(text)
    case ("backspace", nil): self = .backspace
    case ("tab", nil): self = .tab
    case ("shift-tab", nil): self = .backTab
    case ("enter", nil): self = .enter
    case ("focus", let name?), ("press", let name?): self = .focus(name)
    case ("wait", let seconds?):
      guard let seconds = Double(seconds), seconds >= 0, seconds < 1e9 else { return nil }
      self = .wait(.milliseconds(Int((seconds * 1000).rounded())))
    default: return nil
    }
  }
}

/// A form driven by user actions, as the terminal demo and its scripted mode drive it: named controls in Tab
/// order, one of them focused, and a frame that draws the form.
///
/// Each action acts on the headless controls exactly as a user would: typing edits the focused field, Enter
/// taps the focused button. Subclasses give the controls and override ``frame``.
open class FormSession {
  /// The controls in Tab order, with the names scripts use.
  public let controls: [(name: String, control: FormControl)]
  /// The index of the focused control in ``controls``.
  public private(set) var focusIndex = 0
  /// What the form says about the last action when the form itself does not show it: Enter on a disabled
  /// button says that the button is disabled, and why, until the button is enabled or the user does
  /// something else.
  public var notice: String? {
    guard let refusal, !refusal.button.isEnabled else { return nil }
    return refusal.text
  }
  /// The disabled button the user last pressed, and what ``notice`` says about it.
  private var refusal: (button: Button, text: String)?

  /// A session over `controls`, the first one focused.
  public init(controls: [(name: String, control: FormControl)]) {
    precondition(!controls.isEmpty, "A form needs at least one control")
    self.controls = controls
  }

  /// The name of the focused control.
  public var focusedName: String { controls[focusIndex].name }

  /// Whether the focused control is a button.
  public var isButtonFocused: Bool {
    if case .button = controls[focusIndex].control { return true }
    return false
  }

  /// The form as plain text. Subclasses override it.
  open var frame: String { "" }

  /// What a person sees: the ``frame``, then the ``notice`` if there is one.
  public var screen: String {
    guard let notice else { return frame }
    return frame + "\n  ! " + notice
  }

  /// Why the button named `name` is disabled, in words for the user, or `nil` to say only that it is.
  /// Subclasses whose buttons can be disabled override it.
  open func whyDisabled(_ name: String) -> String? { nil }

  /// What the form's status marks mean, for the interactive demo's help lines, or `nil` if it has none.
  open var legend: String? { nil }

  /// The help lines the interactive demo shows under the form: the keys, the ``legend``, and where to find the
  /// rest (`--help`).
  public var keyHelp: String {
    var lines = [
      "Tab or Down: next   Shift-Tab or Up: previous   Enter: press a button, or go to the next field",
      "Backspace: delete   q (on a button) or Ctrl-C: quit   hotel-demo --help: scripts and the other demos",
    ]
    if let legend { lines.insert(legend, at: 0) }
    return lines.joined(separator: "\n")
  }

  /// The focus left the control named `name`. Subclasses whose fields show a hint about the edit in progress
  /// override it to clear the hint.
  open func focusDidLeave(_ name: String) {}

  /// Lets `duration` pass on the form's clock. A form with no clock of its own does nothing; one whose view
  /// model waits on time (a network's latency) overrides it to advance that clock.
  open func advanceTime(by duration: Duration) {}

  /// One line for the control named `name`, drawn the way every demo draws its controls: `>` marks the
  /// focused one; a field reads `label: [text]` (its placeholder in parentheses while it is empty, its text as
  /// `*`s if `masked`) followed by `status`; a button reads `[ title ]`, then `(disabled)` while it is.
  public func draw(_ name: String, label: String? = nil, masked: Bool = false, status: String? = nil) -> String {
    guard let control = controls.first(where: { $0.name == name })?.control else {
      preconditionFailure("Internal inconsistency: the form draws a control it does not have, \(name)")
    }
    let marker = name == focusedName ? ">" : " "
    switch control {
    case .field(let field):
      let text = field.text ?? ""
      let shown =
        text.isEmpty ? "(\(field.placeholder ?? ""))" : masked ? String(repeating: "*", count: text.count) : text
      return "\(marker) \(label ?? name): [\(shown)]" + (status.map { " \($0)" } ?? "")
    case .button(let button):
      return "\(marker) [ \(button.title) ]\(button.isEnabled ? "" : " (disabled)")"
    }
  }

  /// The line of a message area: `✓` and the text for information, `✗` for an error; `nil` when it is empty.
  public func draw(_ messageArea: MessageArea) -> String? {
    switch messageArea.message {
    case .info(let text)?: "  ✓ \(text)"
    case .error(let text)?: "  ✗ \(text)"
    case nil: nil
    }
  }

  /// Performs `action` on the form.
  ///
  /// - Returns: `false` if it named a control the form does not have (and did nothing).
  @discardableResult
  public func perform(_ action: FormAction) -> Bool {
    let control = controls[focusIndex].control
    let focused = focusIndex
    defer { if focusIndex != focused { focusDidLeave(controls[focused].name) } }
    if !action.isWait { refusal = nil }  // time passing is not an action of the user
    switch (action, control) {
    case (.type(let text), .field(let field)): field.userDidType(text)
    case (.backspace, .field(let field)): field.userDidDeleteBackward()
    case (.type, .button), (.backspace, .button): break
    case (.tab, _), (.enter, .field): focusIndex = (focusIndex + 1) % controls.count
    case (.backTab, _): focusIndex = (focusIndex + controls.count - 1) % controls.count
    case (.enter, .button(let button)):
      if !button.tap() {
        let name = controls[focusIndex].name
        refusal = (button, "\(button.title) is disabled" + (whyDisabled(name).map { ": \($0)" } ?? ""))
      }
    case (.focus(let name), _):
      guard let index = controls.firstIndex(where: { $0.name == name }) else { return false }
      focusIndex = index
    case (.wait(let duration), _): advanceTime(by: duration)
    }
    return true
  }

  /// Runs a script, one action per line (`#` starts a comment), and returns every ``screen``: the first one,
  /// then one after each action, headed by the line that produced it. `press <button>` focuses the button
  /// and presses Enter.
  public func run(script: some StringProtocol) -> String {
    var frames = ["--- start ---\n" + screen]
    for rawLine in script.split(separator: "\n", omittingEmptySubsequences: true) {
      let line = rawLine.trimmingSpaces()
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let action = FormAction(scriptLine: line) else {
        frames.append(
          "--- \(line) ---\n(unknown action; expected type, backspace, tab, shift-tab, enter, focus, press, wait)")
        continue
      }
      guard perform(action) else {
        let names = controls.map(\.name).joined(separator: ", ")
        frames.append("--- \(line) ---\n(unknown control; expected one of \(names))")
        continue
      }
      if line.hasPrefix("press") { perform(.enter) }
      frames.append("--- \(line) ---\n" + screen)
    }
    return frames.joined(separator: "\n") + "\n"
  }
}

extension StringProtocol {
  /// The string without leading and trailing spaces, tabs and carriage returns.
  func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
