import Foundation

/// One stored fact of a real-data corpus beside the turn it was first drawn from, for the
/// quality report and for reading (`spotter eval facts --sample N`).
public struct StoredFactReading: FactStatementRecord, Sendable, Hashable {
    /// What the fact says, under the speaker's id.
    public var statement: FactStatement
    /// The turn it cites first; nil when the corpus has no such turn.
    public var turnID: String?
    /// That turn's text.
    public var message: String?
    /// The partner's turn before it, the question it may answer.
    public var replyTo: String?

    /// Creates a reading of one stored fact.
    public init(_ statement: FactStatement, turnID: String?, message: String?, replyTo: String?) {
        self.statement = statement
        self.turnID = turnID
        self.message = message
        self.replyTo = replyTo
    }

    /// The mechanical flaws of this fact (``FactQuality``).
    public var flaws: [FactFlaw] {
        FactQuality.flaws(content: self.content, category: self.category, temporal: self.temporal, message: message)
    }
}

/// The stored facts of a corpus that fail the checks of ``FactQuality``, counted per class,
/// with a few examples of each.
public struct FactQualityReport: Sendable {
    /// Stored facts read.
    public var stored = 0
    /// Facts with at least one flaw.
    public var flawed = 0
    /// Facts per flaw (a fact may count under several).
    public var counts: [FactFlaw: Int] = [:]
    /// The first few facts of each flaw, with their message.
    public var examples: [FactFlaw: [StoredFactReading]] = [:]
    /// Flawed facts stored anyway because they name a body part or an injury
    /// (``FactQuality/isSafetyFact(content:category:)``); not counted in `flawed` or `counts`.
    public var keptForSafety: [StoredFactReading] = []

    /// Checks every fact in `facts`, keeping `examples` examples per class.
    public init(_ facts: [StoredFactReading], examples: Int = 4) {
        stored = facts.count
        for fact in facts {
            let flaws = fact.flaws
            if !flaws.isEmpty && FactQuality.isSafetyFact(content: fact.content, category: fact.category) {
                keptForSafety.append(fact)
                continue
            }
            if !flaws.isEmpty { flawed += 1 }
            for flaw in flaws {
                counts[flaw, default: 0] += 1
                if examples > 0, examples > (self.examples[flaw]?.count ?? 0) {
                    self.examples[flaw, default: []].append(fact)
                }
            }
        }
    }

    /// The report's lines: one per class, zero counts included, then examples.
    public func report() -> String {
        var lines = [
            "stored facts that do not stand alone (mechanical check): \(flawed) of \(stored)"
                + (stored > 0 ? " (\(Double(Int((1000 * Double(flawed) / Double(stored)).rounded())) / 10) %)" : "")
        ]
        for flaw in FactFlaw.allCases {
            lines.append(
                "  " + flaw.rawValue.padding(toLength: 30, withPad: " ", startingAt: 0) + "\(counts[flaw] ?? 0)")
        }
        lines.append(
            "  kept for safety, flawed but naming a body part or an injury: \(keptForSafety.count)"
                + keptForSafety.prefix(3).map { "  (\($0.content))" }.joined())
        for flaw in FactFlaw.allCases {
            for fact in examples[flaw] ?? [] {
                lines.append("  [\(flaw.rawValue)] \(fact.content)  ←  \(String((fact.message ?? "?").prefix(160)))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// `n` stored facts drawn at random with a seed, each beside its message and the partner's
/// turn before it, numbered for labelling by hand.
public enum StoredFactSample {
    /// The same `seed` draws the same facts from the same list.
    public static func draw(_ facts: [StoredFactReading], count: Int, seed: UInt64) -> [StoredFactReading] {
        var generator = SplitMix64(seed: seed)
        var indices = Array(facts.indices)
        indices.shuffle(using: &generator)
        return indices.prefix(max(0, count)).map { facts[$0] }
    }

    /// The listing: number, fact, category and flaws, then the partner's turn and the message.
    public static func listing(_ sample: [StoredFactReading]) -> String {
        var lines: [String] = []
        for (number, fact) in sample.enumerated() {
            let flaws = fact.flaws.map(\.rawValue)
            let subject = fact.subject == "self" ? "" : " (\(fact.subject))"
            lines.append(
                "\(number + 1). \(fact.content)\(subject)  [\(fact.category.rawValue), \(fact.temporal.rawValue)"
                    + "\(fact.polarity == .negative ? ", negative" : "")]"
                    + (flaws.isEmpty ? "" : "  flaws: " + flaws.joined(separator: ", ")))
            if let reply = fact.replyTo { lines.append("     partner: \(String(reply.prefix(200)))") }
            lines.append("     message: \(String((fact.message ?? "?").prefix(300)))  (\(fact.turnID ?? "?"))")
        }
        return lines.joined(separator: "\n")
    }
}

/// A small seeded generator (SplitMix64): the same seed gives the same sample on every machine.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
