import SignalsSamples
import SignalsTestSupport
import Testing

/// The interactive demo's keys: escape sequences read whole, text once its UTF-8 is complete.
@Suite(.watchingThePool) struct TerminalKeysTests {
  func keys(_ bytes: [UInt8]) -> [TerminalKey] {
    var decoder = TerminalKeyDecoder()
    return decoder.keys(from: bytes) + decoder.flush()
  }

  /// ESC, then the bytes of `text`.
  func escape(_ text: String) -> [UInt8] { [0x1B] + Array(text.utf8) }

  @Test func arrowKeysAreOneKeyEachAndTypeNothing() {
    // The case: Left then Up after "qa" typed `qa[D[A` into the guest name.
    let typed = keys(Array("qa".utf8) + escape("[D") + escape("[A"))
    #expect(typed == [.text("q"), .text("a"), .left, .up])
    #expect(keys(escape("[B") + escape("[C")) == [.down, .right])
    #expect(keys(escape("OA") + escape("OD")) == [.up, .left])  // application cursor mode (SS3)
    #expect(keys(escape("[1;5C")) == [.right])  // Ctrl-Right: parameters are read and ignored
  }

  @Test func shiftTabIsBackTab() {
    #expect(keys(escape("[Z")) == [.backTab])
    #expect(TerminalKey.backTab.formAction == .backTab)
  }

  @Test func otherSequencesAreIgnoredWhole() {
    #expect(keys(escape("[3~") + Array("x".utf8)) == [.other, .text("x")])  // Delete
    #expect(keys(escape("[15~")) == [.other])  // F5
    #expect(keys(escape("OP")) == [.other])  // F1
    #expect(keys(escape("b")) == [.other])  // Alt-B
    #expect([TerminalKey.other, .left, .right, .escape].allSatisfy { $0.formAction == nil })
  }

  @Test func aLoneEscapeIsAKeyOnlyOnceNothingFollows() {
    var decoder = TerminalKeyDecoder()
    #expect(decoder.keys(from: [0x1B]).isEmpty)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.keys(from: [0x1B, 0x1B]) == [.escape])
    #expect(decoder.flush() == [.escape])
  }

  @Test func aSequenceSplitAcrossReadsIsStillOneKey() {
    var decoder = TerminalKeyDecoder()
    #expect(decoder.keys(from: [0x1B]).isEmpty)
    #expect(decoder.keys(from: Array("[".utf8)).isEmpty)
    #expect(decoder.keys(from: Array("D".utf8)) == [.left])
    // A sequence cut short by a control byte ends there; the byte is a key of its own.
    #expect(decoder.keys(from: escape("[1") + [9]) == [.other, .tab])
  }

  @Test func controlKeys() {
    #expect(keys([9, 13, 10, 127, 8, 3]) == [.tab, .enter, .enter, .backspace, .backspace, .interrupt])
    #expect(keys([1]) == [.other])
    #expect(TerminalKey.up.formAction == .backTab)
    #expect(TerminalKey.down.formAction == .tab)
    #expect(TerminalKey.enter.formAction == .enter)
    #expect(TerminalKey.interrupt.formAction == nil)
  }

  @Test func textIsTypedOnceItsUTF8IsComplete() {
    var decoder = TerminalKeyDecoder()
    let bytes = Array("卓é".utf8)  // 3 bytes, then 2
    #expect(decoder.keys(from: bytes.prefix(2)).isEmpty)
    #expect(decoder.keys(from: bytes.dropFirst(2)) == [.text("卓"), .text("é")])
    #expect(keys([0x80, 0x41]) == [.text("A")])  // a stray continuation byte is dropped
    #expect(keys([0xE5, 0x41]) == [.text("A")])  // so is an unfinished character
    #expect(TerminalKey.text("a").formAction == .type("a"))
  }
}
