import Foundation
import SpotterDB

/// Pure generation of the user-dependent input rows, one chunk of users at a time.
///
/// Every user's rows depend only on `(seed, user id)`, the user's block (see ``SeedBlock``)
/// and the configuration, so `chunk(users: 0..<200)` equals `chunk(users: 0..<100)` followed
/// by `chunk(users: 100..<200)`, table by table. No clock, no global random source.
public struct SeedGenerator: Sendable {
    /// The configuration generated from.
    public let configuration: SeedConfiguration
    /// One clock per zone of ``SeedZones/all``, then UTC for the invalid zone.
    private let clocks: [SeedClock]

    /// Prepares per-zone calendars around `configuration.now`.
    public init(configuration: SeedConfiguration) {
        self.configuration = configuration
        let days = max(configuration.historyDays, 1) + 800
        var clocks = SeedZones.all.map { zone in
            SeedClock(timeZone: TimeZone(identifier: zone.identifier), now: configuration.now, days: days)
        }
        clocks.append(SeedClock(timeZone: nil, now: configuration.now, days: days))
        self.clocks = clocks
    }

    /// Rows for the users with zero-based indices in `users` (clamped to the configured size).
    public func chunk(users: Range<Int>) -> SeedChunk {
        let range = users.clamped(to: 0..<max(configuration.users, 0))
        var builder = ChunkBuilder()
        var blocks: [Int: SeedBlock] = [:]
        var trainers: [Int: SeedPerson] = [:]
        for index in range {
            let blockIndex = index / SeedBlock.size
            let block =
                blocks[blockIndex]
                ?? SeedBlock(seed: configuration.seed, index: blockIndex, userCount: configuration.users)
            blocks[blockIndex] = block
            let person = SeedPerson(index: index, block: block, configuration: configuration)
            var since: Int64?
            if let trainerID = person.trainerID {
                let trainer =
                    trainers[blockIndex]
                    ?? SeedPerson(index: Int(trainerID) - 1, block: block, configuration: configuration)
                trainers[blockIndex] = trainer
                since = relationshipStart(client: person, trainer: trainer)
            }
            generate(person, since: since, into: &builder)
        }
        return SeedChunk(users: range, tables: builder.tables)
    }

    func clock(for person: SeedPerson) -> SeedClock {
        clocks[person.zoneIndex ?? clocks.count - 1]
    }

    /// When a client started with their trainer: after both accounts existed, before now.
    private func relationshipStart(client: SeedPerson, trainer: SeedPerson) -> Int64 {
        var random = SeedRandom(
            seed: configuration.seed, key: UInt64(client.id), stream: SeedStream.relationship.rawValue)
        let clientClock = clock(for: client)
        let earliest = max(client.createdAt(clock: clientClock), trainer.createdAt(clock: clock(for: trainer)))
        let since = earliest + Int64(random.int(in: 1...240) * 3600 + random.below(60) * 60)
        return min(since, max(earliest + 60, clientClock.now - 3600))
    }

    private func generate(_ person: SeedPerson, since: Int64?, into builder: inout ChunkBuilder) {
        let clock = clock(for: person)
        let id = SQLValue.int(person.id)
        builder.users.append([
            id, .text(person.displayName), .text(person.role.rawValue), .text(person.timeZone), .text(person.locale),
            .text(person.status), Self.time(person.createdAt(clock: clock)),
        ])
        if let trainerID = person.trainerID, let since {
            builder.trainerClients.append([.int(trainerID), id, Self.time(since)])
        }
        if person.hasProfile {
            builder.profiles.append([
                id, .text(person.goal), .text(person.level), .tags(person.equipment),
                .int(Int64(person.daysPerWeek)), .int(Int64(person.sessionMinutes)),
            ])
        }
        var planner = SeedActivityPlanner(person: person, clock: clock, configuration: configuration)
        let activity = planner.plan()
        for enrollment in activity.enrollments {
            builder.enrollments.append([
                .int(enrollment.id), id, .int(enrollment.programID), Self.time(enrollment.startedAt),
                .text(enrollment.status), enrollment.completedAt.map(Self.time) ?? .null,
            ])
        }
        for session in activity.sessions {
            builder.sessions.append([
                .int(session.id), id, session.workoutID.map(SQLValue.int) ?? .null, Self.time(session.startedAt),
                .int(Int64(session.durationMinutes)),
            ])
            if configuration.sessionSets, let workoutID = session.workoutID,
                let workout = SeedCatalog.workoutsByID[workoutID]
            {
                SeedSessionSets.append(session: session.id, workout: workout, to: &builder.sessionSets)
            }
        }
        let chat = SeedConversations.plan(person: person, clock: clock, configuration: configuration, since: since)
        for conversation in chat.conversations {
            builder.conversations.append([
                .int(conversation.id), id, conversation.counterpartID.map(SQLValue.int) ?? .null,
                .text(conversation.kind), Self.time(conversation.createdAt),
            ])
        }
        for message in chat.messages {
            builder.messages.append([
                .int(message.id), .int(message.conversationID), .int(message.senderID), .text(message.body),
                Self.time(message.sentAt), message.deletedAt.map(Self.time) ?? .null,
            ])
        }
        for checkIn in SeedCheckIns.plan(person: person, clock: clock, configuration: configuration) {
            builder.checkIns.append([
                .int(checkIn.id), id, .int(Int64(checkIn.energy)), .int(Int64(checkIn.mood)),
                .int(Int64(checkIn.clarity)), Self.time(checkIn.recordedAt),
            ])
        }
    }

    static func time(_ seconds: Int64) -> SQLValue {
        .timestamp(Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}

/// Accumulates one chunk's rows per table.
private struct ChunkBuilder {
    var users: [[SQLValue]] = []
    var trainerClients: [[SQLValue]] = []
    var profiles: [[SQLValue]] = []
    var enrollments: [[SQLValue]] = []
    var sessions: [[SQLValue]] = []
    var sessionSets: [[SQLValue]] = []
    var conversations: [[SQLValue]] = []
    var messages: [[SQLValue]] = []
    var checkIns: [[SQLValue]] = []

    var tables: [SeedTable] {
        [
            SeedTable(name: "users", columns: SeedColumns.users, rows: users),
            SeedTable(name: "trainer_clients", columns: SeedColumns.trainerClients, rows: trainerClients),
            SeedTable(name: "profiles", columns: SeedColumns.profiles, rows: profiles),
            SeedTable(name: "enrollments", columns: SeedColumns.enrollments, rows: enrollments),
            SeedTable(name: "workout_sessions", columns: SeedColumns.workoutSessions, rows: sessions),
            SeedTable(name: "session_sets", columns: SeedColumns.sessionSets, rows: sessionSets),
            SeedTable(name: "conversations", columns: SeedColumns.conversations, rows: conversations),
            SeedTable(name: "messages", columns: SeedColumns.messages, rows: messages),
            SeedTable(name: "check_ins", columns: SeedColumns.checkIns, rows: checkIns),
        ]
    }
}
