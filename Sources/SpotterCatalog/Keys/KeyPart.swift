/// Bounds the parts of unique keys and schedule slot identities that come from data (a user's
/// `time_zone`), so that one over-long value cannot make a key exceed the queue's 500-character
/// limit (or an index row's size) and stop a whole batch or scheduler tick.
public enum KeyPart {
    /// Values up to this many UTF-8 bytes are used as they are (every valid zone name is shorter).
    public static let maximumVerbatimBytes = 64

    /// `value` itself when it is short and made only of ASCII letters, digits and `_ - + / .`
    /// (so no key separator `:` or `@`, no space or control character); otherwise `sha256:` and
    /// the first 32 hex digits of its SHA-256 (128 bits), which cannot be a verbatim value, so
    /// it never collides with one.
    public static func bounded(_ value: String) -> String {
        let verbatim =
            !value.isEmpty && value.utf8.count <= maximumVerbatimBytes
            && value.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "_-+/.".unicodeScalars.contains(scalar))
            }
        return verbatim ? value : "sha256:" + SHA256.hex(value).prefix(32)
    }
}
