/// A room the hotel offers, as the room list shows it.
public struct Room: Equatable, Sendable {
  /// The room's name, such as `"Standard King"`.
  public let name: String
  /// The price of one night, in yuan.
  public let pricePerNight: Int

  /// A room called `name` at `pricePerNight` yuan a night.
  public init(name: String, pricePerNight: Int) {
    self.name = name
    self.pricePerNight = pricePerNight
  }

  /// The room as one line of the list: its name, then its price, e.g. `"Standard King    ¥388 a night"`.
  public var listing: String {
    name + String(repeating: " ", count: max(1, 17 - name.count)) + "¥\(pricePerNight) a night"
  }
}

/// The rooms a ``RoomRepository`` sends, and where they come from.
public struct RoomList: Equatable, Sendable {
  /// Where a list of rooms comes from.
  public enum Source: Equatable, Sendable {
    /// The cache: what the network said last time, shown at once.
    case cache
    /// The network: fresh.
    case network
  }

  /// The rooms, in the order to show them.
  public let rooms: [Room]
  /// Where they come from.
  public let source: Source

  /// `rooms`, from `source`.
  public init(rooms: [Room], source: Source) {
    self.rooms = rooms
    self.source = source
  }
}

/// Why the network could not answer, with the message to show.
public enum NetworkError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The network cannot be reached: no connection, or the server is down.
  case unreachable
  /// The server answered with an error status, such as 503.
  case server(status: Int)

  /// The message to show the user.
  public var message: String {
    switch self {
    case .unreachable: return "The network is unreachable"
    case .server(let status): return "The server failed with status \(status)"
    }
  }

  /// The message.
  public var description: String { message }
}
