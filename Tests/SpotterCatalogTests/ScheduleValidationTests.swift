import Foundation
import SpotterCatalog
import Testing

@Suite("schedule.yaml validation")
struct ScheduleValidationTests {
    @Test("a cron field out of range names the entry, line and field")
    func minuteOutOfRange() {
        let schedule = """
            # The nightly schedule.
            version: 1

            schedule:
              - name: nightly
                kind: profile_stats
                cron: "61 0 * * *"
                per_zone: true
            """
        #expect(
            CatalogFixtures.error(schedule: schedule)?.description
                == "jobs/schedule.yaml:7: schedule[0].cron: minute 61 is out of range 0–59")
    }

    @Test("an entry naming an unknown kind")
    func unknownKind() {
        let schedule = """
            schedule:
              - name: nightly
                kind: profile_stat
                cron: "15 0 * * *"
                per_zone: true
            """
        #expect(
            CatalogFixtures.error(schedule: schedule)?.description
                == #"jobs/schedule.yaml:3: schedule[0].kind: unknown kind "profile_stat" (did you mean "profile_stats"?)"#
        )
    }

    @Test("an unknown time zone, with a suggestion when one is close")
    func unknownTimeZone() {
        let typo = """
            schedule:
              - name: report
                kind: noop
                cron: "0 6 * * 1"
                time_zone: America/New York
            """
        #expect(
            CatalogFixtures.error(schedule: typo)?.description
                == #"jobs/schedule.yaml:5: schedule[0].time_zone: unknown time zone "America/New York" (did you mean "America/New_York"?)"#
        )
        let nonsense = typo.replacingOccurrences(of: "America/New York", with: "Mars/Olympus_Mons_Base")
        #expect(
            CatalogFixtures.error(schedule: nonsense)?.description
                == #"jobs/schedule.yaml:5: schedule[0].time_zone: unknown time zone "Mars/Olympus_Mons_Base" (use an IANA name such as Europe/Berlin)"#
        )
    }

    @Test("exactly one of time_zone and per_zone")
    func zoneChoice() {
        let neither = "schedule:\n  - name: a\n    kind: noop\n    cron: \"0 0 * * *\"\n"
        #expect(
            CatalogFixtures.error(schedule: neither)?.description
                == "jobs/schedule.yaml:2: schedule[0]: set time_zone (an IANA name such as Europe/Berlin) or per_zone: true"
        )
        let both =
            "schedule:\n  - name: a\n    kind: noop\n    cron: \"0 0 * * *\"\n    per_zone: true\n    time_zone: UTC\n"
        #expect(
            CatalogFixtures.error(schedule: both)?.description
                == "jobs/schedule.yaml:6: schedule[0].time_zone: set either time_zone or per_zone: true, not both")
    }

    @Test("an unquoted cron starting with * gets a quoting hint")
    func unquotedStar() {
        let schedule = "schedule:\n  - name: a\n    kind: noop\n    cron: */15 * * * *\n    time_zone: UTC\n"
        let error = CatalogFixtures.error(schedule: schedule)
        #expect(error?.line == 4)
        #expect(error?.message.hasSuffix(#"; quote the cron expression, for example cron: "*/15 * * * *""#) == true)
    }

    @Test("unknown entry keys, duplicate names, bad booleans and windows")
    func entryFields() {
        let typo =
            "schedule:\n  - name: a\n    kind: noop\n    cron: \"0 0 * * *\"\n    per_zone: true\n    catchup: false\n"
        #expect(
            CatalogFixtures.error(schedule: typo)?.description
                == #"jobs/schedule.yaml:6: schedule[0].catchup: unknown key "catchup" (did you mean "catch_up"?)"#)
        let duplicate = """
            schedule:
              - name: a
                kind: noop
                cron: "0 0 * * *"
                per_zone: true
              - name: a
                kind: noop
                cron: "0 1 * * *"
                per_zone: true
            """
        #expect(
            CatalogFixtures.error(schedule: duplicate)?.description
                == #"jobs/schedule.yaml:6: schedule[1].name: "a" is already used by schedule[0] (line 2)"#)
        let yes = "schedule:\n  - name: a\n    kind: noop\n    cron: \"0 0 * * *\"\n    per_zone: yes\n"
        #expect(
            CatalogFixtures.error(schedule: yes)?.description
                == #"jobs/schedule.yaml:5: schedule[0].per_zone: "yes" is not true or false"#)
        let window =
            "schedule:\n  - name: a\n    kind: noop\n    cron: \"0 0 * * *\"\n    per_zone: true\n    max_catch_up: 2 days\n"
        #expect(
            CatalogFixtures.error(schedule: window)?.description
                == #"jobs/schedule.yaml:6: schedule[0].max_catch_up: "2 days" is not a duration (use 30s, 5m, 2h)"#)
    }

    @Test("a missing schedule list and a missing cron")
    func missingKeys() {
        #expect(
            CatalogFixtures.error(schedule: "version: 1\n")?.description
                == #"jobs/schedule.yaml:1: missing required key "schedule" (the list of schedule entries; write schedule: [] for none)"#
        )
        let noCron = "schedule:\n  - name: a\n    kind: noop\n    per_zone: true\n"
        #expect(
            CatalogFixtures.error(schedule: noCron)?.description
                == #"jobs/schedule.yaml:2: schedule[0]: missing required key "cron" (five fields: minute hour day-of-month month day-of-week)"#
        )
    }

    @Test("a fixed-zone entry with payload and catch-up settings")
    func fullEntry() throws {
        let schedule = """
            schedule:
              - name: weekly-report
                description: Monday report.
                kind: noop
                cron: "0 6 * * mon"
                time_zone: Europe/Berlin
                payload: {report: weekly, limit: 20}
                catch_up: false
                max_catch_up: 6h
            """
        let entry = try #require(try CatalogFixtures.parse(schedule: schedule).schedule.first)
        #expect(entry.zone == .fixed("Europe/Berlin"))
        #expect(entry.payload == ["report": .string("weekly"), "limit": .int(20)])
        #expect(!entry.catchUp)
        #expect(entry.maxCatchUp == .seconds(6 * 3_600))
        #expect(entry.description == "Monday report.")
        #expect(entry.zones(inUse: ["America/New_York"]).map(\.identifier) == ["Europe/Berlin"])
    }
}
