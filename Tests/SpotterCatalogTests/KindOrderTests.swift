import Foundation
import SpotterCatalog
import Testing

/// Issue 31: `after:` and `after_wait:`, the order of kinds within a run, declared in kinds.yaml.
@Suite("kinds.yaml: after and after_wait")
struct KindOrderTests {
    /// Three kinds, then `extra` (more kinds, or settings of `suggest`, which comes last).
    static func kinds(_ extra: String) -> String {
        """
        kinds:
          noop:
            description: Does nothing.
            test: true
          facts:
            description: Facts.
            shard_size: 500
          suggest:
            description: Suggestions.
            shard_size: 1000
        \(extra)
        """
    }

    /// A schedule of the fixture's own kinds.
    static let schedule =
        "schedule:\n  - name: suggest\n    kind: suggest\n    cron: \"15 0 * * *\"\n    time_zone: UTC\n"

    /// The catalog of `kinds` with ``schedule``.
    static func parse(_ kinds: String) throws(CatalogError) -> JobCatalog {
        try CatalogFixtures.parse(kinds: kinds, schedule: schedule)
    }

    /// The error of `kinds` with ``schedule``, or nil.
    static func error(_ kinds: String) -> CatalogError? {
        CatalogFixtures.error(kinds: kinds, schedule: schedule)
    }

    @Test("the shipped catalog runs both recommendation kinds after extract_facts, waiting up to 30 minutes")
    func shipped() throws {
        let catalog = try JobCatalog.load(directory: CatalogFixtures.shippedJobsDirectory)
        for kind in ["daily_suggestion", "program_recommendations"] {
            #expect(catalog.spec(for: kind)?.after == ["extract_facts"], "\(kind)")
            #expect(catalog.spec(for: kind)?.afterWait == .seconds(30 * 60), "\(kind)")
        }
        let ordered = catalog.kinds.values.filter { !$0.after.isEmpty }.map(\.name).sorted()
        #expect(ordered == ["daily_suggestion", "program_recommendations"])
    }

    @Test("after names kinds; after_wait is a duration; the default wait is 30 minutes")
    func parsed() throws {
        let catalog = try Self.parse(Self.kinds("    after: [facts]\n    after_wait: 2m\n"))
        #expect(catalog.spec(for: "suggest")?.after == ["facts"])
        #expect(catalog.spec(for: "suggest")?.afterWait == .seconds(120))
        #expect(catalog.spec(for: "facts")?.after == [])
        let standard = try Self.parse(Self.kinds("    after: [facts]\n"))
        #expect(standard.spec(for: "suggest")?.afterWait == .seconds(1800))
    }

    @Test("after must name a declared kind, with a did-you-mean")
    func unknownKind() {
        #expect(
            Self.error(Self.kinds("    after: [fact]\n"))?.description
                == #"jobs/kinds.yaml:11: kinds.suggest.after[0]: unknown kind "fact" (did you mean "facts"?)"#)
    }

    @Test("a kind cannot run after itself, nor name a kind twice")
    func itselfAndTwice() {
        #expect(
            Self.error(Self.kinds("    after: [suggest]\n"))?.description
                == "jobs/kinds.yaml:11: kinds.suggest.after[0]: a kind cannot run after itself")
        #expect(
            Self.error(Self.kinds("    after:\n      - facts\n      - facts\n"))?.description
                == #"jobs/kinds.yaml:13: kinds.suggest.after[1]: "facts" is listed twice"#)
    }

    @Test("after cannot name a test kind, and a test kind cannot run after others")
    func testKinds() {
        let namesTest = Self.error(Self.kinds("    after: [noop]\n"))
        #expect(namesTest?.line == 11)
        #expect(namesTest?.key == "kinds.suggest.after[0]")
        #expect(namesTest?.message.hasPrefix(#""noop" is a test kind"#) == true, "\(String(describing: namesTest))")
        let testWaits = Self.error(
            Self.kinds("  probe:\n    description: Probe.\n    test: true\n    after: [facts]\n"))
        #expect(
            testWaits?.description == "jobs/kinds.yaml:14: kinds.probe.after: a test kind cannot run after other kinds")
    }

    @Test("kinds that wait for each other are a cycle, spelled out at the first kind's after")
    func cycles() {
        let pair = Self.error(
            Self.kinds("    after: [facts]\n  extra:\n    description: E.\n").replacingOccurrences(
                of: "    shard_size: 500\n", with: "    shard_size: 500\n    after: [suggest]\n"))
        #expect(
            pair?.description
                == "jobs/kinds.yaml:8: kinds.facts.after: kinds wait for each other: facts → suggest → facts (after: forms a cycle)"
        )
        let three = Self.error(
            Self.kinds(
                "    after: [facts]\n  alpha:\n    description: A.\n    after: [suggest]\n"
            ).replacingOccurrences(of: "    shard_size: 500\n", with: "    shard_size: 500\n    after: [alpha]\n"))
        #expect(
            three?.description
                == "jobs/kinds.yaml:15: kinds.alpha.after: kinds wait for each other: alpha → suggest → facts → alpha (after: forms a cycle)"
        )
        // A chain and a diamond are no cycle.
        let diamond = Self.kinds("    after: [facts, alpha]\n  alpha:\n    description: A.\n    after: [facts]\n")
        #expect(Self.error(diamond) == nil)
    }

    @Test("after_wait must be a positive duration and comes with after")
    func afterWait() {
        #expect(
            Self.error(Self.kinds("    after: [facts]\n    after_wait: 30\n"))?.description
                == "jobs/kinds.yaml:12: kinds.suggest.after_wait: 30 has no unit; write 30s, 30m or 30h")
        #expect(
            Self.error(Self.kinds("    after_wait: 5m\n"))?.description
                == "jobs/kinds.yaml:11: kinds.suggest.after_wait: after_wait without after: name the kinds this kind waits for in after"
        )
        #expect(
            Self.error(Self.kinds("    after: facts\n"))?.key == "kinds.suggest.after")
    }
}
