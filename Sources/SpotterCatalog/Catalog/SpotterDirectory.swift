public import Foundation

/// Finding a Spotter installation: the directory holding `jobs/kinds.yaml` and `sql/`. Shared by
/// the `spotter` and `spotter-bench` executables, which word the failures their own way.
public enum SpotterDirectory {
    /// Why no directory was found.
    public enum LookupError: Error, Sendable {
        /// `--home` or `SPOTTER_HOME` names a directory without `jobs/kinds.yaml` and `sql/`.
        case notAHome(URL)
        /// Neither the working directory nor the executable's has such an ancestor.
        case notFound
    }

    /// `explicit` (from `--home`), then `SPOTTER_HOME`, then the nearest ancestor of the working
    /// directory or of the executable that holds both `jobs/kinds.yaml` and `sql/`.
    public static func locate(explicit: String?) throws(LookupError) -> URL {
        let fileManager = FileManager.default
        func isHome(_ url: URL) -> Bool {
            fileManager.fileExists(atPath: url.appendingPathComponent("jobs/kinds.yaml").path)
                && fileManager.fileExists(atPath: url.appendingPathComponent("sql").path)
        }
        if let given = explicit ?? ProcessInfo.processInfo.environment["SPOTTER_HOME"] {
            let url = URL(fileURLWithPath: given).standardizedFileURL
            guard isHome(url) else { throw .notAHome(url) }
            return url
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for start in [URL(fileURLWithPath: fileManager.currentDirectoryPath), executable.deletingLastPathComponent()] {
            var url = start.standardizedFileURL
            while true {
                if isHome(url) { return url }
                let parent = url.deletingLastPathComponent()
                if parent.path == url.path { break }
                url = parent
            }
        }
        throw .notFound
    }
}
