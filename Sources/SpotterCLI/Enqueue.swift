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
        guard let spec = catalog.spec(for: kind) else {
            let known = catalog.kinds.keys.sorted()
            let hint = closestMatch(to: kind, among: known).map { "did you mean '\($0)'? " } ?? ""
            throw CommandFailure(
                message: "unknown job kind '\(kind)'; \(hint)known kinds: \(known.joined(separator: ", "))", exitCode: 2
            )
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
        try Self.checkPayload(request.payload, kind: kind, isTestKind: spec.isTestKind)
        let connection = try await options.connect(logger: logger)
        let result = try await connection.withSession { try queue.enqueue([request], in: $0) }
        await connection.close()
        guard let first = result.first else { throw CommandFailure(message: "nothing was enqueued") }
        if first.duplicate {
            print("job \(first.id) already holds unique key '\(uniqueKey ?? "")'; not enqueued again")
        } else {
            print("enqueued job \(first.id) (\(kind))")
        }
        if spec.isTestKind {
            // Ordinary workers never claim test kinds: without one started with --test-kinds the
            // job waits for ever, so say so.
            FileHandle.standardError.write(
                Data(
                    "spotter: note: '\(kind)' is a test kind: only a worker started with --test-kinds runs it\n".utf8))
        }
    }

    /// Checks `payload` against the kind's payload type (its declaration in Swift): a field the
    /// kind does not read, a value of the wrong type or a malformed id is an error now, not a
    /// dead job later. Test kinds take free-form payloads.
    static func checkPayload(_ payload: String, kind: String, isTestKind: Bool) throws {
        guard !isTestKind, let shape = SpotterHandlers.declarations.first(where: { $0.name == kind })?.payload
        else { return }
        do {
            try shape.check(payload)
        } catch let error as PayloadError {
            let hint =
                error.field.flatMap { closestMatch(to: $0, among: error.fields ?? []) }.map {
                    " (did you mean '\($0)'?)"
                }
                ?? ""
            throw CommandFailure(message: "--payload for \(kind): \(error.message)\(hint)", exitCode: 2)
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
