extension Stream {
  /// Doubles every value.
  public func doubled(fileID: StaticString = #fileID, line: UInt = #line) -> Stream<Int> {
    madeAt(map { $0 * 2 }, #function, fileID, line)
  }

  /// Halves every value.
  public func halved() -> Stream<Int> {
    map { $0 / 2 }
  }
}
