import Signals
import SignalsSamples
import SignalsTestSupport
import Testing

@Suite(.watchingThePool) struct RoomListSessionTests {
  @Test func waitLinesTakeSecondsAndFractionsOfThem() {
    #expect(FormAction(scriptLine: "wait 2") == .wait(.seconds(2)))
    #expect(FormAction(scriptLine: "wait 0.25") == .wait(.milliseconds(250)))
    #expect(FormAction(scriptLine: "wait") == nil)
    #expect(FormAction(scriptLine: "wait -1") == nil)
    #expect(FormAction(scriptLine: "wait soon") == nil)
  }

  @Test func aFormWithoutAClockIgnoresWaiting() {
    let output = LoginSession().run(script: "type chris\nwait 5")
    #expect(
      output.hasSuffix(
        "--- wait 5 ---\n== Log in ==\n> username: [chris]\n  password: [(password)]\n  [ Log in ] (disabled)\n"))
  }

  @Test func scriptedRunShowsSavedRoomsThenFreshOnesThenAnErrorThatKeepsThem() {
    let script = """
      press refresh
      wait 2
      press network
      press refresh
      wait 2
      """
    let expected = """
      --- start ---
      == Meituan Hotel: rooms ==
        Loading… (showing saved rooms)
        | Standard King    ¥388 a night
        | Deluxe Twin      ¥458 a night
        | Garden Suite     ¥888 a night
      > [ Refresh ] (disabled)     [ Network: online ]
        network: request
      --- press refresh ---
      == Meituan Hotel: rooms ==
        Loading… (showing saved rooms)
        | Standard King    ¥388 a night
        | Deluxe Twin      ¥458 a night
        | Garden Suite     ¥888 a night
      > [ Refresh ] (disabled)     [ Network: online ]
        network: request
        ! Refresh is disabled: the rooms are loading
      --- wait 2 ---
      == Meituan Hotel: rooms ==
        Up to date
        | Standard King    ¥368 a night
        | Deluxe Twin      ¥458 a night
        | Family Room      ¥528 a night
        | Garden Suite     ¥928 a night
      > [ Refresh ]     [ Network: online ]
        network: request, answer
      --- press network ---
      == Meituan Hotel: rooms ==
        Up to date
        | Standard King    ¥368 a night
        | Deluxe Twin      ¥458 a night
        | Family Room      ¥528 a night
        | Garden Suite     ¥928 a night
        [ Refresh ]   > [ Network: offline ]
        network: request, answer
      --- press refresh ---
      == Meituan Hotel: rooms ==
        Loading… (showing saved rooms)
        | Standard King    ¥368 a night
        | Deluxe Twin      ¥458 a night
        | Family Room      ¥528 a night
        | Garden Suite     ¥928 a night
      > [ Refresh ] (disabled)     [ Network: offline ]
        network: request, answer, request
      --- wait 2 ---
      == Meituan Hotel: rooms ==
        Saved rooms, not up to date
        | Standard King    ¥368 a night
        | Deluxe Twin      ¥458 a night
        | Family Room      ¥528 a night
        | Garden Suite     ¥928 a night
      > [ Refresh ]     [ Network: offline ]
        ✗ The network is unreachable
        network: request, answer, request, failure

      """
    #expect(RoomListSession().run(script: script) == expected)
  }

  @Test func theNetworkAnswersOnlyOnceItsLatencyHasPassed() {
    let session = RoomListSession(latency: .milliseconds(1500))
    session.perform(.wait(.milliseconds(1499)))
    #expect(session.api.activity == [.started])
    session.perform(.wait(.milliseconds(1)))
    #expect(session.api.activity == [.started, .answered])
    #expect(session.cache.rooms == RoomListSession.todaysRooms)
  }
}
