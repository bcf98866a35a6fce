import Foundation
import SpotterDB
import SpotterStats

/// One `inactive_clients` run over a selection of trainers, on one session: load, compute, write.
enum InactiveClientsShard {
    private struct Pair: Hashable {
        var trainerID: Int64
        var clientID: Int64
    }

    static func run(
        _ selection: UserSelection, policy: InactivityPolicy, jobID: Int64, in session: DatabaseSession
    ) throws -> ShardSummary {
        let queries = InactiveClientsHandler.inputQueries(for: selection, backend: session.backend)
        var trainers: [Int64] = []
        try session.forEachRow(queries.trainers.sql, queries.trainers.binds) { trainers.append(try $0.int64(at: 0)) }
        try selection.requireFound(Set(trainers), noun: "trainer")

        var links: [ClientActivity] = []
        try session.forEachRow(queries.links.sql, queries.links.binds) { row in
            // An unknown status (inputs may be views) is never flagged, like paused.
            let status = ClientStatus(rawValue: try row.string(at: 3)) ?? .paused
            links.append(
                ClientActivity(
                    trainerID: try row.int64(at: 0), clientID: try row.int64(at: 1), status: status,
                    timeZone: try row.string(at: 4), linkedSince: try row.optionalDate(at: 2)))
        }
        var lastMessage: [Pair: Date] = [:]
        try session.forEachRow(queries.messages.sql, queries.messages.binds) { row in
            guard let sentAt = try row.optionalDate(at: 2) else { return }
            lastMessage[Pair(trainerID: try row.int64(at: 0), clientID: try row.int64(at: 1))] = sentAt
        }
        var lastWorkout: [Int64: Date] = [:]
        try session.forEachRow(queries.workouts.sql, queries.workouts.binds) { row in
            guard let startedAt = try row.optionalDate(at: 1) else { return }
            lastWorkout[try row.int64(at: 0)] = startedAt
        }
        for index in links.indices {
            let pair = Pair(trainerID: links[index].trainerID, clientID: links[index].clientID)
            links[index].lastMessageToTrainerAt = lastMessage[pair]
            links[index].lastWorkoutAt = lastWorkout[pair.clientID]
        }

        let (flagged, errors) = InactivityCalculator.inactiveClients(links, policy: policy, now: selection.asOf)
        let now = Date()
        let rows = flagged.map { row($0, computedAt: now, jobID: jobID) }
        let outcomes = errors.map { error in
            SubjectOutcome(subjectID: error.clientID, reason: error.error.code.description, detail: error.error.message)
        }
        var clients = Array(Set(links.map(\.clientID)))
        clients.sort()
        let written = try session.withTransaction(immediate: true) {
            let written = try ResultWriter.replace(
                table: "inactive_clients", subjectColumn: "trainer_id", subjects: trainers,
                columns: InactiveClientsHandler.columns, rows: rows, in: session)
            try ResultWriter.recordOutcomes(
                kind: "inactive_clients", subjects: clients, outcomes: outcomes, jobID: jobID, in: session)
            return written
        }
        return ShardSummary(
            users: trainers.count, rowsWritten: written, failures: outcomes.count, extra: ["clients": clients.count])
    }

    private static func row(_ client: InactiveClient, computedAt: Date, jobID: Int64) -> [SQLValue] {
        [
            .int(client.trainerID), .int(client.clientID), client.daysInactive.map { .int(Int64($0)) } ?? .null,
            .int(Int64(client.tier)), .text(client.reason), client.lastMessageAt.map(SQLValue.timestamp) ?? .null,
            client.lastWorkoutAt.map(SQLValue.timestamp) ?? .null, .text(client.localDate.description),
            .timestamp(computedAt), .int(jobID),
        ]
    }
}
