import Foundation
import SpotterDB
import SpotterIDs
import SpotterStats
import SpotterTestSupport
import Testing

@testable import SpotterJobs

/// The kept profile histories (`spotter.profile_history`, migration 039): night after night and
/// through every kind of change to the sessions, `profile_stats` from a history equals
/// `profile_stats` from all the sessions, on both backends (issue 34).
@Suite("Kept profile histories", .serialized)
struct ProfileHistoryStoredTests {
    static let asOf = SessionSummaryTests.asOf

    /// Every stored `profile_stats` figure, by user.
    static func stats(in session: DatabaseSession) throws -> [[SQLValue]] {
        try session.query(
            """
            SELECT user_id, local_date, current_streak, longest_streak, week_start, week_workouts, week_minutes,
                   week_days, last_workout_at, total_workouts, total_minutes
            FROM spotter.profile_stats ORDER BY user_id
            """
        ).map(\.values)
    }

    /// Runs the shard for `ids` as of `asOf`; returns how many members it computed from a history.
    static func night(_ ids: [UserID], asOf: Date, in session: DatabaseSession) throws -> Int {
        let summary = try ProfileStatsShard.run(UserSelection(ids: ids, asOf: asOf), jobID: 1, in: session)
        return summary.extra["histories_used"] ?? 0
    }

    /// Runs the night from the kept histories, then again from all the sessions (the histories
    /// dropped), and expects the same rows; returns how many histories the first run used.
    static func expectSameAsAllSessions(
        _ ids: [UserID], asOf: Date, in session: DatabaseSession, _ comment: String
    ) throws -> Int {
        let used = try night(ids, asOf: asOf, in: session)
        let fromHistories = try stats(in: session)
        let kept = try session.query("SELECT * FROM spotter.profile_history ORDER BY user_id").map(\.values)
        _ = try session.execute("DELETE FROM spotter.profile_history")
        #expect(try night(ids, asOf: asOf, in: session) == 0)
        let fromAll = try stats(in: session)
        #expect(!fromAll.isEmpty)
        let differing = zip(fromHistories, fromAll).filter { $0 != $1 }.map { "\($0) against \($1)" }
        #expect(fromHistories.count == fromAll.count && differing.isEmpty, "\(comment): \(differing.prefix(3))")
        // The histories are what they were before the second run (it writes the same ones).
        _ = try session.execute("DELETE FROM spotter.profile_history")
        _ = try night(ids, asOf: asOf, in: session)
        let again = try session.query(
            "SELECT * FROM spotter.profile_history ORDER BY user_id"
        ).map { Array($0.values.dropLast(2)) }
        #expect(again == kept.map { Array($0.dropLast(2)) }, "\(comment): histories")
        return used
    }

    @Test(
        "profile_stats from kept histories equal profile_stats from all the sessions, night after night and after sessions logged back in time, deleted, moved and edited",
        arguments: [DatabaseBackend.sqlite, .postgres])
    func historiesGiveTheSameStats(_ backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            let ids = try await SessionSummaryTests.seeded(connection, users: 60)
            try await connection.withSession { session in
                #expect(try ProfileHistories.kept(in: session))
                let day: TimeInterval = 86_400
                // The first night reads everything and keeps a history per member.
                #expect(try Self.night(ids, asOf: Self.asOf - 3 * day, in: session) == 0)
                let kept = try session.query(
                    "SELECT count(*) AS n FROM spotter.profile_history WHERE through_day IS NOT NULL"
                ).first?.int("n")
                #expect(kept == ids.count)
                // The next nights read only the sessions since.
                for night in [-2.0, -1] {
                    let used = try Self.expectSameAsAllSessions(
                        ids, asOf: Self.asOf + night * day, in: session, "night \(night)")
                    #expect(used == ids.count)
                }

                // Changes to sessions the histories sum.
                let old = try session.query(
                    """
                    SELECT s.id, s.user_id FROM spotter.workout_sessions s
                    WHERE s.started_at < \(timestamp: Self.asOf - 30 * day) ORDER BY s.id LIMIT 3
                    """)
                try #require(old.count == 3)
                _ = try session.execute("DELETE FROM spotter.workout_sessions WHERE id = \(bind: old[0]["id"])")
                _ = try session.execute(
                    "UPDATE spotter.workout_sessions SET duration_minutes = 200 WHERE id = \(bind: old[1]["id"])")
                _ = try session.execute(
                    """
                    UPDATE spotter.workout_sessions SET started_at = \(timestamp: Self.asOf - 60 * day)
                    WHERE id = \(bind: old[2]["id"])
                    """)
                _ = try session.execute(
                    """
                    INSERT INTO spotter.workout_sessions (id, user_id, started_at, duration_minutes)
                    VALUES (900000010, \(bind: .text(ids[5].text)), \(timestamp: Self.asOf - 40 * day), 30)
                    """)
                // A title edit changes nothing a history sums, and voids none.
                _ = try session.execute(
                    "UPDATE spotter.workout_sessions SET title = 'Renamed' WHERE user_id = \(bind: .text(ids[6].text))")
                let changed = Set(try old.map { try $0.id("user_id", as: UserID.self) } + [ids[5]])
                let voided = Set(
                    try session.query("SELECT user_id FROM spotter.profile_history WHERE through_day IS NULL").map {
                        try $0.id("user_id", as: UserID.self)
                    })
                #expect(voided == changed)
                let used = try Self.expectSameAsAllSessions(ids, asOf: Self.asOf, in: session, "after the changes")
                #expect(used == ids.count - changed.count)

                // A member who moved to another zone is read whole once.
                _ = try session.execute(
                    "UPDATE spotter.users SET time_zone = 'Pacific/Kiritimati' WHERE id = \(bind: .text(ids[7].text))")
                let moved = try Self.expectSameAsAllSessions(ids, asOf: Self.asOf + day, in: session, "zone")
                #expect(moved == ids.count - 1)
            }
        }
    }

    @Test(
        "a change that lands while a shard computes is never summed over: a history is written only with the count of changes read",
        arguments: [DatabaseBackend.sqlite, .postgres])
    func writeAfterAChange(_ backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            let ids = try await SessionSummaryTests.seeded(connection, users: 10)
            try await connection.withSession { session in
                _ = try Self.night(ids, asOf: Self.asOf, in: session)
                let member = ids[0]
                let row = try #require(
                    try session.query(
                        "SELECT changes, through_day FROM spotter.profile_history WHERE user_id = \(bind: .text(member.text))"
                    ).first)
                let changes = try row.int64("changes")
                let through = try row.int("through_day")
                // A session logged back in time while a shard (which read `changes`) computes.
                _ = try session.execute(
                    """
                    INSERT INTO spotter.workout_sessions (id, user_id, started_at, duration_minutes)
                    VALUES (900000020, \(bind: .text(member.text)), \(timestamp: Self.asOf - 30 * 86_400), 30)
                    """)
                let history = ProfileHistory(throughDay: through + 1, workouts: 1)
                try ProfileHistories.write(
                    [.init(userID: member, timeZone: "UTC", history: history, changes: changes)], in: session)
                let after = try #require(
                    try session.query(
                        "SELECT changes, through_day FROM spotter.profile_history WHERE user_id = \(bind: .text(member.text))"
                    ).first)
                #expect(try after.int64("changes") == changes + 1)
                #expect(try after.optionalInt("through_day") == nil, "the voided history stays void")
                // With the count it reads now, the next night keeps one again.
                _ = try Self.night(ids, asOf: Self.asOf, in: session)
                let kept = try session.query(
                    "SELECT through_day FROM spotter.profile_history WHERE user_id = \(bind: .text(member.text))")
                #expect(try kept.first?.optionalInt("through_day") != nil)
            }
        }
    }
}
