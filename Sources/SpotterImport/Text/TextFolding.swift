import Foundation

/// Case- and accent-insensitive forms of the words in exports.
enum TextFolding {
    /// Lower-cased, diacritics removed ("Févr." → "févr." → "fevr."), trimmed. Turkish dotless
    /// ı is i, as dotted İ already is once its dot is removed, so "KASIM", "Kasım" and "kasim"
    /// fold alike.
    static func fold(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return folded.unicodeScalars.contains("ı") ? folded.replacingOccurrences(of: "ı", with: "i") : folded
    }
}
