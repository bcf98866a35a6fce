import Foundation
import SpotterCalendar
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterReasons

/// trainer_overview and inactive_clients: a trainer's clients from the nightly inactive_clients
/// results, joined to the trainer's scope (a client who left is never shown).
extension SpotterTools {
    /// `reason` is in the trainer's language, rendered from `reasonCode` (nil for a row written
    /// before migration 032, whose English text is shown as it is).
    struct InactiveClient: Encodable {
        var clientId: UserID, name: String, status: String, tier: Int?, daysInactive: Int?, reason: String
        var reasonCode: Reason?
        var lastMessageAt: Date?, lastWorkoutAt: Date?, localDate: String, timeZone: String
        /// Days since the last message (`messages`) or workout (`workouts`), in the client's zone; nil: never.
        var daysSince: Int?
    }

    struct Tier: Encodable {
        var tier: Int, label: String, clients: [InactiveClient], page: Page
    }

    struct Overview: Encodable {
        var trainer: ReadScope.Person
        var reasonsLocale: ReasonLanguage
        var clientsTotal: Int, clientsActive: Int, clientsPaused: Int, needingAttention: Int
        var tiers: [Tier]
        var computedAt: Date?
    }

    func trainerOverview(_ arguments: ToolArguments) async throws -> ToolAnswer {
        let (limit, offset) = try Self.page(arguments, default: 5)
        let userID = self.userID
        let overview = try await connection.withSession { session -> Overview in
            let scope = try ReadScope.load(viewer: userID, in: session)
            try scope.requireTrainer(for: "trainer_overview")
            let counts = try session.query(
                """
                SELECT count(*) AS total, sum(CASE WHEN status = 'active' THEN 1 ELSE 0 END) AS active,
                       sum(CASE WHEN status = 'paused' THEN 1 ELSE 0 END) AS paused
                FROM spotter.viewer_scope WHERE viewer_id = \(id: userID) AND relation = 'client'
                """)[0]
            let language = try ReaderLanguage.of(userID, in: session)
            let clients = try Self.inactive(of: userID, language: language, in: session)
            var tiers: [Tier] = []
            let say = Self.say(in: language)
            for tier in [14, 7, 3] {
                let label = say(.mcpTierLabel, ["tier": .count(tier)])
                let members = clients.filter {
                    tier == 14 ? ($0.tier ?? 0) >= 14 || $0.daysInactive == nil : $0.tier == tier
                }
                tiers.append(
                    Tier(
                        tier: tier, label: label, clients: Array(members.dropFirst(offset).prefix(limit)),
                        page: Page(offset: offset, limit: limit, total: members.count)))
            }
            return Overview(
                trainer: scope.viewer, reasonsLocale: language, clientsTotal: try counts.int("total"),
                clientsActive: try counts.optionalInt("active") ?? 0,
                clientsPaused: try counts.optionalInt("paused") ?? 0,
                needingAttention: clients.count, tiers: tiers,
                computedAt: try Self.inactiveComputedAt(of: userID, in: session))
        }
        let say = Self.say(in: overview.reasonsLocale)
        var lines = [
            say(
                .mcpTrainerOverview,
                [
                    "name": .text(overview.trainer.name), "total": .count(overview.clientsTotal),
                    "active": .count(overview.clientsActive), "paused": .count(overview.clientsPaused),
                    "attention": .count(overview.needingAttention),
                ])
        ]
        for tier in overview.tiers where tier.page.total > 0 {
            lines.append(say(.mcpTier, ["tier": .count(tier.tier), "total": .count(tier.page.total)]))
            for client in tier.clients {
                let arguments: [String: ReasonValue] = [
                    "name": .text(client.name), "id": .text("\(client.clientId)"), "reason": .text(client.reason),
                ]
                lines.append("- " + say(.mcpClient, arguments))
            }
        }
        return try ToolAnswer(overview, text: lines.joined(separator: "\n"))
    }

    struct InactiveAnswer: Encodable {
        var trainer: ReadScope.Person
        var reasonsLocale: ReasonLanguage
        var days: Int, by: String
        var clients: [InactiveClient]
        var page: Page
        var note: String
        var computedAt: Date?
    }

    func inactiveClients(_ arguments: ToolArguments) async throws -> ToolAnswer {
        let days = Int(try arguments.integer("days", in: 0...3650, default: 7))
        let by = try arguments.choice("by", ["messages", "workouts", "both"], default: "both")
        let (limit, offset) = try Self.page(arguments, default: 20)
        let userID = self.userID
        let answer = try await connection.withSession { session -> InactiveAnswer in
            let scope = try ReadScope.load(viewer: userID, in: session)
            try scope.requireTrainer(for: ToolCatalog.inactiveClients)
            let language = try ReaderLanguage.of(userID, in: session)
            var matching: [InactiveClient] = []
            let listed =
                by == "messages"
                ? try Self.notMessaging(of: userID, language: language, in: session)
                : try Self.inactive(of: userID, language: language, in: session)
            for var client in listed {
                switch by {
                case "messages": client.daysSince = client.daysInactive
                case "workouts":
                    client.daysSince = Self.daysSince(client.lastWorkoutAt, to: client.localDate, in: client.timeZone)
                default: client.daysSince = client.daysInactive
                }
                if let since = client.daysSince, since < days { continue }
                matching.append(client)
            }
            matching.sort { ($0.daysSince ?? Int.max, $1.clientId) > ($1.daysSince ?? Int.max, $0.clientId) }
            return InactiveAnswer(
                trainer: scope.viewer, reasonsLocale: language, days: days, by: by,
                clients: Array(matching.dropFirst(offset).prefix(limit)),
                page: Page(offset: offset, limit: limit, total: matching.count),
                note: Self.inactiveNote[by] ?? "",
                computedAt: by == "messages"
                    ? try Self.notMessagingComputedAt(of: userID, in: session)
                    : try Self.inactiveComputedAt(of: userID, in: session))
        }
        let say = Self.say(in: answer.reasonsLocale)
        var heading: [String: ReasonValue] = [
            "total": .count(answer.page.total), "name": .text(answer.trainer.name), "days": .count(days),
            "by": .term(by),
        ]
        let paged = answer.page.total > answer.clients.count
        if paged {
            heading["shown"] = .count(answer.clients.count)
            heading["from"] = .count(offset + 1)
        }
        var lines = [say(paged ? .mcpInactiveHeadingPage : .mcpInactiveHeading, heading)]
        for client in answer.clients {
            var arguments: [String: ReasonValue] = [
                "name": .text(client.name), "id": .text("\(client.clientId)"), "reason": .text(client.reason),
            ]
            if let days = client.daysSince { arguments["days"] = .count(days) }
            lines.append("- " + say(client.daysSince == nil ? .mcpInactiveClientNever : .mcpInactiveClient, arguments))
        }
        return try ToolAnswer(answer, text: lines.joined(separator: "\n"))
    }

    /// What each measure's list is, said in the answer so an assistant does not overclaim.
    static let inactiveNote = [
        "both": "From the nightly inactive_clients results: no message to the trainer and no workout.",
        "messages":
            "From the nightly not-messaging list: clients who have not written to the trainer for the nightly threshold (message_threshold_days, 7 by default) or more, whatever their workouts; a client silent for fewer days than that threshold is not listed.",
        "workouts":
            "Derived from the nightly inactive_clients results, which list only clients with neither a message nor a workout for the smallest tier (3 days): a client who messages regularly is not listed even if workouts stopped.",
    ]

    /// Calendar days from `instant`'s local date in `zone` to `localDate` (the client's today when
    /// the row was computed), counted on the calendar, never as seconds ÷ 86,400; nil: never.
    static func daysSince(_ instant: Date?, to localDate: String, in zone: String) -> Int? {
        guard let instant else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        let parts = localDate.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        let then = calendar.dateComponents([.year, .month, .day], from: instant)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = .gmt
        guard let from = utc.date(from: then),
            let to = utc.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
            let days = utc.dateComponents([.day], from: from, to: to).day
        else { return nil }
        return max(0, days)
    }

    /// The trainer's rows of a trainer–client result table (alias `r`), each with the client's
    /// `display_name`, `status` and `time_zone` from `viewer_scope`, ordered by `order` (SQL) and
    /// then the client.
    static func clientRows(
        of trainer: UserID, in table: String, orderedBy order: String, _ session: DatabaseSession
    ) throws -> [Row] {
        try session.query(
            """
            SELECT r.*, s.display_name, s.status, s.time_zone
            FROM spotter.\(unescaped: table) r
            JOIN spotter.viewer_scope s ON s.viewer_id = r.trainer_id
                                        AND s.person_id = r.client_id
                                        AND s.relation = 'client'
            WHERE r.trainer_id = \(id: trainer)
            ORDER BY \(unescaped: order), r.client_id
            """ as SQLQuery)
    }

    static func inactive(
        of trainer: UserID, language: ReasonLanguage, in session: DatabaseSession
    ) throws -> [InactiveClient] {
        try clientRows(
            of: trainer, in: InactiveClientRow.table, orderedBy: "r.days_inactive DESC NULLS FIRST", session
        ).map { row in
            let client = try row.decode(InactiveClientRow.self)
            return try entry(
                row, client: client.client_id, tier: client.tier, days: client.days_inactive, reason: client.reason,
                code: client.reason_code, lastMessageAt: client.last_message_at, lastWorkoutAt: client.last_workout_at,
                localDate: client.local_date, language: language)
        }
    }

    /// The trainer's clients on the nightly not-messaging list (017), whose workouts do not matter;
    /// `daysInactive` is the days since the client last wrote to this trainer (nil: never).
    static func notMessaging(
        of trainer: UserID, language: ReasonLanguage, in session: DatabaseSession
    ) throws -> [InactiveClient] {
        try clientRows(
            of: trainer, in: NotMessagingClientRow.table, orderedBy: "r.days_since_message DESC NULLS FIRST", session
        ).map { row in
            let client = try row.decode(NotMessagingClientRow.self)
            return try entry(
                row, client: client.client_id, tier: nil, days: client.days_since_message, reason: client.reason,
                code: client.reason_code, lastMessageAt: client.last_message_at, lastWorkoutAt: nil,
                localDate: client.local_date, language: language)
        }
    }

    /// A row of ``clientRows(of:in:orderedBy:_:)`` as the tools show it: the client's name, status
    /// and zone from `viewer_scope`, the reason in `language` (its code when the catalog reads it).
    private static func entry(
        _ row: Row, client: UserID, tier: Int?, days: Int?, reason: String, code: StoredReason?,
        lastMessageAt: Date?, lastWorkoutAt: Date?, localDate: LocalDate, language: ReasonLanguage
    ) throws -> InactiveClient {
        let texts = ReaderLanguage.texts(stored: [reason], codes: code?.reason.map { [$0] }, in: language, limit: .max)
        return InactiveClient(
            clientId: client, name: try row.string("display_name"), status: try row.string("status"), tier: tier,
            daysInactive: days, reason: texts[0],
            reasonCode: code?.reason, lastMessageAt: lastMessageAt, lastWorkoutAt: lastWorkoutAt,
            localDate: "\(localDate)", timeZone: try row.string("time_zone"), daysSince: nil)
    }

    static func notMessagingComputedAt(of trainer: UserID, in session: DatabaseSession) throws -> Date? {
        try session.query(
            "SELECT max(computed_at) AS at FROM spotter.not_messaging_clients WHERE trainer_id = \(id: trainer)"
        ).first.flatMap { try $0.optionalDate("at") }
    }

    static func inactiveComputedAt(of trainer: UserID, in session: DatabaseSession) throws -> Date? {
        try session.query(
            "SELECT max(computed_at) AS at FROM spotter.inactive_clients WHERE trainer_id = \(id: trainer)"
        ).first.flatMap { try $0.optionalDate("at") }
    }
}
