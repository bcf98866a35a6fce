import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

/// The read path on a hot standby (issue 39): `context`, `facts search` and `mcp` given a
/// streaming standby by `--read-database` or `SPOTTER_READ_DATABASE_URL` answer as they do on
/// the primary, never write (a standby refuses any write), and `mcp` says how fresh its answer is.
@Suite("Reads on a hot standby")
struct StandbyReadTests {
    static let asOf = "2026-11-21T06:00:00Z"

    @Test("context, facts search and mcp read a streaming standby and answer as the primary does")
    func readsOnStandby() async throws {
        let pair = try await ReplicatedPostgres.start(synchronous: false)
        do {
            try await Self.readsOnStandby(pair)
        } catch {
            await pair.stop()
            throw error
        }
        await pair.stop()
    }

    static func readsOnStandby(_ pair: ReplicatedPostgres) async throws {
        let admin = try await DatabaseConnection.open(
            try DatabaseConfiguration.parse(pair.primaryURL(database: "postgres")), logger: TestDatabase.logger)
        try await admin.execute("CREATE DATABASE spotter_reads")
        await admin.close()
        let primary = pair.primaryURL(database: "spotter_reads")
        let standby = pair.standbyURL(database: "spotter_reads")
        let commands = [["migrate"], ["seed", "--users", "200", "--now", asOf], ["run", "nightly", "--as-of", asOf]]
        for arguments in commands {
            let output = try await SpotterCommand.run(arguments + ["--database", primary], timeout: .seconds(300))
            #expect(output.status == 0, "\(arguments): \(output)")
        }
        let connection = try await DatabaseConnection.open(
            try DatabaseConfiguration.parse(primary), logger: TestDatabase.logger)
        let member = try await connection.query(
            """
            SELECT f.user_id::text AS id, min(f.content) AS content FROM spotter.facts f
            JOIN spotter.users u ON u.id = f.user_id
            WHERE u.role = 'member' AND u.status = 'active'
            GROUP BY f.user_id ORDER BY count(*) DESC, f.user_id LIMIT 1
            """
        ).first
        await connection.close()
        let id = try #require(try member?.string("id"))
        let words = try #require(try member?.string("content")).split(separator: " ").prefix(2).joined(separator: " ")
        try await pair.waitForReplay()

        // The same answers from the standby as from the primary.
        let onPrimary = try await SpotterCommand.run(["context", id, "--json", "--database", primary])
        let onStandby = try await SpotterCommand.run(
            ["context", id, "--json", "--database", primary, "--read-database", standby])
        #expect(onPrimary.status == 0 && onStandby.status == 0, "\(onPrimary) \(onStandby)")
        #expect(onStandby.stdout == onPrimary.stdout && onPrimary.stdout.count > 100)
        let search = ["facts", "search", id, words, "--json", "--database", primary]
        let searchPrimary = try await SpotterCommand.run(search)
        let searchStandby = try await SpotterCommand.run(search, environment: ["SPOTTER_READ_DATABASE_URL": standby])
        #expect(searchPrimary.status == 0 && searchStandby.status == 0, "\(searchPrimary) \(searchStandby)")
        #expect(searchStandby.stdout == searchPrimary.stdout && searchPrimary.stdout.contains("content"))

        // mcp on the standby: the answer says it was read there, as of its replay time.
        let requests = MCPStdioTests.lines(
            MCPStdioTests.initialize + [
                #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"member_context","arguments":{}}}"#
            ])
        let fromStandby = try await MCPStdioTests.serve(
            requests, arguments: ["mcp", "--as-user", id, "--database", primary, "--read-database", standby])
        let fromPrimary = try await MCPStdioTests.serve(
            requests, arguments: ["mcp", "--as-user", id, "--database", primary])
        for (served, place) in [(fromStandby, "standby"), (fromPrimary, "primary")] {
            #expect(served.status == 0, "\(served.stderr)")
            let result = served.answers(id: 2).first?["result"] as? [String: Any]
            let structured = try #require(result?["structuredContent"] as? [String: Any], "\(served.answers)")
            #expect(structured["read_from"] as? String == place)
            let asOf = try #require(structured["as_of"] as? String)
            #expect(ISO8601DateFormatter().date(from: asOf) != nil, "\(asOf)")
            if place == "standby" {
                let lag = try #require(structured["replay_lag_seconds"] as? Double)
                #expect(lag >= 0 && lag < 3600, "\(lag)")
                let text = (result?["content"] as? [[String: Any]])?.first?["text"] as? String ?? ""
                #expect(text.contains("read from a standby"), "\(text)")
            } else {
                #expect(structured["replay_lag_seconds"] is NSNull, "\(structured)")
            }
            #expect(structured["person"] != nil || structured.count > 4, "\(structured)")
        }
    }

    @Test("a read-only session refuses writes and stays usable; a read-write one on a standby is dropped")
    func readOnlySessions() async throws {
        let pair = try await ReplicatedPostgres.start(synchronous: false)
        do {
            // The read path's session on the primary: writes refused, the connection kept.
            var reading = try DatabaseConfiguration.parse(pair.primaryURL(database: "postgres"))
            reading.readOnly = true
            let reader = try await DatabaseConnection.open(reading, logger: TestDatabase.logger)
            await #expect {
                try await reader.execute("CREATE TABLE written_by_a_reader (x int)")
            } throws: { error in
                (error as? DatabaseError)?.code == .readOnly
            }
            #expect(!reader.isBroken)
            #expect(try await reader.query("SELECT 1 AS one").first?.int("one") == 1)
            await reader.close()

            // A read-write session that finds itself on a standby (a primary demoted, fenced, or a
            // conninfo without target_session_attrs): the connection is dropped, so the pool's
            // next one goes to whichever server takes writes.
            let writer = try await DatabaseConnection.open(
                try DatabaseConfiguration.parse(pair.standbyURL(database: "postgres")), logger: TestDatabase.logger)
            await #expect {
                try await writer.execute("CREATE TABLE written_on_a_standby (x int)")
            } throws: { error in
                guard let error = error as? DatabaseError else { return false }
                return error.isReadOnlyServer && error.isConnectionError
            }
            #expect(writer.isBroken)
            await writer.close()
        } catch {
            await pair.stop()
            throw error
        }
        await pair.stop()
    }
}
