import ArgumentParser
import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs

/// `spotter context USER`.
struct Context: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the prompt-ready context a chat assistant is given for one user (from spotter.chat_context).")

    @OptionGroup var options: GlobalOptions

    @OptionGroup var reading: ReadDatabaseOptions

    @Argument(help: "The user id.")
    var user: UserID

    @Flag(help: "Print the raw JSON document instead of text.")
    var json = false

    func run() async throws {
        let logger = try options.makeLogger()
        let connection = try await reading.connect(options, logger: logger)
        let user = self.user
        try await requireUserIDs([("USER", user)], in: connection)
        let document = try await connection.withSession { try ChatContext.document(user: user, in: $0) }
        await connection.close()
        guard let document else {
            throw CommandFailure(message: "no user \(user) (or the user is deactivated)")
        }
        print(json ? document : try ChatContext.render(document: document), terminator: json ? "\n" : "")
    }
}
