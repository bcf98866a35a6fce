import Foundation
import PackagePlugin

/// Builds `sql/`, `jobs/` and `locales/` into the target that uses it, as Swift source: the
/// migrations, the default job catalog and the reason catalog travel inside the `spotter`
/// executable, so a copied binary migrates, runs and words its reasons without the repository.
///
/// SwiftPM asks a plugin for its commands again only when the package changes, so the file list
/// is not passed: the tool walks the folders itself each time it runs, and the command's inputs
/// are the folders (a file added or removed changes its folder) as well as the files (an edit).
/// A new migration is embedded by the next build without touching any list.
@main
struct EmbedProjectFiles: BuildToolPlugin {
    /// The folders embedded, relative to the package root; SpotterEmbedFiles takes the same
    /// files from them (`.sql`, `.yaml`, `.json`).
    static let folders = ["sql", "jobs", "locales"]

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let root = context.package.directoryURL
        let prefix = root.standardizedFileURL.path + "/"
        var inputs: [URL] = []
        for folder in Self.folders {
            let base = root.appendingPathComponent(folder)
            guard
                let walker = FileManager.default.enumerator(
                    at: base, includingPropertiesForKeys: [.isDirectoryKey])
            else { continue }
            inputs.append(base)
            for case let url as URL in walker where url.standardizedFileURL.path.hasPrefix(prefix) {
                let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
                if isFolder || ["sql", "yaml", "json"].contains(url.pathExtension) { inputs.append(url) }
            }
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedProjectFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding project files from sql, jobs and locales",
                executable: try context.tool(named: "SpotterEmbedFiles").url,
                arguments: [output.path, root.path] + Self.folders,
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
