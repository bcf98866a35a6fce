import ArgumentParser
import Foundation
import SpotterDB
import SpotterQueue

/// `spotter retry ID… | --dead`.
struct Retry: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make dead, cancelled or retryable jobs available again now, with fresh attempts.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "Job ids.")
    var ids: [Int64] = []

    @Flag(help: "Retry every dead job.")
    var dead = false

    func validate() throws {
        if ids.isEmpty == !dead { throw ValidationError("give job ids or --dead (not both)") }
    }

    func run() async throws {
        let queue = JobQueue(catalog: try options.spotterHome().catalog())
        let requested = dead ? nil : ids
        let retried = try await options.withSession { try queue.retry(jobIDs: requested, in: $0) }
        if let requested {
            let missing = Set(requested).subtracting(retried).sorted()
            if !missing.isEmpty {
                print("retried \(retried.count) job(s)")
                throw CommandFailure(
                    message:
                        "not retried (no such job, or it is available, running or succeeded): \(missing.map(String.init).joined(separator: ", "))"
                )
            }
        }
        print(
            "retried \(retried.count) job(s)\(retried.isEmpty ? "" : ": " + retried.map(String.init).joined(separator: ", "))"
        )
    }
}

/// `spotter cancel ID`.
struct Cancel: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Cancel a job: at once if it has not started, at its next heartbeat if it is running.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The job id.")
    var id: Int64

    func run() async throws {
        let queue = JobQueue(catalog: try options.spotterHome().catalog())
        let id = self.id
        let outcome = try await options.withSession { try queue.cancel(jobID: id, in: $0) }
        switch outcome {
        case .cancelled: print("job \(id) cancelled")
        case .requested: print("job \(id) is running; its worker will stop it at the next heartbeat")
        }
    }
}
