/// An error for tests: equatable, with a readable name.
enum TestError: Error, Equatable {
  case boom
  case other
}
