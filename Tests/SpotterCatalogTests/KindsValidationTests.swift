import Foundation
import SpotterCatalog
import Testing

@Suite("kinds.yaml validation")
struct KindsValidationTests {
    /// A kinds file whose profile_stats.timeout sits on line 14, as in the design's example.
    static let kindsWithBadTimeout = """
        worker:
          lease: 30s
          heartbeat: 10s
        defaults:
          max_attempts: 5
        kinds:
          noop:
            description: Does nothing.
          sleep:
            description: Sleeps.
          profile_stats:
            description: Streaks.
            shard_size: 1000
            timeout: "5 minutes"
        """

    @Test("a value that is not a duration names file, line and key")
    func badDuration() {
        let error = CatalogFixtures.error(kinds: Self.kindsWithBadTimeout)
        #expect(
            error?.description
                == #"jobs/kinds.yaml:14: kinds.profile_stats.timeout: "5 minutes" is not a duration (use 30s, 5m, 2h)"#)
        #expect(error?.line == 14)
        #expect(error?.key == "kinds.profile_stats.timeout")
    }

    @Test("a number without a unit is not a duration")
    func durationWithoutUnit() {
        let kinds = """
            kinds:
              noop:
                description: Does nothing.
                timeout: 30
            """
        #expect(
            CatalogFixtures.error(kinds: kinds)?.description
                == "jobs/kinds.yaml:4: kinds.noop.timeout: 30 has no unit; write 30s, 30m or 30h")
    }

    @Test("an unknown key is rejected with a did-you-mean")
    func typoedKey() {
        let kinds = """
            kinds:
              noop:
                description: Does nothing.
                max_attempt: 3
            """
        #expect(
            CatalogFixtures.error(kinds: kinds)?.description
                == #"jobs/kinds.yaml:4: kinds.noop.max_attempt: unknown key "max_attempt" (did you mean "max_attempts"?)"#
        )
    }

    @Test("an unknown key far from any known one lists what is allowed")
    func unknownKey() {
        let kinds = """
            kinds:
              noop:
                description: Does nothing.
                backoff:
                  base: 1s
                  ceiling: 1m
            """
        #expect(
            CatalogFixtures.error(kinds: kinds)?.description
                == #"jobs/kinds.yaml:6: kinds.noop.backoff.ceiling: unknown key "ceiling"; expected one of: base, jitter, max"#
        )
    }

    @Test("an unknown top-level key is rejected")
    func unknownTopLevelKey() {
        let kinds = "kind:\n  noop:\n    description: x\n"
        #expect(
            CatalogFixtures.error(kinds: kinds)?.description
                == #"jobs/kinds.yaml:1: kind: unknown key "kind" (did you mean "kinds"?)"#)
    }

    @Test("zero and negative counts are rejected where at least 1 is needed")
    func nonPositiveCounts() {
        let zeroAttempts = "kinds:\n  noop:\n    description: x\n    max_attempts: 0\n"
        #expect(
            CatalogFixtures.error(kinds: zeroAttempts)?.description
                == "jobs/kinds.yaml:4: kinds.noop.max_attempts: must be at least 1, found 0")
        let negativeShard = "kinds:\n  noop:\n    description: x\n    shard_size: -5\n"
        #expect(
            CatalogFixtures.error(kinds: negativeShard)?.description
                == "jobs/kinds.yaml:4: kinds.noop.shard_size: must be at least 1, found -5")
        let zeroBatch = "worker:\n  claim_batch: 0\nkinds:\n  noop:\n    description: x\n"
        #expect(
            CatalogFixtures.error(kinds: zeroBatch)?.description
                == "jobs/kinds.yaml:2: worker.claim_batch: must be at least 1, found 0")
    }

    @Test("zero and negative durations are rejected")
    func nonPositiveDurations() {
        let zero = "kinds:\n  noop:\n    description: x\n    retention:\n      dead: 0s\n"
        #expect(
            CatalogFixtures.error(kinds: zero)?.description
                == #"jobs/kinds.yaml:5: kinds.noop.retention.dead: must be longer than zero, found "0s""#)
        let negative = "kinds:\n  noop:\n    description: x\n    timeout: -5s\n"
        #expect(
            CatalogFixtures.error(kinds: negative)?.description
                == #"jobs/kinds.yaml:4: kinds.noop.timeout: "-5s" is not a duration (use 30s, 5m, 2h)"#)
    }

    @Test("a missing description is reported at the kind's key")
    func missingDescription() {
        let kinds = "kinds:\n  noop:\n    description: x\n  sleep:\n    timeout: 1m\n"
        #expect(
            CatalogFixtures.error(kinds: kinds)?.description
                == #"jobs/kinds.yaml:4: kinds.sleep: missing required key "description" (one sentence on what the kind computes)"#
        )
    }

    @Test("backoff jitter must lie in 0…1 and max must not be below base")
    func backoffBounds() {
        let jitter = "kinds:\n  noop:\n    description: x\n    backoff:\n      jitter: 1.5\n"
        #expect(
            CatalogFixtures.error(kinds: jitter)?.description
                == #"jobs/kinds.yaml:5: kinds.noop.backoff.jitter: "1.5" is out of range 0–1"#)
        let inverted = "kinds:\n  noop:\n    description: x\n    backoff:\n      base: 5m\n      max: 1m\n"
        #expect(
            CatalogFixtures.error(kinds: inverted)?.description
                == "jobs/kinds.yaml:6: kinds.noop.backoff.max: backoff max (1m) is shorter than base (5m)")
    }

    @Test("the heartbeat must be shorter than the lease")
    func heartbeatVersusLease() {
        let kinds = "worker:\n  lease: 10s\n  heartbeat: 10s\nkinds:\n  noop:\n    description: x\n"
        #expect(
            CatalogFixtures.error(kinds: kinds)?.description
                == "jobs/kinds.yaml:3: worker.heartbeat: heartbeat (10s) must be shorter than the lease (10s), or live jobs get rescued"
        )
    }

    @Test("kind names must be lower_snake_case")
    func badKindName() {
        let kinds = "kinds:\n  noop:\n    description: x\n  Profile-Stats:\n    description: y\n"
        #expect(
            CatalogFixtures.error(kinds: kinds)?.description
                == #"jobs/kinds.yaml:4: kinds.Profile-Stats: "Profile-Stats" is not a valid name: kind names are lower_snake_case (a–z, 0–9, _), starting with a letter"#
        )
    }

    @Test("fan_out must name other declared kinds")
    func fanOutToUnknownKind() {
        let kinds = """
            kinds:
              profile_stats:
                description: x
              nightly:
                description: y
                fan_out: [profile_stat]
            """
        #expect(
            CatalogFixtures.error(kinds: kinds)?.description
                == #"jobs/kinds.yaml:6: kinds.nightly.fan_out[0]: unknown kind "profile_stat" (did you mean "profile_stats"?)"#
        )
    }

    @Test("fan_out targets must be sharded kinds, listed once, other than the fan-out kind")
    func fanOutTargets() {
        let base = "kinds:\n  profile_stats:\n    description: x\n    shard_size: 10\n  noop:\n    description: z\n"
        let unsharded = base + "  nightly:\n    description: y\n    fan_out: [profile_stats, noop]\n"
        #expect(
            CatalogFixtures.error(kinds: unsharded)?.description
                == #"jobs/kinds.yaml:9: kinds.nightly.fan_out[1]: "noop" has no shard_size; the kinds a job fans out to are split into shard jobs"#
        )
        let twice =
            base + "  nightly:\n    description: y\n    fan_out:\n      - profile_stats\n      - profile_stats\n"
        #expect(
            CatalogFixtures.error(kinds: twice)?.description
                == #"jobs/kinds.yaml:11: kinds.nightly.fan_out[1]: "profile_stats" is listed twice"#)
        let itself = base + "  nightly:\n    description: y\n    shard_size: 5\n    fan_out: [nightly]\n"
        #expect(
            CatalogFixtures.error(kinds: itself)?.description
                == "jobs/kinds.yaml:10: kinds.nightly.fan_out[0]: a kind cannot fan out to itself")
    }

    @Test("wrong value types are named")
    func wrongTypes() {
        let text = "kinds:\n  noop:\n    description: x\n    max_attempts: three\n"
        #expect(
            CatalogFixtures.error(kinds: text)?.description
                == #"jobs/kinds.yaml:4: kinds.noop.max_attempts: "three" is not a whole number"#)
        let listForMap = "kinds:\n  - noop\n"
        #expect(
            CatalogFixtures.error(kinds: listForMap)?.description
                == "jobs/kinds.yaml:1: kinds: expected a mapping of kind names to their settings, found a list")
        let nullParameter = "kinds:\n  noop:\n    description: x\n    parameters:\n      top_k: ~\n"
        #expect(
            CatalogFixtures.error(kinds: nullParameter)?.description
                == "jobs/kinds.yaml:5: kinds.noop.parameters.top_k: null is not allowed here; give a value or remove the key"
        )
    }

    @Test("YAML syntax errors carry the line")
    func syntaxError() {
        let kinds = "kinds:\n  noop:\n    description: x\n   timeout: [1m\n"
        let error = CatalogFixtures.error(kinds: kinds)
        #expect(error?.file == "jobs/kinds.yaml")
        #expect(error?.line == 4)
        #expect(error?.message.hasPrefix("YAML syntax error: ") == true)
    }

    @Test("a duplicate key is reported where it repeats")
    func duplicateKey() {
        let kinds = "kinds:\n  noop:\n    description: x\n    timeout: 1m\n    timeout: 2m\n"
        #expect(
            CatalogFixtures.error(kinds: kinds)?.description
                == #"jobs/kinds.yaml:5: duplicate key "timeout" (first defined on line 4)"#)
    }

    @Test("an empty file says what it should contain")
    func emptyFile() {
        #expect(
            CatalogFixtures.error(kinds: "# nothing\n")?.description
                == #"jobs/kinds.yaml:1: the file is empty; expected a mapping with a "kinds" key"#)
    }

    @Test("defaults apply to every kind, and a kind overrides them key by key")
    func defaultsAndOverrides() throws {
        let kinds = """
            defaults:
              max_attempts: 8
              timeout: 1h
              backoff:
                base: 1s
                max: 1m
                jitter: 0
            kinds:
              noop:
                description: x
              sleep:
                description: y
                max_attempts: 2
                backoff:
                  max: 5m
                parameters:
                  default_seconds: 1
                  label: "5"
                  ratio: 0.5
                  verbose: false
                  nested: {a: [1, "two"]}
            """
        let catalog = try CatalogFixtures.parse(kinds: kinds, schedule: "schedule: []")
        let noop = try #require(catalog.spec(for: "noop"))
        #expect(noop.maxAttempts == 8)
        #expect(noop.timeout == .seconds(3_600))
        #expect(noop.backoff == BackoffPolicy(base: .seconds(1), maximum: .seconds(60), jitter: 0))
        #expect(noop.retention == .standard)
        let sleep = try #require(catalog.spec(for: "sleep"))
        #expect(sleep.maxAttempts == 2)
        #expect(sleep.backoff == BackoffPolicy(base: .seconds(1), maximum: .seconds(300), jitter: 0))
        #expect(sleep.int("default_seconds") == 1)
        #expect(sleep.string("label") == "5")
        #expect(sleep.int("label") == nil)
        #expect(sleep.double("ratio") == 0.5)
        #expect(sleep.double("default_seconds") == 1)
        #expect(sleep.bool("verbose") == false)
        #expect(sleep.parameters["nested"] == .map(["a": .list([.int(1), .string("two")])]))
        let merged = sleep.payload(merging: ["default_seconds": .int(3), "user_id": .int(42)])
        #expect(merged["default_seconds"] == .int(3))
        #expect(merged["user_id"] == .int(42))
        #expect(merged["ratio"] == .double(0.5))
        #expect(catalog.worker == .standard)
        #expect(catalog.schedule.isEmpty)
    }
}

/// Issue 17, item 4: test kinds and the enqueue-only role's fields.
@Suite("kinds.yaml: test kinds and enqueuer fields")
struct KindsAccessTests {
    static func kinds(_ extra: String) -> String {
        """
        kinds:
          noop:
            description: Does nothing.
            test: true
          profile_stats:
            description: Streaks.
            shard_size: 1000
        \(extra)
        """
    }

    @Test("the shipped catalog marks noop, sleep and probe as test kinds and lets the enqueuer set only user fields")
    func shipped() throws {
        let catalog = try JobCatalog.load(directory: CatalogFixtures.shippedJobsDirectory)
        #expect(Set(catalog.kinds.values.filter(\.isTestKind).map(\.name)) == ["noop", "sleep", "probe"])
        #expect(catalog.spec(for: "profile_stats")?.enqueuerFields == ["user_id", "user_ids"])
        for kind in ["nightly", "prune_results", "noop", "sleep", "probe"] {
            #expect(catalog.spec(for: kind)?.enqueuerFields == nil, "\(kind)")
        }
    }

    @Test("enqueuer_fields may not name as_of or shard bounds, nor be set on a test kind")
    func refused() {
        let asOf = CatalogFixtures.error(
            kinds: Self.kinds(
                """
                  daily_suggestion:
                    description: One workout.
                    enqueuer_fields: [user_id, as_of]
                """))
        #expect(
            asOf?.message.contains("\"as_of\" is set only by the nightly batch") == true, "\(String(describing: asOf))")
        let test = CatalogFixtures.error(
            kinds: Self.kinds(
                """
                  sleep:
                    description: Sleeps.
                    test: true
                    enqueuer_fields: [seconds]
                """))
        #expect(test?.message.contains("test kind") == true, "\(String(describing: test))")
    }
}
