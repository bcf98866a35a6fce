import ArgumentParser
import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterMCP

/// `spotter mcp --as-user ID`: the Model Context Protocol server over stdio.
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve Spotter's results to an AI assistant as Model Context Protocol tools (stdio, read-only).",
        discussion: """
            Speaks for one person: every tool answers only about --as-user and, for a trainer, their own \
            clients. Tools: \(SpotterTools.names.joined(separator: ", ")). JSON-RPC on standard input and \
            output; logs go to standard error. Connect with a least-privilege login role in spotter_reader \
            (see `spotter migrate --roles`); the server never writes.
            """)

    @OptionGroup var options: GlobalOptions

    @OptionGroup var reading: ReadDatabaseOptions

    @Option(name: .customLong("as-user"), help: "The user id the server speaks for.")
    var asUser: UserID

    func run() async throws {
        let logger = try options.makeLogger(label: "spotter.mcp")
        let connection = try await reading.connect(options, logger: logger)
        try await requireUserIDs([("--as-user", asUser)], in: connection)
        let server = SpotterMCPServer(
            configuration: MCPServerConfiguration(userID: asUser, serverVersion: SpotterVersion.current),
            connection: connection, logger: logger)
        do {
            try await server.run()
        } catch let error as ReadScopeError {
            await connection.close()
            throw CommandFailure(message: "--as-user: \(error.message)", exitCode: 2)
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
    }
}
