import ArgumentParser
import Foundation
import SpotterCatalog
import SpotterDB
import SpotterJobs
import SpotterQueue

/// `spotter enqueue KIND`: enqueue one job.
struct Enqueue: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Enqueue one job.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The job kind, as declared in jobs/kinds.yaml.")
    var kind: String

    @Option(
        help: """
            The payload, a JSON object; or @FILE to read it from a file (@- for standard input), \
            for payloads larger than one command-line argument may be (128 KiB on Linux).
            """)
    var payload: String = "{}"

    @Option(help: "When it may run: an ISO 8601 instant (e.g. 2026-11-22T06:00:00Z). Default: now.")
    var runAt: String?

    // .unconditional: a negative priority is a value (`--priority -5`), not an unknown flag.
    @Option(parsing: .unconditional, help: "Priority, -1000…1000; lower runs first. Default: the kind's.")
    var priority: Int?

    @Option(help: "At most one live job per unique key; a duplicate returns the live job.")
    var uniqueKey: String?

    @Option(help: "Attempts before the job goes dead. Default: the kind's.")
    var maxAttempts: Int?

    func run() async throws {
        let logger = try options.makeLogger()
        let catalog = try options.spotterHome().catalog()
        guard catalog.spec(for: kind) != nil else {
            let known = catalog.kinds.keys.sorted().joined(separator: ", ")
            throw CommandFailure(message: "unknown job kind '\(kind)'; known kinds: \(known)", exitCode: 2)
        }
        var runAtDate: Date?
        if let runAt {
            guard let date = ISO8601Instant.parse(runAt) else {
                throw CommandFailure(
                    message: "--run-at '\(runAt)' is not an ISO 8601 instant (e.g. 2026-11-22T06:00:00Z)", exitCode: 2)
            }
            runAtDate = date
        }
        let request = EnqueueRequest(
            kind: kind, payload: try payloadText(), runAt: runAtDate, priority: priority, uniqueKey: uniqueKey,
            maxAttempts: maxAttempts)
        let queue = JobQueue(catalog: catalog)
        _ = try queue.validate(request)
        let connection = try await options.connect(logger: logger)
        let result = try await connection.withSession { try queue.enqueue([request], in: $0) }
        await connection.close()
        guard let first = result.first else { throw CommandFailure(message: "nothing was enqueued") }
        if first.duplicate {
            print("job \(first.id) already holds unique key '\(uniqueKey ?? "")'; not enqueued again")
        } else {
            print("enqueued job \(first.id) (\(kind))")
        }
    }

    /// `--payload` itself, or the contents of the file it names with a leading `@`.
    private func payloadText() throws -> String {
        guard payload.hasPrefix("@") else { return payload }
        let path = String(payload.dropFirst())
        let data: Data
        do {
            data =
                path == "-"
                ? FileHandle.standardInput.readDataToEndOfFile()
                : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure(
                message: "cannot read the payload file '\(path)': \((error as NSError).localizedDescription)",
                exitCode: 2)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(message: "the payload file '\(path)' is not UTF-8 text", exitCode: 2)
        }
        return text
    }
}
