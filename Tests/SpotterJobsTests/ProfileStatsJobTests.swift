import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterRendering
import Testing

/// One `profile_stats` row as read back, without `computed_at`.
private struct StatsRow: Equatable, CustomStringConvertible {
    var localDate: String
    var timeZone: String
    var currentStreak: Int
    var longestStreak: Int
    var weekStart: String
    var weekWorkouts: Int
    var weekMinutes: Int
    var weekDays: [Bool]
    var weekLabels: [String]
    var lastWorkoutAt: Date?
    var totalWorkouts: Int
    var totalMinutes: Int

    var description: String {
        "\(localDate) \(timeZone) streak \(currentStreak)/\(longestStreak) week \(weekStart) \(weekWorkouts)×"
            + " \(weekMinutes)min \(weekDays) \(weekLabels) last \(lastWorkoutAt.map { "\($0)" } ?? "-")"
            + " total \(totalWorkouts)× \(totalMinutes)min"
    }
}

private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
}

extension AnalyticsHarness {
    /// Every `profile_stats` row by user id, and the job ids that wrote them.
    fileprivate func profileStats() async throws -> (rows: [Int64: StatsRow], jobs: Set<Int64>) {
        let rows = try await connection.query("SELECT * FROM spotter.profile_stats ORDER BY user_id")
        var result: [Int64: StatsRow] = [:]
        var jobs: Set<Int64> = []
        for row in rows {
            result[try row.int64("user_id")] = StatsRow(
                localDate: try row.string("local_date"), timeZone: try row.string("time_zone"),
                currentStreak: try row.int("current_streak"), longestStreak: try row.int("longest_streak"),
                weekStart: try row.string("week_start"), weekWorkouts: try row.int("week_workouts"),
                weekMinutes: try row.int("week_minutes"), weekDays: try decode([Bool].self, try row.json("week_days")),
                weekLabels: try decode([String].self, try row.json("week_labels")),
                lastWorkoutAt: try row.optionalDate("last_workout_at"), totalWorkouts: try row.int("total_workouts"),
                totalMinutes: try row.int("total_minutes"))
            #expect(try row.optionalDate("computed_at") != nil)
            if let job = try row.optionalInt64("job_id") { jobs.insert(job) }
        }
        return (result, jobs)
    }

    /// Ana (São Paulo, pt-BR, a 23:30-local session), Ben (New York across the DST change, en-US),
    /// Cleo (Berlin, de-DE, odd sessions), two users with an invalid zone or locale, and Dan
    /// (UTC, en-GB) with no sessions. As of 2026-03-10T12:00Z, a Tuesday.
    fileprivate func profileFixtures() async throws {
        try await user(1, "Ana", zone: "America/Sao_Paulo", locale: "pt-BR")
        for day in ["01", "02", "03", "04"] { try await session(1, "2026-02-\(day)T13:00:00Z", minutes: 20) }
        try await session(1, "2026-03-05T13:00:00Z", minutes: 60)
        try await session(1, "2026-03-07T13:00:00Z", minutes: 30)
        try await session(1, "2026-03-08T13:00:00Z", minutes: 45)
        try await session(1, "2026-03-10T02:30:00Z", minutes: 40)  // Monday 9th, 23:30 in São Paulo

        try await user(2, "Ben", zone: "America/New_York", locale: "en-US")
        try await session(2, "2026-03-08T04:30:00Z", minutes: 30)  // Sat 7th 23:30 EST
        try await session(2, "2026-03-08T15:00:00Z", minutes: 50)  // Sun 8th 11:00 EDT (DST began at 2:00)
        try await session(2, "2026-03-09T04:30:00Z", minutes: 25)  // Mon 9th 00:30 EDT (23:30 at a fixed −5)
        try await session(2, "2026-03-10T11:00:00Z", minutes: 35)  // Tue 10th 07:00 EDT

        try await user(3, "Cleo", zone: "Europe/Berlin", locale: "de-DE")
        try await session(3, "2026-03-06T08:00:00Z", minutes: 2_000)  // over 24 hours: capped at 1440
        try await session(3, "2026-03-08T08:00:00Z", minutes: -10)  // negative: ignored
        try await session(3, "2026-03-09T08:00:00Z", minutes: 0)  // zero minutes: still a workout
        try await session(3, "2026-03-11T08:00:00Z", minutes: 30)  // after as_of: ignored

        try await user(4, "Mars", zone: "Mars/Olympus")
        try await session(4, "2026-03-09T08:00:00Z", minutes: 30)
        try await user(5, "Xena", locale: "xx-INVALID")
        try await user(6, "Dan", locale: "en-GB")
    }
}

private let asOf = "2026-03-10T12:00:00Z"
private let sunday = ["D", "S", "T", "Q", "Q", "S", "S"]

private func expectedAna() throws -> StatsRow {
    StatsRow(
        localDate: "2026-03-10", timeZone: "America/Sao_Paulo", currentStreak: 3, longestStreak: 4,
        weekStart: "2026-03-08", weekWorkouts: 2, weekMinutes: 85,
        weekDays: [true, true, false, false, false, false, false], weekLabels: sunday,
        lastWorkoutAt: try instant("2026-03-10T02:30:00Z"), totalWorkouts: 8, totalMinutes: 255)
}

@Suite("profile_stats job")
struct ProfileStatsJobTests {
    @Test(
        "golden rows across zones, locales, DST and a 23:30 session; bad zone and locale recorded",
        arguments: DatabaseBackend.allCases)
    func golden(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { db in
            try await db.profileFixtures()
            let result = try await db.run(
                ProfileStatsHandler(), #"{"user_ids": [1, 2, 3, 4, 5, 6], "as_of": "\#(asOf)"}"#)
            #expect(result.counts["users"] == 6)
            #expect(result.counts["rows_written"] == 4)
            #expect(result.counts["failures"] == 2)
            #expect(result.counts["ignored_sessions"] == 2)

            let (rows, jobs) = try await db.profileStats()
            #expect(jobs == [1])
            #expect(Set(rows.keys) == [1, 2, 3, 6])
            #expect(rows[1] == (try expectedAna()))
            #expect(
                rows[2]
                    == StatsRow(
                        localDate: "2026-03-10", timeZone: "America/New_York", currentStreak: 4, longestStreak: 4,
                        weekStart: "2026-03-08", weekWorkouts: 3, weekMinutes: 110,
                        weekDays: [true, true, true, false, false, false, false],
                        weekLabels: ["S", "M", "T", "W", "T", "F", "S"],
                        lastWorkoutAt: try instant("2026-03-10T11:00:00Z"), totalWorkouts: 4, totalMinutes: 140))
            #expect(
                rows[3]
                    == StatsRow(
                        localDate: "2026-03-10", timeZone: "Europe/Berlin", currentStreak: 1, longestStreak: 1,
                        weekStart: "2026-03-09", weekWorkouts: 1, weekMinutes: 0,
                        weekDays: [true, false, false, false, false, false, false],
                        weekLabels: ["M", "D", "M", "D", "F", "S", "S"],
                        lastWorkoutAt: try instant("2026-03-09T08:00:00Z"), totalWorkouts: 2, totalMinutes: 1_440))
            #expect(
                rows[6]
                    == StatsRow(
                        localDate: "2026-03-10", timeZone: "UTC", currentStreak: 0, longestStreak: 0,
                        weekStart: "2026-03-09", weekWorkouts: 0, weekMinutes: 0,
                        weekDays: [Bool](repeating: false, count: 7), weekLabels: ["M", "T", "W", "T", "F", "S", "S"],
                        lastWorkoutAt: nil, totalWorkouts: 0, totalMinutes: 0))
            #expect(try await db.resultErrors("profile_stats") == [4: "invalid_time_zone", 5: "invalid_locale"])
        }
    }

    @Test("an unknown user id fails permanently and writes nothing", arguments: DatabaseBackend.allCases)
    func unknownUser(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { db in
            try await db.profileFixtures()
            let error = await #expect(throws: JobError.self) {
                try await db.run(ProfileStatsHandler(), #"{"user_ids": [1, 42]}"#)
            }
            #expect(error?.isPermanent == true)
            #expect(error?.message == "unknown user 42")
            #expect(try await db.profileStats().rows.isEmpty)
        }
    }

    @Test(
        "as_of reproduces a day; re-running gives the same rows; an earlier as_of never replaces a later one",
        arguments: DatabaseBackend.allCases)
    func reproducibleAndIdempotent(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { db in
            try await db.profileFixtures()
            try await db.run(ProfileStatsHandler(), #"{"user_id": 1, "as_of": "\#(asOf)"}"#)
            let first = try await db.profileStats()
            #expect(first.rows == [1: try expectedAna()])
            #expect(first.jobs == [1])

            let rerun = try await db.run(ProfileStatsHandler(), #"{"user_id": 1, "as_of": "\#(asOf)"}"#)
            let second = try await db.profileStats()
            #expect(second.rows == first.rows)
            #expect(second.jobs == [2])
            #expect(rerun.counts["kept_newer"] == 0)

            try await db.run(ProfileStatsHandler(), #"{"user_id": 1, "as_of": "2026-03-13T12:00:00Z"}"#)
            let later = try #require(try await db.profileStats().rows[1])
            #expect(later.localDate == "2026-03-13")
            #expect(later.currentStreak == 0)  // nothing on the 11th or 12th

            // A backfill of the earlier day leaves the later row (and its job) alone.
            let backfill = try await db.run(ProfileStatsHandler(), #"{"user_id": 1, "as_of": "\#(asOf)"}"#)
            #expect(backfill.counts["kept_newer"] == 1)
            #expect(backfill.counts["rows_written"] == 0)
            let kept = try await db.profileStats()
            #expect(kept.rows[1] == later)
            #expect(kept.jobs == [3])
        }
    }

    @Test(
        "a zone shard computes exactly the active users of that zone in its id range",
        arguments: DatabaseBackend.allCases)
    func zoneShard(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { db in
            try await db.profileFixtures()
            try await db.user(7, "Paused", zone: "America/New_York", status: "paused")
            try await db.user(8, "Eve", zone: "America/New_York")
            try await db.user(9, "Gone", zone: "America/New_York", status: "deactivated")
            try await db.user(11, "Out of range", zone: "America/New_York")
            try await db.user(12, "Elsewhere", zone: "Europe/Berlin")
            let result = try await db.run(
                ProfileStatsHandler(),
                #"{"time_zone": "America/New_York", "from_user_id": 2, "to_user_id": 10, "as_of": "\#(asOf)"}"#)
            #expect(result.counts["users"] == 2)
            let rows = try await db.profileStats().rows
            #expect(Set(rows.keys) == [2, 8])
            #expect(rows[2]?.currentStreak == 4)

            // A shard of one bad zone records its users' errors and writes no row.
            let bad = try await db.run(
                ProfileStatsHandler(), #"{"time_zone": "Mars/Olympus", "from_user_id": 1, "to_user_id": 100}"#)
            #expect(
                bad.counts == [
                    "users": 1, "rows_written": 0, "failures": 1, "ignored_sessions": 0, "kept_newer": 0,
                    "histories_used": 0,
                ])
            #expect(try await db.resultErrors("profile_stats") == [4: "invalid_time_zone"])
        }
    }

    @Test("a fixed zone or locale clears the recorded error on the next run", arguments: DatabaseBackend.allCases)
    func errorClears(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { db in
            try await db.profileFixtures()
            try await db.run(ProfileStatsHandler(), #"{"user_ids": [4, 5], "as_of": "\#(asOf)"}"#)
            #expect(try await db.resultErrors("profile_stats").count == 2)
            try await db.connection.execute("UPDATE spotter.users SET time_zone = 'Europe/Paris' WHERE id = 4")
            try await db.run(ProfileStatsHandler(), #"{"user_ids": [4, 5], "as_of": "\#(asOf)"}"#)
            #expect(try await db.resultErrors("profile_stats") == [5: "invalid_locale"])
            let rows = try await db.profileStats().rows
            #expect(rows[4]?.timeZone == "Europe/Paris")
            #expect(rows[4]?.currentStreak == 1)
        }
    }

    @Test("the demo renders a user's streak and week row with today marked", arguments: DatabaseBackend.allCases)
    func demo(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { db in
            try await db.profileFixtures()
            try await db.run(ProfileStatsHandler(), #"{"user_ids": [1, 2], "as_of": "\#(asOf)"}"#)
            let text = try await db.connection.withSession { try AnalyticsDemo.render(in: $0, users: 2, trainers: 1) }
            let lines = text.split(separator: "\n").map(String.init)
            #expect(
                lines == [
                    "Ben (en-US, America/New_York) — streak 4 days (best 4) · this week 3 workouts, 110 min",
                    "  S M T W T F S",
                    "  ● ●[●]· · · ·",
                    "Ana (pt-BR, America/Sao_Paulo) — streak 3 days (best 4) · this week 2 workouts, 85 min",
                    "  D S T Q Q S S",
                    "  ● ●[○]· · · ·",
                    "No trainer has clients needing attention.",
                ])
        }
    }
}
