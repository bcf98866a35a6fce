import Foundation
import Logging
import MCP
public import SpotterDB
public import SpotterIDs
public import SpotterJobs

/// The six tools of `spotter mcp`, without the protocol: each reads the result tables for the
/// configured person, checks every person asked about against their scope
/// (`spotter.viewer_scope`) and answers a bounded page. Errors are ``ReadScopeError``s (the
/// caller's fault) or database errors.
public struct SpotterTools: Sendable {
    let connection: DatabaseConnection
    let userID: UserID

    /// Tools answering for `userID` over `connection`.
    public init(connection: DatabaseConnection, userID: UserID) {
        self.connection = connection
        self.userID = userID
    }

    /// The tool names, in listing order.
    public static var names: [String] { ToolCatalog.tools.map(\.name) }

    /// Checks that the caller exists and is not deactivated (the server refuses to start otherwise).
    public func checkCaller() async throws -> ReadScope.Person {
        let userID = self.userID
        return try await connection.withSession { try ReadScope.load(viewer: userID, in: $0).viewer }
    }

    /// Runs tool `name` with `arguments` (already decoded JSON values); the answer says how
    /// fresh the data it read is (``Freshness``).
    func call(_ name: String, _ arguments: ToolArguments) async throws -> ToolAnswer {
        let answer = try await answer(name, arguments)
        return try answer.stamped(with: try await freshness())
    }

    /// How fresh the database read is, asked after the tool's own reads.
    func freshness() async throws -> Freshness {
        Freshness(try await connection.withSession { try ReplayFreshness.read(in: $0) })
    }

    private func answer(_ name: String, _ arguments: ToolArguments) async throws -> ToolAnswer {
        switch name {
        case ToolCatalog.memberContext: try await memberContext(arguments)
        case ToolCatalog.trainerOverview: try await trainerOverview(arguments)
        case ToolCatalog.inactiveClients: try await inactiveClients(arguments)
        case ToolCatalog.searchFacts: try await searchFacts(arguments)
        case ToolCatalog.dailySuggestion: try await dailySuggestion(arguments)
        case ToolCatalog.recommendedPrograms: try await recommendedPrograms(arguments)
        default: throw ReadScopeError(.invalidArgument, "unknown tool '\(name.prefix(60))'")
        }
    }

    /// A page's limit and offset arguments.
    static func page(_ arguments: ToolArguments, default limit: Int64, max: Int64 = ToolCatalog.maxPage) throws -> (
        limit: Int, offset: Int
    ) {
        (
            Int(try arguments.integer("limit", in: 1...max, default: limit)),
            Int(try arguments.integer("offset", in: 0...1_000_000, default: 0))
        )
    }

    /// A JSON array of strings stored in a result column (reasons).
    static func strings(_ json: String?) -> [String] {
        guard let json, let array = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any] else {
            return []
        }
        return array.compactMap { $0 as? String }
    }

    /// A JSON array of booleans (PostgreSQL true/false, SQLite 1/0).
    static func flags(_ json: String?) -> [Bool] {
        guard let json, let array = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any] else {
            return []
        }
        return array.map { ($0 as? Bool) ?? (($0 as? Int) == 1) }
    }

    static func day(_ date: Date?) -> String {
        date.map { String($0.ISO8601Format().prefix(10)) } ?? "never"
    }
}
