import Foundation
import PackagePlugin

/// Builds `sql/`, `jobs/` and `locales/` into the target that uses it, as Swift source: the
/// migrations, the default job catalog and the reason catalog travel inside the `spotter`
/// executable, so a copied binary migrates, runs and words its reasons without the repository. The file list is read at every build, so a new migration
/// is embedded without touching any list.
@main
struct EmbedProjectFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let root = context.package.directoryURL
        var relativePaths: [String] = []
        for folder in ["sql", "jobs", "locales"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])
            else { continue }
            for case let url as URL in walker where ["sql", "yaml", "json"].contains(url.pathExtension) {
                let path = url.standardizedFileURL.path
                let prefix = root.standardizedFileURL.path + "/"
                if path.hasPrefix(prefix) { relativePaths.append(String(path.dropFirst(prefix.count))) }
            }
        }
        relativePaths.sort()
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedProjectFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(relativePaths.count) project files from sql, jobs and locales",
                executable: try context.tool(named: "SpotterEmbedFiles").url,
                arguments: [output.path, root.path] + relativePaths,
                inputFiles: relativePaths.map { root.appendingPathComponent($0) },
                outputFiles: [output])
        ]
    }
}
