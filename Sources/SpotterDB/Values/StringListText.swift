/// A text form of a list of strings (``JSONStringArray``, ``PostgresArrayLiteral``), read from
/// its UTF-8 bytes.
protocol StringListText {
    /// The elements, or nil when the bytes are not this form.
    static func decode(bytes: UnsafeBufferPointer<UInt8>) -> [String]?
}

extension StringListText {
    /// The elements of `text`, or nil when it is not this form.
    static func decode(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { decode(bytes: $0) }
    }
}
