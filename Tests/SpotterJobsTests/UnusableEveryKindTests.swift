import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import Testing

/// Item 1 of issue 35: the first round's guard was added per loader, and `checkin_trends`
/// was written without it, so one check-in before year 1 failed the shard for everyone. These
/// tests enumerate the kinds from the registry and the instants from the catalog, so a new kind
/// or a new input column is covered without editing a list.
@Suite("every kind, every input instant: an unusable value costs one person")
struct UnusableEveryKindTests {
    @Test("a check-in before year 1 leaves that person out of checkin_trends", arguments: UnusableValue.all)
    func checkInBeforeYearOne(value: UnusableValue) async throws {
        try await RecommendationHarness.with(value.backend) { db in
            for id: UserID in [1, 2, 3] {
                try await db.user(id)
                try await db.checkIn(id, energy: 2, hoursAgo: 30)
            }
            // Member 2's only check-in is before year 1 (read as their last one).
            try await db.connection.execute(
                "UPDATE spotter.check_ins SET recorded_at = \(value.sql) WHERE user_id = 2")

            try await db.run(CheckInTrendsHandler(), #"{"time_zone": "UTC", "from_user_id": 1, "to_user_id": 100}"#)

            let outcomes = try await db.outcomes("checkin_trends")
            let outcome = try #require(outcomes[2])
            #expect(outcome.reason == "unusable_input")
            #expect(outcome.detail.contains("check_ins.recorded_at holds"), "\(outcome.detail)")
            #expect(outcome.detail.contains(value.shown), "\(outcome.detail)")
            #expect(outcomes[1] == nil && outcomes[3] == nil)
            let rows = try await db.connection.query("SELECT user_id FROM spotter.checkin_trends ORDER BY user_id")
            #expect(try rows.map { try $0.int64(at: 0) } == [1, 3])
        }
    }

    @Test("every sharded kind survives every input instant of one person", arguments: UnusableValue.all)
    func everyKind(value: UnusableValue) async throws {
        try await RecommendationHarness.with(value.backend) { db in
            try await UnusableInputTests.members(db)
            for id: UserID in [1, 2] { try await db.checkIn(id, energy: 3, hoursAgo: 20) }
            let columns = try await Self.inputInstants(db)
            #expect(columns.contains { $0.table == "check_ins" && $0.column == "recorded_at" }, "\(columns)")
            for (table, column, owner) in columns {
                try await db.connection.execute(
                    "UPDATE spotter.\(table) SET \(column) = \(value.sql) WHERE \(owner) = 2")
            }

            let shard = Shard(
                timeZone: "UTC", localDate: "2026-11-21", fromID: 1, toID: 100, asOf: RecommendationHarness.asOf)
            let handlers = SpotterHandlers.all()
            var ran = 0
            for declaration in SpotterHandlers.declarations {
                guard let plan = declaration.shards,
                    let handler = handlers.first(where: { $0.kind == declaration.name })
                else { continue }
                ran += 1
                do {
                    try await db.run(handler, try plan.payload(shard))
                } catch {
                    Issue.record("\(declaration.name) failed its shard: \(error)")
                    continue
                }
                if plan.subjects == .users {
                    #expect(try await db.outcomes(declaration.name)[1] == nil, "\(declaration.name): member 1")
                }
            }
            #expect(ran >= 5)
        }
    }

    /// The instant columns of the input tables (those `001_inputs.sql` creates) that belong to
    /// one person, read from the catalog: PostgreSQL's column types, SQLite's `_at`/`since` names
    /// (its instants are text).
    static func inputInstants(_ db: RecommendationHarness) async throws -> [(
        table: String, column: String, owner: String
    )] {
        let inputs = try String(
            contentsOf: RecommendationHarness.repository.appendingPathComponent(
                "sql/\(db.backend.rawValue)/001_inputs.sql"),
            encoding: .utf8)
        let tables = inputs.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("CREATE TABLE ") else { return nil }
            let name = line.dropFirst("CREATE TABLE ".count).split(separator: " ").first.map(String.init) ?? ""
            return name.hasPrefix("spotter.") ? String(name.dropFirst("spotter.".count)) : name
        }
        var found: [(String, String, String)] = []
        for table in tables {
            let rows =
                db.backend == .postgres
                ? try await db.connection.query(
                    """
                    SELECT column_name AS name, data_type AS type FROM information_schema.columns
                    WHERE table_schema = 'spotter' AND table_name = $1 ORDER BY ordinal_position
                    """, [.text(table)])
                : try await db.connection.query(
                    "SELECT name, type FROM pragma_table_info($1) ORDER BY cid", [.text(table)])
            let columns = try rows.map { (try $0.string("name"), try $0.string("type")) }
            let names = Set(columns.map(\.0))
            guard let owner = ["user_id", "sender_id", "client_id"].first(where: names.contains) else { continue }
            for (name, type) in columns {
                let instant =
                    db.backend == .postgres
                    ? type.hasPrefix("timestamp") : (name.hasSuffix("_at") || name == "since")
                if instant { found.append((table, name, owner)) }
            }
        }
        return found
    }
}
