import BenchSupport

#if canImport(Glibc)
import Glibc
#endif

/// The frames on the stack between a send and the observer that receives the value.
///
/// How it is taken (see W1): in one `@inline(never)` function, the observer's closure calls
/// ``stackAddresses()`` and the function itself calls it right before the send. Both stacks share everything
/// from that function outwards, so the difference in length is exactly the frames that the send path adds —
/// from the library's send down to the observer's own closure, both included. A frame the optimiser inlined
/// away is not on the stack and is not counted: this is what a debugger's backtrace would show.
struct FrameProbe {
  /// Frames from the send (inclusive) to the observer's closure (inclusive).
  let depth: Int
  /// Their symbols, innermost (the observer) first; mangled Swift names, `swift demangle` reads them.
  let symbols: [String]

  init(observed: [UnsafeMutableRawPointer?], baseline: [UnsafeMutableRawPointer?]) {
    depth = observed.count - baseline.count
    guard depth > 0, observed.count > depth else {
      symbols = []
      return
    }
    // observed[0] is inside stackAddresses; the next `depth` entries are the observer up to the send.
    let frames = Array(observed[1...depth])
    var symbols: [String] = []
    frames.withUnsafeBufferPointer { buffer in
      guard let names = backtrace_symbols(buffer.baseAddress!, Int32(buffer.count)) else { return }
      for index in 0..<buffer.count {
        symbols.append(names[index].map { String(cString: $0) } ?? "?")
      }
      free(names)
    }
    self.symbols = symbols
  }
}

/// The return addresses on the stack now, innermost first, this function's own frame included.
@inline(never)
func stackAddresses() -> [UnsafeMutableRawPointer?] {
  var buffer = [UnsafeMutableRawPointer?](repeating: nil, count: 512)
  let count = buffer.withUnsafeMutableBufferPointer { Int(backtrace($0.baseAddress!, 512)) }
  return Array(buffer.prefix(count))
}
