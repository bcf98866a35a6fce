import Foundation
import SpotterCalendar
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

/// Records: `Codable` values whose coding keys are the columns, written with
/// `copy(into:records:)` and read back by name with `Row.decode`.
@Suite("Records")
struct RecordTests {
    enum Trend: String, Codable { case rising, falling }

    /// One property of every kind a result table holds.
    struct Sample: Codable, Equatable {
        var id: Int64
        var name: String
        var note: String?
        var count: Int
        var missing: Int?
        var score: Double
        var average: Double?
        var active: Bool
        var seen_at: Date
        var last_at: Date?
        var reasons: [String]
        var days: [Bool]
        var local_date: LocalDate
        var trend: Trend?
    }

    static let createTable: [DatabaseBackend: String] = [
        .postgres: """
        CREATE TABLE samples (id bigint PRIMARY KEY, name text NOT NULL, note text, count integer NOT NULL,
                              missing integer, score double precision NOT NULL, average double precision,
                              active boolean NOT NULL, seen_at timestamptz NOT NULL, last_at timestamptz,
                              reasons jsonb NOT NULL, days jsonb NOT NULL, local_date date NOT NULL, trend text,
                              extra text DEFAULT 'x')
        """,
        .sqlite: """
        CREATE TABLE samples (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT, count INTEGER NOT NULL,
                              missing INTEGER, score REAL NOT NULL, average REAL, active INTEGER NOT NULL,
                              seen_at TEXT NOT NULL, last_at TEXT, reasons TEXT NOT NULL, days TEXT NOT NULL,
                              local_date TEXT NOT NULL, trend TEXT, extra TEXT DEFAULT 'x')
        """,
    ]

    static let seen = Date(timeIntervalSince1970: 1_710_000_000.25)

    static let samples = [
        Sample(
            id: 1, name: "Ana \"quoted\" \\ tab\t", note: "héllo 😀", count: 3, missing: 7, score: 4.25,
            average: 2.5, active: true, seen_at: seen, last_at: seen.addingTimeInterval(-60),
            reasons: ["fits 60 minutes", "a, b", #"q"\"#], days: [true, false, true, false, false, false, false],
            local_date: LocalDate(iso: "2026-11-21")!, trend: .rising),
        Sample(
            id: 2, name: "Lee", note: nil, count: 0, missing: nil, score: -1, average: nil, active: false,
            seen_at: seen, last_at: nil, reasons: [], days: [], local_date: LocalDate(iso: "2024-02-29")!, trend: nil),
    ]

    @Test("the columns are the coding keys, nil is NULL, arrays are JSON")
    func encoding() throws {
        let rows = try EncodedRows(Self.samples)
        #expect(
            rows.columns == [
                "id", "name", "note", "count", "missing", "score", "average", "active", "seen_at", "last_at",
                "reasons", "days", "local_date", "trend",
            ])
        #expect(rows.values[1][2] == .null)
        #expect(rows.values[1][13] == .null)
        #expect(rows.values[0][8] == .timestamp(Self.seen))
        #expect(rows.values[0][11] == .json("[true,false,true,false,false,false,false]"))
        #expect(rows.values[0][12] == .text("2026-11-21"))
        #expect(rows.values[0][13] == .text("rising"))
        #expect(try EncodedRows([Sample]()).columns.isEmpty)
    }

    /// An optional of every primitive type `encodeIfPresent` has an overload for, and two others.
    struct Optionals: Codable {
        var bool: Bool?, text: String?, double: Double?, float: Float?, int: Int?, int8: Int8?, int16: Int16?
        var int32: Int32?, int64: Int64?, uint: UInt?, uint8: UInt8?, uint16: UInt16?, uint32: UInt32?
        var uint64: UInt64?, user: UserID?, at: Date?
    }

    @Test("an optional column is its value's column as the plain type writes it, or NULL")
    func optionalValues() throws {
        let full = Optionals(
            bool: true, text: "t", double: 1.5, float: 2.5, int: -3, int8: -4, int16: 5, int32: -6, int64: 1 << 40,
            uint: 7, uint8: 8, uint16: 9, uint32: 10, uint64: 11, user: 42, at: Self.seen)
        let empty = Optionals()
        let rows = try EncodedRows([full, empty])
        #expect(
            rows.values[0] == [
                .bool(true), .text("t"), .double(1.5), .double(2.5), .int(-3), .int(-4), .int(5), .int(-6),
                .int(1 << 40), .int(7), .int(8), .int(9), .int(10), .int(11), SQLValue(UserID(42)),
                .timestamp(Self.seen),
            ])
        #expect(rows.values[1] == Array(repeating: .null, count: 16))
        var beyond = empty
        beyond.uint64 = .max
        #expect(throws: EncodingError.self) { try EncodedRows([beyond]) }
    }

    @Test("a record written with copy reads back equal, by name", arguments: DatabaseBackend.allCases)
    func roundTrip(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            try await connection.execute(Self.createTable[backend]!)
            let written = try await connection.withSession { session in
                try session.copy(into: "samples", records: Self.samples)
            }
            #expect(written == 2)
            // Extra columns (`extra`) are ignored; the order of the select does not matter.
            let back = try await connection.query("SELECT extra, samples.* FROM samples ORDER BY id").map {
                try $0.decode(Sample.self)
            }
            #expect(back == Self.samples)
            let first = try #require(try await connection.query("SELECT * FROM samples WHERE id = 1").first)
            #expect(try first.value("local_date", as: LocalDate.self) == LocalDate(iso: "2026-11-21"))
            #expect(try first.optionalValue("trend", as: Trend.self) == .rising)
        }
    }

    @Test("a missing column throws, even for an optional property", arguments: DatabaseBackend.allCases)
    func missingColumn(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            try await connection.execute(Self.createTable[backend]!)
            try await connection.withSession { session in _ = try session.copy(into: "samples", records: Self.samples) }
            let row = try #require(
                try await connection.query("SELECT id, name, count, score, active, seen_at FROM samples").first)
            let error = try #require(throws: DatabaseError.self) { try row.decode(Sample.self) }
            #expect(error.code == .decoding)
            #expect("\(error)".contains("note"))
        }
    }

    @Test("NULL in a required property throws, naming the column", arguments: DatabaseBackend.allCases)
    func nullRequired(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            try await connection.execute(Self.createTable[backend]!)
            try await connection.withSession { session in _ = try session.copy(into: "samples", records: Self.samples) }
            struct Strict: Decodable { var note: String }
            let rows = try await connection.query("SELECT note FROM samples WHERE id = 2")
            let error = try #require(throws: DatabaseError.self) { try rows[0].decode(Strict.self) }
            #expect(error.code == .decoding)
            #expect("\(error)".contains("'note'"))
        }
    }

    @Test("a nested value is refused, naming its column: a column holds one value")
    func nested() throws {
        struct Inner: Codable { var a: Int }
        struct Outer: Codable { var id: Int64; var inner: Inner }
        let error = try #require(throws: EncodingError.self) { try EncodedRows([Outer(id: 1, inner: Inner(a: 2))]) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected invalidValue, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["inner"])
    }

    /// A record with the column types of the hot result rows: an id, a date, an optional, a list.
    struct Mixed: Codable, Equatable {
        var user_id: UserID
        var day: LocalDate
        var minutes: Int?
        var flags: [Bool]
        var seen_at: Date
    }

    @Test("a record's columns come from its coding keys, each value by its type's column mapping")
    func mixedValues() throws {
        let day = LocalDate(iso: "2026-11-21")!
        let records = [
            Mixed(user_id: 42, day: day, minutes: nil, flags: [true, false], seen_at: Self.seen),
            Mixed(user_id: try UserID("uid_7"), day: day, minutes: 30, flags: [], seen_at: Self.seen),
        ]
        let encoded = try EncodedRows(records)
        #expect(encoded.columns == ["user_id", "day", "minutes", "flags", "seen_at"])
        #expect(
            encoded.values == [
                [.text("42"), .text("2026-11-21"), .null, .json("[true,false]"), .timestamp(Self.seen)],
                [.text("uid_7"), .text("2026-11-21"), .int(30), .json("[]"), .timestamp(Self.seen)],
            ])
        #expect(try EncodedRows([Mixed]()).isEmpty)
    }

    @Test("a constant column is appended to every row")
    func appendColumn() throws {
        var rows = try EncodedRows(Self.samples)
        rows.append(column: "as_of", value: .timestamp(Self.seen))
        #expect(rows.columns.last == "as_of")
        #expect(rows.values.allSatisfy { $0.last == .timestamp(Self.seen) && $0.count == 15 })
    }

    /// A record with typed ids, in a table whose id columns are text (result tables after 022).
    struct Owned: Codable, Equatable {
        var user_id: UserID
        var program_id: ProgramID?
    }

    @Test("a typed id is written as its untyped-text bind, not its JSON integer")
    func idEncoding() throws {
        let rows = try EncodedRows([
            Owned(user_id: 42, program_id: nil),
            Owned(user_id: try UserID("3f1c-uid"), program_id: try ProgramID("042")),
        ])
        #expect(rows.columns == ["user_id", "program_id"])
        #expect(rows.values[0] == [SQLValue(UserID(42)), .null])
        #expect(rows.values[0][0] == .text("42"))
        #expect(rows.values[1] == [.text("3f1c-uid"), .text("042")])
    }

    @Test("a text id column reads back into the typed id, the text kept exactly", arguments: DatabaseBackend.allCases)
    func idRoundTrip(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            try await connection.execute("CREATE TABLE owned (user_id text NOT NULL, program_id text)")
            let samples = [
                Owned(user_id: 7, program_id: 3),
                Owned(user_id: try UserID("uid_AbC"), program_id: try ProgramID("042")),
                Owned(user_id: try UserID("9d2e6f0a-1b2c-4d5e-8f90-a1b2c3d4e5f6"), program_id: nil),
            ]
            try await connection.withSession { session in _ = try session.copy(into: "owned", records: samples) }
            let back = try await connection.query("SELECT * FROM owned").map { try $0.decode(Owned.self) }
            #expect(Set(back.map(\.user_id)) == Set(samples.map(\.user_id)))
            #expect(back.first { $0.user_id == 7 }?.program_id == 3)
            #expect(back.first { $0.user_id == (try? UserID("uid_AbC")) }?.program_id?.text == "042")
            // A bigint column reads into the same id as its text.
            let number = try #require(
                try await connection.query("SELECT CAST(7 AS bigint) AS user_id, NULL AS program_id").first)
            #expect(try number.decode(Owned.self) == Owned(user_id: 7, program_id: nil))
            // An empty id is refused, naming the column.
            let empty = try #require(try await connection.query("SELECT '' AS user_id, NULL AS program_id").first)
            let error = try #require(throws: DatabaseError.self) { try empty.decode(Owned.self) }
            #expect(error.code == .decoding)
            #expect("\(error)".contains("user_id"))
        }
    }
}
