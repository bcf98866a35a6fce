import Foundation
import SpotterCatalog
import SpotterDB
import SpotterTestSupport
import Testing

@testable import SpotterQueue

/// An `--until-empty` worker waits for the jobs it snoozed before it stops. A snoozed job's
/// `run_at` is set when its acknowledgement commits, so the worker must time its wait from that
/// commit: an acknowledgement held back by a database blip would otherwise let it stop while
/// the job it snoozed is still waiting.
@Suite("Waiting for snoozed jobs")
struct SnoozeTimingTests {
    @Test("an until-empty worker times a snoozed job from its acknowledgement's commit, not from the handler's end")
    func timedFromCommit() async throws {
        try await QueueFixture.with(.sqlite) { fixture in
            let worker = Worker(
                configuration: fixture.workerConfiguration(untilEmpty: true), catalog: fixture.catalog,
                registry: QueueFixture.registry, logger: fixture.logger)
            let poll = fixture.catalog.worker.pollInterval
            let delay = Duration.milliseconds(200)
            let ended = ContinuousClock.now
            worker.finish(Job(id: 1, kind: "noop"), outcome: .snooze(reason: "not yet", delay: delay))
            #expect(worker.awaitsSnoozed(now: ended))
            // The acknowledgement is written 5 s later (the database was away): the job's run_at
            // is 5 s + 200 ms after the handler ended, and the worker still waits for it then.
            let acks = worker.takePendingAcks()
            #expect(acks.count == 1)
            let committed = ended + .seconds(5)
            worker.acknowledged(acks, committed: committed)
            #expect(worker.awaitsSnoozed(now: ended + delay + poll + .seconds(2)))
            #expect(worker.awaitsSnoozed(now: committed + delay + poll))
            #expect(!worker.awaitsSnoozed(now: committed + delay + poll + .seconds(1)))
            // Other outcomes move nothing.
            worker.finish(Job(id: 2, kind: "noop"), outcome: .succeeded(result: "{}"))
            worker.acknowledged(worker.takePendingAcks(), committed: committed + .seconds(60))
            #expect(!worker.awaitsSnoozed(now: committed + delay + poll + .seconds(1)))
            #expect(worker.isIdle())
        }
    }
}
