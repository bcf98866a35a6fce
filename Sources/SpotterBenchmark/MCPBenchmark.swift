import ArgumentParser
import Foundation
import SpotterDB
import SpotterIDs

/// `spotter-bench mcp`: latency of each `spotter mcp` tool, end to end: a real `spotter mcp`
/// process over stdio (JSON-RPC lines, as an assistant speaks it), on a seeded PostgreSQL
/// database whose nightly results exist. Prints p50, p99 and max per caller and tool.
struct MCPBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Latency per spotter mcp tool (p50/p99) on a seeded database (target p99 < 50 ms).",
        discussion: """
            Seeds --users when the database is empty; the result tables must be computed first \
            (`spotter run nightly --database …`). Speaks for the trainer with the most clients, and for a \
            member, each through its own `spotter mcp` process; each call is timed from writing the \
            request to reading its answer.
            """)

    @OptionGroup var database: SeededDatabaseOptions

    @Option(help: "Timed calls per tool (after --warmup untimed ones).")
    var calls = 200

    @Option(help: "Untimed calls per tool first.")
    var warmup = 10

    @OptionGroup var spotter: SpotterExecutable

    func run() async throws {
        let logger = database.logger()
        let configuration = try database.configuration()
        guard configuration.backend == .postgres else { throw ValidationError("spotter-bench mcp needs PostgreSQL") }
        let connection = try await DatabaseConnection.open(configuration, logger: logger)
        try await database.prepare(connection, logger: logger)
        let cast = try await MCPBenchCast.pick(connection)
        await connection.close()
        let executable = try spotter.path()
        guard let url = database.url else { throw ValidationError("--database or DATABASE_URL is required") }
        print(
            "users \(cast.users); trainer \(cast.trainer) with \(cast.clients.count) clients; member \(cast.member); \(calls) calls per tool after \(warmup) warm-up"
        )
        var table = FigureTable(["caller", "tool", "calls", "p50 ms", "p99 ms", "max ms", "bytes/answer"])
        for (caller, plan) in [("trainer", cast.trainerPlan()), ("member", cast.memberPlan())] {
            let user = caller == "trainer" ? cast.trainer : cast.member
            let figures = try await MCPStdioClient.measure(
                executable: executable, arguments: ["mcp", "--as-user", "\(user)", "--database", url], plan: plan,
                calls: calls, warmup: warmup)
            for figure in figures {
                table.add([
                    caller, figure.tool, "\(figure.durations.count)", Self.ms(figure.percentile(0.50)),
                    Self.ms(figure.percentile(0.99)), Self.ms(figure.durations.max() ?? 0),
                    "\(figure.bytes / max(1, figure.durations.count))",
                ])
            }
        }
        print(table.text)
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.2f", seconds * 1000) }
}

/// Who the benchmark speaks for and what it asks.
struct MCPBenchCast {
    var users: Int
    var trainer: UserID
    var clients: [UserID]
    var member: UserID
    static let queries = [
        "knee", "Who mentioned a shoulder injury?", "What did they say about sleep?", "back pain", "wants to run",
        "vegan", "allergic", "works night shifts",
    ]

    static func pick(_ connection: DatabaseConnection) async throws -> MCPBenchCast {
        let users = try await connection.query("SELECT count(*) AS n FROM spotter.users")[0].int("n")
        let results = try await connection.query("SELECT count(*) AS n FROM spotter.profile_stats")[0].int("n")
        guard results > 0 else {
            throw BenchmarkError("no results yet: run `spotter run nightly --database …` on this database first")
        }
        guard
            let trainer = try await connection.query(
                """
                SELECT trainer_id FROM spotter.trainer_clients GROUP BY trainer_id ORDER BY count(*) DESC, trainer_id LIMIT 1
                """
            ).first?.id("trainer_id", as: UserID.self),
            let member = try await connection.query(
                """
                SELECT u.id FROM spotter.users u WHERE u.role = 'member' AND u.status = 'active'
                ORDER BY (SELECT count(*) FROM spotter.facts f WHERE f.user_id = u.id) DESC, u.id LIMIT 1
                """
            ).first?.id("id", as: UserID.self)
        else { throw BenchmarkError("the database has no trainer with clients or no member") }
        let clients = try await connection.query(
            """
            SELECT tc.client_id FROM spotter.trainer_clients tc
            JOIN spotter.users u ON u.id = tc.client_id AND u.status <> 'deactivated'
            WHERE tc.trainer_id = \(id: trainer) ORDER BY tc.client_id
            """
        ).map { try $0.id("client_id", as: UserID.self) }
        return MCPBenchCast(users: users, trainer: trainer, clients: clients, member: member)
    }

    /// Per tool, the arguments of call `i`.
    typealias Plan = [(tool: String, arguments: (Int) -> [String: Any])]

    /// An id as a JSON argument: a number for integer ids, else a string.
    static func json(_ id: UserID) -> Any { id.integer.map { $0 as Any } ?? id.text }

    func trainerPlan() -> Plan {
        let clients = self.clients
        func client(_ i: Int) -> Any { Self.json(clients[i % clients.count]) }
        return [
            ("member_context", { ["client": client($0)] }),
            ("trainer_overview", { _ in [:] }),
            ("inactive_clients", { ["days": 7, "by": ["both", "messages", "workouts"][$0 % 3]] }),
            ("search_facts", { ["query": Self.queries[$0 % Self.queries.count]] }),
            ("daily_suggestion", { ["client": client($0)] }),
            ("recommended_programs", { ["client": client($0), "limit": 5] }),
        ]
    }

    func memberPlan() -> Plan {
        let member = self.member
        return [
            ("member_context", { _ in [:] }),
            ("search_facts", { ["query": Self.queries[$0 % Self.queries.count]] }),
            ("daily_suggestion", { _ in ["client": Self.json(member)] }),
            ("recommended_programs", { _ in ["client": Self.json(member), "limit": 5] }),
        ]
    }
}
