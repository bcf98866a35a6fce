/// Who a clause is about and where its predicate starts.
///
/// Only the speaker ("I", "my knee") or a person the speaker names with "my" ("my wife") can
/// anchor a fact; a clause about anyone else ("John said…") has no anchor and yields nothing.
struct Anchor: Sendable {
    enum Kind: Sendable, Equatable {
        /// "I …" or a contraction ("I'm", "I've").
        case speaker
        /// "My left knee …", "My goal is …": the noun phrase is the speaker's.
        case speakerPossession
        /// "My wife …", "My wife's knee …": the canonical relation.
        case relation(String)
        /// "My wife and I …": the speaker, together with a relation.
        case speakerWith(String)
        /// No subject written ("Love running", "… and hated it"): the previous or the speaker.
        case elided
    }

    var kind: Kind
    /// Index of the subject word ("I", "my", or the elided verb).
    var subjectIndex: Int
    /// The words between the subject and the predicate ("left knee" in "my left knee hurts").
    var nounPhrase: Range<Int>
    /// Index of the first predicate word.
    var predicateStart: Int
    /// The contraction the subject was written with ("i'm", "i've"), if any.
    var contraction: WordKey?
    /// A body part named without "my" and contracted with its verb ("back's good again"):
    /// the index of that word, whose "'s" is written out as "is".
    var bareContracted: Int? = nil
    /// The words of a pseudo-cleft that the content leaves out: the copula ("The only thing I won't
    /// eat is catfood" → "Won't eat catfood"), and "do" before it ("All I do is study" → "Studies").
    var cleftDropped: [Int]? = nil

    /// The subject written on facts.
    var subject: String {
        if case .relation(let name) = kind { return name }
        return "self"
    }

    private static let speakerWords: Set<WordKey> = [
        Words.i, Words.iAm, Words.im, Words.iHave, Words.ive, Words.iWould, Words.iWill,
    ]

    /// Words that end the noun phrase after "my".
    private static let nounPhraseEnders: Set<WordKey> = Lexicon.keys(
        "feel feels felt keeps keep makes make has have had gets get got")

    /// True for "I", "I'm", "my" and the like.
    static func startsSubject(_ token: Token) -> Bool {
        !token.isQuoted && (speakerWords.contains(token.key) || token.key == Words.my)
    }

    /// True when the words hold a subject the extractor can anchor on.
    static func hasSubject(_ words: [Token]) -> Bool {
        words.contains { startsSubject($0) }
    }

    /// True for a verb that can start a clause with its subject left out.
    static func isElidedVerb(_ token: Token) -> Bool {
        if token.flags.contains(.auxiliary) { return false }
        return token.flags.contains(.dislikeVerb)
            || (token.flags.contains(.likeVerb) && token.key != Words.like)
            || token.flags.intersects([.pastForm, .activity, .consumption, .job, .marital])
    }

    /// Finds the anchor among the first words of a clause.
    static func find(in words: [Token], isConjunct: Bool) -> Anchor? {
        if isConjunct {
            return Anchor(kind: .elided, subjectIndex: 0, nounPhrase: 0..<0, predicateStart: 0)
        }
        if let elided = elided(in: words), elided.subjectIndex < words.count,
            words[elided.subjectIndex].hasSuffix("ing") || words[elided.subjectIndex].key == Words.been
                || words[elided.subjectIndex].key == Words.had
        {
            return elided  // "Planning to do my first meet", "Had my knee scoped": "my" belongs to the object
        }
        let limit = min(words.count, 8)
        var index = 0
        while index < limit {
            let word = words[index]
            if word.isQuoted || word.isForeign {
                index += 1
                continue
            }
            if index == 0,
                word.key == Words.if || word.key == Words.unless || word.key == Words.when
                    || word.key == Words.whenever || word.key == Words.while
            {
                return nil  // a condition or a circumstance, not a statement
            }
            if speakerWords.contains(word.key) {
                let contraction = word.key == Words.i ? nil : word.key
                var anchor = Anchor(
                    kind: .speaker, subjectIndex: index, nounPhrase: index + 1..<index + 1,
                    predicateStart: index + 1, contraction: contraction)
                switch relativeClause(at: index, in: words) {
                case .none: return anchor
                case .subject: return nil  // "The food I bake is not good for them": the food's
                case .cleft(let dropped):
                    anchor.cleftDropped = dropped
                    return anchor
                }
            }
            if word.key == Words.my, index + 1 < words.count {
                if inLeadingPhrase(at: index, in: words) {
                    index += 1
                    continue
                }
                // "In my town we have a farmers market": the phrase is where, "we" the subject;
                // not the speaker's statement ("Town we have …" was written).
                if opensHouseholdClause(at: index, in: words) { return nil }
                let anchor = possessive(at: index, in: words)
                // "At my job" cut off from its "I manage five people": a phrase states nothing.
                if index == 1, leadingPrepositions.contains(words[0].key), anchor.predicateStart >= words.count {
                    return nil
                }
                return anchor
            }
            if index > 0 && (word.flags.contains(.subordinator) || word.key == WordKey("since")) { break }
            index += 1
        }
        return elided(in: words) ?? bareBodyPart(in: words)
    }

    /// True when the "my" at `index` belongs to a prepositional phrase opening the clause
    /// ("In my spare time I volunteer", "At my job I manage five people"): the speaker's "I"
    /// follows within a few words, so it is the subject, not "my spare time" ("Spare time they
    /// volunteer" was written). The phrase moves to the end of the content ("Volunteers at a
    /// shelter in their spare time").
    private static func inLeadingPhrase(at index: Int, in words: [Token]) -> Bool {
        guard index == 1, leadingPrepositions.contains(words[0].key) else { return false }
        for next in index + 1..<min(words.count, index + 6) {
            // "After my knee surgery I stopped running" stays a health statement about the knee.
            if words[next].flags.intersects([.bodyPart, .symptom, .condition, .injuryVerb]) { return false }
            if next > index + 1, speakerWords.contains(words[next].key) { return true }
            if words[next].flags.intersects([.auxiliary, .subordinator]) || words[next].key == Words.and {
                return false
            }
        }
        return false
    }

    /// True when the "my" at `index` opens a phrase ("In my town", "At my house") followed by
    /// "we" within a few words.
    private static func opensHouseholdClause(at index: Int, in words: [Token]) -> Bool {
        guard index == 1, leadingPrepositions.contains(words[0].key) else { return false }
        for next in index + 2..<min(words.count, index + 5) {
            if words[next].key == Words.we { return true }
            if words[next].flags.intersects([.auxiliary, .subordinator]) { return false }
        }
        return false
    }

    /// True for a phrase "in/at/for … my …" and nothing after it ("In my youth", "At my old
    /// job"): what opens a clause whose "I" follows, not a statement of its own.
    static func isLeadingPossessivePhrase(_ words: [Token]) -> Bool {
        words.count >= 3 && words.count <= 5 && leadingPrepositions.contains(words[0].key) && words[1].key == Words.my
            && !words[2...].contains {
                $0.kind != .word || $0.flags.intersects([.auxiliary, .subordinator]) || $0.key == Words.and
            }
    }

    /// True when the words before `subject` are a phrase "in/at/for … my …" opening the clause
    /// (``inLeadingPhrase(at:in:)``), which the content then carries at its end.
    static func opensWithPossessivePhrase(_ words: [Token], before subject: Int) -> Bool {
        subject >= 3 && subject <= words.count && leadingPrepositions.contains(words[0].key) && words[1].key == Words.my
    }

    /// What an "I" inside a relative clause makes of the clause it opens.
    enum RelativeClause: Equatable {
        /// "The food I bake is not good for them", "the one I met was named Radiohead", "people I
        /// know have dogs": the noun before "I" is the subject, not the speaker.
        case subject
        /// "The only thing I won't eat is catfood", "What I love is being outside", "All I do is
        /// study": the speaker's own statement, its object moved after the copula; these words
        /// (the copula, a "do" before it, an "ever" before the verb) are left out.
        case cleft(dropped: [Int])
    }

    /// Reads the "I" at `index` as the subject of a relative clause on a noun phrase before it
    /// (a determiner within three words, or a pronoun such as "everyone", "what"), when the
    /// clause's verb is followed by the main clause's copula ("… I bake is …", "… I went to was
    /// …") or, directly, by "have"/"has" ("people I know have …"). Without a noun phrase before
    /// it, or without that verb, the "I" is the speaker's ("Yesterday I went to the store").
    static func relativeClause(at index: Int, in words: [Token]) -> RelativeClause? {
        var head = index - 1
        if head >= 1, relativePronouns.contains(words[head].key) { head -= 1 }  // "the guy who I met"
        guard head >= 0, words[head].kind == .word, !words[head].isQuoted else { return nil }
        let before = words[head]
        let place = before.key == Words.where && head == 0  // "Where I live is pretty small"
        var nounPhrase =
            place || Lexicon.relativeHeads.contains(before.key) || personHeads.contains(before.key)
            || cleftHeads.contains(before.key)
        if !nounPhrase {
            for back in stride(from: head - 1, through: max(0, head - 3), by: -1) {
                let word = words[back]
                if word.kind != .word || word.flags.intersects([.auxiliary, .negation]) || word.isQuoted { break }
                if word.flags.contains(.determiner) || word.key == only {
                    nounPhrase = true
                    break
                }
                if word.flags.intersects([.subordinator, .discourse]) { break }
            }
        }
        guard nounPhrase,
            place || cleftHeads.contains(before.key)
                || !before.flags.intersects([.auxiliary, .subordinator, .discourse, .hedge])
        else { return nil }
        var verb = index + 1
        while verb < min(words.count, index + 4),
            words[verb].flags.intersects([.auxiliary, .filler, .negation, .frequency])
                || relativeAdverbs.contains(words[verb].key),
            !isCopula(words[verb])
        {
            verb += 1
        }
        // "The workout I did was brutal", "What I had was a sprain": the auxiliary is the verb.
        if verb > index + 1, verb < words.count, isCopula(words[verb]), doVerbs.contains(words[verb - 1].key) {
            verb -= 1
        }
        guard verb < words.count, words[verb].kind == .word, !isCopula(words[verb]),
            !words[verb].flags.intersects([.determiner, .subordinator, .objectPronoun])
        else { return nil }
        var next = verb + 1
        if next < words.count, words[next].key == Words.have || words[next].key == Words.has {
            return .subject  // "people I know have dogs"
        }
        while next < min(words.count, verb + 4),
            relativeParticles.contains(words[next].key) || Lexicon.timeNouns.contains(words[next].key)
                || words[next].flags.intersects([.pastTime, .frequency])
        {
            next += 1
        }
        guard next < words.count, isCopula(words[next]) else {
            // "What I have enjoyed most since the exams is …": no statement of the speaker's own.
            return before.key == Words.what ? .subject : nil
        }
        let complement = next + 1
        guard cleftHeads.contains(before.key), next == verb + 1, complement < words.count else { return .subject }
        let evers = (index + 1..<verb).filter { words[$0].key == ever }  // "All I ever eat is …" → "Eats …"
        if words[verb].key == Words.do || words[verb].key == Words.did,
            words[complement].kind == .word, words[complement].startsWithLetter,
            !words[complement].flags.intersects([.determiner, .auxiliary, .negation, .objectPronoun])
        {
            // "All I do is study", "all I do is work the register"
            return .cleft(dropped: evers + Array(verb..<complement))
        }
        return opensCleftObject(words[complement]) ? .cleft(dropped: evers + [next]) : .subject
    }

    private static func isCopula(_ token: Token) -> Bool {
        token.key == Words.is || token.key == Words.was || token.key == Words.are || token.key == Words.were
    }

    /// The object after a pseudo-cleft's copula: a noun phrase, an activity, an infinitive, a name
    /// or a plural ("is the customer interaction part", "is being outside", "is to sleep", "is
    /// UFC", "is hamburgers"); an adjective ("What I did was terrible") is no object.
    private static func opensCleftObject(_ token: Token) -> Bool {
        token.kind == .word
            && (token.flags.contains(.determiner) || token.hasSuffix("ing") || token.key == Words.to
                || (token.hasSuffix("s") && !token.hasSuffix("ous") && !token.hasSuffix("ss"))
                || token.isCapitalized || !token.startsWithLetter)
    }

    private static let only = WordKey("only")
    private static let ever = WordKey("ever")
    private static let doVerbs: Set<WordKey> = Lexicon.keys("do did does had have has")
    private static let relativePronouns: Set<WordKey> = Lexicon.keys("that which who whom")
    /// The words a pseudo-cleft's object stands for: "what", "all", "thing(s)".
    private static let cleftHeads: Set<WordKey> = Lexicon.keys("what all thing things")
    /// "Everyone I love is dead": people a relative clause follows, besides ``Lexicon/relativeHeads``.
    /// (Not for the run-on split: "I always tell everyone I am married to the money" is two.)
    private static let personHeads: Set<WordKey> = Lexicon.keys(
        "everyone everybody anyone anybody someone somebody")
    /// Words between a relative clause's verb and the main clause's copula ("the place I went to
    /// was", "the guy I talked with is").
    private static let relativeParticles: Set<WordKey> = Lexicon.keys(
        "to with for about at in on from of up out back before there here ago last the most least best ever")
    private static let relativeAdverbs: Set<WordKey> = Lexicon.keys("ever never usually always often")

    private static let leadingPrepositions: Set<WordKey> = Lexicon.keys(
        "in at on during after before for from around outside inside near over")

    /// "Knee is fine now", "back's good again", "Left shoulder still hurts": a body part named
    /// without "my" at the start of a clause, followed at once by its verb, is the speaker's (in a
    /// chat nobody reports on a stranger's knee that way).
    private static func bareBodyPart(in words: [Token]) -> Anchor? {
        var index = 0
        while index < min(words.count, 3), words[index].flags.intersects([.discourse, .filler]) { index += 1 }
        let start = index
        if index < words.count, words[index].key == Words.the { index += 1 }
        if index < words.count, words[index].flags.contains(.side) { index += 1 }
        guard index + 1 < words.count, words[index].flags.contains(.bodyPart), !words[index].isQuoted else {
            return nil
        }
        let next = words[index + 1]
        if words[index].isPossessive {  // "back's good again": 's is "is" here, not a possessive
            guard
                next.flags.intersects([.recovery, .symptom]) || next.key == WordKey("still")
                    || next.key == WordKey("all")
            else { return nil }
            return Anchor(
                kind: .speakerPossession, subjectIndex: start, nounPhrase: start..<index + 1,
                predicateStart: index + 1, contraction: Words.iAm, bareContracted: index)
        }
        guard
            next.key == Words.is || next.key == Words.was || next.key == Words.feels || next.key == WordKey("still")
                || next.flags.intersects([.symptom, .injuryVerb])
        else { return nil }
        return Anchor(
            kind: .speakerPossession, subjectIndex: start, nounPhrase: start..<index + 1, predicateStart: index + 1)
    }

    private static func possessive(at index: Int, in words: [Token]) -> Anchor {
        var next = index + 1
        while next < min(words.count, index + 3), Lexicon.relationModifiers.contains(words[next].key) { next += 1 }
        if next < words.count, words[next].flags.contains(.relation), !words[next].isQuoted {
            let relation = Lexicon.canonicalRelations[words[next].key] ?? words[next].text
            if words[next].isPossessive {  // "my wife's knee is bad"
                let end = nounPhraseEnd(from: next + 1, in: words)
                return Anchor(
                    kind: .relation(relation), subjectIndex: index, nounPhrase: next + 1..<end, predicateStart: end)
            }
            if next + 2 < words.count, words[next + 1].key == Words.and, words[next + 2].key == Words.i {
                return Anchor(
                    kind: .speakerWith(relation), subjectIndex: index, nounPhrase: next + 3..<next + 3,
                    predicateStart: next + 3)
            }
            var start = next + 1
            if start < words.count, words[start].isCapitalized, words[start].flags.isEmpty { start += 1 }  // a name
            return Anchor(
                kind: .relation(relation), subjectIndex: index, nounPhrase: start..<start, predicateStart: start)
        }
        let end = words[index + 1].key == Words.opinion ? index + 2 : nounPhraseEnd(from: index + 1, in: words)
        return Anchor(kind: .speakerPossession, subjectIndex: index, nounPhrase: index + 1..<end, predicateStart: end)
    }

    private static func nounPhraseEnd(from start: Int, in words: [Token]) -> Int {
        var end = start
        while end < min(words.count, start + 4) {
            let word = words[end]
            if end > start
                && (word.flags.contains(.auxiliary) || word.flags.intersects([.symptom, .injuryVerb, .negation])
                    || nounPhraseEnders.contains(word.key))
            {
                break
            }
            end += 1
        }
        return end
    }

    /// "Love running", "Used to smoke", "Ran a marathon in 2019": a statement whose subject,
    /// the speaker, is left out. Only a few verbs qualify, so imperatives ("Break a leg") don't.
    private static func elided(in words: [Token]) -> Anchor? {
        var index = 0
        while index < min(words.count, 3), words[index].flags.intersects([.discourse, .filler]) { index += 1 }
        guard index < words.count else { return nil }
        let word = words[index]
        let next = index + 1 < words.count ? words[index + 1] : nil
        let likes = word.flags.contains(.dislikeVerb) || (word.flags.contains(.likeVerb) && word.key != Words.like)
        let imperative = next.map { $0.key == WordKey("your") || $0.key == WordKey("ur") } ?? false
        let intends =
            word.flags.contains(.intention) && word.hasSuffix("ing")
            && (next?.key == Words.to || next?.key == Words.on || next?.key == Words.for)
        let wouldLike =
            (word.key == Words.would || word.key == Words.iWould)
            && (next?.key == Words.love || next?.key == Words.like)
        let qualifies =
            (likes && !imperative) || intends || wouldLike
            || (word.key == Words.used && next?.key == Words.to)
            || word.key == Words.been
            || (word.key == Words.had && next?.key == Words.my)  // "Had my knee scoped"
            || (word.flags.contains(.experienceVerb) && word.flags.contains(.pastForm) && word.key != Words.got
                && word.key != Words.did)
        guard qualifies, !word.isQuoted else { return nil }
        return Anchor(kind: .elided, subjectIndex: index, nounPhrase: index..<index, predicateStart: index)
    }
}
