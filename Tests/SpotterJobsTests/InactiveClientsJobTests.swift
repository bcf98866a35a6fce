import Foundation
import SpotterCatalog
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterRendering
import Testing

/// One `inactive_clients` row as read back, without `computed_at` and `job_id`.
private struct ListedClient: Equatable {
    var daysInactive: Int?
    var tier: Int
    var reason: String
    var lastMessageAt: Date?
    var lastWorkoutAt: Date?
    var localDate: String
}

private struct Link: Hashable, CustomStringConvertible {
    var trainer: UserID
    var client: UserID
    var description: String { "\(trainer)→\(client)" }
}

private let asOf = "2026-03-20T12:00:00Z"

extension AnalyticsHarness {
    fileprivate func inactiveClients() async throws -> [Link: ListedClient] {
        var result: [Link: ListedClient] = [:]
        for row in try await connection.query("SELECT * FROM spotter.inactive_clients") {
            result[Link(trainer: try row.id("trainer_id"), client: try row.id("client_id"))] = ListedClient(
                daysInactive: try row.optionalInt("days_inactive"), tier: try row.int("tier"),
                reason: try row.string("reason"), lastMessageAt: try row.optionalDate("last_message_at"),
                lastWorkoutAt: try row.optionalDate("last_workout_at"), localDate: try row.string("local_date"))
        }
        return result
    }

    /// Trainers Lee (100), Kim (101) and Ray (102, no clients); Lee's clients Sam (New York),
    /// Pat (paused), Dee (deactivated), Max (never active), Joy (also Kim's), Ola, Zed (invalid
    /// zone) and New (linked after as_of). As of 2026-03-20T12:00Z.
    fileprivate func inactivityFixtures() async throws {
        try await user(100, "Lee", role: "trainer")
        try await user(101, "Kim", role: "trainer")
        try await user(102, "Ray", role: "trainer")
        try await user(201, "Sam", role: "client", zone: "America/New_York")
        try await user(202, "Pat", role: "client", status: "paused")
        try await user(203, "Dee", role: "client", status: "deactivated")
        try await user(204, "Max", role: "client")
        try await user(205, "Joy", role: "client")
        try await user(206, "Ola", role: "client")
        try await user(207, "Zed", role: "client", zone: "Mars/Olympus")
        try await user(208, "New", role: "client")
        for client in Int64(201)...207 {
            try await link(trainer: 100, client: UserID(client), since: "2026-03-01T00:00:00Z")
        }
        try await link(trainer: 100, client: 208, since: "2026-03-25T00:00:00Z")
        try await link(trainer: 101, client: 205, since: "2026-02-01T00:00:00Z")

        // Sam: last message to Lee on the 4th, last workout on the 5th; everything else is noise.
        try await conversation(1, owner: 201, trainer: 100)
        try await message(1, conversation: 1, sender: 201, "2026-03-04T15:00:00Z")
        try await message(2, conversation: 1, sender: 100, "2026-03-19T15:00:00Z")  // from the trainer
        try await message(3, conversation: 1, sender: 201, "2026-03-19T16:00:00Z", deletedAt: "2026-03-19T17:00:00Z")
        try await message(4, conversation: 1, sender: 201, "2026-03-21T16:00:00Z")  // after as_of
        try await conversation(2, owner: 201, trainer: nil)
        try await message(5, conversation: 2, sender: 201, "2026-03-19T16:00:00Z")  // to the assistant
        try await session(201, "2026-03-05T15:00:00Z", minutes: 40)
        try await session(201, "2026-03-18T15:00:00Z", minutes: -5)  // invalid
        try await session(201, "2026-03-25T15:00:00Z", minutes: 30)  // after as_of

        // Joy: messaged Kim on the 11th, worked out on the 10th; never messaged Lee.
        try await conversation(3, owner: 205, trainer: 101)
        try await message(6, conversation: 3, sender: 205, "2026-03-11T10:00:00Z")
        try await session(205, "2026-03-10T10:00:00Z", minutes: 30)

        // Ola: messaged Lee on the 1st, never worked out.
        try await conversation(4, owner: 206, trainer: 100)
        try await message(7, conversation: 4, sender: 206, "2026-03-01T10:00:00Z")
        try await session(207, "2026-03-01T10:00:00Z", minutes: 30)
    }
}

private func expectedLists() throws -> [Link: ListedClient] {
    [
        Link(trainer: 100, client: 201): ListedClient(
            daysInactive: 15, tier: 14, reason: "no message for 16 days and no workout for 15 days",
            lastMessageAt: try instant("2026-03-04T15:00:00Z"), lastWorkoutAt: try instant("2026-03-05T15:00:00Z"),
            localDate: "2026-03-20"),
        Link(trainer: 100, client: 204): ListedClient(
            daysInactive: 19, tier: 14, reason: "never messaged or worked out since joining on 1 Mar 2026",
            lastMessageAt: nil, lastWorkoutAt: nil, localDate: "2026-03-20"),
        Link(trainer: 100, client: 205): ListedClient(
            daysInactive: 10, tier: 7, reason: "never messaged and no workout for 10 days", lastMessageAt: nil,
            lastWorkoutAt: try instant("2026-03-10T10:00:00Z"), localDate: "2026-03-20"),
        Link(trainer: 100, client: 206): ListedClient(
            daysInactive: 19, tier: 14, reason: "no message for 19 days and never worked out",
            lastMessageAt: try instant("2026-03-01T10:00:00Z"), lastWorkoutAt: nil, localDate: "2026-03-20"),
        Link(trainer: 101, client: 205): ListedClient(
            daysInactive: 9, tier: 7, reason: "no message for 9 days and no workout for 10 days",
            lastMessageAt: try instant("2026-03-11T10:00:00Z"), lastWorkoutAt: try instant("2026-03-10T10:00:00Z"),
            localDate: "2026-03-20"),
    ]
}

@Suite("inactive_clients job")
struct InactiveClientsJobTests {
    @Test(
        "golden lists: paused and deactivated excluded, never active, two trainers, bad zone recorded",
        arguments: DatabaseBackend.allCases)
    func golden(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { db in
            try await db.inactivityFixtures()
            let result = try await db.run(
                InactiveClientsHandler(), #"{"trainer_ids": [100, 101, 102], "as_of": "\#(asOf)"}"#)
            #expect(
                result.counts == [
                    "users": 3, "rows_written": 5, "failures": 1, "clients": 7, "kept_newer": 0, "not_messaging": 5,
                ])
            #expect(try await db.inactiveClients() == (try expectedLists()))
            #expect(try await db.resultErrors("inactive_clients") == [207: "invalid_time_zone"])

            // Re-running leaves the same rows.
            try await db.run(InactiveClientsHandler(), #"{"trainer_ids": [100, 101, 102], "as_of": "\#(asOf)"}"#)
            #expect(try await db.inactiveClients() == (try expectedLists()))
        }
    }

    @Test(
        "a client who came back leaves the list on the next run; other trainers' lists stay",
        arguments: DatabaseBackend.allCases)
    func cameBack(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { db in
            try await db.inactivityFixtures()
            try await db.run(InactiveClientsHandler(), #"{"trainer_ids": [100, 101], "as_of": "\#(asOf)"}"#)
            try await db.message(8, conversation: 4, sender: 206, "2026-03-19T09:00:00Z")
            try await db.session(205, "2026-03-19T09:00:00Z", minutes: 20)
            let result = try await db.run(InactiveClientsHandler(), #"{"trainer_id": 100, "as_of": "\#(asOf)"}"#)
            #expect(result.counts["rows_written"] == 2)
            var expected = try expectedLists()
            expected[Link(trainer: 100, client: 206)] = nil
            expected[Link(trainer: 100, client: 205)] = nil
            #expect(try await db.inactiveClients() == expected)  // Kim's row for Joy is untouched
        }
    }

    @Test(
        "thresholds and tiers come from jobs/ parameters, and a payload may set its own",
        arguments: DatabaseBackend.allCases)
    func thresholds(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { db in
            try await db.inactivityFixtures()
            var spec = try #require(db.catalog.spec(for: "inactive_clients"))
            spec.parameters["threshold_days"] = .int(14)
            spec.parameters["tiers"] = .list([.int(14), .int(18)])
            try await db.run(InactiveClientsHandler(), #"{"trainer_ids": [100, 101], "as_of": "\#(asOf)"}"#, spec: spec)
            let lists = try await db.inactiveClients()
            #expect(
                Set(lists.keys) == [
                    Link(trainer: 100, client: 201), Link(trainer: 100, client: 204), Link(trainer: 100, client: 206),
                ])
            #expect(
                lists.mapValues(\.tier) == [
                    Link(trainer: 100, client: 201): 14, Link(trainer: 100, client: 204): 18,
                    Link(trainer: 100, client: 206): 18,
                ])

            // Kim chose 3 days: Joy (9 days) is listed for Kim even though the kind says 14.
            try await db.run(
                InactiveClientsHandler(),
                #"{"trainer_id": 101, "threshold_days": 3, "tiers": [3, 5], "as_of": "\#(asOf)"}"#,
                spec: spec)
            #expect(try await db.inactiveClients()[Link(trainer: 101, client: 205)]?.tier == 5)

            // A tier below the threshold could never be reached (the shipped tier 3 under 7 days was).
            let unreachable = await #expect(throws: JobError.self) {
                try await db.run(
                    InactiveClientsHandler(), #"{"trainer_id": 101, "threshold_days": 7, "tiers": [3, 7]}"#)
            }
            #expect(unreachable?.message.contains("tier 3 is below threshold_days 7, so it never triggers") == true)

            let error = await #expect(throws: JobError.self) {
                try await db.run(InactiveClientsHandler(), #"{"trainer_id": 101, "threshold_days": 0}"#)
            }
            #expect(error?.isPermanent == true)
        }
    }

    @Test(
        "a client's last message is found by a short backward scan, not by reading the conversation (PostgreSQL plans)")
    func lastMessageReadsNotTheHistory() async throws {
        try await AnalyticsHarness.with(.postgres) { db in
            try await db.inactivityFixtures()
            // Sam's conversation with Lee: 400 messages, trainer and client in turn, an hour apart,
            // then the client's latest live one, one deleted after it and one after the as-of.
            try await db.connection.execute(
                """
                INSERT INTO spotter.messages (id, conversation_id, sender_id, body, sent_at)
                SELECT 1000 + n, 1, CASE WHEN n % 2 = 0 THEN 100 ELSE 201 END, 'message ' || n,
                       timestamptz '2026-02-01T00:00:00Z' + n * interval '1 hour'
                FROM generate_series(1, 400) n
                """)
            try await db.message(2001, conversation: 1, sender: 201, "2026-03-19T08:00:00Z")
            try await db.message(
                2002, conversation: 1, sender: 201, "2026-03-19T09:00:00Z", deletedAt: "2026-03-19T10:00:00Z")
            try await db.message(2003, conversation: 1, sender: 201, "2026-03-21T09:00:00Z")
            try await db.connection.execute("ANALYZE spotter.messages")
            let query = InactiveClientsHandler.linksQuery(
                trainers: [100], asOf: try instant(asOf), backend: .postgres)
            try await db.connection.withSession { session in
                let plan = try SessionSummaryTests.plan(query.sql, query.binds, in: session)
                let read = SessionSummaryTests.rowsRead(plan, of: "messages")
                // One or two rows per conversation of Lee's clients (the latest few back from the
                // as-of), not Sam's 400: max() over the join read them all.
                #expect(read <= 12, "messages rows read: \(read)")
                var latest: [UserID: Date] = [:]
                try session.forEachRow(query.sql, query.binds) { row in
                    if let at = try row.optionalDate("last_message_at") { latest[try row.id("client_id")] = at }
                }
                #expect(latest[201] == (try instant("2026-03-19T08:00:00Z")))
            }
            try await db.run(InactiveClientsHandler(), #"{"trainer_ids": [100, 101], "as_of": "\#(asOf)"}"#)
            let quiet = try await db.connection.query(
                "SELECT client_id FROM spotter.not_messaging_clients WHERE trainer_id = 100 AND client_id = 201")
            #expect(quiet.isEmpty, "Sam wrote to Lee yesterday (16 days ago without these messages)")
        }
    }

    @Test("a shard reads its own trainers' links, not all of trainer_clients (PostgreSQL plans)")
    func linksReadByTrainer() async throws {
        try await AnalyticsHarness.with(.postgres) { db in
            try await db.inactivityFixtures()
            // 300 more trainers with 10 clients each; the shard below selects Lee and 60 of them.
            try await db.connection.execute(
                """
                INSERT INTO spotter.users (id, display_name, role, time_zone, locale, status)
                SELECT n, 'Person ' || n, CASE WHEN n < 10300 THEN 'trainer' ELSE 'client' END, 'UTC', 'en-US', 'active'
                FROM generate_series(10000, 13299) n
                """)
            try await db.connection.execute(
                """
                INSERT INTO spotter.trainer_clients (trainer_id, client_id, since)
                SELECT 10000 + n / 10, 10300 + n, timestamptz '2026-03-01T00:00:00Z' FROM generate_series(0, 2999) n
                """)
            try await db.connection.execute("ANALYZE spotter.users, spotter.trainer_clients")
            let trainers = [UserID(100)] + (10000..<10060).map { UserID(Int64($0)) }
            let query = InactiveClientsHandler.linksQuery(
                trainers: trainers, asOf: try instant(asOf), backend: .postgres)
            try await db.connection.withSession { session in
                let plan = try SessionSummaryTests.plan(query.sql, query.binds, in: session)
                let read = SessionSummaryTests.rowsRead(plan, of: "trainer_clients")
                // Lee's 8 links and the 60 trainers' 600: a scan of the whole table reads 3,009.
                #expect(read <= 700, "trainer_clients rows read: \(read)")
                var links = 0
                try session.forEachRow(query.sql, query.binds) { _ in links += 1 }
                #expect(links == 7 + 600, "links made by the as-of (New's is later)")
            }
        }
    }

    @Test(
        "the not-messaging list counts days since the client last wrote to this trainer, workouts aside; tier 3 is reached; both lists in chat_context",
        arguments: DatabaseBackend.allCases)
    func notMessaging(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { db in
            try await db.inactivityFixtures()
            // Gym works out daily but last wrote to Lee on the 10th; Tri went quiet four days ago.
            try await db.user(209, "Gym", role: "client")
            try await db.user(210, "Tri", role: "client")
            try await db.link(trainer: 100, client: 209, since: "2026-03-01T00:00:00Z")
            try await db.link(trainer: 100, client: 210, since: "2026-03-01T00:00:00Z")
            try await db.conversation(5, owner: 209, trainer: 100)
            try await db.message(9, conversation: 5, sender: 209, "2026-03-10T09:00:00Z")
            try await db.message(10, conversation: 5, sender: 100, "2026-03-19T09:00:00Z")  // the trainer wrote
            try await db.session(209, "2026-03-19T07:00:00Z", minutes: 30)
            try await db.conversation(6, owner: 210, trainer: 100)
            try await db.message(11, conversation: 6, sender: 210, "2026-03-16T09:00:00Z")
            try await db.session(210, "2026-03-15T07:00:00Z", minutes: 30)

            let result = try await db.run(
                InactiveClientsHandler(), #"{"trainer_ids": [100, 101], "as_of": "\#(asOf)"}"#)
            var quiet: [Link: (days: Int?, reason: String)] = [:]
            for row in try await db.connection.query("SELECT * FROM spotter.not_messaging_clients") {
                quiet[Link(trainer: try row.id("trainer_id"), client: try row.id("client_id"))] =
                    (try row.optionalInt("days_since_message"), try row.string("reason"))
            }
            #expect(result.counts["not_messaging"] == quiet.count)
            #expect(
                quiet.mapValues(\.days) == [
                    Link(trainer: 100, client: 201): 16, Link(trainer: 100, client: 204): 19,
                    Link(trainer: 100, client: 205): 19, Link(trainer: 100, client: 206): 19,
                    Link(trainer: 100, client: 209): 10, Link(trainer: 101, client: 205): 9,
                ])
            #expect(quiet[Link(trainer: 100, client: 209)]?.reason == "no message for 10 days")
            #expect(quiet[Link(trainer: 100, client: 205)]?.reason == "never messaged since joining on 1 Mar 2026")

            let inactive = try await db.inactiveClients()
            #expect(inactive[Link(trainer: 100, client: 209)] == nil, "Gym works out: not on the combined list")
            #expect(
                inactive[Link(trainer: 100, client: 210)]?.tier == 3, "tier 3 is reachable with the shipped settings")
            #expect(inactive[Link(trainer: 100, client: 210)]?.daysInactive == 4)

            let text = try await db.connection.query(
                "SELECT document FROM spotter.chat_context WHERE user_id = 100")[0].json("document")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let listed = try #require(document["not_messaging"] as? [[String: Any]])
            #expect(listed.compactMap { $0["client_id"] as? Int } == [204, 205, 206, 201, 209])
            #expect(document["not_messaging_total"] as? Int == 5)
            #expect(
                (document["inactive_clients"] as? [[String: Any]])?.count
                    == inactive.keys.filter { $0.trainer == 100 }.count)
            let prompt = try ChatContext.render(document: text)
            #expect(prompt.contains("## Clients who haven't messaged recently (5)"), "\(prompt)")
            #expect(prompt.contains("- Gym: no message for 10 days"), "\(prompt)")

            let view = try await db.connection.query(
                "SELECT not_messaging FROM spotter.not_messaging_per_trainer WHERE trainer_id = '100'")
            #expect(try view.first?.int("not_messaging") == 5)
        }
    }

    @Test("an unknown trainer, or a user who is not a trainer, fails permanently", arguments: DatabaseBackend.allCases)
    func unknownTrainer(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { db in
            try await db.inactivityFixtures()
            let error = await #expect(throws: JobError.self) {
                try await db.run(InactiveClientsHandler(), #"{"trainer_ids": [100, 201, 999]}"#)
            }
            #expect(error?.isPermanent == true)
            #expect(error?.message == "unknown trainers 201, 999")
            #expect(try await db.inactiveClients().isEmpty)
        }
    }

    @Test("a zone shard computes the active trainers of that zone in its id range", arguments: DatabaseBackend.allCases)
    func zoneShard(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { db in
            try await db.inactivityFixtures()
            try await db.user(103, "Paused trainer", role: "trainer", status: "paused")
            try await db.user(104, "Berlin trainer", role: "trainer", zone: "Europe/Berlin")
            try await db.user(209, "Ivy", role: "client")
            try await db.link(trainer: 103, client: 209, since: "2026-03-01T00:00:00Z")
            try await db.link(trainer: 104, client: 209, since: "2026-03-01T00:00:00Z")
            let result = try await db.run(
                InactiveClientsHandler(),
                #"{"time_zone": "UTC", "from_user_id": 101, "to_user_id": 300, "as_of": "\#(asOf)"}"#)
            #expect(result.counts["users"] == 2)  // Kim and Ray; not Lee (below the range) nor 103 (paused)
            #expect(Set(try await db.inactiveClients().keys) == [Link(trainer: 101, client: 205)])
        }
    }

    @Test("the demo lists a trainer's clients who need attention", arguments: DatabaseBackend.allCases)
    func demo(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { db in
            try await db.inactivityFixtures()
            try await db.run(InactiveClientsHandler(), #"{"trainer_ids": [100, 101], "as_of": "\#(asOf)"}"#)
            let text = try await db.connection.withSession { try AnalyticsDemo.render(in: $0, users: 0, trainers: 2) }
            #expect(
                text.split(separator: "\n").map(String.init) == [
                    "Lee (trainer) — 4 clients need attention:",
                    "  Max (14+ days: never messaged or worked out since joining on 1 Mar 2026)",
                    "  Ola (14+ days: no message for 19 days and never worked out)",
                    "  Sam (14+ days: no message for 16 days and no workout for 15 days)",
                    "  Joy (7+ days: never messaged and no workout for 10 days)",
                    "Kim (trainer) — 1 client needs attention:",
                    "  Joy (7+ days: no message for 9 days and no workout for 10 days)",
                ])
        }
    }
}
