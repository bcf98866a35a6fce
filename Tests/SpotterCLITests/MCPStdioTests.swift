import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

/// `spotter mcp`'s stdio loop fed from a file: every request read before end of input is
/// answered, a line longer than the limit is refused with a JSON-RPC error and the next lines
/// are served, and reading stays linear in the input.
@Suite("mcp over stdio: line limit, linear reading, answers at end of input")
struct MCPStdioTests {
    /// What one `spotter mcp` run printed, its answers parsed.
    struct Served {
        var status: Int32
        var answers: [[String: Any]]
        var stderr: String
        var took: Duration

        /// The answers with this id.
        func answers(id: Int) -> [[String: Any]] { answers.filter { ($0["id"] as? Int) == id } }
    }

    static let initialize = [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"stdio-test","version":"1"}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    ]

    static func call(_ id: Int) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"member_context","arguments":{}}}"#
    }

    /// A SQLite database with one active member, user 7.
    static func database() async throws -> TestDatabase {
        let database = try TestDatabase.makeSQLite()
        let migrate = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
        #expect(migrate.status == 0, "\(migrate)")
        let connection = try await database.connect()
        try await connection.execute("INSERT INTO spotter.users (id, display_name, role) VALUES (7, 'Ada', 'member')")
        await connection.close()
        return database
    }

    /// Runs `spotter mcp --as-user 7` with `input` as its standard input (the file ends: end of
    /// input once it is read).
    static func serve(_ input: Data, database: TestDatabase, timeout: Duration = .seconds(120)) async throws -> Served {
        try await serve(
            input, arguments: ["mcp", "--as-user", "7", "--database", database.databaseArgument], timeout: timeout)
    }

    /// Runs `spotter` with `arguments` (an `mcp` command) and `input` as its standard input.
    static func serve(_ input: Data, arguments: [String], timeout: Duration = .seconds(120)) async throws -> Served {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-stdio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputFile = directory.appendingPathComponent("in"), outputFile = directory.appendingPathComponent("out")
        let errorFile = directory.appendingPathComponent("err")
        try input.write(to: inputFile)
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = try SpotterCommand.executable()
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        let started = ContinuousClock.now
        try process.run()
        while process.isRunning {
            if ContinuousClock.now - started > timeout {
                process.terminate()
                throw TestProcessError("spotter mcp still runs after \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let took = ContinuousClock.now - started
        let answers = try String(decoding: Data(contentsOf: outputFile), as: UTF8.self)
            .split(separator: "\n").map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            }
        return Served(
            status: process.terminationStatus, answers: answers,
            stderr: try String(decoding: Data(contentsOf: errorFile), as: UTF8.self), took: took)
    }

    static func lines(_ lines: [String]) -> Data { Data(lines.joined(separator: "\n").utf8 + [0x0A]) }

    @Test("every request read before stdin closed is answered before the server exits")
    func answersAtEndOfInput() async throws {
        let database = try await Self.database()
        defer { Task { await database.drop() } }
        let ids = Array(2...41)
        let served = try await Self.serve(Self.lines(Self.initialize + ids.map(Self.call)), database: database)
        #expect(served.status == 0, "\(served.stderr)")
        #expect(served.answers(id: 1).count == 1)
        for id in ids {
            let answer = served.answers(id: id)
            #expect(answer.count == 1 && answer.first?["result"] != nil, "request \(id): \(answer)")
        }
        #expect(served.answers.count == ids.count + 1, "\(served.answers.count) answers")
    }

    @Test("a line over 1 MiB gets a -32600 error at once; the lines after it are served")
    func overlongLine() async throws {
        let database = try await Self.database()
        defer { Task { await database.drop() } }
        // A request whose argument makes the line 2 MiB, between two that must be answered.
        let padding = String(repeating: "x", count: 2 << 20)
        let long =
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"member_context","arguments":{"client":"\#(padding)"}}}"#
        let served = try await Self.serve(
            Self.lines(
                Self.initialize + [Self.call(2), long, Self.call(4), #"{"jsonrpc":"2.0","id":5,"method":"ping"}"#]),
            database: database)
        #expect(served.status == 0, "\(served.stderr)")
        #expect(served.answers(id: 2).first?["result"] != nil)
        #expect(served.answers(id: 4).first?["result"] != nil)
        #expect(served.answers(id: 5).first?["result"] != nil)
        #expect(served.answers(id: 3).isEmpty)
        let refused = served.answers.filter { $0["id"] is NSNull }
        #expect(refused.count == 1, "\(served.answers)")
        let error = try #require(refused.first?["error"] as? [String: Any])
        #expect(error["code"] as? Int == -32600)
        #expect((error["message"] as? String)?.contains("longer than 1048576 bytes") == true, "\(error)")
        #expect(served.answers.count == 5)  // initialize, 2, 4, 5 and the refusal
    }

    @Test("reading is linear: 64 MiB without a newline is refused and the server exits within seconds")
    func hugeLineWithoutNewline() async throws {
        let database = try await Self.database()
        defer { Task { await database.drop() } }
        // The issue's case: 64 MB with no newline took over 11 minutes. A 1 MiB request that
        // fits is served too, and quickly (1.9 s before).
        let fitting = String(repeating: "y", count: (1 << 20) - 200)
        let fits =
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"member_context","arguments":{"client":"\#(fitting)"}}}"#
        var input = Self.lines(Self.initialize + [fits])
        input.append(Data(repeating: UInt8(ascii: "z"), count: 64 << 20))
        let served = try await Self.serve(input, database: database, timeout: .seconds(120))
        #expect(served.status == 0, "\(served.stderr)")
        // The fitting request is read and answered (an invalid-params error: no such client).
        #expect(served.answers(id: 2).count == 1, "\(served.answers)")
        #expect(served.answers.filter { $0["id"] is NSNull }.count == 1)
        #expect(served.took < .seconds(30), "took \(served.took)")
    }
}
