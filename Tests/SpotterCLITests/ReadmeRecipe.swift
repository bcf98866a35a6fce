import Foundation
import SpotterTestSupport
import SpotterIDs

/// The README's recipe blocks: a fenced block right after `<!-- recipe: NAME -->`, so a test runs
/// exactly what a reader copies.
enum ReadmeRecipe {
    struct Missing: Error, CustomStringConvertible {
        var name: String
        var description: String { "README.md has no block after <!-- recipe: \(name) -->" }
    }

    /// The text of the block named `name`.
    static func block(_ name: String) throws -> String {
        let readme = try String(
            contentsOf: SpotterCommand.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let marker = readme.range(of: "<!-- recipe: \(name) -->\n```") else { throw Missing(name: name) }
        let afterFence = readme[marker.upperBound...].drop { $0 != "\n" }.dropFirst()
        guard let end = afterFence.range(of: "\n```") else { throw Missing(name: name) }
        return String(afterFence[..<end.lowerBound])
    }

    /// The `spotter …` command lines of a shell block, as argument lists.
    static func commands(_ name: String) throws -> [[String]] {
        try block(name).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("spotter ") }
            .map { $0.split(separator: " ").dropFirst().map(String.init) }
    }
}
