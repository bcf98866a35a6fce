import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

/// Issue 17, item 4: test kinds (noop, sleep, probe) run only in workers that opt in, so nobody
/// can fill a production worker's slots with 300-second sleeps.
@Suite("Test kinds run only where a worker opts in")
struct TestKindsTests {
    @Test(
        "a worker without the opt-in leaves sleep and noop jobs alone; one with it runs them",
        arguments: DatabaseBackend.allCases)
    func optIn(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            try await fixture.enqueue([
                EnqueueRequest(kind: "sleep", payload: #"{"seconds": 300}"#, priority: -1000),
                EnqueueRequest(kind: "noop"),
            ])
            var production = fixture.workerConfiguration(untilEmpty: true)
            production.runsTestKinds = false
            #expect(production.claimFilter.excludedKinds == ["noop", "probe", "sleep"])
            try await Worker(
                configuration: production, catalog: fixture.catalog, registry: QueueFixture.registry,
                logger: fixture.logger
            ).run()
            #expect(try await fixture.states() == ["available": 2])

            // `spotter work` without --test-kinds: the same.
            let plain = try await fixture.spotter(["work", "--until-empty", "--no-scheduler"])
            #expect(plain.exit.code == 0, "\(plain.stderr)")
            #expect(try await fixture.states() == ["available": 2])

            // Naming a test kind without the opt-in is a mistake, said at start-up.
            let named = try await fixture.spotter(["work", "--until-empty", "--no-scheduler", "--kinds", "sleep"])
            #expect(named.exit.code != 0)
            #expect(named.stderr.contains("'sleep' is a test kind"), "\(named.stderr)")

            // The opt-in claims them (the sleep shortened, so the test does not wait 300 s).
            try await fixture.session { session in
                _ = try session.execute("UPDATE spotter.jobs SET payload = '{\"seconds\": 0}' WHERE kind = 'sleep'")
            }
            let optedIn = try await fixture.spotter(["work", "--until-empty", "--no-scheduler", "--test-kinds"])
            #expect(optedIn.exit.code == 0, "\(optedIn.stderr)")
            #expect(try await fixture.states() == ["succeeded": 2])
        }
    }
}
