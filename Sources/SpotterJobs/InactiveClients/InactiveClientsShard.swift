import Foundation
import SpotterDB
import SpotterStats

/// One `inactive_clients` run over a selection of trainers, on one session: load, compute, write.
enum InactiveClientsShard {
    static func run(
        _ selection: UserSelection, policy: InactivityPolicy, jobID: Int64, in session: DatabaseSession
    ) throws -> ShardSummary {
        let trainersQuery = InactiveClientsHandler.trainersQuery(for: selection, backend: session.backend)
        var trainers: [Int64] = []
        try session.forEachRow(trainersQuery.sql, trainersQuery.binds) { trainers.append(try $0.int64(at: 0)) }
        try selection.requireFound(Set(trainers), noun: "trainer")

        var links: [ClientActivity] = []
        if !trainers.isEmpty {
            let linksQuery = InactiveClientsHandler.linksQuery(
                trainers: trainers, asOf: selection.asOf, backend: session.backend)
            try session.forEachRow(linksQuery.sql, linksQuery.binds) { row in
                // An unknown status (inputs may be views) is never flagged, like paused.
                let status = ClientStatus(rawValue: try row.string(at: 3)) ?? .paused
                links.append(
                    ClientActivity(
                        trainerID: try row.int64(at: 0), clientID: try row.int64(at: 1), status: status,
                        timeZone: try row.string(at: 4), lastMessageToTrainerAt: try row.optionalDate(at: 5),
                        lastWorkoutAt: try row.optionalDate(at: 6), linkedSince: try row.optionalDate(at: 2)))
            }
        }

        let (flagged, errors) = InactivityCalculator.inactiveClients(links, policy: policy, now: selection.asOf)
        let rows = flagged.map { row($0, jobID: jobID) }
        let outcomes = errors.map { error in
            SubjectOutcome(subjectID: error.clientID, reason: error.error.code.description, detail: error.error.message)
        }
        let clients = Set(links.map(\.clientID)).sorted()
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

    private static func row(_ client: InactiveClient, jobID: Int64) -> [SQLValue] {
        [
            .int(client.trainerID), .int(client.clientID), client.daysInactive.map { .int(Int64($0)) } ?? .null,
            .int(Int64(client.tier)), .text(client.reason), client.lastMessageAt.map(SQLValue.timestamp) ?? .null,
            client.lastWorkoutAt.map(SQLValue.timestamp) ?? .null, .text(client.localDate.description), .int(jobID),
        ]
    }
}
