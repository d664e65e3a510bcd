import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// The ways users write a command, with no declared type to guide the compiler: each must compile, without
/// ambiguity, to the form its closure means. A closure returning a producer is producer work; any other
/// closure is synchronous work.
@Suite(.watchingThePool) struct CommandSpellingTests {
  /// The static type the compiler chose.
  private func typeOf<T>(_: T) -> T.Type { T.self }

  private func refresh() -> SignalProducer<[String], Never> { SignalProducer(value: ["a", "b"]) }

  @Test func aVoidClosureReturningAProducerIsProducerWork() {
    let command = Command { (_: Void) in SignalProducer<Int, Never>(values: 1, 2) }
    #expect(typeOf(command) == Command<Void, Int, Never>.self)
    #expect(TestRecorder(command.apply()).descriptions == ["1", "2", "completed"])
  }

  @Test func aVoidClosureCallingAFunctionThatReturnsAProducerIsProducerWork() {
    let command = Command { (_: Void) in self.refresh() }
    #expect(typeOf(command) == Command<Void, [String], Never>.self)
    #expect(TestRecorder(command.apply()).descriptions == ["[\"a\", \"b\"]", "completed"])
  }

  @Test func aVoidClosureWithItsReturnTypeWrittenIsProducerWork() {
    let command = Command { (_: Void) -> SignalProducer<Int, TestError> in SignalProducer(error: .boom) }
    #expect(typeOf(command) == Command<Void, Int, TestError>.self)
    #expect(TestRecorder(command.apply()).error == .failed(.boom))
  }

  @Test func aClosureOfAnInputReturningAProducerIsProducerWork() {
    let command = Command { (id: Int) in SignalProducer<String, TestError>(value: "item \(id)") }
    #expect(typeOf(command) == Command<Int, String, TestError>.self)
    #expect(TestRecorder(command.apply(7)).descriptions == ["item 7", "completed"])
  }

  @Test func producerWorkWithEnabledIfAndAPolicy() {
    let gate = MutableProperty(false)
    let command = Command(policy: .concurrent, enabledIf: gate) { (_: Void) in SignalProducer<Int, Never>(value: 1) }
    #expect(typeOf(command) == Command<Void, Int, Never>.self)
    #expect(TestRecorder(command.apply()).error == .disabled)
    gate.value = true
    #expect(TestRecorder(command.apply()).descriptions == ["1", "completed"])
  }

  @Test func aVoidClosureReturningAValueIsSynchronousWork() {
    let command = Command { (_: Void) in 42 }
    #expect(typeOf(command) == Command<Void, Int, Never>.self)
    #expect(TestRecorder(command.apply()).descriptions == ["42", "completed"])
  }

  @Test func aVoidClosureReturningNothingIsSynchronousWork() {
    let ran = Box(0)
    let empty = Command { (_: Void) in }
    let counting = Command { (_: Void) in ran.value += 1 }
    #expect(typeOf(empty) == Command<Void, Void, Never>.self)
    #expect(typeOf(counting) == Command<Void, Void, Never>.self)
    empty.execute()
    counting.execute()
    #expect(ran.value == 1)
  }

  @Test func aThrowingClosureIsSynchronousWorkFailingWithItsError() {
    let command = Command { (_: Void) throws(TestError) -> Int in throw .boom }
    #expect(typeOf(command) == Command<Void, Int, TestError>.self)
    #expect(TestRecorder(command.apply()).error == .failed(.boom))
  }

  @Test func theLabelsChooseTheFormWhateverTheClosureReturns() {
    let producerWork = Command(execute: { (_: Void) in SignalProducer<Int, Never>(value: 1) })
    let producerOutput = Command(work: { (_: Void) in SignalProducer<Int, Never>(value: 1) })
    #expect(typeOf(producerWork) == Command<Void, Int, Never>.self)
    #expect(typeOf(producerOutput) == Command<Void, SignalProducer<Int, Never>, Never>.self)
    #expect(TestRecorder(producerOutput.apply()).values.count == 1)
  }

  @Test func aDeclaredTypeStillChoosesByWhatTheClosureReturns() {
    let producerWork = Command<Void, String, Never> { SignalProducer(value: "a") }
    let synchronousWork = Command<Void, String, Never> { "b" }
    #expect(TestRecorder(producerWork.apply()).descriptions == ["a", "completed"])
    #expect(TestRecorder(synchronousWork.apply()).descriptions == ["b", "completed"])
  }
}
