import Signals
import Testing

@Suite struct SmokeTests {
  @Test func pipeDeliversMappedValues() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var received: [Int] = []
    signal.map { $0 * 10 }.filter { $0 > 10 }.observeValues { received.append($0) }
    input.send(value: 1)
    input.send(value: 2)
    #expect(received == [20])
  }
}
