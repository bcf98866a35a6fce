import Foundation
import SpotterIDs
import SpotterTestSupport

/// The documentation's runnable blocks: a fenced block right after `<!-- LABEL: NAME -->` in a page
/// under docs/, so a test runs exactly what a reader copies.
enum DocsRecipe {
    struct Missing: Error, CustomStringConvertible {
        var page: String
        var marker: String
        var description: String { "\(page) has no block after <!-- \(marker) -->" }
    }

    /// The text of the block after `<!-- label: name -->` in `page` (a path from the repository root).
    static func block(_ name: String, page: String = "docs/product-tables.md", label: String = "recipe") throws
        -> String
    {
        let text = try String(
            contentsOf: SpotterCommand.repositoryRoot.appendingPathComponent(page), encoding: .utf8)
        let marker = "\(label): \(name)"
        guard let start = text.range(of: "<!-- \(marker) -->\n```") else { throw Missing(page: page, marker: marker) }
        let afterFence = text[start.upperBound...].drop { $0 != "\n" }.dropFirst()
        guard let end = afterFence.range(of: "\n```") else { throw Missing(page: page, marker: marker) }
        return String(afterFence[..<end.lowerBound])
    }

    /// The `spotter …` command lines of a shell block, as argument lists.
    static func commands(_ name: String) throws -> [[String]] {
        try block(name).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("spotter ") }
            .map { $0.split(separator: " ").dropFirst().map(String.init) }
    }
}
