import Foundation
import SpotterCalendar
import SpotterDB
import SpotterTestSupport
import Testing

/// The interpolated query: binds numbered by the query, dialect fragments rendered per backend.
@Suite("SQLQuery")
struct SQLQueryTests {
    @Test("every interpolated value is a bind, numbered in order of appearance")
    func numbering() {
        let zone = "Europe/Berlin"
        let query: SQLQuery =
            "SELECT id FROM spotter.users WHERE time_zone = \(bind: zone) AND id BETWEEN \(bind: 1) AND \(bind: Int64(9))"
        for backend in DatabaseBackend.allCases {
            let (sql, binds) = query.rendered(for: backend)
            #expect(sql == "SELECT id FROM spotter.users WHERE time_zone = $1 AND id BETWEEN $2 AND $3")
            #expect(binds == [.text(zone), .int(1), .int(9)])
        }
    }

    @Test("a fragment's binds are renumbered after the outer query's")
    func fragments() {
        let inner: SQLQuery = "u.status = \(bind: "active") AND u.id \(oneOf: [3, 1, 2])"
        let outer: SQLQuery = "SELECT \(bind: 7) AS n FROM spotter.users u WHERE \(fragment: inner) LIMIT \(bind: 10)"
        let postgres = outer.rendered(for: .postgres)
        #expect(
            postgres.sql
                == "SELECT $1 AS n FROM spotter.users u WHERE u.status = $2 AND u.id = ANY($3::bigint[]) LIMIT $4")
        #expect(postgres.binds == [.int(7), .text("active"), .text("{3,1,2}"), .int(10)])
        let sqlite = outer.rendered(for: .sqlite)
        #expect(
            sqlite.sql
                == "SELECT $1 AS n FROM spotter.users u WHERE u.status = $2 AND u.id IN (SELECT value FROM json_each($3)) LIMIT $4"
        )
        #expect(sqlite.binds == [.int(7), .text("active"), .text("[3,1,2]"), .int(10)])
        let joined = SQLQuery.joined([inner, "u.id > \(bind: 0)"], separator: " AND ")
        #expect(joined.rendered(for: .sqlite).sql.hasSuffix("AND u.id > $3"))
        #expect((inner + " AND x = \(bind: 1)").rendered(for: .postgres).binds.count == 3)
    }

    @Test("dates, timestamps, JSON and id tables per backend")
    func dialect() throws {
        let day = try #require(LocalDate(iso: "2026-03-08"))
        let instant = Date(timeIntervalSince1970: 0)
        let query: SQLQuery = """
            SELECT x.id FROM \(idTable: [1, 2], alias: "x", column: "id") \
            WHERE \(date: day) < \(unescaped: "d") AND \(timestamp: instant) < t AND \(json: "{}") IS NOT NULL
            """
        let postgres = query.rendered(for: .postgres)
        #expect(
            postgres.sql
                == "SELECT x.id FROM unnest($1::bigint[]) AS x(id) WHERE $2::date < d AND $3 < t AND $4 IS NOT NULL")
        #expect(postgres.binds == [.text("{1,2}"), .text("2026-03-08"), .timestamp(instant), .json("{}")])
        let sqlite = query.rendered(for: .sqlite)
        #expect(
            sqlite.sql
                == "SELECT x.id FROM (SELECT value AS id FROM json_each($1)) AS x WHERE $2 < d AND $3 < t AND $4 IS NOT NULL"
        )
        #expect(sqlite.binds == [.text("[1,2]"), .text("2026-03-08"), .timestamp(instant), .json("{}")])
    }

    @Test("oneOf, idTable and date select the same rows on both backends", arguments: DatabaseBackend.allCases)
    func runs(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ async throws in
            try await connection.execute("CREATE TABLE t (id bigint PRIMARY KEY, d date)")
            try await connection.execute("INSERT INTO t VALUES (1, '2026-01-01'), (2, '2026-02-01'), (3, '2026-03-01')")
            let ids = try await connection.withSession { session in
                let cutoff = try #require(LocalDate(iso: "2026-02-15"))
                let none: [Int64] = []
                let picked = try session.query(
                    "SELECT id FROM t WHERE id \(oneOf: [3, 1, 5]) AND d < \(date: cutoff) ORDER BY id"
                ).map { try $0.int64("id") }
                let joined = try session.query(
                    "SELECT t.id FROM \(idTable: [2, 3], alias: "x", column: "v") JOIN t ON t.id = x.v ORDER BY t.id"
                ).map { try $0.int64("id") }
                let empty = try session.query("SELECT id FROM t WHERE id \(oneOf: none)").count
                return (picked, joined, empty)
            }
            #expect(ids.0 == [1])
            #expect(ids.1 == [2, 3])
            #expect(ids.2 == 0)
        }
    }
}
