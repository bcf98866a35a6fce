import ArgumentParser
import Foundation

/// `--spotter`: the `spotter` executable a benchmark starts workers or MCP servers from.
struct SpotterExecutable: ParsableArguments {
    @Option(help: "The spotter executable to start (default: the one next to spotter-bench).")
    var spotter: String?

    /// `--spotter`, else the `spotter` next to this `spotter-bench`; an error naming the path when
    /// there is no executable file there.
    func path() throws -> String {
        let path =
            spotter
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("spotter").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ValidationError("no spotter executable at \(path); build it or pass --spotter")
        }
        return path
    }
}
