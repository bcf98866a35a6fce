public import Foundation

/// A body part the member should not load today, from a current health fact.
public struct Injury: Sendable, Hashable {
    /// The part (see ``BodyParts``).
    public let part: BodyParts.Part
    /// "left" or "right" when the fact says.
    public let side: String?
    /// What the person said it is: "pain", "injury", "surgery", "recovery", "tweak", "problem".
    public let noun: String
    /// When they last said it.
    public let mentionedAt: Date

    /// "knee pain mentioned on 3 Nov: no lower-body work today".
    public func reason(in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.day, .month], from: mentionedAt)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[max(0, min(11, (parts.month ?? 1) - 1))]
        let name = [side, part.name].compactMap { $0 }.joined(separator: " ")
        return "\(name) \(noun) mentioned on \(parts.day ?? 1) \(month): no \(part.region) work today"
    }
}

/// Reads a member's current health facts into the body parts to keep unloaded.
///
/// A fact counts when it is about the person themself ("self"), current (not past or intended)
/// and names a body part (by its slot, else its words). The latest fact about a part decides:
/// one that says it is fine (negative polarity, or "fine", "healed", "all better", "feels better", "recovered", "no
/// more pain", "no longer hurts", "pain-free") lifts it; a fine fact without a side lifts both
/// sides. Anything else about a part (pain, injury, surgery, recovering, "tweaked", or a fact
/// whose words say no more than the part) keeps it unloaded: when in doubt, safety first.
public enum Injuries {
    private static let fineWords = [
        "fine", "healed", "all better", "feels better", "recovered", "no more", "no longer", "pain-free", "pain free",
        "all good",
        "good now", "okay now", "ok now", "cleared", "back to normal", "doesn't hurt", "does not hurt",
        "stopped hurting", "gone",
    ]
    private static let nouns: [(String, String)] = [
        ("surgery", "surgery"), ("operation", "surgery"), ("operated", "surgery"), ("replacement", "surgery"),
        ("injur", "injury"), ("sprain", "sprain"), ("strain", "strain"), ("tear", "tear"), ("torn", "tear"),
        ("broke", "fracture"), ("fractur", "fracture"), ("tweak", "tweak"), ("recovering", "recovery"),
        ("pain", "pain"), ("hurt", "pain"), ("ache", "pain"), ("aching", "pain"), ("sore", "pain"),
        ("bother", "pain"), ("swell", "swelling"), ("swollen", "swelling"), ("stiff", "stiffness"),
        ("tight", "tightness"),
    ]

    /// The injuries current in `facts`, by part then side.
    public static func current(_ facts: [HealthFact]) -> [Injury] {
        var active: [String: Injury] = [:]
        let ordered = facts.enumerated().sorted {
            ($0.element.mentionedAt, $0.offset) < ($1.element.mentionedAt, $1.offset)
        }
        for fact in ordered.map(\.element) {
            let subject = fact.subject.lowercased()
            guard subject == "self" || subject.isEmpty, fact.temporal == "current" else { continue }
            let text = fact.content.lowercased()
            guard let (part, side) = locate(slot: fact.slot.lowercased(), content: text) else { continue }
            if fact.polarity == "negative" || fineWords.contains(where: { text.contains($0) }) {
                for key in active.keys
                where key.hasPrefix(part.name + "|")
                    && (side == nil || key.hasSuffix("|" + side!) || key.hasSuffix("|"))
                {
                    active[key] = nil
                }
                continue
            }
            let noun = nouns.first { text.contains($0.0) || fact.slot.contains($0.0) }?.1 ?? "problem"
            active[part.name + "|" + (side ?? "")] = Injury(
                part: part, side: side, noun: noun, mentionedAt: fact.mentionedAt)
        }
        return active.keys.sorted().map { active[$0]! }
    }

    /// The part and side a fact names: the slot's components first ("knee-left"), then its words.
    static func locate(slot: String, content: String) -> (BodyParts.Part, String?)? {
        let separators: (Character) -> Bool = { !$0.isLetter && $0 != "'" }
        let slotWords = slot.split(whereSeparator: separators)
        let contentWords = content.split(whereSeparator: separators)
        guard
            let part = slotWords.lazy.compactMap({ BodyParts.part(named: $0) }).first
                ?? contentWords.lazy.compactMap({ BodyParts.part(named: $0) }).first
        else { return nil }
        let side = (slotWords + contentWords).first { $0 == "left" || $0 == "right" }.map(String.init)
        return (part, side)
    }
}
