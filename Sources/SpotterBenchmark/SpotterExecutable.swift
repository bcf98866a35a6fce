import ArgumentParser
import Foundation

/// The `spotter` executable a benchmark starts workers or MCP servers from.
enum SpotterExecutable {
    /// `given` (a `--spotter` option), else the `spotter` next to this `spotter-bench`; an error
    /// naming the path when there is no executable file there.
    static func resolve(_ given: String?) throws -> String {
        let path =
            given
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("spotter").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ValidationError("no spotter executable at \(path); build it or pass --spotter")
        }
        return path
    }
}
