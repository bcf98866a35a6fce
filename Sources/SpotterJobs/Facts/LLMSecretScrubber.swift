import Foundation

/// Removes the API key from any text the extractor logs or returns: reasons, server error
/// bodies, transport errors. Besides the whole key, any whitespace-delimited token that holds
/// 8 or more consecutive characters of it is replaced, so a server that echoes part of the key
/// ("Incorrect API key provided: sk-abc…") cannot leak it either.
struct LLMSecretScrubber: Sendable {
    /// What replaces a secret.
    static let mask = "<redacted>"
    private let key: String?
    private let fragments: [String]

    /// A scrubber for `key`; nil or blank scrubs nothing.
    init(key: String?) {
        guard let key, !key.trimmingCharacters(in: .whitespaces).isEmpty else {
            self.key = nil
            self.fragments = []
            return
        }
        self.key = key
        let characters = Array(key)
        let width = 8
        self.fragments =
            characters.count > width
            ? (0...(characters.count - width)).map { String(characters[$0..<$0 + width]) } : []
    }

    /// `text` without the key or any token holding a long piece of it.
    func scrub(_ text: String) -> String {
        guard let key else { return text }
        var result = text.replacingOccurrences(of: key, with: Self.mask)
        guard !fragments.isEmpty, fragments.contains(where: result.contains) else { return result }
        var scrubbed = ""
        var token = ""
        func flush() {
            scrubbed += fragments.contains(where: token.contains) ? Self.mask : token
            token = ""
        }
        for character in result {
            if character.isWhitespace {
                flush()
                scrubbed.append(character)
            } else {
                token.append(character)
            }
        }
        flush()
        result = scrubbed
        return result
    }
}
