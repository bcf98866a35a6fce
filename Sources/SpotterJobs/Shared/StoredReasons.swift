public import SpotterDB
public import SpotterReasons

/// A result row's reasons as codes: the JSON array of its `reason_codes` column, beside the
/// English text of `reasons` (see docs/reasons.md).
public struct StoredReasons: StoredReasonColumn {
    /// The column's JSON text, kept as read.
    public var json: String
    /// The reasons, in the order of the text; nil when the built-in catalog cannot read them (a
    /// row written by a newer version): the read path then shows the stored text.
    public var reasons: [Reason]?

    /// The column of `reasons`.
    public init(_ reasons: [Reason]) {
        self.json = Reason.jsonList(reasons)
        self.reasons = reasons
    }

    /// From the column's JSON array.
    public init(json: String) {
        self.json = json
        reasons = ReasonCatalog.standard.reasons(json: json)
    }

    /// The column of `reasons`, whose JSON array `json` is (``RenderedReasons``).
    init(_ reasons: [Reason], json: String) {
        self.json = json
        self.reasons = reasons
    }
}

/// The reasons one shard writes, each distinct reason rendered once: a shard's members share
/// most of theirs (on 10,000 seeded members, 74 distinct reasons among the 257,736 of the
/// programs recommended, 1,451 among the 38,055 of the daily suggestions), and rendering one
/// (its English text through the catalog, its JSON object) costs more than finding it again.
package struct RenderedReasons {
    private var rendered: [Exact: (text: String, json: String)] = [:]
    /// The reasons with at most one argument, not itself a reason (nearly all): found without
    /// hashing and comparing a dictionary of arguments.
    private var renderedSimple: [Simple: (text: String, json: String)] = [:]

    /// A reason of at most one argument, not itself a reason, found again only when it is the same
    /// to the byte (as ``Exact``).
    private struct Simple: Hashable {
        var code: ReasonCode
        var argument: (name: String, value: ReasonValue)?

        init?(_ reason: Reason) {
            switch reason.arguments.count {
            case 0: argument = nil
            case 1:
                let (name, value) = reason.arguments.first!
                if case .reason = value { return nil }
                argument = (name, value)
            default: return nil
            }
            code = reason.code
        }

        static func == (a: Simple, b: Simple) -> Bool {
            guard a.code == b.code else { return false }
            switch (a.argument, b.argument) {
            case (nil, nil): return true
            case (let x?, let y?): return x.name.utf8.elementsEqual(y.name.utf8) && Exact.same(x.value, y.value)
            default: return false
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(code)
            if let argument {
                hasher.combine(argument.name)
                hasher.combine(argument.value)
            }
        }
    }

    /// A reason found again only when it is the same to the byte: `Reason`'s own equality holds
    /// canonically equivalent strings ("é" composed or not) and 0 and -0 equal, which render
    /// differently.
    private struct Exact: Hashable {
        var reason: Reason

        static func == (a: Exact, b: Exact) -> Bool { a.reason == b.reason && same(a.reason, b.reason) }

        func hash(into hasher: inout Hasher) { hasher.combine(reason) }

        /// Whether two equal reasons are also byte for byte the same.
        private static func same(_ a: Reason, _ b: Reason) -> Bool {
            a.arguments.allSatisfy { name, value in b.arguments[name].map { same(value, $0) } ?? false }
        }

        static func same(_ a: ReasonValue, _ b: ReasonValue) -> Bool {
            switch (a, b) {
            case (.text(let x), .text(let y)), (.date(let x), .date(let y)), (.weekday(let x), .weekday(let y)),
                (.term(let x), .term(let y)):
                return bytes(x, y)
            case (.count(let x), .count(let y)): return x == y
            case (.decimal(let x), .decimal(let y)): return x.bitPattern == y.bitPattern
            case (.terms(let x), .terms(let y)): return x.count == y.count && zip(x, y).allSatisfy(bytes)
            case (.bodyPart(let x, let xSide), .bodyPart(let y, let ySide)):
                guard bytes(x, y) else { return false }
                switch (xSide, ySide) {
                case (nil, nil): return true
                case (let p?, let q?): return bytes(p, q)
                default: return false
                }
            case (.reason(let x), .reason(let y)): return same(x, y)
            default: return false
            }
        }

        private static func bytes(_ x: String, _ y: String) -> Bool { x.utf8.elementsEqual(y.utf8) }
    }

    /// Nothing rendered yet.
    package init() {}

    /// `reasons`' English texts (``SpotterReasons/Reason/text``) and their `reason_codes` column,
    /// as ``StoredReasons/init(_:)`` writes it.
    package mutating func render(_ reasons: [Reason]) -> (texts: [String], codes: StoredReasons) {
        var texts: [String] = []
        texts.reserveCapacity(reasons.count)
        var json = "["
        for reason in reasons {
            let one: (text: String, json: String)
            if let simple = Simple(reason) {
                if let found = renderedSimple[simple] {
                    one = found
                } else {
                    one = (reason.text, reason.json)
                    renderedSimple[simple] = one
                }
            } else if let found = rendered[Exact(reason: reason)] {
                one = found
            } else {
                one = (reason.text, reason.json)
                rendered[Exact(reason: reason)] = one
            }
            if texts.count > 0 { json += "," }
            json += one.json
            texts.append(one.text)
        }
        json += "]"
        return (texts, StoredReasons(reasons, json: json))
    }
}

/// A result row's one reason as a code: the JSON object of its `reason_code` column, beside the
/// English text of `reason`.
public struct StoredReason: StoredReasonColumn {
    /// The column's JSON text, kept as read.
    public var json: String
    /// The reason; nil when the built-in catalog cannot read it (the stored text is shown).
    public var reason: Reason?

    /// The column of `reason`.
    public init(_ reason: Reason) {
        self.json = reason.json
        self.reason = reason
    }

    /// From the column's JSON object.
    public init(json: String) {
        self.json = json
        reason = ReasonCatalog.standard.reasons(json: "[" + json + "]")?.first
    }
}

/// A reason column as stored (``StoredReasons``, ``StoredReason``): its JSON text, kept as read
/// and written back as is, and what the built-in catalog reads in it.
public protocol StoredReasonColumn: Codable, Sendable, Hashable, ColumnValue {
    /// The column's JSON text.
    var json: String { get }
    /// From the column's JSON text, read with the built-in catalog.
    init(json: String)
}

extension StoredReasonColumn {
    /// `.json`: the text as stored.
    public var columnValue: SQLValue { .json(json) }

    /// The JSON text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(json)
    }

    /// From the column's JSON text.
    public init(from decoder: any Decoder) throws {
        self.init(json: try decoder.singleValueContainer().decode(String.self))
    }
}
