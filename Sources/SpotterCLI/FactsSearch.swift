import ArgumentParser
import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterRendering

/// `spotter facts search USER QUERY`: ranked facts, current and superseded, with quoted sources.
struct FactsSearch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search what people said: ranked facts with tense, dates and the quoted source message.",
        discussion: """
            USER is who asks: a member or client searches their own facts; a trainer searches all of \
            their clients ("Who mentioned a shoulder injury?"), or one with --client. Current and \
            superseded facts are both found; for the same words a current fact ranks above a superseded \
            one. Facts whose every source message was deleted are not found, and deleted messages are \
            never quoted. PostgreSQL: spotter.search_facts (english stemming); SQLite: FTS5 (porter).
            """)

    @OptionGroup var options: GlobalOptions

    @OptionGroup var reading: ReadDatabaseOptions

    @Argument(help: "The user id of who asks.")
    var user: String

    @Argument(help: "The question or words, e.g. \"What did John say about his knee?\".")
    var query: String

    @Option(help: "Only this client (a trainer's) or yourself.")
    var client: UserID?

    @Option(help: "Hits printed (1…\(FactSearch.maxLimit)).")
    var limit: Int = 10

    @Option(help: "Hits skipped (paging).")
    var offset: Int = 0

    @Flag(help: "Print the hits as a JSON array.")
    var json = false

    func validate() throws {
        guard (1...FactSearch.maxLimit).contains(limit) else {
            throw ValidationError("--limit must be between 1 and \(FactSearch.maxLimit)")
        }
        guard offset >= 0 else { throw ValidationError("--offset must be ≥ 0") }
    }

    func run() async throws {
        let userID = try userID(argument: user)
        let logger = try options.makeLogger()
        let connection = try await reading.connect(options, logger: logger)
        let (query, client, limit, offset) = (self.query, self.client, self.limit, self.offset)
        try await requireUserIDs([("USER", userID)] + (client.map { [("--client", $0)] } ?? []), in: connection)
        let hits: [FactHit]
        do {
            hits = try await connection.withSession {
                try FactSearch.search(
                    viewer: userID, query: query, client: client, limit: limit, offset: offset, in: $0)
            }
        } catch let error as ReadScopeError {
            await connection.close()
            throw CommandFailure(message: error.message)
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
        if json {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(hits), as: UTF8.self))
            return
        }
        print(FactHitText.render(hits, query: query, offset: offset), terminator: "")
    }
}
