import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

/// Issue 14 item 2: `run nightly`'s `--date` and `--as-of` are checked against each other and
/// the clock, in the batch's zone, before anything is enqueued.
@Suite("run nightly --date and --as-of")
struct NightlyDatesTests {
    static func day(_ offset: Int, in zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let date = calendar.date(byAdding: .day, value: offset, to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    @Test(
        "future dates and instants, an --as-of off the --date, a past --date alone: refused; consistent: run",
        arguments: DatabaseBackend.allCases)
    func consistency(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let migrate = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
        #expect(migrate.status == 0, "\(migrate)")
        let zone = ["--zone", "Europe/Berlin", "--database", database.databaseArgument]
        func run(_ arguments: [String]) async throws -> SpotterCommand.Output {
            try await SpotterCommand.run(["run", "nightly"] + arguments + zone)
        }
        let tomorrow = Self.day(1, in: "Europe/Berlin")
        let future = try await run(["--date", tomorrow])
        #expect(
            future.status == 2 && future.stderr.contains("--date \(tomorrow) is in the future in Europe/Berlin"),
            "\(future)")
        let later = try await run(["--as-of", "2099-01-01T00:00:00Z"])
        #expect(later.status == 2 && later.stderr.contains("is in the future"), "\(later)")
        // The README's backfill: 23:15 UTC on the 20th is 00:15 on the 21st in Berlin.
        let off = try await run(["--date", "2026-11-20", "--as-of", "2026-11-20T23:15:00Z"])
        #expect(off.status == 2, "\(off)")
        #expect(off.stderr.contains("is on 2026-11-21 in Europe/Berlin, not on --date 2026-11-20"), "\(off)")
        #expect(off.stderr.contains("--as-of 2026-11-20T22:59:59Z"), "the last second of the 20th in Berlin: \(off)")
        let alone = try await run(["--date", "2026-11-21"])
        #expect(alone.status == 2 && alone.stderr.contains("a backfill needs --as-of"), "\(alone)")
        let jobs = try await database.connect()
        let none = try await jobs.query("SELECT count(*) AS n FROM spotter.jobs")
        #expect(try none[0].int("n") == 0, "nothing was enqueued by a refused run")
        await jobs.close()

        let readme = try await run(["--date", "2026-11-21", "--as-of", "2026-11-20T23:15:00Z"])
        #expect(readme.status == 0, "\(readme)")
        let today = try await run(["--date", Self.day(0, in: "Europe/Berlin")])
        #expect(today.status == 0, "today's date alone runs as of now: \(today)")
    }
}
