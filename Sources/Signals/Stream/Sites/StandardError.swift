#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The debugging aids' output: standard error, one line at a time, each written straight to the file
/// descriptor (no buffer), so that the lines written before a crash are not lost.
enum StandardError {
  /// Writes `line` and a newline, in one `write` call.
  static func writeLine(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }
}
