/// Reads an export in any of the ``ImportFormat``s.
public enum ImportReader {
    /// Parses `text` as `format`.
    public static func parse(_ text: String, format: ImportFormat, options: ImportOptions) -> ParsedLog {
        switch format {
        case .strong: StrongParser.parse(text, options: options)
        case .hevy: HevyParser.parse(text, options: options)
        case .jsonl: JSONLinesParser.parse(text, options: options)
        }
    }
}
