import SignalsSamples

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The hotel order form in a terminal: headless controls bound to the real view models.
//
//   swift run hotel-demo                      interactive: type, Tab, Enter on Clear or Submit; q or Ctrl-C quits
//   swift run hotel-demo --script FILE        one action per line; prints every frame as plain text
//   echo "type Zhuo" | swift run hotel-demo   stdin that is not a terminal is read as a script
//   swift run hotel-demo --login ...          the login sample instead, with the same options
//   swift run hotel-demo --rooms ...          the room list: cached rooms at once, the network's after 2 s

let usage = """
  usage: hotel-demo [--login | --rooms] [--script FILE | --script -]
    --login   the login form instead of the hotel order form
    --rooms   the room list: saved rooms at once, then the network's after 2 s; `network` switches the fake
              network between answering and failing, `refresh` loads again (disabled while loading)
  Script actions, one per line: type <text>, backspace, tab, enter, focus <control>, press <button>,
  wait <seconds> (lets the demo's clock run; interactively, time passes by itself)
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

/// Runs the form interactively, in raw mode, until `q` on a button, Ctrl-C or end of input. Between keys the
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
    print(session.frame.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n"))
    print("\r\nTab: next   Enter: press   Backspace: delete   q (on a button) or Ctrl-C: quit\r")
  }
  draw()
  var pending: [UInt8] = []
  var lastTick = ContinuousClock.now
  while true {
    // Waits up to 100 ms for a key, then lets the real time that passed run on the form's clock.
    var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    let ready = poll(&input, 1, 100)
    let shown = session.frame
    let now = ContinuousClock.now
    session.perform(.wait(now - lastTick))
    lastTick = now
    guard ready > 0 else {
      if session.frame != shown { draw() }
      continue
    }
    var byte: UInt8 = 0
    guard read(STDIN_FILENO, &byte, 1) == 1 else { break }
    switch byte {
    case 3: return  // Ctrl-C
    case 9: session.perform(.tab)
    case 10, 13: session.perform(.enter)
    case 8, 127: session.perform(.backspace)
    case 27: continue  // escape sequences (arrows) are ignored
    case UInt8(ascii: "q") where session.isButtonFocused: return
    case 32...126, 0x80...0xFF:
      pending.append(byte)
      // Types a character once its UTF-8 bytes are complete.
      let text = String(decoding: pending, as: UTF8.self)
      guard !text.contains("\u{FFFD}") else { continue }
      pending.removeAll()
      session.perform(.type(text))
    default: continue
    }
    draw()
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
