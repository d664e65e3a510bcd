#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The identity of a thread, for telling "the thread delivering this change" from any other.
///
/// The property graph needs it in two places: a binding that sets a property whose change is still being
/// delivered *on the same thread* has come back around a cycle (a set from another thread is just a
/// concurrent set), and a transaction or a propagation that owns part of the graph must recognise its own
/// thread. Thread-local storage (``ThreadSlot``) is kept for the paths that need more than the identity.
@usableFromInline
typealias ThreadID = UInt

/// The identity of the calling thread; unique among the threads running now.
@inlinable @inline(__always)
func currentThreadID() -> ThreadID {
  #if canImport(Darwin)
  UInt(bitPattern: pthread_self())
  #else
  UInt(pthread_self())
  #endif
}

/// A pointer-sized slot per thread, for state that belongs to the calling thread only (an open transaction).
///
/// A thin wrapper over a POSIX thread-specific key.
@usableFromInline
struct ThreadSlot: @unchecked Sendable {
  @usableFromInline let key: pthread_key_t

  @usableFromInline
  init() {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed: \(status)")
    self.key = key
  }

  /// A slot whose value, when set, is a retained object: released when its thread ends.
  @usableFromInline
  init(releasingObjects _: Bool) {
    var key = pthread_key_t()
    #if canImport(Darwin)
    let status = pthread_key_create(&key) { pointer in Unmanaged<AnyObject>.fromOpaque(pointer).release() }
    #else
    let status = pthread_key_create(&key) { pointer in
      guard let pointer else { return }
      Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
    #endif
    precondition(status == 0, "pthread_key_create failed: \(status)")
    self.key = key
  }

  @usableFromInline
  var value: UnsafeMutableRawPointer? {
    get { pthread_getspecific(key) }
    nonmutating set { pthread_setspecific(key, newValue) }
  }
}
