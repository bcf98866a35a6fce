public import Foundation

/// The declarative catalog in `jobs/`: every job kind with its retry policy, timeout, shard size
/// and parameters (`kinds.yaml`), the worker settings (also `kinds.yaml`), and the schedule
/// (`schedule.yaml`). Loaded and validated once at start-up, then passed down.
public struct JobCatalog: Sendable {
    /// The kinds by name.
    public var kinds: [String: KindSpec]
    /// The schedule entries, in file order.
    public var schedule: [ScheduleEntry]
    /// Settings shared by every worker process.
    public var worker: WorkerSettings

    /// Creates a catalog from values (tests, or a catalog built in code).
    public init(kinds: [String: KindSpec], schedule: [ScheduleEntry] = [], worker: WorkerSettings = .standard) {
        self.kinds = kinds
        self.schedule = schedule
        self.worker = worker
    }

    /// Reads `kinds.yaml` and `schedule.yaml` from `directory` (usually `jobs/`). Errors name the
    /// files relative to the current directory when they lie under it. Each kind named in
    /// `parameters` has its `parameters:` decoded with that schema (the kinds' declarations).
    public static func load(directory: URL, parameters: [String: ParameterSchema] = [:]) throws(CatalogError)
        -> JobCatalog
    {
        let kindsURL = directory.appendingPathComponent("kinds.yaml")
        let scheduleURL = directory.appendingPathComponent("schedule.yaml")
        let kindsFile = displayPath(kindsURL)
        let scheduleFile = displayPath(scheduleURL)
        let kinds = try read(kindsURL, as: kindsFile)
        let schedule = try read(scheduleURL, as: scheduleFile)
        return try parse(
            kinds: kinds, kindsFile: kindsFile, schedule: schedule, scheduleFile: scheduleFile, parameters: parameters)
    }

    /// Parses the two files' text; `kindsFile` and `scheduleFile` are the names used in errors.
    public static func parse(
        kinds: String, kindsFile: String, schedule: String, scheduleFile: String,
        parameters: [String: ParameterSchema] = [:]
    ) throws(CatalogError) -> JobCatalog {
        let (specs, worker) = try KindsFile.decode(kinds, file: kindsFile, parameters: parameters)
        let entries = try ScheduleFile.decode(schedule, file: scheduleFile, kinds: specs)
        return JobCatalog(kinds: specs, schedule: entries, worker: worker)
    }

    /// The spec of `kind`, or nil when the catalog does not declare it.
    public func spec(for kind: String) -> KindSpec? {
        kinds[kind]
    }

    /// The kind names, sorted.
    public var kindNames: [String] {
        kinds.keys.sorted()
    }

    private static func read(_ url: URL, as name: String) throws(CatalogError) -> String {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let missing = !FileManager.default.fileExists(atPath: url.path)
            throw CatalogError(
                file: name, message: missing ? "file not found" : "cannot read the file: \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CatalogError(file: name, message: "the file is not valid UTF-8")
        }
        return text
    }

    private static func displayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let current = FileManager.default.currentDirectoryPath
        if !current.isEmpty, path.hasPrefix(current.hasSuffix("/") ? current : current + "/") {
            return String(path.dropFirst(current.count + (current.hasSuffix("/") ? 0 : 1)))
        }
        return path
    }
}
