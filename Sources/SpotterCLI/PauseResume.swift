import ArgumentParser
import Foundation
import SpotterCatalog
import SpotterDB
import SpotterQueue

/// `spotter pause QUEUE`.
struct Pause: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pause a queue: running jobs finish, no worker claims another of its jobs until it is resumed.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The queue (see `queue:` in jobs/kinds.yaml; default 'default').")
    var queue: String

    @Option(help: "Why, shown by spotter status.")
    var reason: String?

    func run() async throws {
        // A queue no kind uses would be paused for nobody: a typo, refused with a "did you mean".
        let queues = Set(try options.spotterHome().catalog().kinds.values.map(\.queue)).union(["default"]).sorted()
        do {
            try UnknownName.check([queue], among: queues, what: "queue", option: "QUEUE")
        } catch let error as ValidationError {
            throw CommandFailure(message: error.message, exitCode: 2)
        }
        let (queue, reason) = (self.queue, self.reason)
        let paused = try await options.withSession { try QueuePause.pause(queue, reason: reason, in: $0) }
        print(paused ? "queue \(queue) paused" : "queue \(queue) was already paused")
    }
}

/// `spotter resume QUEUE`.
struct Resume: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Resume a paused queue: workers claim its jobs again within one poll interval.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The queue.")
    var queue: String

    func run() async throws {
        let queue = self.queue
        let resumed = try await options.withSession { try QueuePause.resume(queue, in: $0) }
        print(resumed ? "queue \(queue) resumed" : "queue \(queue) was not paused")
    }
}
