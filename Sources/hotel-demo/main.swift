import SignalsSamples

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The hotel order form in a terminal: headless controls bound to the real view models.
//
//   swift run hotel-demo                      interactive: type, Tab or Shift-Tab (or Down, Up), Enter on a button;
//                                             q on a button or Ctrl-C quits
//   swift run hotel-demo --script FILE        one action per line; prints every frame as plain text
//   echo "type Zhuo" | swift run hotel-demo   stdin that is not a terminal is read as a script
//   swift run hotel-demo --login ...          the login sample instead, with the same options
//   swift run hotel-demo --rooms ...          the room list: cached rooms at once, the network's after 2 s

let usage = """
  usage: hotel-demo [--login | --rooms] [--script FILE | --script -]
    --login   the login form instead of the hotel order form
    --rooms   the room list: saved rooms at once, then the network's after 2 s; `network` switches the fake
              network between answering and failing, `refresh` loads again (disabled while loading)
  Interactive keys: Tab or Down: next control; Shift-Tab or Up: previous; Enter: press a button, or go to the
  next field; Backspace: delete; q on a button, or Ctrl-C: quit. Other keys (Left, Right, Escape) do nothing.
  Script actions, one per line: type <text>, backspace, tab, shift-tab, enter, focus <control>,
  press <button>, wait <seconds> (lets the demo's clock run; interactively, time passes by itself)
  (hotel controls: name, phone, clear, submit; login controls: username, password, login;
  rooms controls: refresh, network; # starts a comment).
  """

/// Reads all of standard input.
func readStandardInput() -> String {
  var lines: [String] = []
  while let line = readLine(strippingNewline: true) { lines.append(line) }
  return lines.joined(separator: "\n")
}

/// Reads the file at `path`, or `nil` if it cannot be opened.
func readFile(_ path: String) -> String? {
  guard let file = fopen(path, "r") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  while true {
    let byte = fgetc(file)
    if byte == EOF { break }
    bytes.append(UInt8(truncatingIfNeeded: byte))
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// Runs the form interactively, in raw mode, until `q` on a button, Ctrl-C or end of input. Keys are decoded
/// whole (an arrow key is one key, never `[D` typed into a field) by ``TerminalKeyDecoder``. Between keys the
/// form's clock follows real time, and the form is redrawn when that changes it (a network answering).
func runInteractive(_ session: FormSession) {
  var original = termios()
  tcgetattr(STDIN_FILENO, &original)
  var raw = original
  raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
  tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
  defer {
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    print("\u{1B}[?25h", terminator: "")
  }

  func draw() {
    print("\u{1B}[2J\u{1B}[H\u{1B}[?25l", terminator: "")
    let text = session.screen + "\n\n" + session.keyHelp
    print(text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n") + "\r")
  }
  draw()
  var decoder = TerminalKeyDecoder()
  var lastTick = ContinuousClock.now
  while true {
    // Waits up to 100 ms for keys, then lets the real time that passed run on the form's clock.
    var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    let ready = poll(&input, 1, 100)
    let shown = session.screen
    let now = ContinuousClock.now
    session.perform(.wait(now - lastTick))
    lastTick = now
    var keys: [TerminalKey]
    if ready > 0 {
      var bytes = [UInt8](repeating: 0, count: 64)
      let count = read(STDIN_FILENO, &bytes, bytes.count)
      guard count > 0 else { break }
      keys = decoder.keys(from: bytes.prefix(count))
    } else {
      keys = decoder.flush()  // nothing more came: a lone Escape, or a sequence cut short
    }
    for key in keys {
      if key == .interrupt || (key == .text("q") && session.isButtonFocused) { return }
      if let action = key.formAction { session.perform(action) }
    }
    if !keys.isEmpty || session.screen != shown { draw() }
  }
}

var arguments = Array(CommandLine.arguments.dropFirst())
let makeSession: () -> FormSession
if arguments.first == "--login" {
  arguments.removeFirst()
  makeSession = { LoginSession() }
} else if arguments.first == "--rooms" {
  arguments.removeFirst()
  makeSession = { RoomListSession() }
} else {
  makeSession = { HotelOrderSession() }
}
switch arguments {
case ["--help"], ["-h"]:
  print(usage)
case ["--script", "-"]:
  print(makeSession().run(script: readStandardInput()), terminator: "")
case let arguments where arguments.count == 2 && arguments[0] == "--script":
  guard let script = readFile(arguments[1]) else {
    print("hotel-demo: cannot read \(arguments[1])")
    exit(1)
  }
  print(makeSession().run(script: script), terminator: "")
case []:
  if isatty(STDIN_FILENO) != 0 {
    runInteractive(makeSession())
  } else {
    print(makeSession().run(script: readStandardInput()), terminator: "")
  }
default:
  print(usage)
  exit(2)
}
