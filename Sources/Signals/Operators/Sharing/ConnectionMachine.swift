/// The state machine of `share()` and `share(replay:)`: the one connection to the source that the starts of
/// the result share while at least one of them is attached.
///
/// - Idle: no connection. The next start *connects*: it makes a new connection, with a new id.
/// - Connected: a connection and how many starts are attached to it. A start *joins* it; a start that leaves
///   lowers the count, and the last one out *disconnects* it. When the source of the connection ends, the
///   machine goes back to idle at once, so that the next start connects anew.
///
/// Each call names the connection by its id: a start of an old connection that leaves after a new one was
/// made changes nothing. The machine only decides: what to connect, join or drop is done by the operator,
/// after its lock (so it is tested without threads or sources).
struct ConnectionMachine<Connection> {
  /// The connection, while there is one.
  private(set) var current: (id: Int, connection: Connection, starts: Int)?
  private var nextID = 0

  /// What a new start does.
  enum Join {
    /// Join the connection with this id.
    case join(id: Int, Connection)
    /// Make the connection with this id: start the source.
    case connect(id: Int, Connection)
  }

  /// A start arrives: it joins the current connection, or connects a new one made by `make`.
  mutating func join(making make: () -> Connection) -> Join {
    if var current {
      current.starts += 1
      self.current = current
      return .join(id: current.id, current.connection)
    }
    let id = nextID
    nextID += 1
    let connection = make()
    current = (id, connection, 1)
    return .connect(id: id, connection)
  }

  /// A start of connection `id` left; returns the connection to disconnect if it was the last one.
  mutating func leave(_ id: Int) -> Connection? {
    guard var current, current.id == id else { return nil }
    guard current.starts > 0 else {
      preconditionFailure("Internal inconsistency: a start left a connection that had none")
    }
    current.starts -= 1
    guard current.starts == 0 else {
      self.current = current
      return nil
    }
    self.current = nil
    return current.connection
  }

  /// The source of connection `id` ended; returns the connection, now dropped, if it was the current one.
  mutating func end(_ id: Int) -> Connection? {
    guard let current, current.id == id else { return nil }
    self.current = nil
    return current.connection
  }
}
