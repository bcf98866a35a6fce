import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

@testable import SpotterJobs

/// Each member's covered span (`spotter.summary_coverage`, migration 037): a refresh probes only
/// the sessions outside it, and every change that can leave a session without its summary
/// uncovers that session, on both backends (issue 34).
@Suite("Summary coverage", .serialized)
struct SummaryCoverageTests {
    static let asOf = SessionSummaryTests.asOf
    static let since = RecommendationInputs.workSince(asOf: asOf)

    /// `user`'s covered span as stored, nil without a row.
    static func coverage(_ user: UserID, in session: DatabaseSession) throws -> (from: Date?, until: Date?)? {
        guard
            let row = try session.query(
                "SELECT covered_from, covered_until FROM spotter.summary_coverage WHERE user_id = \(bind: .text(user.text))"
            ).first
        else { return nil }
        return (try row.optionalDate("covered_from"), try row.optionalDate("covered_until"))
    }

    /// A session of `user` started at `start` with two working sets, as a product logs one.
    static func logSession(_ id: Int64, of user: UserID, at start: Date, in session: DatabaseSession) throws {
        _ = try session.execute(
            """
            INSERT INTO spotter.workout_sessions (id, user_id, started_at, duration_minutes)
            VALUES (\(bind: .int(id)), \(bind: .text(user.text)), \(timestamp: start), 45)
            """)
        _ = try session.execute(
            """
            INSERT INTO spotter.session_sets (session_id, set_order, exercise_name, muscle_groups, reps, rpe, is_warmup)
            VALUES (\(bind: .int(id)), 1, 'Deadlift', \(bind: .tags(["hamstrings", "back"])), 5, 8, \(bind: .bool(false))),
                   (\(bind: .int(id)), 2, 'Deadlift', \(bind: .tags(["hamstrings", "back"])), 5, 9, \(bind: .bool(false)))
            """)
    }

    /// The summaries equal what the raw sets give for `ids`' window.
    static func expectSummariesHold(_ ids: [UserID], in session: DatabaseSession) throws {
        let (raw, summaries) = try SessionSummaryTests.both(ids, asOf: asOf, in: session)
        let differing = zip(raw, summaries).filter { $0 != $1 }.count + abs(raw.count - summaries.count)
        #expect(!raw.isEmpty)
        #expect(differing == 0, "\(differing) of \(raw.count) work rows differ from the raw sets'")
    }

    @Test(
        "a refresh probes only the sessions outside the covered span; sets logged back in time, a moved session and forgotten summaries are uncovered",
        arguments: [DatabaseBackend.sqlite, .postgres])
    func coverageFollowsChanges(_ backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            let ids = try await SessionSummaryTests.seeded(connection, users: 60)
            try await connection.withSession { session in
                #expect(try SessionSummaries.coverageKept(in: session))
                func refresh() throws -> Int {
                    try SessionSummaries.refresh(ids: ids, since: Self.since, asOf: Self.asOf, in: session).summarised
                }
                let first = try refresh()
                #expect(first > 50)
                for id in ids {
                    let span = try Self.coverage(id, in: session)
                    #expect(
                        span?.from == Self.since && span?.until == Self.asOf, "\(id.text): \(String(describing: span))")
                }
                // Nothing changed: no session is outside the span, so none is probed.
                let uncovered = SessionSummaries.uncoveredStatement(ids: ids, since: Self.since, asOf: Self.asOf)
                #expect(try session.query(uncovered).isEmpty)
                if backend == .postgres {
                    // As at scale, where the planner probes the index per member.
                    _ = try session.execute("SET enable_seqscan = off")
                    _ = try session.execute("SET enable_bitmapscan = off")
                    defer { try? session.executeScript("RESET enable_seqscan; RESET enable_bitmapscan") }
                    let statement = InputQuery(uncovered, for: .postgres)
                    let plan = try SessionSummaryTests.plan(statement.sql, statement.binds, in: session)
                    #expect(SessionSummaryTests.rowsRead(plan) == 0)
                    #expect(SessionSummaryTests.rowsRead(plan, of: "session_summaries") == 0)
                }
                #expect(try refresh() == 0)

                // A session logged ten days back, inside the span: its sets uncover it.
                let backLogged = Self.asOf.addingTimeInterval(-10 * 86_400)
                try Self.logSession(900_000_001, of: ids[0], at: backLogged, in: session)
                #expect(try Self.coverage(ids[0], in: session)?.until == backLogged)
                #expect(try refresh() == 1)
                try Self.expectSummariesHold(ids, in: session)
                #expect(try Self.coverage(ids[0], in: session)?.until == Self.asOf)

                // A session from before the window, which no refresh summarises, moved into it.
                try Self.logSession(
                    900_000_004, of: ids[1], at: Self.since.addingTimeInterval(-10 * 86_400), in: session)
                #expect(try refresh() == 0)
                _ = try session.execute(
                    """
                    UPDATE spotter.workout_sessions SET started_at = \(timestamp: Self.asOf.addingTimeInterval(-5 * 86_400))
                    WHERE id = 900000004
                    """)
                #expect(try refresh() == 1)
                try Self.expectSummariesHold(ids, in: session)

                // An operator forgets one member's summaries, then everyone's.
                let inWindow = SessionSummaries.window(ids: [ids[2]], since: Self.since, asOf: Self.asOf)
                let forgotten = try session.execute(
                    """
                    DELETE FROM spotter.session_summaries
                    WHERE session_id IN (SELECT s.id FROM spotter.workout_sessions s WHERE \(fragment: inWindow))
                    """)
                #expect(forgotten > 0)
                #expect(try refresh() == forgotten)
                let all = try session.query("SELECT count(*) AS n FROM spotter.session_summaries").first?.int("n")
                _ = try session.execute(
                    backend == .postgres
                        ? "TRUNCATE spotter.session_summaries" : "DELETE FROM spotter.session_summaries")
                if backend == .postgres {
                    #expect(
                        try session.query("SELECT user_id FROM spotter.summary_coverage WHERE covered_from IS NOT NULL")
                            .isEmpty)
                }
                #expect(try refresh() == all)
                try Self.expectSummariesHold(ids, in: session)
            }
        }
    }

    @Test(
        "a change that lands while a refresh runs is never covered over: the claim needs the count of changes read before the check",
        arguments: [DatabaseBackend.sqlite, .postgres])
    func claimAfterAChange(_ backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            let ids = try await SessionSummaryTests.seeded(connection, users: 30)
            try await connection.withSession { session in
                _ = try SessionSummaries.refresh(ids: ids, since: Self.since, asOf: Self.asOf, in: session)
                // A refresh reads the counts, checks, and meanwhile a session is logged back in time.
                let changes = try SessionSummaries.coverageChanges(ids: ids, in: session)
                #expect(changes.count == ids.count)
                let backLogged = Self.asOf.addingTimeInterval(-3 * 86_400)
                try Self.logSession(900_000_002, of: ids[0], at: backLogged, in: session)
                try SessionSummaries.claimCoverage(
                    ids: ids, changes: changes, since: Self.since, asOf: Self.asOf, in: session)
                // Its claim leaves that member uncovered from the new session on, and the others as they were.
                #expect(try Self.coverage(ids[0], in: session)?.until == backLogged)
                #expect(try Self.coverage(ids[1], in: session)?.until == Self.asOf)
                // The next refresh finds the session.
                #expect(
                    try SessionSummaries.refresh(ids: ids, since: Self.since, asOf: Self.asOf, in: session).summarised
                        == 1)
                try Self.expectSummariesHold(ids, in: session)

                // A member first seen by a change (no row when the refresh read the counts) is not
                // claimed either.
                let fresh = try SessionSummaries.coverageChanges(ids: [ids[3]], in: session)
                _ = try session.execute(
                    "DELETE FROM spotter.summary_coverage WHERE user_id = \(bind: .text(ids[3].text))")
                let none = try SessionSummaries.coverageChanges(ids: [ids[3]], in: session)
                #expect(fresh.count == 1 && none.isEmpty)
                try Self.logSession(900_000_003, of: ids[3], at: backLogged, in: session)
                try SessionSummaries.claimCoverage(
                    ids: [ids[3]], changes: none, since: Self.since, asOf: Self.asOf, in: session)
                let span = try Self.coverage(ids[3], in: session)
                #expect(span?.from == nil && span?.until == backLogged)
                #expect(
                    try SessionSummaries.refresh(ids: ids, since: Self.since, asOf: Self.asOf, in: session).summarised
                        == 1)
                try Self.expectSummariesHold(ids, in: session)
            }
        }
    }
}
