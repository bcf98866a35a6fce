/// The project files built into the executable: every `sql/**/*.sql`, `jobs/*.yaml` and `locales/*.json` of the
/// tree it was built from, by path relative to the project root (`sql/postgres/001_inputs.sql`,
/// `jobs/kinds.yaml`). Embedded at build time by the EmbedProjectFiles plugin, so they always
/// match the source tree of the build (a file added since the last build included).
public enum ProjectFiles {
    /// The text of the file at `path`, or nil when none was embedded there.
    public static func text(_ path: String) -> String? {
        embeddedProjectFiles[path]
    }

    /// The embedded paths directly inside `folder` (e.g. `sql/postgres`), sorted; files in
    /// sub-folders (`sql/postgres/optional/…`) are not listed.
    public static func paths(in folder: String) -> [String] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return embeddedProjectFiles.keys.filter {
            $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/")
        }.sorted()
    }

    /// Every embedded path, sorted.
    public static var allPaths: [String] { embeddedProjectFiles.keys.sorted() }
}
