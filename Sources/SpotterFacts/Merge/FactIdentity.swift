/// Which thing a fact is about, whatever words it uses: the canonical slot the merger keys on.
///
/// Slot format (stable; other modules and SQL readers may rely on it):
///
///     SUBJECT|CATEGORY|TOPIC            "self|habit|smoking", "father|relationship|knee"
///     SUBJECT|CATEGORY|PART:SIDE        "self|health|knee:left"
///
/// - `SUBJECT` is `self` or a canonical relation (`father` for "dad", `mother` for "mom").
/// - `CATEGORY` is a ``FactCategory`` raw value.
/// - `TOPIC` is a ``BodyPart/name`` (`knee`, `hip`, `shoulder`, `lower-back`) for a health fact
///   about a body part, else a ``FactTopic`` name (`smoking`, `job`, `home`, `allergy-peanut`),
///   else `aim-` and the object for a goal (``GoalObject``: "wants to walk the Camino" and
///   "planning to hike the Camino" are both `aim-camino`), else the extractor's own topic. A
///   body-part topic may carry `:left` or `:right`.
///
/// For a health fact about a body part the state is in polarity and temporal status: polarity
/// `positive` with temporal `current` is a current problem (pain, injury, surgery); a recovery
/// ("knee is fine now", "back's good again", "no more pain in my knee", "doesn't hurt anymore")
/// is stored with polarity `negative`, temporal `current`, whatever its words; a denied
/// recovery ("my back is not good") is a problem, polarity `positive`. A later statement about
/// the same part supersedes the earlier one, so at most one fact per part and side is current,
/// and a recovery of a wider part also closes the pains of the parts within it
/// (``BodyPart/within``: "back's good again" closes "my lower back hurts").
///
/// Two slots of one part are about the same thing when their sides agree or one names no side:
/// "knee is fine now" supersedes "left knee hurts"; "left knee" and "right knee" are two things.
public struct FactIdentity: Sendable, Hashable {
    /// `self` or the canonical relation.
    public var subject: String
    /// The category part of the slot (kept as text: an old slot may hold anything).
    public var category: String
    /// The topic without its side.
    public var topic: String
    /// `left` or `right` for a sided body part the person named a side of.
    public var side: String?

    /// Creates an identity.
    public init(subject: String, category: String, topic: String, side: String? = nil) {
        self.subject = subject
        self.category = category
        self.topic = topic
        self.side = side
    }

    /// Parses a stored slot (`self|health|knee:left`); a slot of another shape is its own topic.
    public init(slot: String) {
        let parts = slot.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else {
            self.init(subject: "", category: "", topic: slot)
            return
        }
        let topic = parts[2].split(separator: ":", maxSplits: 1).map(String.init)
        self.init(
            subject: parts[0], category: parts[1], topic: topic.first ?? "",
            side: topic.count > 1 ? topic[1] : nil)
    }

    /// True when the topic comes from the tables (a ``BodyPart`` or a ``FactTopic``), whose
    /// statements in other words are known to be about one thing; an extractor's own topic is
    /// not, so only a near-identical statement merges into it.
    public var isKnownThing: Bool {
        BodyPart.named(topic) != nil || FactTopic.isNamed(topic) || topic.hasPrefix("aim-") || isHousehold
    }

    /// The speaker's children or pets of one kind: "Has three kids", "Has children" and "Has
    /// twin daughters" restate one fact (a number that differs still conflicts), where the later
    /// had closed the earlier and silenced its turn. A named pet is its own thing.
    private var isHousehold: Bool {
        (category == "relationship" && (topic == "children" || topic == "grandchildren"))
            || (topic.hasPrefix("pet-") && !topic.hasSuffix("-named"))
    }

    /// The slot key.
    public var slot: String { family + (side.map { ":" + $0 } ?? "") }

    /// The slot without its side.
    public var family: String { "\(subject)|\(category)|\(topic)" }

    /// True when the two are about the same thing: the same family, and the same side or one
    /// without a side.
    public func overlaps(_ other: FactIdentity) -> Bool {
        family == other.family && (side == nil || other.side == nil || side == other.side)
    }

    /// The identity of an extracted fact, with its state made canonical: the canonical subject,
    /// a body part (and side) for a health statement about one, a ``FactTopic`` when the
    /// statement names one, else the extractor's slot with the canonical subject.
    public static func canonical(_ fact: ExtractedFact) -> (identity: FactIdentity, fact: ExtractedFact) {
        var fact = fact
        let given = FactIdentity(slot: fact.slot)
        let subject = FactSubject.canonical(fact.subject)
        fact.subject = subject
        let words = Self.words(fact.content)
        var identity = FactIdentity(
            subject: subject, category: given.category.isEmpty ? fact.category.rawValue : given.category,
            topic: given.topic, side: given.side)
        let bodily = fact.category == .health || (subject != "self" && Self.isHealthTopic(given.topic))
        if bodily, let found = BodyPart.find(in: words) ?? BodyPart.find(in: Self.words(given.topic)) {
            identity.topic = found.part.name
            identity.side = found.side
            if Recovery.says(words) {
                fact.polarity = .negative
                fact.temporal = .current
            } else if Recovery.denies(words) {
                fact.polarity = .positive  // "back is not good": a problem, not a recovery
            }
        } else if identity.category == FactCategory.goal.rawValue, let aim = GoalObject.topic(of: words) {
            identity.topic = aim
            identity.side = nil
        } else if let topic = FactTopic.find(in: words, category: fact.category) {
            identity.topic = topic.name
            identity.side = nil
            if subject == "self", let category = topic.category {
                identity.category = category.rawValue
                fact.category = category
            }
        }
        fact.slot = identity.slot
        return (identity, fact)
    }

    /// The identity of a stored fact: its slot when written in this format (a side is only
    /// ever written by it), else recomputed from its content and slot as for a new fact, so
    /// facts stored before canonical slots ("self|health|knee-left") meet the statements that
    /// follow them; the merger then rewrites such a slot when it merges into the fact.
    public static func stored(_ fact: StoredFact) -> FactIdentity {
        if fact.slot.contains(":") { return FactIdentity(slot: fact.slot) }
        let extracted = ExtractedFact(fact.statement, sourceID: "", mentionedAt: fact.lastMentionedAt)
        return canonical(extracted).identity
    }

    /// Whether an extractor topic ("knee-surgery", "back") names a body part.
    private static func isHealthTopic(_ topic: String) -> Bool {
        BodyPart.find(in: words(topic)) != nil
    }

    /// Lower-cased words: letters, digits and apostrophes; a hyphen splits ("pull-ups" → "pull",
    /// "ups"; "knee-surgery" → "knee", "surgery").
    package static func words(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "'" || scalar == "’" {
                current.unicodeScalars.append(scalar == "’" ? "'" : scalar)
            } else if !current.isEmpty {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
