import Foundation
import SpotterTestSupport
import Testing

/// Issue 36 item 6: every clone builds the same dependency versions, and the README's first
/// command installs only what Spotter itself needs.
@Suite("Reproducible builds")
struct ReproducibleBuildTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: TestRepository.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("Package.resolved is committed: no ignore rule of the repository or this machine hides it")
    func packageResolvedTracked() async throws {
        let root = TestRepository.root.path
        let git = URL(fileURLWithPath: "/usr/bin/git")
        try #require(FileManager.default.isExecutableFile(atPath: git.path), "git is needed for this test")
        // Exit 1: not ignored (a `!Package.resolved` rule wins over a global excludes file).
        let ignored = try await TestProcess.run(
            git, arguments: ["-C", root, "check-ignore", "-q", "--no-index", "Package.resolved"])
        #expect(ignored.exit == ProcessExit(code: 1, signalled: false), "\(ignored.stdout)\(ignored.stderr)")
        let tracked = try await TestProcess.run(
            git, arguments: ["-C", root, "ls-files", "--error-unmatch", "Package.resolved"])
        #expect(tracked.exit == .success, "\(tracked.stderr)")
    }

    @Test(".ci/setup installs no test-only package; .ci/test does, and .ci/run runs the README's test command")
    func testOnlyInstallsInTheTestCommand() throws {
        #expect(!(try Self.text(".ci/setup")).contains("cron"))
        #expect(try Self.text(".ci/test").contains("postgresql-$major-cron"))
        let readme = try Self.text("README.md")
        let quickStart = try #require(readme.firstRange(of: "## Quick start").map { readme[$0.upperBound...] })
        let block = try #require(quickStart.firstRange(of: "```sh\n").map { quickStart[$0.upperBound...] })
        let lines = block.prefix { $0 != "`" }.split(separator: "\n")
        #expect(lines.count == 2)
        let testCommand = String(try #require(lines.last))
        let run = try Self.text(".ci/run").split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(run.last.map(String.init) == testCommand, "\(run)")
    }
}
