import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

/// Every bind type goes in and comes back unchanged, on both backends.
@Suite("Value round trips")
struct ValueRoundTripTests {
    static let createTable: [DatabaseBackend: String] = [
        .postgres: """
        CREATE TABLE samples (id bigint PRIMARY KEY, t text, i bigint, d double precision, b boolean,
                              ts timestamptz, j jsonb, tg text[])
        """,
        .sqlite: """
        CREATE TABLE samples (id INTEGER PRIMARY KEY, t TEXT, i INTEGER, d REAL, b INTEGER,
                              ts TEXT, j TEXT, tg TEXT)
        """,
    ]

    /// Inserts `value` into `column` of a fresh row and reads the row back.
    static func roundTrip(_ connection: DatabaseConnection, column: String, _ value: SQLValue, id: Int64) async throws
        -> Row
    {
        try await connection.execute("INSERT INTO samples (id, \(column)) VALUES ($1, $2)", [.int(id), value])
        let rows = try await connection.query("SELECT * FROM samples WHERE id = $1", [.int(id)])
        return try #require(rows.first)
    }

    static func withSamples(_ backend: DatabaseBackend, _ body: (DatabaseConnection) async throws -> Void)
        async throws
    {
        try await TestDatabase.withConnection(backend) { connection, _ async throws in
            try await connection.execute(createTable[backend]!)
            try await body(connection)
        }
    }

    static let texts: [String] = [
        "",
        "plain ascii",
        "héllo wörld ñ 日本語 Ελληνικά",
        "👩‍👩‍👧‍👦 🇧🇷 🏋️‍♀️",
        "e\u{301} a\u{308}\u{323} ﬁ",  // combining marks and a ligature: must survive byte for byte
        "שלום עולם مرحبا بالعالم",
        "tab\there\nnewline\r\ncrlf \\ backslash ' quote \" dquote {brace} ,comma",
        String(repeating: "aé😀 ", count: 1_048_576 / 8),  // about 1 MB
    ]

    @Test("text, including empty, non-ASCII, emoji, combining marks, RTL and 1 MB", arguments: DatabaseBackend.allCases)
    func text(backend: DatabaseBackend) async throws {
        try await Self.withSamples(backend) { connection in
            for (index, text) in Self.texts.enumerated() {
                let row = try await Self.roundTrip(connection, column: "t", .text(text), id: Int64(index))
                let back = try row.string("t")
                #expect(Array(back.utf8) == Array(text.utf8), "text #\(index) changed")
                #expect(row["t"] == .text(text))
            }
        }
    }

    @Test("NULL in every column", arguments: DatabaseBackend.allCases)
    func null(backend: DatabaseBackend) async throws {
        try await Self.withSamples(backend) { connection in
            try await connection.execute(
                "INSERT INTO samples (id, t, i, d, b, ts, j, tg) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                [1, nil, nil, nil, nil, nil, nil, nil])
            let row = try #require(try await connection.query("SELECT * FROM samples").first)
            for column in ["t", "i", "d", "b", "ts", "j", "tg"] {
                #expect(row[column].isNull, "\(column) is not NULL")
            }
            #expect(try row.optionalString("t") == nil)
            #expect(try row.optionalInt("i") == nil)
            #expect(try row.optionalDouble("d") == nil)
            #expect(try row.optionalBool("b") == nil)
            #expect(try row.optionalDate("ts") == nil)
            #expect(try row.optionalJSON("j") == nil)
            #expect(try row.optionalTags("tg") == nil)
            #expect(throws: DatabaseError.self) { try row.string("t") }
        }
    }

    @Test("integers at the edges of Int64", arguments: DatabaseBackend.allCases)
    func integers(backend: DatabaseBackend) async throws {
        try await Self.withSamples(backend) { connection in
            let values: [Int64] = [.min, .min + 1, -1, 0, 1, 42, .max - 1, .max]
            for (index, value) in values.enumerated() {
                let row = try await Self.roundTrip(connection, column: "i", .int(value), id: Int64(index))
                #expect(try row.int64("i") == value)
                #expect(row["i"] == .int(value))
            }
        }
    }

    @Test("doubles: negative zero, extremes, subnormals, infinities", arguments: DatabaseBackend.allCases)
    func doubles(backend: DatabaseBackend) async throws {
        try await Self.withSamples(backend) { connection in
            let values: [Double] = [
                0, -0.0, 0.1, -123456.789, 1e-300, .leastNonzeroMagnitude, 2.2250738585072014e-308,
                1.7976931348623157e308,
                -1.7976931348623157e308, 3.141592653589793, .infinity, -.infinity,
            ]
            for (index, value) in values.enumerated() {
                let row = try await Self.roundTrip(connection, column: "d", .double(value), id: Int64(index))
                let back = try row.double("d")
                #expect(back == value, "\(value) came back as \(back)")
                // SQLite stores an integral REAL as an integer on disk, so -0.0 reads back as +0.0 there.
                if backend == .postgres || value != 0 {
                    #expect(back.sign == value.sign, "sign of \(value) lost")
                }
            }
        }
    }

    @Test("booleans", arguments: DatabaseBackend.allCases)
    func booleans(backend: DatabaseBackend) async throws {
        try await Self.withSamples(backend) { connection in
            for (index, value) in [true, false].enumerated() {
                let row = try await Self.roundTrip(connection, column: "b", .bool(value), id: Int64(index))
                #expect(try row.bool("b") == value)
            }
        }
    }

    /// Instants either side of the 2024 New York spring-forward (07:00 UTC), and others, with microseconds.
    static let instants: [String] = [
        "2024-03-10T06:59:59.123456Z", "2024-03-10T07:00:01.654321Z", "2024-11-03T05:59:59.999999Z",
        "2024-11-03T06:00:00.000001Z", "1969-07-20T20:17:40.000001Z", "1970-01-01T00:00:00.000000Z",
        "2000-02-29T23:59:59.500000Z", "2100-12-31T23:59:59.999999Z",
    ]

    @Test("timestamps with microseconds across DST changes", arguments: DatabaseBackend.allCases)
    func timestamps(backend: DatabaseBackend) async throws {
        try await Self.withSamples(backend) { connection in
            for (index, text) in Self.instants.enumerated() {
                let date = try #require(SQLValue.text(text).date, "cannot parse \(text)")
                try await connection.execute(
                    "INSERT INTO samples (id, ts) VALUES ($1, $2)", [.int(Int64(index)), .timestamp(date)])
            }
            // Read back in a zone with DST, so PostgreSQL prints local times with changing offsets.
            let rows = try await connection.withSession { session in
                if session.backend == .postgres { try session.execute("SET TimeZone TO 'America/New_York'") }
                return try session.query("SELECT id, ts FROM samples ORDER BY id")
            }
            #expect(rows.count == Self.instants.count)
            for row in rows {
                let expected = try #require(SQLValue.text(Self.instants[try row.int("id")]).date)
                let back = try row.date("ts")
                #expect(abs(back.timeIntervalSince(expected)) < 0.000_000_5, "\(expected) came back as \(back)")
            }
            if backend == .sqlite {
                // Stored as fixed-width UTC text that sorts like the instants.
                let stored = try await connection.query("SELECT ts FROM samples ORDER BY ts").map {
                    try $0.string("ts")
                }
                #expect(stored.contains("2024-03-10T06:59:59.123456Z"))
                #expect(stored == stored.sorted())
                #expect(stored.allSatisfy { $0.count == 27 })
            }
        }
    }

    @Test("JSON with nested unicode", arguments: DatabaseBackend.allCases)
    func json(backend: DatabaseBackend) async throws {
        try await Self.withSamples(backend) { connection in
            let document =
                #"{"name": "Zoë 🏋️", "nested": {"list": [1, 2.5, "ü\"q\\", null], "empty": {}}, "rtl": "مرحبا"}"#
            let row = try await Self.roundTrip(connection, column: "j", .json(document), id: 1)
            #expect(try Self.normalised(row.json("j")) == Self.normalised(document))
        }
    }

    static func normalised(_ json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        return String(
            decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test("tags with commas, quotes, backslashes, braces, spaces; empty", arguments: DatabaseBackend.allCases)
    func tags(backend: DatabaseBackend) async throws {
        try await Self.withSamples(backend) { connection in
            let cases: [[String]] = [
                [],
                ["dumbbells"],
                ["a,b", #"quote"d"#, #"back\slash"#, "{brace}", "with space", " lead", "trail ", "NULL", "", "ünï 😀"],
                [#"\"#, #"""#, "}", "{", ",", "'"],
            ]
            for (index, tags) in cases.enumerated() {
                let row = try await Self.roundTrip(connection, column: "tg", .tags(tags), id: Int64(index))
                #expect(try row.tags("tg") == tags)
            }
        }
    }

    @Test("every type bound together in one statement", arguments: DatabaseBackend.allCases)
    func allTogether(backend: DatabaseBackend) async throws {
        try await Self.withSamples(backend) { connection in
            let date = Date(timeIntervalSince1970: 1_710_053_999.123456)
            try await connection.execute(
                "INSERT INTO samples (id, t, i, d, b, ts, j, tg) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                [7, "text", .int(-5), 2.5, true, .timestamp(date), .json(#"{"a":1}"#), .tags(["x", "y"])])
            let row = try #require(try await connection.query("SELECT * FROM samples WHERE id = $1", [7]).first)
            #expect(try row.string("t") == "text")
            #expect(try row.int("i") == -5)
            #expect(try row.double("d") == 2.5)
            #expect(try row.bool("b"))
            #expect(abs(try row.date("ts").timeIntervalSince(date)) < 0.000_000_5)
            #expect(try Self.normalised(row.json("j")) == #"{"a":1}"#)
            #expect(try row.tags("tg") == ["x", "y"])
            #expect(row.columnNames == ["id", "t", "i", "d", "b", "ts", "j", "tg"])
            #expect(row.count == 8)
            #expect(try row.string(at: 1) == "text")
        }
    }
}
