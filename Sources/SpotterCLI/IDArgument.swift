public import ArgumentParser
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
