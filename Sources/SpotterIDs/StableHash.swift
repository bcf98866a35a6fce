/// A 64-bit FNV-1a hash whose value is the same in every process and on every machine (Swift's
/// `Hasher` is seeded per process): for fingerprints that are stored and compared later, such as
/// a migration file's checksum or the inputs a kept personal state was replayed from. Not for
/// anything an adversary chooses.
public struct StableHash: Sendable {
    /// The hash of everything combined so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// An empty hash.
    public init() {}

    // Concrete types, not `some Sequence<UInt8>`: across modules a generic loop runs
    // unspecialised, a witness call per byte (10 % of a night's worker CPU when it hashed the
    // kept personal states).

    /// Adds bytes.
    public mutating func combine(bytes: [UInt8]) {
        var hash = value
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer { hash = Self.mixed(hash, UInt64(byte)) }
        }
        value = hash
    }

    /// Adds a string's UTF-8 bytes.
    public mutating func combine(utf8 text: String) {
        var hash = value
        for byte in text.utf8 { hash = Self.mixed(hash, UInt64(byte)) }
        value = hash
    }

    /// Adds a 64-bit value (its eight bytes, least significant first).
    public mutating func combine(_ number: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { value = Self.mixed(value, (number >> UInt64(shift)) & 0xff) }
    }

    /// One FNV-1a step: `hash` with one byte (in the low eight bits of `byte`) mixed in.
    @inline(__always)
    private static func mixed(_ hash: UInt64, _ byte: UInt64) -> UInt64 { (hash ^ byte) &* 0x100_0000_01b3 }

    /// Adds an integer.
    public mutating func combine(_ number: Int) { combine(UInt64(bitPattern: Int64(number))) }

    /// Adds a double, bit for bit.
    public mutating func combine(_ number: Double) { combine(number.bitPattern) }

    /// Adds a string: its length, then its UTF-8 bytes, so that ("ab", "c") and ("a", "bc") differ.
    public mutating func combine(_ text: String) {
        combine(text.utf8.count)
        combine(utf8: text)
    }

    /// The hash of a string's UTF-8 bytes alone.
    public static func of(_ text: String) -> UInt64 {
        var hash = StableHash()
        hash.combine(utf8: text)
        return hash.value
    }
}
