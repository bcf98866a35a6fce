import Foundation

/// Case- and accent-insensitive forms of the words in exports.
enum TextFolding {
    /// Lower-cased, diacritics removed ("Févr." → "févr." → "fevr."), trimmed.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
