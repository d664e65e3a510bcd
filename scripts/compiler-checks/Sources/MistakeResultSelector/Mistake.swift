import Signals

// RxSwift's label for the combining closure, kept in a port.
// expected: is unavailable: the closure's label is 'reduce:' (RxSwift's 'resultSelector:')
// not expected: fileID

func total(_ a: SignalProducer<Int, Never>, _ b: SignalProducer<Int, Never>) -> SignalProducer<Int, Never> {
  SignalProducer.combineLatest(a, b, resultSelector: +)
}
