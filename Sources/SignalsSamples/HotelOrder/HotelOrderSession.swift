import SignalsMVVM

/// The hotel order form driven by user actions, as the terminal demo and its scripted mode drive it.
///
/// It owns a ``HotelOrderView`` bound to a fresh ``HotelOrderViewModel``, and a focus that Tab moves. Each
/// ``Action`` acts on the headless controls exactly as a user would: typing edits the focused field, Enter
/// taps the focused button.
public final class HotelOrderSession {
  /// A user action.
  public enum Action: Equatable, Sendable {
    /// Types these characters into the focused field (nothing on a button).
    case type(String)
    /// Deletes the last character of the focused field.
    case backspace
    /// Moves the focus to the next control.
    case tab
    /// Moves the focus to this control.
    case focus(HotelOrderView.Focus)
    /// Taps the focused button; on a field, moves to the next control, as Return does in a form.
    case enter

    /// Parses one line of a script: `type <text>`, `backspace`, `tab`, `enter`, `press clear|submit`, or
    /// `focus name|phone|clear|submit`. Returns `nil` for anything else.
    public init?(scriptLine line: some StringProtocol) {
      let words = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
      guard let command = words.first else { return nil }
      let argument = words.count > 1 ? String(words[1]) : nil
      switch (command, argument) {
      case ("type", let text?): self = .type(text)
      case ("backspace", nil): self = .backspace
      case ("tab", nil): self = .tab
      case ("enter", nil): self = .enter
      case ("focus", let name?), ("press", let name?):
        guard let focus = HotelOrderView.Focus(name: name) else { return nil }
        self = .focus(focus)
      default: return nil
      }
    }
  }

  /// The form.
  public let view: HotelOrderView
  /// The focused control.
  public private(set) var focus = HotelOrderView.Focus.name

  /// A session on an empty form for `hotel`.
  public init(hotel: String = "Meituan Hotel") {
    view = HotelOrderView(viewModel: HotelOrderViewModel(title: hotel))
  }

  /// The form as plain text, the focused control marked with `>`.
  public var frame: String { view.render(focus: focus) }

  /// Performs `action` on the form.
  public func perform(_ action: Action) {
    switch action {
    case .type(let text): focusedField?.userDidType(text)
    case .backspace: focusedField?.userDidDeleteBackward()
    case .tab: focus = focus.next
    case .focus(let control): focus = control
    case .enter:
      switch focus {
      case .name, .phone: focus = focus.next
      case .clear: view.clearButton.tap()
      case .submit: view.submitButton.tap()
      }
    }
  }

  /// Runs a script, one action per line (`#` starts a comment), and returns every frame: the first one,
  /// then one after each action, headed by the line that produced it. `press <button>` focuses the button
  /// and presses it.
  public func run(script: some StringProtocol) -> String {
    var frames = ["--- start ---\n" + frame]
    for rawLine in script.split(separator: "\n", omittingEmptySubsequences: true) {
      let line = rawLine.trimmingSpaces()
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let action = Action(scriptLine: line) else {
        frames.append("--- \(line) ---\n(unknown action; expected type, backspace, tab, enter, focus, press)")
        continue
      }
      perform(action)
      if line.hasPrefix("press") { perform(.enter) }
      frames.append("--- \(line) ---\n" + frame)
    }
    return frames.joined(separator: "\n") + "\n"
  }

  private var focusedField: TextField? {
    switch focus {
    case .name: return view.nameInput.field
    case .phone: return view.phoneInput.field
    case .clear, .submit: return nil
    }
  }
}

extension HotelOrderView.Focus {
  /// The control called `name` in scripts: `name`, `phone`, `clear` or `submit`.
  public init?(name: some StringProtocol) {
    switch name.trimmingSpaces() {
    case "name": self = .name
    case "phone": self = .phone
    case "clear": self = .clear
    case "submit": self = .submit
    default: return nil
    }
  }
}

extension StringProtocol {
  fileprivate func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
