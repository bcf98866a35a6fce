/// One PostgreSQL NOTIFY as received by a ``DatabaseListener``.
public struct DatabaseNotification: Sendable, Hashable {
    /// The channel it was sent on.
    public var channel: String
    /// The payload (empty when none was given).
    public var payload: String
    /// The server process id of the session that sent it.
    public var processID: Int32

    /// A notification value.
    public init(channel: String, payload: String, processID: Int32) {
        self.channel = channel
        self.payload = payload
        self.processID = processID
    }
}
