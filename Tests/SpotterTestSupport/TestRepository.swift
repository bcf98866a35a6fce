public import Foundation

/// Paths of the repository and of the binaries built next to the test bundle.
public enum TestRepository {
    /// The repository root (the directory holding `Package.swift`).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SpotterTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `sql/` of the repository.
    public static var sqlDirectory: URL { root.appendingPathComponent("sql") }

    /// The migrations of one backend, `sql/postgres` or `sql/sqlite`.
    public static func migrations(postgres: Bool) -> URL {
        sqlDirectory.appendingPathComponent(postgres ? "postgres" : "sqlite")
    }

    /// An executable product (`spotter`, `spotter-bench`) built by `swift build --build-tests`:
    /// next to the running test bundle, else in `.build/debug`. Throws when it was not built.
    public static func executable(_ name: String) throws -> URL {
        var candidates: [URL] = []
        if let bundle = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent(name))
        }
        candidates.append(
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name))
        candidates.append(root.appendingPathComponent(".build/debug").appendingPathComponent(name))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw TestProcessError(
            "cannot find the \(name) executable (looked in \(candidates.map(\.path).joined(separator: ", "))); "
                + "build it with `swift build --build-tests`")
    }
}

/// A throwaway Spotter home for worker processes: `sql` links to the repository's migrations,
/// `jobs/kinds.yaml` and `jobs/schedule.yaml` are the test's own. Pass it as `--home`.
public struct TestHome: Sendable {
    /// The directory.
    public let url: URL

    /// Writes a home with the given catalog files. `schedule` defaults to no entries.
    public init(kinds: String, schedule: String = "version: 1\nschedule: []\n") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("spotter-home-\(UUID().uuidString)", isDirectory: true)
        let jobs = url.appendingPathComponent("jobs", isDirectory: true)
        try FileManager.default.createDirectory(at: jobs, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: url.appendingPathComponent("sql"), withDestinationURL: TestRepository.sqlDirectory)
        try kinds.write(to: jobs.appendingPathComponent("kinds.yaml"), atomically: true, encoding: .utf8)
        try schedule.write(to: jobs.appendingPathComponent("schedule.yaml"), atomically: true, encoding: .utf8)
    }

    /// The `jobs/` directory (for `JobCatalog.load(directory:)`).
    public var jobsDirectory: URL { url.appendingPathComponent("jobs") }

    /// Removes the directory (the `sql` link, not its target).
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
