import SpotterCatalog
import Testing

@Suite("Retry backoff")
struct BackoffPolicyTests {
    @Test("delays double from the base and stop at the maximum")
    func exponentialAndCapped() {
        let policy = BackoffPolicy(base: .seconds(2), maximum: .seconds(600), jitter: 0)
        var random = SeededGenerator(state: 1)
        let delays = (1...12).map { policy.delay(attempt: $0, random: &random) }
        #expect(
            delays == [2, 4, 8, 16, 32, 64, 128, 256, 512, 600, 600, 600].map { Duration.seconds($0) })
        #expect(policy.delay(attempt: 0, random: &random) == .seconds(2))
        #expect(policy.delay(attempt: 10_000, random: &random) == .seconds(600))
        #expect(policy.nominalDelay(attempt: Int.max) == .seconds(600))
    }

    @Test("jitter stays within ±jitter of the capped delay, and actually varies")
    func jitterBounds() {
        let policy = BackoffPolicy(base: .seconds(2), maximum: .seconds(600), jitter: 0.25)
        var random = SeededGenerator(state: 42)
        for attempt in 1...15 {
            let nominal = policy.nominalDelay(attempt: attempt)
            var seen = Set<Duration>()
            for _ in 0..<200 {
                let delay = policy.delay(attempt: attempt, random: &random)
                #expect(delay >= nominal * 0.75 - .milliseconds(1))
                #expect(delay <= nominal * 1.25 + .milliseconds(1))
                seen.insert(delay)
            }
            #expect(seen.count > 50, "attempt \(attempt) should spread, saw \(seen.count) values")
        }
    }

    @Test("the system-random variant obeys the same bounds")
    func systemRandom() {
        let policy = BackoffPolicy.standard
        for _ in 0..<100 {
            let delay = policy.delay(attempt: 3)
            #expect(delay >= .milliseconds(6_400) && delay <= .milliseconds(9_600))
        }
    }
}
