// A program that runs no tests and calls SignalsTesting's expectations: XCTestFailureTests runs it, and checks
// that a right expectation passes and a wrong one stops it, saying why, rather than pass unseen.
import Signals
import SignalsTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let recorder = TestRecorder(SignalProducer<Int, Never>(values: 1, 2))
recorder.expect(values: [1, 2])
print("a right expectation passed")
fflush(nil)  // every stream: the next line stops the program
recorder.expect(values: [1, 3])
print("a wrong expectation passed")
