import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

@Suite("Command line")
struct CommandLineTests {
    /// A one-line error on stderr that names the problem, a non-zero exit, nothing on stdout.
    static func expectOneLineError(_ output: SpotterCommand.Output, mentioning needle: String) {
        #expect(output.status != 0, "\(output)")
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line on stderr: \(output)")
        #expect(output.stderr.contains(needle), "stderr names '\(needle)': \(output)")
        #expect(!output.stderr.contains("Fatal error"), "no trace: \(output)")
    }

    @Test("a malformed database URL is a one-line error")
    func malformedURL() async throws {
        let output = try await SpotterCommand.run(["migrate", "--database", "postgresql://user@host:notaport/db"])
        Self.expectOneLineError(output, mentioning: "notaport")
    }

    @Test("an unreachable server is a one-line error, and the password is not printed")
    func unreachableServer() async throws {
        let output = try await SpotterCommand.run([
            "migrate", "--database", "postgresql://spotter:s3cret-pw@127.0.0.1:1/none?connect_timeout=2",
        ])
        Self.expectOneLineError(output, mentioning: "127.0.0.1")
        #expect(!output.stderr.contains("s3cret-pw"))
    }

    @Test("a SQLite file in a directory that does not exist is a one-line error; nothing is created")
    func missingDirectory() async throws {
        let path = NSTemporaryDirectory() + "spotter-no-such-dir-\(UUID().uuidString)/db.sqlite"
        let output = try await SpotterCommand.run(["migrate", "--database", "sqlite:" + path])
        Self.expectOneLineError(output, mentioning: path)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a read-only SQLite file is a one-line error and stays unchanged")
    func readOnlyFile() async throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "spotter-ro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("db.sqlite")
        // An empty but valid database, then read-only (mode=ro in the URI works even as root).
        let setup = try await SpotterCommand.run(["migrate", "--database", "sqlite:" + file.path])
        #expect(setup.status == 0, "\(setup)")
        let before = try Data(contentsOf: file)
        let output = try await SpotterCommand.run(["enqueue", "noop", "--database", "sqlite:" + file.path + "?mode=ro"])
        Self.expectOneLineError(output, mentioning: "read")
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("an unknown option fails with a non-zero exit and names the option")
    func unknownOption() async throws {
        let output = try await SpotterCommand.run(["work", "--concurency", "4"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("--concurency"), "\(output)")
    }

    @Test("--help works on every command")
    func helpEverywhere() async throws {
        for command in [[], ["demo"], ["migrate"], ["seed"], ["work"], ["enqueue"], ["status"], ["retry"], ["cancel"]] {
            let output = try await SpotterCommand.run(command + ["--help"])
            #expect(output.status == 0, "\(command): \(output)")
            #expect(output.stdout.contains("USAGE"), "\(command)")
        }
    }

    @Test("`spotter demo` from nothing exits 0 and prints its summary")
    func demoFromNothing() async throws {
        let path = NSTemporaryDirectory() + "spotter-demo-test-\(UUID().uuidString).sqlite"
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let output = try await SpotterCommand.run(["demo", "--path", path], timeout: .seconds(300))
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout.contains("seeded"))
        #expect(output.stdout.contains("users"))
        // One pt-BR member and one English-speaking one, each reading their reasons in their language.
        #expect(output.stdout.contains("Chat context of a pt-BR member"), "\(output.stdout)")
        #expect(output.stdout.contains("Chat context of an English-speaking member"))
        #expect(output.stdout.contains(" (pt-BR) — today ("), "\(output.stdout)")
        #expect(output.stdout.contains("cabe nos seus ") || output.stdout.contains("combina com o seu objetivo"))
        // Each chat context reads in its member's language, headings and dates too (no ISO timestamps).
        let sections = output.stdout.components(separatedBy: "== Chat context of ")
        let portuguese = sections.first { $0.hasPrefix("a pt-BR member") } ?? ""
        let english = sections.first { $0.hasPrefix("an English-speaking member") } ?? ""
        #expect(
            portuguese.contains("\n## Atividade (em ") && portuguese.contains("\n- Sequência atual: "), "\(portuguese)")
        #expect(english.contains("\n## Activity (as of ") && english.contains("\n- Current streak: "), "\(english)")
        for section in [portuguese, english] {
            #expect(section.range(of: #"[0-9]{4}-[0-9]{2}-[0-9]{2}"#, options: .regularExpression) == nil, "\(section)")
        }
        // A duration written for people ("done in 4.2s", as `spotter status` writes durations), not
        // "4.155195322 seconds".
        #expect(
            output.stdout.range(of: #"done in [0-9]+(\.[0-9])?(ms|s|m|h); "#, options: .regularExpression) != nil,
            "\(output.stdout)")
        // It refuses to overwrite an existing file.
        let again = try await SpotterCommand.run(["demo", "--path", path])
        Self.expectOneLineError(again, mentioning: "already exists")
    }
}
