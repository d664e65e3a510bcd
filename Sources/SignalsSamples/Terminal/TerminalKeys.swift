/// A key of the interactive terminal demo, as ``TerminalKeyDecoder`` reads it from a terminal in raw mode.
public enum TerminalKey: Equatable, Sendable {
  /// A printable character (its UTF-8 bytes complete).
  case text(String)
  /// Tab.
  case tab
  /// Shift-Tab (`ESC [ Z`).
  case backTab
  /// Return or Enter.
  case enter
  /// Backspace or Delete-left.
  case backspace
  /// An arrow key (with or without modifiers).
  case up, down, left, right
  /// Escape on its own.
  case escape
  /// Ctrl-C.
  case interrupt
  /// Any other control byte or escape sequence (function keys, Home, Alt-letter, …), read whole.
  case other

  /// What the key does in a ``FormSession``: Tab and Down move to the next control, Shift-Tab and Up to the
  /// previous one, Enter presses, Backspace deletes, text types. `nil` for a key the form ignores (Left,
  /// Right, Escape and the others) and for Ctrl-C, which the demo handles by quitting.
  public var formAction: FormAction? {
    switch self {
    case .text(let text): return .type(text)
    case .tab, .down: return .tab
    case .backTab, .up: return .backTab
    case .enter: return .enter
    case .backspace: return .backspace
    case .left, .right, .escape, .interrupt, .other: return nil
    }
  }
}

/// Decodes the bytes a terminal sends in raw mode into ``TerminalKey``s.
///
/// An escape sequence is read whole, so an arrow key never types `[D` into a field: CSI sequences
/// (`ESC [`, parameter and intermediate bytes, then a final byte, as in `ESC [ 1 ; 5 C`), SS3 sequences
/// (`ESC O A`), and `ESC` followed by any other byte (Alt-letter). A character is typed once its UTF-8 bytes
/// are complete; an invalid byte is dropped. A sequence may be split across reads: the decoder keeps what it
/// has until the rest comes, and ``flush()`` ends it when no more bytes come (a lone Escape).
public struct TerminalKeyDecoder: Sendable {
  private enum State: Sendable {
    case ground
    /// After `ESC`.
    case escape
    /// After `ESC [`, until a final byte.
    case controlSequence
    /// After `ESC O`: one more byte.
    case singleShift
  }

  private var state = State.ground
  private var utf8: [UInt8] = []

  /// A decoder at the start of input.
  public init() {}

  /// The keys that `bytes` complete, in order.
  public mutating func keys(from bytes: some Sequence<UInt8>) -> [TerminalKey] {
    var keys: [TerminalKey] = []
    for byte in bytes { decode(byte, into: &keys) }
    return keys
  }

  /// Ends what is pending because no more bytes came: a lone `ESC` is ``TerminalKey/escape``, an unfinished
  /// sequence is ``TerminalKey/other``, unfinished UTF-8 is dropped.
  public mutating func flush() -> [TerminalKey] {
    defer {
      state = .ground
      utf8.removeAll()
    }
    switch state {
    case .ground: return []
    case .escape: return [.escape]
    case .controlSequence, .singleShift: return [.other]
    }
  }

  private mutating func decode(_ byte: UInt8, into keys: inout [TerminalKey]) {
    switch state {
    case .ground:
      decodeGround(byte, into: &keys)
    case .escape:
      switch byte {
      case UInt8(ascii: "["): state = .controlSequence
      case UInt8(ascii: "O"): state = .singleShift
      case 0x1B: keys.append(.escape)  // Escape pressed twice: the first one on its own, and wait again.
      default:
        state = .ground
        keys.append(.other)  // Alt with a key: ignored whole.
      }
    case .controlSequence:
      switch byte {
      case 0x20...0x3F: break  // parameter and intermediate bytes
      case 0x40...0x7E:
        state = .ground
        keys.append(Self.finalKey(byte))
      default:  // not part of a sequence: the sequence was cut short, and the byte is a key of its own
        state = .ground
        keys.append(.other)
        decodeGround(byte, into: &keys)
      }
    case .singleShift:
      state = .ground
      keys.append(Self.finalKey(byte))
    }
  }

  private mutating func decodeGround(_ byte: UInt8, into keys: inout [TerminalKey]) {
    if byte >= 0x80 {
      decodeUTF8(byte, into: &keys)
      return
    }
    utf8.removeAll()  // an ASCII byte ends any unfinished character
    switch byte {
    case 0x1B: state = .escape
    case 3: keys.append(.interrupt)
    case 9: keys.append(.tab)
    case 10, 13: keys.append(.enter)
    case 8, 127: keys.append(.backspace)
    case 0x20...0x7E: keys.append(.text(String(UnicodeScalar(byte))))
    default: keys.append(.other)
    }
  }

  private mutating func decodeUTF8(_ byte: UInt8, into keys: inout [TerminalKey]) {
    let isContinuation = byte & 0xC0 == 0x80
    if utf8.isEmpty && isContinuation { return }  // a stray continuation byte
    if !utf8.isEmpty && !isContinuation { utf8.removeAll() }  // a new character before the last one ended
    utf8.append(byte)
    let lead = utf8[0]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    guard utf8.count == length else { return }
    defer { utf8.removeAll() }
    var decoder = UTF8()
    var iterator = utf8.makeIterator()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { keys.append(.text(String(scalar))) }
  }

  private static func finalKey(_ byte: UInt8) -> TerminalKey {
    switch byte {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "Z"): return .backTab
    default: return .other
    }
  }
}
