/// What the rules decided about one clause, before it becomes an ``ExtractedFact``.
struct FactDraft: Sendable {
    var subject: String
    var category: FactCategory
    var polarity: FactPolarity
    var temporal: FactTemporal
    var confidence: Double
    var topic: String
    var content: String
    /// The object as written ("CrossFit"), for a later "… and hated it".
    var objectText: String? = nil
    /// True when no category rule recognised the clause (``ClauseAnalyzer/statementRule()``).
    var isGeneric = false
    /// The words of a like's stance ("Enjoys", "Doesn't like"), for a list run on after it.
    var stancePrefix: String? = nil
}

/// A category rule's verdict: the category, the topic, and what it overrides.
struct Decision: Sendable {
    var category: FactCategory
    var topic: String
    /// A dislike or an inability: flips the polarity.
    var stanceNegative = false
    var polarity: FactPolarity? = nil
    var temporal: FactTemporal? = nil
    /// Multiplies the confidence: weaker evidence (a default rule, an idiom) scores lower.
    var weight = 1.0
    /// Where the content starts, when not at the subject ("In my opinion, sleep…").
    var contentStart: Int? = nil
    /// A cessation verb ("quit smoking"): temporal past, negation absorbed.
    var cessation = false
    /// Where the content ends, when not at the end of the clause.
    var contentEnd: Int? = nil
    /// True for the plain-statement fallback rule.
    var generic = false
    /// Words the content leaves out ("way too" in "My mom is way too traditional").
    var dropped: [Int] = []
    /// Words the content writes otherwise ("scare" in "I'm so scare of snakes" → "scared").
    var respelled: [Int: String] = [:]
}

/// Reads one clause: finds its anchor, its verb group, applies the category rules in order,
/// and settles polarity, temporal status, confidence, topic and content.
struct ClauseAnalyzer {
    let words: [Token]
    let writer: ContentWriter
    /// The fact drawn from the previous clause of the sentence, for "… and hated it".
    let previous: FactDraft?
    let isConjunct: Bool
    /// True when the next clause is a conjunct that may point back ("… and loved it"): only
    /// then is the object written out for it.
    var needsObject = true

    var anchor = Anchor(kind: .elided, subjectIndex: 0, nounPhrase: 0..<0, predicateStart: 0)
    var group = VerbGroup(words: [], start: 0, contraction: nil)
    /// End of the main clause: the first subordinator after the head.
    var mainEnd = 0
    /// End of the content (``contentExtent()``), computed once a rule has decided.
    var extent = 0

    init(words: [Token], writer: ContentWriter, previous: FactDraft?, isConjunct: Bool) {
        self.words = words
        self.writer = writer
        self.previous = previous
        self.isConjunct = isConjunct
    }

    // MARK: - Helpers for the rules

    func word(_ index: Int) -> Token? { index >= 0 && index < words.count ? words[index] : nil }
    func key(_ index: Int) -> WordKey? { word(index)?.key }
    var head: Int { group.head }

    /// True when a word in `range` (clamped to the clause) has one of `flags`.
    func any(_ flags: WordFlags, in range: Range<Int>) -> Bool {
        let range = range.clamped(to: 0..<words.count)
        return words[range].contains { $0.flags.intersects(flags) }
    }

    /// The first index in `range` whose word has one of `flags`.
    func first(_ flags: WordFlags, in range: Range<Int>) -> Int? {
        let range = range.clamped(to: 0..<words.count)
        return range.first { words[$0].flags.intersects(flags) }
    }

    func contains(_ key: WordKey, in range: Range<Int>) -> Bool {
        let range = range.clamped(to: 0..<words.count)
        return words[range].contains { $0.key == key }
    }

    /// The head of a copula's complement: skips articles, fillers and intensifiers.
    func complementHead(_ start: Int) -> Int {
        var index = start
        while let word = word(index),
            word.flags.intersects([.determiner, .filler]) || Self.intensifiers.contains(word.key)
        {
            index += 1
        }
        return index
    }

    static let intensifiers: Set<WordKey> = Lexicon.keys(
        "big huge massive firm total complete strong true real proud")

    // MARK: - Analysis

    /// The fact this clause states, or nil.
    mutating func analyze(hedged: Bool = false) -> FactDraft? {
        guard let found = Anchor.find(in: words, isConjunct: isConjunct) else { return special() }
        anchor = found
        group = VerbGroup(words: words, start: anchor.predicateStart, contraction: anchor.contraction)
        mainEnd = words.count
        var index = max(head + 1, anchor.predicateStart)
        while index < words.count {
            if words[index].flags.contains(.subordinator) && words[index].key != Words.that { mainEnd = index; break }
            index += 1
        }
        if let embedded = beliefEmbedding(), let start = embedded.start,
            let first = word(start), Anchor.startsSubject(first)
        {
            // "I think my knee is injured" is the speaker's hedge; "my brother thinks I work too
            // much" is the brother's opinion (reportedStart below).
            guard case .relation = anchor.kind else { return hedge(from: start) }
        }
        if let start = reportedStart() {
            // Another person's words are theirs, not the speaker's ("my coach says I should squat
            // more", "my wife thinks I'm lazy"); only a diagnosis the speaker relays about their
            // own health stands ("my doctor says I have high cholesterol").
            guard let draft = hedge(from: start), draft.subject == "self", draft.category == .health else { return nil }
            return draft
        }
        guard var decision = decide() else { return nil }
        extent = contentExtent()  // only for a clause that states something: most do not
        let contentEnd = min(decision.contentEnd ?? words.count, extent)
        guard !mentionsListener(before: contentEnd), !pointsBack(before: contentEnd) else { return nil }
        var subject = anchor.subject
        if case .elided = anchor.kind, let previous, isConjunct { subject = previous.subject }
        if subject != "self" { decision.category = .relationship }
        if case .speakerWith(let relation) = anchor.kind, decision.category == .relationship {
            decision.topic = relation
        }
        return finish(decision, subject: subject, hedged: hedged)
    }

    /// "I think my knee is injured": the inner statement, at a lower confidence.
    private func hedge(from start: Int) -> FactDraft? {
        var inner = ClauseAnalyzer(
            words: Array(words[start...]), writer: writer, previous: previous, isConjunct: false)
        guard var draft = inner.analyze(hedged: true), !draft.isGeneric else { return nil }
        if draft.subject == "self" && draft.category == .belief { return nil }
        draft.confidence = min(draft.confidence, 0.7)
        return draft
    }

    private func finish(_ decision: Decision, subject: String, hedged: Bool) -> FactDraft {
        var negative = group.negated
        if let first = word(head), Self.noneWords.contains(first.key) { negative = true }
        if let next = word(head + 1), next.key == Words.nothing || next.key == WordKey("none") { negative = true }
        let cessation = group.cessation || decision.cessation || (negative && saysAnymore())
        if cessation { negative = false }
        if decision.stanceNegative { negative.toggle() }
        if let polarity = decision.polarity { negative = polarity == .negative }
        let temporal = decision.temporal ?? temporalStatus(decision, cessation: cessation)

        var confidence: Double
        switch anchor.kind {
        case .speaker: confidence = 0.9
        case .speakerPossession: confidence = 0.85
        case .relation, .speakerWith: confidence = 0.8
        case .elided: confidence = isConjunct ? 0.75 : 0.65
        }
        confidence *= decision.weight
        if hedged || group.hedged || words[0..<anchor.subjectIndex].contains(where: { $0.flags.contains(.hedge) }) {
            confidence *= 0.75
        }
        // Words of another script lower the confidence; a capitalised one is usually a name.
        let foreign = words.reduce(0) { $0 + ($1.isForeign && !$1.isCapitalized ? 1 : 0) }
        if foreign > 0 { confidence *= 1 - Double(foreign) / Double(words.count) }
        if words.count > 30 { confidence *= 0.85 }

        var content = writer.write(
            words, from: decision.contentStart ?? contentStart(), to: min(decision.contentEnd ?? words.count, extent),
            trailing: leadingTimePhrase() ?? leadingPossessivePhrase(),
            replacing: antecedent().merging(bareContraction()) { first, _ in first }
                .merging((decision.dropped + (anchor.cleftDropped ?? [])).map { ($0, "") }) { first, _ in first }
                .merging(decision.respelled) { first, _ in first }
                .merging(ageSuffix(decision, subject: subject)) { first, _ in first },
            speakerElided: continuesSpeaker(subject: subject))
        // "I like to swim and walk on the beach" → "Likes to walk on the beach"; "I'm 27 and
        // single" → "Is single", not "Single".
        if let prefix = infinitiveStance(subject: subject) ?? sharedCopula(subject: subject), let first = content.first
        {
            let written = words[anchor.subjectIndex].isCapitalized ? content : first.lowercased() + content.dropFirst()
            content = prefix + " " + written
        }
        if case .speakerWith(let relation) = anchor.kind {
            var start = anchor.predicateStart
            if let verb = word(start), verb.key == Words.are, word(start + 1)?.hasSuffix("ing") == true { start += 1 }
            // "My wife and I have two boys" → "Has two boys with wife"
            content = writer.write(words, from: start, to: extent, speakerElided: true) + " with " + relation
        }
        // A like's stance ("Enjoys", "Doesn't like"), which a list run on after it shares. Its
        // own objects stay one fact ("Likes wine and coffee"): split, they matched what readers
        // wrote down less often on msc-valid (F1 0.331 → 0.329, precision 0.449 → 0.443).
        var stancePrefix: String? = nil
        if decision.category == .preference, decision.contentStart == nil, anchor.kind == .speaker || isConjunct,
            let verb = word(head), verb.flags.intersects([.likeVerb, .dislikeVerb]), !group.copula
        {
            let objectStart = key(head + 1) == Words.to ? head + 2 : head + 1
            if objectStart <= min(decision.contentEnd ?? words.count, extent) {
                stancePrefix = writer.write(words, from: contentStart(), to: objectStart, replacing: antecedent())
            }
        }
        var draft = FactDraft(
            subject: subject, category: decision.category, polarity: negative ? .negative : .positive,
            temporal: temporal, confidence: (min(max(confidence, 0.05), 0.98) * 100).rounded() / 100,
            topic: pastJobTopic(decision, temporal: temporal, cessation: cessation) ?? decision.topic, content: content,
            objectText: needsObject ? objectText() : nil,
            isGeneric: decision.generic)
        draft.stancePrefix = stancePrefix
        return draft
    }

    /// "I used to be a gym teacher", "I was in the navy": a job the speaker had is a fact beside
    /// the one they have ("I'm retired", "I work in a shipyard"), in a slot of its own named by
    /// what it was; in the job slot it closed the current job. Leaving a job ("I quit my job")
    /// still closes it.
    private func pastJobTopic(_ decision: Decision, temporal: FactTemporal, cessation: Bool) -> String? {
        guard decision.topic == "job", temporal == .past, !cessation, subjectIsSpeaker,
            let what = TopicKey.words(words, from: head, limit: 3, stopAt: mainEnd, bridging: true)
        else { return nil }
        return "job-was-" + what
    }

    /// "I'm 34" → "Is 34 years old": the age itself ends the statement, in a copula (not "I
    /// turned 60", "I'm 34 and weigh 82 kg", nor a number that ends a time phrase moved to the
    /// end: "Last month I turned 60" had become "Turned 60 in December 2023 years old").
    private func ageSuffix(_ decision: Decision, subject: String) -> [Int: String] {
        guard decision.topic == "age", subject == "self", group.copula else { return [:] }
        var age = complementHead(head)
        if isAge(age + 1), word(age)?.text.hasSuffix("ty") == true { age += 1 }  // "thirty two"
        guard age == min(decision.contentEnd ?? words.count, extent) - 1, let number = word(age), isAge(age) else {
            return [:]
        }
        return [age: writer.original(number) + " years old"]
    }

    /// A conjunct whose subject is the speaker's, said in the clause before, in the present: "I
    /// sing folk music and play piano" → "Plays piano"; not after an aim, a plan, a past or an
    /// infinitive ("I want to finish school and go to college", "I grabbed the cat and run out",
    /// "I decided to face my fear and go skydiving").
    private func continuesSpeaker(subject: String) -> Bool {
        guard let previous = speakerVerbConjunct(subject: subject) else { return false }
        return !ContentWriter.endsInInfinitive(previous.content)
    }

    /// The copula of the clause before ("Is", "Was") that this conjunct shares, when it states
    /// the speaker's status with no verb of its own: "I'm 40 and [divorced]", "I'm 27 and
    /// [married with two kids]"; nil otherwise.
    private func sharedCopula(subject: String) -> String? {
        guard case .elided = anchor.kind, isConjunct, group.copula, subject == "self", let previous,
            previous.subject == "self", let verb = word(anchor.subjectIndex), !verb.flags.contains(.auxiliary)
        else { return nil }
        return ["Is", "Was"].first { previous.content.hasPrefix($0 + " ") }
    }

    /// The like before an infinitive the conjunct continues: "I like to swim and [walk on the
    /// beach]" → "Likes to".
    private func infinitiveStance(subject: String) -> String? {
        guard let previous = speakerVerbConjunct(subject: subject), let prefix = previous.stancePrefix,
            prefix.hasSuffix(" to")
        else { return nil }
        return prefix
    }

    /// The speaker's fact of the clause before, when this clause is its conjunct opening with a
    /// verb of the speaker's, in the present.
    private func speakerVerbConjunct(subject: String) -> FactDraft? {
        guard case .elided = anchor.kind, isConjunct, !group.copula, subject == "self", let previous,
            previous.subject == "self", previous.temporal == .current, previous.category != .goal,
            let verb = word(anchor.subjectIndex), ContentWriter.isSpeakerVerb(verb)
        else { return nil }
        return previous
    }

    private var subjectIsSpeaker: Bool {
        if case .speaker = anchor.kind { return true }
        return false
    }

    /// Where the statement starts: at the subject, or earlier when what precedes "my knees"
    /// is what the statement says about them ("Squats hurt my knees").
    func contentStart() -> Int {
        guard anchor.kind == .speakerPossession, anchor.subjectIndex > 0 else { return anchor.subjectIndex }
        let before = words[0..<anchor.subjectIndex]
        if let copula = before.last, copula.key == Words.is || copula.key == Words.are || copula.key == Words.was,
            before.dropLast().contains(where: { !$0.flags.intersects([.discourse, .filler, .determiner]) })
        {  // "Rowing is my favourite cardio": what it is is the point
            return before.firstIndex { !$0.flags.intersects([.discourse, .filler]) } ?? 0
        }
        guard
            before.contains(where: { $0.flags.intersects([.symptom, .injuryVerb]) || Self.causeVerbs.contains($0.key) })
        else { return anchor.subjectIndex }
        return before.firstIndex { !$0.flags.intersects([.discourse, .filler]) } ?? 0
    }

    private static let causeVerbs: Set<WordKey> = Lexicon.keys(
        "makes make made keeps gives gave")

    /// "back's good again": the body part is written with its verb ("back is").
    private func bareContraction() -> [Int: String] {
        guard let index = anchor.bareContracted, let part = word(index) else { return [:] }
        return [index: String(writer.original(part).dropLast(2)) + " is"]
    }

    /// In "… and hated it", the word "it" is replaced by the previous clause's object.
    func antecedent() -> [Int: String] {
        guard isConjunct, let text = previous?.objectText else { return [:] }
        guard let index = words.indices.first(where: { words[$0].key == Words.it }) else { return [:] }
        return [index: text]
    }

    /// What a later "… and loved it" points back to: the activity itself ("cycling to work")
    /// when the head is an activity verb, else the first content word after the head, as written.
    private func objectText() -> String? {
        if let verb = word(head), verb.flags.contains(.activity), !verb.flags.contains(.pastForm),
            !verb.hasSuffix("ing"), !verb.hasSuffix("s"), anchor.kind == .speaker
        {
            var end = head + 1
            while end < min(mainEnd, head + 4), !words[end].flags.intersects([.frequency, .pastTime, .futureTime]),
                !Lexicon.timeNouns.contains(words[end].key)
            {
                end += 1
            }
            return writer.gerundPhrase(words, from: head, to: end)
        }
        var index = head + 1
        while index < mainEnd {
            let word = words[index]
            if TopicKey.isContent(word) { return writer.original(word) }
            index += 1
        }
        return nil
    }

    private func saysAnymore() -> Bool {
        for index in words.indices {
            if words[index].key == Words.anymore { return true }
            if words[index].key == Words.any, key(index + 1) == Words.more { return true }
        }
        return false
    }

    private static let noneWords: Set<WordKey> = Lexicon.keys("no nothing none")

    private static let stativeVerbs: Set<WordKey> = Lexicon.keys(
        "liked loved enjoyed hated disliked wanted believed thought trusted cared minded")

    private func temporalStatus(_ decision: Decision, cessation: Bool) -> FactTemporal {
        if cessation || group.usedTo { return .past }
        if decision.category == .experience { return .past }
        if group.perfect { return .current }
        if (group.progressive || group.future) && (any(.futureTime, in: head..<words.count) || saysLaterToday()) {
            return .intended  // "I'm going to the beach tomorrow", "… the circus tonight"
        }
        var past = group.past
        if !group.copula && !group.possession, let head = word(head) {
            past =
                past || head.flags.contains(.pastForm)
                || (head.looksRegularPast && head.length > 4 && head.flags.isDisjoint(with: [.condition, .symptom]))
            if past && group.never { return .current }
        }
        if past { return .past }
        for index in words.indices where words[index].key == Words.as {
            if let next = word(index + 2), next.key == Words.kid || next.key == Words.child { return .past }
        }
        return .current
    }

    /// True when the predicate names a time later than the message on its own day or week:
    /// "tonight", "later", "this weekend", "this evening".
    private func saysLaterToday() -> Bool {
        for index in head..<words.count {
            let word = words[index]
            if Self.laterWords.contains(word.key) { return true }
            if word.key == Words.this, let next = self.word(index + 1), Self.comingPeriods.contains(next.key) {
                return true
            }
        }
        return false
    }

    private static let laterWords: Set<WordKey> = Lexicon.keys("tonight later")
    private static let comingPeriods: Set<WordKey> = Lexicon.keys(
        "weekend evening afternoon friday saturday sunday monday tuesday wednesday thursday")

    /// A leading phrase with the speaker's "my" ("In my spare time", "After my knee surgery")
    /// before their "I", to move to the end ("… in their spare time").
    private func leadingPossessivePhrase() -> Range<Int>? {
        guard case .speaker = anchor.kind, Anchor.opensWithPossessivePhrase(words, before: anchor.subjectIndex) else {
            return nil
        }
        return 0..<anchor.subjectIndex
    }

    private static let spanCounts: Set<WordKey> = Lexicon.keys("couple few several of")

    /// "1998", "2010": four digits from 1900 to 2099.
    static func isYear(_ word: Token) -> Bool {
        guard word.length == 4, word.flags.contains(.number) else { return false }
        let first = word.key.byte(at: 0)
        let second = word.key.byte(at: 1)
        let century =
            (first == UInt8(ascii: "1") && second == UInt8(ascii: "9"))
            || (first == UInt8(ascii: "2") && second == UInt8(ascii: "0"))
        return century && (0..<4).allSatisfy { word.key.byte(at: $0) >= 0x30 && word.key.byte(at: $0) <= 0x39 }
    }

    /// A leading time phrase ("Every Saturday", "Last year", "One day", "In 2010") to move to the
    /// end.
    private func leadingTimePhrase() -> Range<Int>? {
        let end = anchor.subjectIndex
        guard end > 0 else { return nil }
        if end == 2, words[0].key == Words.in || words[0].key == WordKey("since"), Self.isYear(words[1]) {
            return 0..<2  // "In 2010 I ran a marathon" → "Ran a marathon in 2010"
        }
        var start = end
        while start > 0 {
            let word = words[start - 1]
            let isTime =
                word.flags.intersects([.frequency, .pastTime, .futureTime, .number])
                || Lexicon.timeNouns.contains(word.key) || word.flags.contains(.determiner)
                || Self.spanCounts.contains(word.key)  // "A couple of years ago I …"
            if !isTime { break }
            start -= 1
        }
        guard start < end, words[start..<end].contains(where: { Lexicon.timeNouns.contains($0.key) }) else {
            return nil
        }
        return start..<end
    }
}
