public import Foundation
public import SpotterReasons

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

    /// "knee pain mentioned on 3 Nov: no lower-body work today": the day is the local date of
    /// the mention in `zone`.
    public func reason(in zone: TimeZone) -> Reason {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .day, .month], from: mentionedAt)
        let day = String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
        return Reason(
            .injuryNoRegionWork,
            [
                "part": .bodyPart(part: part.name, side: side), "injury": .term(noun), "mentioned_on": .date(day),
                "region": .term(part.region),
            ])
    }
}

/// Reads a member's current health facts into the body parts to keep unloaded.
///
/// A fact counts when it is about the person themself ("self") and names a body part (by its
/// slot, else its words; with every part its words join to that one, ``locate(slot:content:)``),
/// and it is either current or a recent acute injury stored as past ("Dislocated their shoulder
/// on Sunday": a past event, a present injury) that names no long-ago time ("as a kid", "in
/// 2015", "years ago"). An injury they have had ("Has broken their arm before", "Once broke their
/// elbow", "Has had knee problems in the past") or a habit they had ("Used to hike … their feet
/// were killing them") counts only when it says something of now ("… and it hurts again";
/// ``saysOnlyThePast(_:)``). A pain that is less is not gone ("Arm doesn't hurt as much as it
/// did"). The latest fact about a part decides: one that says it is fine (negative polarity, or
/// "fine", "healed", "all better", "recovered", "no more pain", "no longer hurts", "pain-free")
/// lifts it; a fine fact without a side lifts both sides. Praise with no problem word ("shoulder mobility is great", "knees feel strong") says
/// nothing is wrong. Anything else about a part (pain, injury, surgery, a clinician's order, an
/// idiom such as "went out", or a fact whose words say no more than the part) keeps it
/// unloaded: when in doubt, safety first.
///
/// Each injury lasts from its latest mention for the length the person gave ("for 6 weeks",
/// "for a couple of weeks"), else for its kind's usual healing time (``defaultDays``): surgery
/// 12 weeks; a tear or fracture 8; a dislocation or a diagnosis (tendinitis, a herniated disc)
/// 6; a sprain, strain or injury 3; a tweak, a restriction or a flare-up 2; pain 1; a wound
/// (stitches, blisters, a bandage) 10 days; soreness 3 days. Each new mention renews it; a
/// recovery statement ends it at once.
public enum Injuries {
    private static let fineWords = [
        "fine", "healed", "all better", "feels better", "recovered", "no more", "no longer", "pain-free", "pain free",
        "all good",
        "good now", "okay now", "ok now", "cleared", "back to normal", "doesn't hurt", "does not hurt",
        "stopped hurting", "gone",
    ]
    /// Words that praise a part: with no problem word beside them, a fact is no injury.
    private static let praiseWords = [
        "great", "good", "strong", "stronger", "better", "improved", "improving", "excellent", "amazing", "awesome",
        "flexible", "mobile", "mobility", "healthy", "solid", "perfect", "feels fantastic",
    ]
    /// Words that say something is wrong: they keep a fact an injury whatever else it says.
    private static let problemWords = [
        "pain", "hurt", "ache", "aching", "sore", "injur", "surgery", "operat", "tear", "torn", "tore", "sprain",
        "strain", "pulled", "fractur", "broke", "dislocat", "tweak", "swell", "swollen", "stiff", "tendin",
        "tendon", "bursitis", "herniat", "sciatica", "impinge", "rest advised", "no ", "off ", "avoid", "sling",
        "cast", "brace", "crutch", "went out", "gave out", "acting up", "playing up", "flare", "killing", "bother",
        "bad ", "weak", "dodgy", "wonky", "busted", "click", "pop", "lock", "inflam", "recovering", "rehab",
        "not good", "problem", "issue", "trouble", "grief", "tight", "not great", "not right", "feel right", "gave way",
        "giving way", "pinched", "wrecked", "blew", "blown", "easy on", "can't", "cannot", "can not", "barely",
        "hardly", "unable", "killin", "achin", "healing", "getting better", "mend", "not 100", "isn't 100", "not fully",
        "not happy", "isn't happy", "worse", "bruis", "numb", "tingl", "tender", "unstable", "cramp", "limiting",
        "hernia", "blister", "stitch", "stiches", "bandag", "splint", "gash", "bitten", "bleed", "scrape",
        "therapy", "physio", "cortisone", "injection", "whiplash", "carpal", "scope",
    ]
    /// Words that say a pain is less, not gone: "doesn't hurt as much as it did" is no recovery;
    /// and a fine word denied: "Wrist is not better", "Knee still isn't fine" is a problem.
    private static let notWellWords = [
        "hurt as much", "hurt that much", "hurt so much", "as bad as", "as sore as", "as painful as", "not fine",
        "isn't fine",
        "not ok", "not okay", "not better", "isn't better", "no better", "not healed", "hasn't healed",
        "not recovered", "not all good", "not good", "not 100", "isn't 100", "not alright",
    ]
    /// Words that keep an injury they have had a present one ("hurts again", "still sore").
    private static let presentWords = [
        "still", "again", "now", "currently", "today", "hurts", "hurting", "sore", "pain", "swollen", "aching",
    ]
    /// Words after "once" that make it no past date: a clause it opens ("Once their knee heals",
    /// "once they got home"), a habit ("once a week") or a repeat ("once more").
    private static let notPastAfterOnce: Set<Substring> = [
        "their", "my", "the", "his", "her", "it", "i", "they", "we", "you", "he", "she", "this", "that", "our",
        "its", "more", "again", "a", "an", "every", "per", "or", "in",
    ]
    /// Words after "in the past" that make it recent: "in the past week", "in the past few days".
    private static let recentSpans: Set<Substring> = [
        "week", "weeks", "few", "couple", "day", "days", "month", "months", "hour", "hours", "two", "three",
        "several", "fortnight", "weekend", "night", "24", "48", "72",
    ]
    /// Words that date a past fact long ago: such a past injury is over.
    private static let longAgoWords = [
        "as a kid", "as a child", "as a teen", "high school", "college", "years", "decade", "used to", "long time",
        "childhood", "when they were", "university",
    ]
    /// The noun a reason names, from the fact's words, and the default days by that noun.
    private static let nouns: [(String, String)] = [
        ("surgery", "surgery"), ("operation", "surgery"), ("operated", "surgery"), ("replacement", "surgery"),
        ("reconstruction", "surgery"), ("torn", "tear"), ("tear", "tear"), ("tore", "tear"), ("ruptur", "tear"),
        ("broke", "fracture"), ("fractur", "fracture"), ("dislocat", "dislocation"), ("tendin", "tendinitis"),
        ("tendon", "tendinitis"), ("bursitis", "tendinitis"), ("herniat", "disc problem"), ("disc", "disc problem"),
        ("sciatica", "sciatica"), ("impinge", "impingement"), ("fasciitis", "fasciitis"), ("splints", "shin splints"),
        ("sprain", "sprain"), ("rolled", "sprain"), ("twisted", "sprain"), ("strain", "strain"), ("pulled", "strain"),
        ("injur", "injury"), ("tweak", "tweak"), ("rest advised", "restriction"), ("no ", "restriction"),
        ("off ", "restriction"), ("avoid", "restriction"), ("went out", "flare-up"), ("gave out", "flare-up"),
        ("acting up", "flare-up"), ("playing up", "flare-up"), ("flare", "flare-up"), ("sling", "injury"),
        ("cast", "injury"), ("crutch", "injury"), ("recovering", "recovery"), ("rehab", "recovery"),
        ("healing", "recovery"), ("mend", "recovery"), ("getting better", "recovery"), ("not 100", "recovery"),
        ("isn't 100", "recovery"), ("not fully", "recovery"), ("stitch", "wound"), ("stiches", "wound"),
        ("blister", "wound"), ("bandag", "wound"), ("gash", "wound"), ("bitten", "wound"), ("scrape", "wound"),
        ("bleed", "wound"), ("splint", "injury"), ("scope", "surgery"), ("carpal", "carpal tunnel"),
        ("whiplash", "whiplash"), ("therapy", "treatment"), ("physio", "treatment"), ("cortisone", "treatment"),
        ("injection", "treatment"),
        ("pain", "pain"), ("hurt", "pain"), ("ache", "pain"), ("aching", "pain"), ("killing", "pain"),
        ("bother", "pain"), ("swell", "swelling"), ("swollen", "swelling"), ("sore", "soreness"),
        ("stiff", "stiffness"), ("tight", "tightness"),
    ]

    /// The days each noun keeps a part out of training after its latest mention, when the fact
    /// gives no length of its own; a noun not listed keeps it 14 days.
    public static let defaultDays: [String: Int] = [
        "surgery": 84, "tear": 56, "fracture": 56, "dislocation": 42, "tendinitis": 42, "disc problem": 42,
        "sciatica": 42, "impingement": 42, "fasciitis": 42, "shin splints": 42, "sprain": 21, "strain": 21,
        "injury": 21, "recovery": 21, "carpal tunnel": 42, "whiplash": 42, "treatment": 21, "tweak": 14, "wound": 10,
        "restriction": 14, "flare-up": 14, "problem": 14,
        "pain": 7,
        "swelling": 7, "soreness": 3, "stiffness": 3, "tightness": 3,
    ]
    /// Nouns of an acute injury: a past fact with one of them, recent and not long ago, still holds.
    private static let acute: Set<String> = [
        "surgery", "tear", "fracture", "dislocation", "sprain", "strain", "injury", "tweak", "flare-up",
    ]

    /// The injuries current in `facts` at `now`, by part then side. With `now` nil no injury
    /// ends by its length (the audit of a member without a clock).
    public static func current(_ facts: [HealthFact], asOf now: Date? = nil) -> [Injury] {
        var active: [String: (injury: Injury, until: Date)] = [:]
        let ordered = facts.enumerated().sorted {
            ($0.element.mentionedAt, $0.offset) < ($1.element.mentionedAt, $1.offset)
        }
        for fact in ordered.map(\.element) {
            let subject = fact.subject.lowercased()
            guard subject == "self" || subject.isEmpty, fact.temporal != "intended" else { continue }
            if let now, fact.mentionedAt > now { continue }
            let content = fact.content.lowercased()
            let located = locate(slot: fact.slot.lowercased(), content: content)
            guard let (part, side) = located.first else { continue }
            let text = SearchedText(content)
            let slot = SearchedText(fact.slot)
            let notWell = notWellWords.contains { text.contains($0) }
            if fact.polarity == "negative" || (fineWords.contains(where: { text.contains($0) }) && !notWell) {
                guard fact.temporal == "current" else { continue }
                for key in active.keys
                where key.hasPrefix(part.name + "|")
                    && (side == nil || key.hasSuffix("|" + side!) || key.hasSuffix("|"))
                {
                    active[key] = nil
                }
                continue
            }
            let problem = notWell || problemWords.contains { text.contains($0) || slot.contains($0) }
            if !problem, praiseWords.contains(where: { text.contains($0) }) { continue }
            let noun = nouns.first { text.contains($0.0) || slot.contains($0.0) }?.1 ?? "problem"
            if saysOnlyThePast(content), !presentWords.contains(where: { text.contains($0) }) { continue }
            if fact.temporal == "past" {
                // "Dislocated their shoulder on Sunday" holds; "Broke their wrist as a kid" is over.
                guard acute.contains(noun), !longAgoWords.contains(where: { text.contains($0) }),
                    !mentionsEarlierYear(content, than: fact.mentionedAt)
                else { continue }
            }
            let days = statedDays(content) ?? defaultDays[noun] ?? 14
            let until = fact.mentionedAt.addingTimeInterval(Double(days) * 86_400)
            // "Feet and back hurt", "Sprained their wrist and elbow": every part it names.
            for (part, side) in located {
                active[part.name + "|" + (side ?? "")] = (
                    Injury(part: part, side: side, noun: noun, mentionedAt: fact.mentionedAt), until
                )
            }
        }
        return active.keys.sorted().compactMap { key in
            guard let entry = active[key] else { return nil }
            if let now, entry.until <= now { return nil }
            return entry.injury
        }
    }

    /// Whether a fact dates its injury or habit in the past with nothing said of now: "Has broken
    /// their arm before", "Once broke their elbow", "Broke their wrist once", "Has had knee problems
    /// in the past", "Used to hike … their feet were killing them"; not "in the past few days",
    /// "once their knee heals", "once a week".
    static func saysOnlyThePast(_ content: String) -> Bool {
        let said = content.split { !$0.isLetter && !$0.isNumber }
        if said.last == "before" || said.starts(with: ["used", "to"]) { return true }
        if let once = said.firstIndex(of: "once"), once == 0 || said[once - 1] != "at",
            said.dropFirst(once + 1).first.map({ !notPastAfterOnce.contains($0) }) ?? true
        {
            return true
        }
        if let past = said.indices.first(where: { said[$0...].starts(with: ["in", "the", "past"]) }) {
            return said.dropFirst(past + 3).first.map { !recentSpans.contains($0) } ?? true
        }
        return false
    }

    /// A length the fact gives: "for 6 weeks", "for a couple of weeks", "for 10 days".
    static func statedDays(_ text: String) -> Int? {
        let words = text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let numbers: [String: Int] = [
            "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "couple": 2, "few": 3, "several": 4,
        ]
        let units: [String: Int] = ["day": 1, "days": 1, "week": 7, "weeks": 7, "month": 30, "months": 30]
        for index in words.indices where words[index] == "for" {
            var at = index + 1
            if at + 1 < words.count, words[at] == "a", numbers[words[at + 1]] != nil, units[words[at + 1]] == nil {
                at += 1
            }
            guard at < words.count, let count = numbers[words[at]] ?? Int(words[at]), count > 0, count < 1000 else {
                continue
            }
            at += 1
            if at < words.count, words[at] == "of" { at += 1 }
            guard at < words.count, let unit = units[words[at]] else { continue }
            return count * unit
        }
        return nil
    }

    /// Whether the text names a year before the year of `date` ("in 2015").
    private static func mentionsEarlierYear(_ text: String, than date: Date) -> Bool {
        let year = Calendar(identifier: .gregorian).component(.year, from: date)
        return text.split { !$0.isNumber }.contains { $0.count == 4 && Int($0).map { $0 >= 1900 && $0 < year } == true }
    }
    /// The parts and sides a fact names: first the slot's part ("knee-left"), else the first its
    /// words name, then every part its words join to that one ("Feet and back hurt", "Back hurts
    /// and so does their hip", "Neck, shoulders and back are stiff"; see ``joins(_:)``). A fact
    /// that says a part is fine lifts only the first (a recovery is read narrowly).
    static func locate(slot: String, content: String) -> [(BodyParts.Part, String?)] {
        let separators: (Character) -> Bool = { !$0.isLetter && $0 != "'" }
        let slotWords = slot.split(whereSeparator: separators)
        let contentWords = content.split(whereSeparator: separators)
        let named = contentWords.indices.compactMap { index in
            BodyParts.part(named: contentWords[index]).map { (part: $0, at: index) }
        }
        guard let part = slotWords.lazy.compactMap({ BodyParts.part(named: $0) }).first ?? named.first?.part
        else { return [] }
        let side = (slotWords + contentWords).first { $0 == "left" || $0 == "right" }.map(String.init)
        var located: [(BodyParts.Part, String?)] = [(part, side)]
        guard let first = named.firstIndex(where: { $0.part == part }) else { return located }
        // The parts joined to the first, on either side of it, each joined to the one before.
        for direction in [-1, 1] {
            var at = first
            while named.indices.contains(at + direction) {
                let next = named[at + direction]
                let (from, to) = direction < 0 ? (next.at, named[at].at) : (named[at].at, next.at)
                let gap = contentWords[(from + 1)..<to]
                guard joins(gap) else { break }
                at += direction
                guard !located.contains(where: { $0.0 == next.part }) else { continue }
                let before = direction < 0 ? contentWords[max(0, next.at - 1)..<next.at] : gap.suffix(2)
                located.append((next.part, before.last { $0 == "left" || $0 == "right" }.map(String.init)))
            }
        }
        return located
    }

    /// Words that join two parts into one statement: "and", "or", a list's comma (no word at
    /// all), "and so does", "as well as".
    private static let joiners: Set<Substring> = ["and", "or", "plus", "also", "too", "&"]
    /// Words that may stand between two joined parts besides a joiner.
    private static let joinFillers: Set<Substring> = [
        "my", "their", "the", "both", "left", "right", "lower", "upper", "mid", "middle", "so", "does", "do", "is",
        "are", "as", "well", "hurts", "hurt", "aches", "sore", "now",
    ]

    /// Whether the words between two parts join them: none (a list) or at most six, with a
    /// joiner among them and nothing but joiners and fillers ("and their", "hurts and so does
    /// their"); "but", "fine" or any other word separates them.
    static func joins(_ gap: ArraySlice<Substring>) -> Bool {
        guard !gap.isEmpty else { return true }
        return gap.count <= 6 && gap.contains { joiners.contains($0) }
            && gap.allSatisfy { joiners.contains($0) || joinFillers.contains($0) }
    }
}

/// A fact's words as ``Injuries/current(_:asOf:)`` searches them for its word lists: byte for
/// byte when the text is ASCII, else with Foundation's search (`String.contains`). The two give
/// the same answer on ASCII text (no character there combines with the next), and the byte search
/// costs a fraction: Foundation's was 4 % of a worker's CPU in a night (`perf record` of `spotter
/// run nightly` at 10k users), about a hundred searches per health fact.
package struct SearchedText {
    private let text: String
    private let ascii: Bool

    package init(_ text: String) {
        self.text = text
        ascii = text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether `word` occurs in the text (`String.contains` of Foundation, which finds no empty word).
    package func contains(_ word: String) -> Bool {
        guard ascii else { return text.contains(word) }
        let found = text.utf8.withContiguousStorageIfAvailable { haystack in
            word.utf8.withContiguousStorageIfAvailable { needle in Self.occurs(needle, in: haystack) }
        }
        return (found ?? nil) ?? text.contains(word)
    }

    /// A plain byte search over the two buffers. The standard library's `text.utf8.contains(word.utf8)`
    /// gives the same answers but, generic over the views, made the filter 19.5 % of a worker's
    /// CPU (against 1.4 % with this loop and 4.1 % with Foundation; the same `perf record`).
    private static func occurs(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        let first = needle[0]
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            var matched = 1
            while matched < needle.count && haystack[start + matched] == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
        }
        return false
    }
}
