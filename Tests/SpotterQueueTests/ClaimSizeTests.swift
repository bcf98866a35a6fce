import Testing

@testable import SpotterQueue

/// Short jobs are claimed in batches sized by the slots' pace (about `aheadTime` of work, at
/// most `largestClaim`); long or unknown ones in `claim_batch`es.
@Suite("Claim size")
struct ClaimSizeTests {
    @Test("sized by pace while jobs are short, claim_batch otherwise")
    func sizedByPace() {
        // Not yet measured, or long jobs: the configured batch.
        #expect(Worker.claimSize(claimBatch: 50, concurrency: 8, averageJobTime: nil) == 50)
        #expect(Worker.claimSize(claimBatch: 50, concurrency: 8, averageJobTime: .milliseconds(25)) == 50)
        // 8 slots at 5 ms a job get through 160 jobs in 100 ms.
        #expect(Worker.claimSize(claimBatch: 50, concurrency: 8, averageJobTime: .milliseconds(5)) == 160)
        // Slower than the batch's worth: never less than claim_batch.
        #expect(Worker.claimSize(claimBatch: 50, concurrency: 1, averageJobTime: .milliseconds(15)) == 50)
        // Near-instant jobs: capped.
        #expect(
            Worker.claimSize(claimBatch: 50, concurrency: 8, averageJobTime: .microseconds(20)) == Worker.largestClaim)
    }
}
