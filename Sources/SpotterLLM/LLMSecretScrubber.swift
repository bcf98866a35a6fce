import Foundation

/// Removes the API key from any text the extractor logs, returns or stores: reasons, server
/// error bodies, transport errors, facts.
///
/// A server (or a model) can echo the key in other shapes than the one we sent, so besides the
/// whole key it finds:
/// - its encodings: base64 (standard and URL-safe, at each of the three byte alignments, so the
///   key inside a larger encoded header is found too), hex in either case, percent-encoding;
/// - pieces: any run of 8 or more of the key's (or an encoding's) letters and digits, whatever
///   separates them in the text ("sk-a bcde fghi", "sk-a,bcde,fghi"), masked from the start of
///   the word holding its first character to the end of the word holding its last;
/// - scattered pieces: when three or more separate words of 4+ letters and digits are each a
///   piece of the key, every one of them ("{"p1": "sk-ab", "p2": "cdef"}").
package struct LLMSecretScrubber: Sendable {
    /// What replaces a secret.
    package static let mask = "<redacted>"
    /// The key and its encodings, longest first, replaced wherever they occur.
    private let forms: [String]
    /// Every 8-character run of letters and digits of the key and of its encodings.
    private let windows: Set<String>
    /// The letters and digits of the key and of its encodings, for scattered pieces.
    private let alphanumericForms: [String]
    private static let width = 8

    /// A scrubber for `key`; nil or blank scrubs nothing.
    package init(key: String?) {
        guard let key, !key.trimmingCharacters(in: .whitespaces).isEmpty else {
            forms = []
            windows = []
            alphanumericForms = []
            return
        }
        let encoded = Self.encodings(of: key)
        forms = ([key] + encoded).filter { $0.count >= 4 }.sorted { $0.count > $1.count }
        alphanumericForms = ([key] + encoded).map { String($0.filter(Self.isAlphanumeric)) }
        var windows = Set<String>()
        for form in alphanumericForms where form.count >= Self.width {
            let characters = Array(form)
            for start in 0...(characters.count - Self.width) {
                windows.insert(String(characters[start..<start + Self.width]))
            }
        }
        self.windows = windows
    }

    /// Whether `text` holds the key in any shape this scrubber knows.
    package func reveals(_ text: String) -> Bool {
        !forms.isEmpty && scrub(text) != text
    }

    /// `text` without the key, its encodings or its pieces.
    package func scrub(_ text: String) -> String {
        guard !forms.isEmpty else { return text }
        var result = text
        for form in forms where result.contains(form) {
            result = result.replacingOccurrences(of: form, with: Self.mask)
        }
        return maskScatteredPieces(maskRuns(result))
    }

    /// Masks every stretch whose letters and digits hold an 8-character run of a key form.
    private func maskRuns(_ text: String) -> String {
        let characters = Array(text)
        let positions = characters.indices.filter { Self.isAlphanumeric(characters[$0]) }
        guard positions.count >= Self.width else { return text }
        var spans: [ClosedRange<Int>] = []
        let letters = positions.map { characters[$0] }
        for start in 0...(letters.count - Self.width)
        where windows.contains(String(letters[start..<start + Self.width])) {
            var lower = positions[start]
            var upper = positions[start + Self.width - 1]
            // The whole whitespace-delimited word goes: "sk-" before a run, "…" after it.
            while lower > 0, !characters[lower - 1].isWhitespace { lower -= 1 }
            while upper < characters.count - 1, !characters[upper + 1].isWhitespace { upper += 1 }
            let span = lower...upper
            if let last = spans.last, last.upperBound >= span.lowerBound - 1 {
                spans[spans.count - 1] = last.lowerBound...max(last.upperBound, span.upperBound)
            } else {
                spans.append(span)
            }
        }
        guard !spans.isEmpty else { return text }
        var output = characters
        for span in spans.reversed() { output.replaceSubrange(span, with: Array(Self.mask)) }
        return String(output)
    }

    /// Masks words of 4+ letters and digits that are pieces of a key form, when 3 or more are.
    private func maskScatteredPieces(_ text: String) -> String {
        let words = text.split(whereSeparator: { !Self.isAlphanumeric($0) }).map(String.init)
        let pieces = Set(
            words.filter { word in
                word.count >= 4 && alphanumericForms.contains { $0.contains(word) }
            })
        guard pieces.count >= 3 else { return text }
        var output = ""
        var word = ""
        func flush() {
            output += pieces.contains(word) ? Self.mask : word
            word = ""
        }
        for character in text {
            if Self.isAlphanumeric(character) {
                word.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return output
    }

    private static func isAlphanumeric(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }

    /// The key's base64 (three alignments, standard and URL-safe, padding-independent cores),
    /// hex and percent-encoded spellings.
    private static func encodings(of key: String) -> [String] {
        let bytes = Array(key.utf8)
        var result: [String] = []
        for offset in 0..<3 {
            let encoded = Data(Array(repeating: 0, count: offset) + bytes).base64EncodedString()
            let characters = Array(encoded)
            // Characters touched by the zero prefix or by the last, padded group are not the key's own.
            let head = offset == 0 ? 0 : 4
            let core = characters.count > head + 8 ? String(characters[head..<(characters.count - 4)]) : ""
            if offset == 0 { result.append(encoded) }
            result.append(core)
        }
        result += result.map { $0.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_") }
        let hex = bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        result += [hex, hex.uppercased()]
        if let percent = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics), percent != key {
            result.append(percent)
        }
        return result.filter { !$0.isEmpty }
    }
}
