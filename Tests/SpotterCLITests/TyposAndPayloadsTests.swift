import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

/// Issue 36 item 5: typos and payloads that do not fit their kind fail when they are typed, not
/// later (or never) at run time.
@Suite("Typos and bad payloads")
struct TyposAndPayloadsTests {
    static func migrated(_ backend: DatabaseBackend) async throws -> TestDatabase {
        let database = try await TestDatabase.make(backend)
        let output = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
        #expect(output.status == 0, "\(output)")
        return database
    }

    @Test("spotter enqueue: an unknown field, a wrong type or a malformed id is refused, naming the field")
    func enqueuePayloads() async throws {
        let database = try await Self.migrated(.sqlite)
        defer { Task { await database.drop() } }
        let refused: [(String, String, [String])] = [
            ("profile_stats", #"{"userid": 42}"#, ["unknown payload field 'userid'", "did you mean 'user_id'?"]),
            ("daily_suggestion", #"{"user_id": 42, "top": 3}"#, ["unknown payload field 'top'"]),
            ("profile_stats", #"{"user_id": ""}"#, ["field 'user_id' is invalid"]),
            ("profile_stats", #"{"user_id": true}"#, ["'user_id'"]),
            ("nightly", #"{"local_date": "2026-11-21"}"#, ["missing field 'time_zone'"]),
            ("extract_facts", #"{"conversation": 7}"#, ["did you mean 'conversation_id'?"]),
        ]
        for (kind, payload, needles) in refused {
            let output = try await SpotterCommand.run(
                ["enqueue", kind, "--payload", payload, "--database", database.databaseArgument])
            #expect(output.status == 2, "\(kind) \(payload): \(output)")
            for needle in needles { #expect(output.stderr.contains(needle), "\(needle) in \(output)") }
        }
        let accepted = try await SpotterCommand.run(
            ["enqueue", "profile_stats", "--payload", #"{"user_id": 42}"#, "--database", database.databaseArgument])
        #expect(accepted.status == 0, "\(accepted)")
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        #expect(try await connection.query("SELECT count(*) AS n FROM spotter.jobs").first?.int64("n") == 1)
    }

    @Test("spotter.enqueue refuses a payload field its kind does not read (PostgreSQL)")
    func sqlEnqueueFields() async throws {
        let database = try await Self.migrated(.postgres)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        do {
            _ = try await connection.query("SELECT spotter.enqueue('profile_stats', '{\"userid\": 42}')")
            Issue.record("a payload with 'userid' was enqueued")
        } catch let error as DatabaseError {
            #expect(error.sqlState == "22023", "\(error)")
            // (Spotter's client redacts the quoted field of a class 22 message; psql shows it.)
            #expect(error.message.contains("unknown payload field"), "\(error)")
            #expect(error.message.contains("for kind profile_stats; it takes: as_of,"), "\(error)")
            #expect(error.message.contains(" user_id, user_ids"), "\(error)")
        }
        // What the kind reads, a test kind's free-form payload and the facts trigger's shape pass.
        for statement in [
            "SELECT spotter.enqueue('profile_stats', '{\"user_id\": 42, \"as_of\": \"2026-01-01T00:00:00Z\"}')",
            "SELECT spotter.enqueue('probe', '{\"n\": 1}')",
            "SELECT spotter.enqueue('extract_facts', '{\"conversation_id\": 7}')",
        ] {
            _ = try await connection.query(statement)
        }
    }

    @Test("a payload value the product's ids cannot read fails the job at once, not five times")
    func dataErrorIsPermanent() async throws {
        let database = try await Self.migrated(.postgres)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        // Decodes (ids may be text), but the product's bigint ids cannot read it.
        let id = try #require(
            try await connection.query(
                "SELECT spotter.enqueue('profile_stats', '{\"user_id\": \"abc\"}') AS id"
            ).first?.int64("id"))
        let work = try await SpotterCommand.run(["work", "--until-empty", "--database", database.databaseArgument])
        #expect(work.status == 0, "\(work)")
        let job = try #require(
            try await connection.query("SELECT state, attempt FROM spotter.jobs WHERE id = $1", [.int(id)]).first)
        #expect(try job.string("state") != "retryable", "\(work)")
        #expect(try job.int64("attempt") == 1, "\(work)")
    }

    @Test("spotter pause: a queue no kind uses is refused with a did-you-mean")
    func pauseUnknownQueue() async throws {
        let database = try await Self.migrated(.sqlite)
        defer { Task { await database.drop() } }
        let typo = try await SpotterCommand.run(["pause", "defualt", "--database", database.databaseArgument])
        #expect(typo.status == 2, "\(typo)")
        #expect(typo.stderr.contains("unknown queue 'defualt'; did you mean 'default'?"), "\(typo)")
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        #expect(try await connection.query("SELECT count(*) AS n FROM spotter.queue_pauses").first?.int64("n") == 0)
        let real = try await SpotterCommand.run(["pause", "default", "--database", database.databaseArgument])
        #expect(real.status == 0 && real.stdout == "queue default paused\n", "\(real)")
    }

    @Test("spotter enqueue of a test kind says that only a --test-kinds worker runs it")
    func testKindNote() async throws {
        let database = try await Self.migrated(.sqlite)
        defer { Task { await database.drop() } }
        let output = try await SpotterCommand.run(["enqueue", "noop", "--database", database.databaseArgument])
        #expect(output.status == 0, "\(output)")
        #expect(output.stderr.contains("only a worker started with --test-kinds runs it"), "\(output)")
    }

    @Test("a misspelt subcommand gets a did-you-mean, not an error about the option after it")
    func subcommandTypo() async throws {
        let output = try await SpotterCommand.run(["run", "nightlly", "--database", "sqlite:/nonexistent.db"])
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("unknown command 'nightlly'; did you mean 'spotter run nightly'?"), "\(output)")
        #expect(!output.stderr.contains("--database"), "\(output)")
        let top = try await SpotterCommand.run(["migrat"])
        #expect(top.status == 2 && top.stderr.contains("did you mean 'spotter migrate'?"), "\(top)")
    }
}
