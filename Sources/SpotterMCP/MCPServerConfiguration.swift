public import SpotterIDs

/// How `spotter mcp` runs: who it speaks for. Built once from the command line.
public struct MCPServerConfiguration: Sendable {
    /// The person every tool answers for (`--as-user`): themselves and, for a trainer, their
    /// clients. No default: the server refuses to start without one.
    public var userID: UserID
    /// The name the server gives in its `initialize` answer. Default `spotter`.
    public var serverName: String
    /// The version it reports: the binary's own (what `spotter --version` prints). No default,
    /// so that no server announces a version of its own making.
    public var serverVersion: String

    /// A configuration for `userID`, reporting `serverVersion`.
    public init(userID: UserID, serverName: String = "spotter", serverVersion: String) {
        self.userID = userID
        self.serverName = serverName
        self.serverVersion = serverVersion
    }
}
