import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

/// Bulk insert with `copy(into:columns:rows:)`.
@Suite("Copy")
struct CopyTests {
    static let createTable: [DatabaseBackend: String] = [
        .postgres: """
        CREATE TABLE spotter.facts (id bigint PRIMARY KEY, name text, score double precision NOT NULL,
                                    active boolean, seen_at timestamptz, tags text[], doc jsonb)
        """,
        .sqlite: """
        CREATE TABLE spotter.facts (id INTEGER PRIMARY KEY, name TEXT, score REAL NOT NULL,
                                    active INTEGER, seen_at TEXT, tags TEXT, doc TEXT)
        """,
    ]

    static func prepare(_ connection: DatabaseConnection) async throws {
        if connection.backend == .postgres { try await connection.execute("CREATE SCHEMA spotter") }
        try await connection.execute(createTable[connection.backend]!)
    }

    static let base = Date(timeIntervalSince1970: 1_710_000_000.5)

    /// Row `id`, with awkward text (tabs, newlines, backslashes, `\N`) on every 1000th row.
    static func row(_ id: Int) -> [SQLValue] {
        let name: SQLValue =
            id % 1000 == 0 ? .text("tab\there\nnew\\line \\N \r end \(id)") : id % 10 == 0 ? nil : .text("user \(id)")
        return [
            .int(Int64(id)), name, .double(Double(id) * 0.25), .bool(id % 2 == 0),
            .timestamp(base.addingTimeInterval(Double(id))), .tags(["t\(id % 5)", "a,b", #"q"\"#]),
            .json(#"{"id": \#(id), "ü": "x"}"#),
        ]
    }

    static let columns = ["id", "name", "score", "active", "seen_at", "tags", "doc"]

    @Test("100,000 rows land whole", arguments: DatabaseBackend.allCases)
    func bulk(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            try await Self.prepare(connection)
            let start = ContinuousClock.now
            let written = try await connection.withTransaction(immediate: true) { session in
                try session.copy(into: "spotter.facts", columns: Self.columns, rows: (1...100_000).lazy.map(Self.row))
            }
            print("copy of 100,000 rows on \(backend): \(ContinuousClock.now - start)")
            #expect(written == 100_000)
            let summary = try #require(
                try await connection.query(
                    "SELECT count(*) AS n, sum(id) AS s, count(name) AS named FROM spotter.facts"
                ).first)
            #expect(try summary.int("n") == 100_000)
            #expect(try summary.int("s") == 100_000 * 100_001 / 2)
            #expect(try summary.int("named") == 90_100)
            for id in [1, 1000, 99_999] {
                let row = try #require(
                    try await connection.query("SELECT * FROM spotter.facts WHERE id = $1", [.int(Int64(id))]).first)
                let expected = Self.row(id)
                #expect(row["name"] == expected[1])
                #expect(try row.double("score") == Double(id) * 0.25)
                #expect(try row.bool("active") == (id % 2 == 0))
                #expect(abs(try row.date("seen_at").timeIntervalSince(Self.base.addingTimeInterval(Double(id)))) < 1e-6)
                #expect(try row.tags("tags") == ["t\(id % 5)", "a,b", #"q"\"#])
                #expect(try row.json("doc").contains("\(id)"))
            }
        }
    }

    @Test("a COPY that fails halfway leaves nothing", arguments: DatabaseBackend.allCases)
    func failure(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            try await Self.prepare(connection)
            let error = await #expect(throws: DatabaseError.self) {
                try await connection.withSession { session in
                    // Row 50,000 repeats id 1.
                    let rows = (1...100_000).lazy.map { id in Self.row(id == 50_000 ? 1 : id) }
                    try session.copy(into: "spotter.facts", columns: Self.columns, rows: rows)
                }
            }
            #expect(error?.code == .uniqueViolation)
            #expect(try await connection.query("SELECT count(*) AS n FROM spotter.facts").first?.int("n") == 0)

            // A NOT NULL violation and a row of the wrong width fail the same way.
            let nullScore = (1...10).map { id in
                id == 5 ? [.int(Int64(id)), nil, nil, nil, nil, nil, nil] : Self.row(id)
            }
            let notNull = await #expect(throws: DatabaseError.self) {
                try await connection.withSession {
                    try $0.copy(into: "spotter.facts", columns: Self.columns, rows: nullScore)
                }
            }
            #expect(notNull?.code == .constraintViolation)
            let short = await #expect(throws: DatabaseError.self) {
                try await connection.withSession {
                    try $0.copy(into: "spotter.facts", columns: Self.columns, rows: [Self.row(1), [1]])
                }
            }
            #expect(short?.code == .misuse)
            #expect(try await connection.query("SELECT count(*) AS n FROM spotter.facts").first?.int("n") == 0)
            // And the connection is still usable.
            #expect(
                try await connection.withSession {
                    try $0.copy(into: "spotter.facts", columns: Self.columns, rows: [Self.row(1)])
                } == 1)
        }
    }

    @Test("COPY rejects identifiers that are not plain names")
    func identifiers() async throws {
        try await TestDatabase.withConnection(.sqlite) { connection, _ async throws in
            let error = await #expect(throws: DatabaseError.self) {
                try await connection.withSession { try $0.copy(into: "t; DROP TABLE x", columns: ["a"], rows: [[1]]) }
            }
            #expect(error?.code == .misuse)
        }
    }
}
