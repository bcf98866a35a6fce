import Foundation
import SpotterCalendar
public import SpotterFacts
import SpotterJobs
import SpotterRanking

/// `spotter eval injuries FILE`: does a message that reports an injury keep the body part out of
/// the next day's suggestion, and does a message that reports none keep nothing out?
///
/// Each probe is one JSON line: `{"text": "my back went out", "protects": ["back"], "class":
/// "idiom"}`, with optional `"days_later"` (when the suggestion is computed, default 1),
/// `"sent_at"` (default 2026-11-23T18:00:00Z, a Monday evening) and `"asked"` (the partner's
/// message the probe answers, "How's your ankle?"). The message goes through the same
/// path as the nightly's: the rule extractor, the merge, the health facts a shard reads, and
/// ``Injuries`` at the suggestion's date. A probe passes when every part it names is kept out
/// (``BodyParts`` names: knee, back, shoulder, …) and, for `"protects": []`, when nothing is.
public enum InjuryProbes {
    /// One probe.
    public struct Probe: Sendable, Hashable, Decodable {
        /// The message.
        public var text: String
        /// The parts that must be kept out; empty: none may be.
        public var protects: [String]
        /// The class of wording, for the per-class counts ("clinical", "idiom", "praise", …).
        public var `class`: String?
        /// Days between the message and the suggestion; default 1.
        public var days_later: Double?
        /// When the message was sent; default 2026-11-23T18:00:00Z.
        public var sent_at: String?
        /// The partner's message just before, which the probe answers ("How's your ankle?").
        public var asked: String?
    }

    /// What Spotter read from one probe.
    public struct Outcome: Sendable, Hashable {
        /// The probe.
        public var probe: Probe
        /// The parts kept out at the suggestion's date.
        public var protected: [String]
        /// The health facts stored from the message (content, temporal).
        public var facts: [String]
        /// Whether it passed.
        public var passed: Bool
    }

    /// A line that could not be read.
    public struct LineError: Error, Sendable, CustomStringConvertible {
        /// 1-based line number.
        public var line: Int
        /// What is wrong.
        public var message: String
        /// `line 3: …`.
        public var description: String { "line \(line): \(message)" }
    }

    /// Parses the probe lines (blank lines and lines starting with `#` are skipped).
    public static func parse(_ text: String) throws -> [Probe] {
        var probes: [Probe] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            do {
                let probe = try JSONDecoder().decode(Probe.self, from: Data(trimmed.utf8))
                if let sent = probe.sent_at, ISO8601Instant.parse(sent) == nil {
                    throw LineError(line: offset + 1, message: "\"sent_at\" must be an ISO 8601 instant")
                }
                for part in probe.protects where BodyParts.parts[part] == nil {
                    throw LineError(
                        line: offset + 1,
                        message:
                            "unknown part \"\(part)\" (one of \(BodyParts.parts.keys.sorted().joined(separator: ", ")))"
                    )
                }
                probes.append(probe)
            } catch let error as LineError {
                throw error
            } catch {
                throw LineError(line: offset + 1, message: "expected {\"text\": …, \"protects\": [parts]}")
            }
        }
        return probes
    }

    /// Reads each probe as the nightly would.
    public static func run(_ probes: [Probe], extractor: RuleExtractor = RuleExtractor()) -> [Outcome] {
        probes.enumerated().map { index, probe in
            let sentAt = probe.sent_at.flatMap(ISO8601Instant.parse) ?? Date(timeIntervalSince1970: 1_795_456_800)
            let message = FactLines.Message(
                id: "m\(index)", userID: "u", text: probe.text, sentAt: sentAt, context: probe.asked)
            let health = FactLines.facts(for: [message], extractor: extractor).filter { $0.category == "health" }
            let facts = health.map {
                HealthFact(
                    subject: $0.subject, slot: $0.slot, content: $0.content, polarity: $0.polarity,
                    temporal: $0.temporal, mentionedAt: sentAt)
            }
            let asOf = sentAt.addingTimeInterval((probe.days_later ?? 1) * 86_400)
            let protected = Injuries.current(facts, asOf: asOf).map(\.part.name)
            let passed =
                probe.protects.isEmpty ? protected.isEmpty : probe.protects.allSatisfy { protected.contains($0) }
            return Outcome(
                probe: probe, protected: protected, facts: health.map { "\($0.content) (\($0.temporal))" },
                passed: passed)
        }
    }
}
