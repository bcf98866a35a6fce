import Testing

@testable import SpotterQueue

/// After the database went away, every worker's heartbeat and lease aged together: a worker
/// judges others gone by their age only while its own heartbeats are fresh and, once they came
/// back after a gap, only after the others had as long to heartbeat again.
@Suite("A worker back from an outage waits before judging others gone")
struct OutageJudgementTests {
    let staleAfter = Duration.seconds(2)
    let start = ContinuousClock.now

    func judges(at seconds: Double, last: Double?, resumed: Double? = nil) -> Bool {
        Worker.judgesOthersByAge(
            now: start + .seconds(seconds), lastHeartbeat: last.map { start + .seconds($0) },
            heartbeatsResumed: resumed.map { start + .seconds($0) }, staleAfter: staleAfter)
    }

    @Test("fresh heartbeats without a gap judge; none yet, or an old one, do not")
    func ownHeartbeat() {
        #expect(judges(at: 10, last: 9.5))
        #expect(judges(at: 10, last: 8))
        #expect(!judges(at: 10, last: 7.9))
        #expect(!judges(at: 10, last: nil))
    }

    @Test("heartbeats back after a gap judge only once the others had staleAfter to heartbeat")
    func afterAGap() {
        #expect(!judges(at: 10, last: 10, resumed: 9))
        #expect(!judges(at: 10.9, last: 10.5, resumed: 9))
        #expect(judges(at: 11, last: 10.5, resumed: 9))
        #expect(judges(at: 30, last: 29.5, resumed: 9))
    }
}
