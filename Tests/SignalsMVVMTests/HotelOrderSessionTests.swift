import SignalsSamples
import SignalsTestSupport
import Testing

@Suite(.watchingThePool) struct HotelOrderSessionTests {
  @Test func parsesScriptLines() {
    typealias Action = FormAction
    #expect(Action(scriptLine: "type Li Lei") == .type("Li Lei"))
    #expect(Action(scriptLine: "tab") == .tab)
    #expect(Action(scriptLine: "shift-tab") == .backTab)
    #expect(Action(scriptLine: "enter") == .enter)
    #expect(Action(scriptLine: "backspace") == .backspace)
    #expect(Action(scriptLine: "focus phone") == .focus("phone"))
    #expect(Action(scriptLine: "press submit ") == .focus("submit"))
    #expect(Action(scriptLine: "press") == nil)
    #expect(Action(scriptLine: "jump") == nil)
  }

  @Test func tabCyclesThroughTheControlsAndEnterOnAFieldMovesOn() {
    let session = HotelOrderSession()
    #expect(session.focusedName == "name")
    session.perform(.enter)
    #expect(session.focusedName == "phone")
    session.perform(.tab)
    session.perform(.tab)
    #expect(session.focusedName == "submit")
    session.perform(.tab)
    #expect(session.focusedName == "name")
  }

  @Test func shiftTabAndTheArrowsMoveTheFocusBothWays() {
    let session = HotelOrderSession()
    session.perform(.backTab)
    #expect(session.focusedName == "submit")  // wraps around
    session.perform(.backTab)
    #expect(session.focusedName == "clear")
    for key in [TerminalKey.up, .up, .down] { session.perform(key.formAction!) }
    #expect(session.focusedName == "phone")
  }

  @Test func theHelpLinesNameEveryKeyTheMarksAndHelp() {
    let help = HotelOrderSession().keyHelp
    for text in [
      "Shift-Tab", "Tab", "Enter: press a button, or go to the next field", "ok = ready to submit",
      "-- = not yet", "hotel-demo --help", "Ctrl-C",
    ] {
      #expect(help.contains(text), "\(help)")
    }
    #expect(LoginSession().keyHelp.contains("hotel-demo --help"))
  }

  @Test func enterOnADisabledButtonSaysWhyUntilTheButtonIsEnabledOrTheUserMovesOn() {
    let session = LoginSession()
    session.perform(.focus("login"))
    session.perform(.enter)
    #expect(session.notice == "Log in is disabled: type a username and a password first")
    #expect(session.screen.hasSuffix("\n  ! Log in is disabled: type a username and a password first"))
    session.perform(.wait(.seconds(1)))  // time passing keeps it
    #expect(session.notice != nil)
    session.perform(.tab)
    #expect(session.notice == nil)
    #expect(session.screen == session.frame)

    let rooms = RoomListSession()
    rooms.perform(.enter)  // refresh, while the first load runs
    #expect(rooms.notice == "Refresh is disabled: the rooms are loading")
    rooms.perform(.wait(.seconds(2)))  // the load ends: the button is enabled, and the notice no longer applies
    #expect(rooms.notice == nil)
  }

  @Test func typingOnAButtonDoesNothing() {
    let session = HotelOrderSession()
    session.perform(.focus("clear"))
    session.perform(.type("x"))
    session.perform(.backspace)
    #expect(session.view.viewModel.name.text.value == nil)
    #expect(session.view.viewModel.phone.text.value == nil)
  }

  @Test func scriptedRunPrintsEveryFrame() {
    let expected = """
      --- start ---
      == Meituan Hotel ==
      > Guest: [(guest name)] --
        Phone: [(11 digits)] --
        | No guest yet for Meituan Hotel
        | Phone:
        [ Clear ]     [ Submit ]
      --- press submit ---
      == Meituan Hotel ==
        Guest: [(guest name)] --
        Phone: [(11 digits)] --
        | No guest yet for Meituan Hotel
        | Phone:
        [ Clear ]   > [ Submit ]
        ✗ Guest name must not be empty
      --- focus name ---
      == Meituan Hotel ==
      > Guest: [(guest name)] --
        Phone: [(11 digits)] --
        | No guest yet for Meituan Hotel
        | Phone:
        [ Clear ]     [ Submit ]
        ✗ Guest name must not be empty
      --- type Zhuo ---
      == Meituan Hotel ==
      > Guest: [Zhuo] ok
        Phone: [(11 digits)] --
        | Zhuo will stay at Meituan Hotel
        | Phone:
        [ Clear ]     [ Submit ]
      --- tab ---
      == Meituan Hotel ==
        Guest: [Zhuo] ok
      > Phone: [(11 digits)] --
        | Zhuo will stay at Meituan Hotel
        | Phone:
        [ Clear ]     [ Submit ]
      --- type 18610001000 ---
      == Meituan Hotel ==
        Guest: [Zhuo] ok
      > Phone: [18610001000] ok
        | Zhuo will stay at Meituan Hotel
        | Phone: 18610001000
        [ Clear ]     [ Submit ]
      --- backspace ---
      == Meituan Hotel ==
        Guest: [Zhuo] ok
      > Phone: [1861000100] --
        | Zhuo will stay at Meituan Hotel
        | Phone: 1861000100
        [ Clear ]     [ Submit ]
      --- type 0 ---
      == Meituan Hotel ==
        Guest: [Zhuo] ok
      > Phone: [18610001000] ok
        | Zhuo will stay at Meituan Hotel
        | Phone: 18610001000
        [ Clear ]     [ Submit ]
      --- press submit ---
      == Meituan Hotel ==
        Guest: [Zhuo] ok
        Phone: [18610001000] ok
        | Zhuo will stay at Meituan Hotel
        | Phone: 18610001000
        [ Clear ]   > [ Submit ]
        ✓ Booked Meituan Hotel for Zhuo, phone 18610001000
      --- press clear ---
      == Meituan Hotel ==
        Guest: [(guest name)] --
        Phone: [(11 digits)] --
        | No guest yet for Meituan Hotel
        | Phone:
      > [ Clear ]     [ Submit ]

      """
    #expect(HotelOrderSession().run(script: hotelSessionScript) == expected)
  }

  @Test func anUnknownLineIsReportedAndSkipped() {
    let output = HotelOrderSession().run(script: "dance\npress nothing\ntype Li")
    #expect(output.contains("--- dance ---\n(unknown action"))
    #expect(output.contains("--- press nothing ---\n(unknown control; expected one of name, phone, clear, submit)"))
    #expect(output.contains("> Guest: [Li] ok"))
  }
}

@Suite(.watchingThePool) struct LoginSessionTests {
  @Test func scriptedLoginPrintsEveryFrame() {
    let script = "type chris\ntab\ntype secret\npress login"
    let expected = """
      --- start ---
      == Log in ==
      > username: [(username)]
        password: [(password)]
        [ Log in ] (disabled)
      --- type chris ---
      == Log in ==
      > username: [chris]
        password: [(password)]
        [ Log in ] (disabled)
      --- tab ---
      == Log in ==
        username: [chris]
      > password: [(password)]
        [ Log in ] (disabled)
      --- type secret ---
      == Log in ==
        username: [chris]
      > password: [******]
        [ Log in ]
      --- press login ---
      == Log in ==
        username: [chris]
        password: [******]
      > [ Log in ]
        ✓ Welcome, chris! You are logged in.

      """
    #expect(LoginSession().run(script: script) == expected)
  }
}

/// A field's key hint (`(digits only)`) is about the edit in progress (issue 33): it goes when the focus leaves
/// the field, and when the form is submitted.
@Suite(.watchingThePool) struct KeyHintTests {
  @Test func aHintGoesWhenTheFocusLeavesTheField() {
    let session = HotelOrderSession()
    session.perform(.focus("phone"))
    session.perform(.type("186a"))
    #expect(session.frame.contains("> Phone: [186] -- (digits only)"))
    session.perform(.backTab)
    #expect(session.frame.contains("  Phone: [186] --\n"))
    session.perform(.focus("phone"))
    session.perform(.type("100010009"))
    #expect(session.frame.contains("> Phone: [18610001000] ok (11 digits at most)"))
    session.perform(.enter)  // Enter in a field moves on
    #expect(session.frame.contains("  Phone: [18610001000] ok\n"))
  }

  @Test func aHintGoesWhenTheFormIsSubmitted() {
    let viewModel = HotelOrderViewModel(title: "Seaside", guestName: "Ann", phone: "")
    viewModel.phone.text.value = "186a10001000"
    #expect(viewModel.phone.notice.value == "digits only")
    viewModel.submitCommand.execute()
    #expect(viewModel.phone.notice.value == nil)
    #expect(viewModel.phone.text.value == "18610001000")
  }
}
