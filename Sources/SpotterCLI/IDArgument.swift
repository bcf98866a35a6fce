public import ArgumentParser
import SpotterDB
public import SpotterIDs

/// The product's ids on the command line (`spotter context k9JohnUid`, `--user 42`): any id text
/// the boundary accepts; an empty id or one with a control character is refused by the parser.
extension EntityID: ExpressibleByArgument {
    public init?(argument: String) {
        guard let id = try? Self(argument) else { return nil }
        self = id
    }
}

/// Reads a command's USER argument as a user id, or fails with exit code 2 saying why.
func userID(argument: String) throws -> UserID {
    do throws(IDError) {
        return try UserID(argument)
    } catch {
        throw CommandFailure(message: "USER: \(error.message)", exitCode: 2)
    }
}

/// Refuses, with exit code 2, a user id that `spotter.users`' id type cannot hold (`ana` where
/// the ids are bigint, a non-UUID where they are uuid): the caller's mistake, said as such, never
/// the database's invalid_text_representation nor "no such user". `ids` pairs each id with how
/// the command line named it (`USER`, `--client`). The check ``InputKey/canHold(_:type:)`` is
/// the one `facts show` and the read path use.
func requireUserIDs(_ ids: [(label: String, id: UserID)], in connection: DatabaseConnection) async throws {
    guard !ids.isEmpty else { return }
    let refusal: String? = try await connection.withSession { session in
        for (label, id) in ids {
            if let refusal = try InputKey.user.refusal(of: id, in: session) { return "\(label): \(refusal)" }
        }
        return nil
    }
    if let refusal {
        await connection.close()
        throw CommandFailure(message: refusal, exitCode: 2)
    }
}
