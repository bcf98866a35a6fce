import Foundation
import SpotterDB

/// The words `spotter` prints for failures it did not word itself: what went wrong and what to
/// do about it, without the library's code names.
enum ErrorReport {
    /// One line for a database failure: an unmigrated database says to run `spotter migrate`;
    /// anything else is the server's message with its SQLSTATE.
    static func line(for error: DatabaseError) -> String {
        if isUnmigrated(error) {
            return "the database has no Spotter schema, or an older one (\(error.message)); "
                + "run `spotter migrate` with the same --database first"
        }
        var text = error.message
        if let sqlState = error.sqlState { text += " [SQLSTATE \(sqlState)]" }
        return text
    }

    /// A connection failure, with how to give a database when none was: no --database, no
    /// `DATABASE_URL` and no `PG*` variable means libpq tried its local defaults.
    static func connectionFailure(_ error: DatabaseError, databaseGiven: Bool) -> CommandFailure {
        let environment = ProcessInfo.processInfo.environment
        let configured =
            databaseGiven || environment["DATABASE_URL"] != nil
            || ["PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGSERVICE", "PGUSER"].contains {
                environment[$0] != nil
            }
        guard !configured else { return CommandFailure(message: line(for: error), exitCode: 1) }
        return CommandFailure(
            message: "no database given, and PostgreSQL's local defaults do not answer (\(error.message)); "
                + "give one with --database or DATABASE_URL, e.g. postgresql://user@host:5432/dbname, "
                + "or sqlite:spotter.db for a file (create it with `spotter migrate --database sqlite:spotter.db`)",
            exitCode: 2)
    }

    /// A missing Spotter table, schema or function (PostgreSQL), or table (SQLite).
    static func isUnmigrated(_ error: DatabaseError) -> Bool {
        if let sqlState = error.sqlState, ["42P01", "3F000"].contains(sqlState) { return true }
        if error.sqlState == "42883", error.message.contains("spotter.") { return true }
        return error.sqlState == nil && error.message.hasPrefix("no such table")
    }
}
