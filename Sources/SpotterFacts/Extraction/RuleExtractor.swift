/// The offline default extractor: deterministic rules and lexicons, no model, no network.
///
/// A message is cut to ``Limits`` (4 KiB and 32 sentences by default, so a 1 MB paste costs
/// the same as a long chat message), tokenised by hand over its UTF-8 bytes, and split into
/// sentences and clauses. Questions, greetings, small talk, conditionals and lines that are
/// not English yield nothing. Each remaining clause is anchored on the speaker ("I", "my
/// knee") or on someone the speaker names ("my wife"); a trigger lexicon in the NegEx/ConText
/// style decides polarity ("don't", "never"), temporal status ("used to", "no longer",
/// "want to") and the category, and the clause is rewritten as a short statement.
public struct RuleExtractor: Sendable {
    /// Bounds on the work done for one message.
    public struct Limits: Sendable, Hashable {
        /// Only the first this-many UTF-8 bytes are read (cut on a character boundary). Default 4096.
        public var maxBytes: Int
        /// Only the first this-many sentences are read. Default 32.
        public var maxSentences: Int

        /// Creates limits; the defaults cover any chat message.
        public init(maxBytes: Int = 4096, maxSentences: Int = 32) {
            self.maxBytes = max(0, maxBytes)
            self.maxSentences = max(0, maxSentences)
        }
    }

    /// The bounds applied to every message.
    public var limits: Limits
    /// The learned acceptance signal that drops low-value candidates and picks the better fact
    /// of a slot (``FactAcceptance/trained`` by default); nil keeps every candidate that stands
    /// alone and picks by ``FactQuality/specificity(_:)``.
    public var acceptance: FactAcceptance?

    /// Creates an extractor with the default limits and the trained acceptance model.
    public init() {
        self.limits = Limits()
        self.acceptance = .trained
    }

    /// Creates an extractor with the given limits and the trained acceptance model.
    public init(limits: Limits) {
        self.limits = limits
        self.acceptance = .trained
    }

    /// The facts one message states about its author or about people its author names,
    /// at most one per slot, in the order they appear; only those that stand alone
    /// (``FactQuality``) and that ``acceptance`` accepts.
    public func extract(_ utterance: Utterance) -> [ExtractedFact] {
        Self.droppingRestated(standingFacts(utterance, partner: nil, origin: nil).facts)
    }

    /// Every candidate the rules draw from `utterance` read as a reply to `previous`, before
    /// the acceptance model and the slots choose among them, with the model's features and
    /// probability: what `eval/train_fact_acceptance.py` learns from.
    public func candidates(_ utterance: Utterance, replyingTo previous: String?) -> [FactCandidate] {
        let text = utterance.text.prefix(limits.maxBytes)
        let context = previous?.isEmpty == false ? previous : nil
        var found = standingFacts(utterance, partner: context, origin: nil).candidates
        for sentence in replySentences(text, context: context) {
            var answer = utterance
            answer.text = sentence
            found += standingFacts(answer, partner: nil, origin: .reply).candidates.filter { $0.fact.subject == "self" }
        }
        return found
    }

    /// The facts the clause rules draw from `utterance`, each mended or dropped by
    /// ``standingAlone(_:message:partner:)`` and scored by ``acceptance`` before it takes its
    /// slot: a vague fact dropped never keeps a specific one of the same slot out. `origin`
    /// overrides the path of every candidate (``FactOrigin/reply``). Also returns every
    /// candidate that stands alone, accepted or not.
    private func standingFacts(_ utterance: Utterance, partner: String?, origin forced: FactOrigin?)
        -> (facts: [ExtractedFact], candidates: [FactCandidate])
    {
        let message = TokenizedMessage(utterance.text, maxBytes: limits.maxBytes, maxSentences: limits.maxSentences)
        let writer = ContentWriter(bytes: message.bytes, sentAt: utterance.sentAt, timeZone: utterance.timeZone)
        var facts: [ExtractedFact] = []
        var candidates: [FactCandidate] = []
        // The model's probability of each fact kept, by slot.
        var kept: [String: Double] = [:]
        var context: FactAcceptance.Context? = nil
        func append(_ draft: FactDraft, _ path: FactOrigin) {
            let slot = "\(draft.subject)|\(draft.category.rawValue)|\(draft.topic)"
            guard
                let fact = Self.standingAlone(
                    ExtractedFact(
                        FactStatement(
                            userID: utterance.userID, subject: draft.subject, category: draft.category,
                            content: draft.content, polarity: draft.polarity, temporal: draft.temporal,
                            confidence: draft.confidence, slot: slot),
                        sourceID: utterance.messageID, mentionedAt: utterance.sentAt),
                    message: utterance.text, partner: partner)
            else { return }
            var probability = 1.0
            if let acceptance {
                // The words the rules read (``Limits``), not a whole 1 MB paste.
                let read =
                    context
                    ?? FactAcceptance.Context(message: String(decoding: message.bytes, as: UTF8.self), partner: partner)
                context = read
                let candidate = acceptance.candidate(fact, origin: forced ?? path, context: read)
                candidates.append(candidate)
                guard acceptance.accepts(candidate) else { return }
                probability = candidate.probability
            }
            // One fact per slot, read from the facts themselves: a clause fact a sentence's injury
            // reading replaced (``InjuryStatement/settle(_:with:from:)``) leaves its slot free.
            if let index = facts.firstIndex(where: { $0.slot == slot }) {
                // The better fact wins the slot: a name, a number or a relation over a vaguer
                // wording ("Works at a store" then "Works at the Apple Store in Boston"), and
                // between two as specific, the more probable by the acceptance model. A health
                // fact is never replaced.
                if facts[index].category != .health {
                    let specific = FactQuality.specificity(fact.content)
                    let keptSpecific = FactQuality.specificity(facts[index].content)
                    let better =
                        specific > keptSpecific || (specific == keptSpecific && probability > (kept[slot] ?? 1))
                    if better {
                        facts[index] = fact
                        kept[slot] = probability
                    }
                }
                return
            }
            kept[slot] = probability
            facts.append(fact)
        }
        for whole in message.sentences {
            guard
                let sentence = whole.isQuestion
                    ? Self.statementBeforeQuestion(whole, in: message.tokens)
                        ?? Self.statementRunOnIntoQuestion(whole, in: message.tokens) : whole,
                Self.isEnglishStatement(sentence, in: message.tokens)
            else { continue }
            // The sentence's injury or restriction, read whole (``InjuryStatement``): it decides
            // after the clause rules whether their health fact about the part stands.
            let injuries =
                sentence.tokens.contains(where: { InjuryStatement.mayConcern(message.tokens[$0]) })
                ? InjuryStatement.drafts(
                    sentence.tokens.compactMap {
                        message.tokens[$0].kind == .word ? writer.original(message.tokens[$0]) : nil
                    }, sentAt: utterance.sentAt, timeZone: utterance.timeZone) : []
            let sentenceStart = facts.count
            defer {
                for injury in injuries where InjuryStatement.settle(injury, with: &facts, from: sentenceStart) {
                    append(injury, .injury)
                }
            }
            var previous: FactDraft? = nil
            var previousYielded = false
            // The like of the clause just before, whose list may run on into this clause.
            var stance: (draft: FactDraft, prefix: String)? = nil
            let clauses = ClauseSplitter.clauses(of: sentence, in: message.tokens)
            for (position, clause) in clauses.enumerated() {
                // A conjunct shares its subject and its modality with the clause before it: after
                // "I'll have to try it" or "so it would force me to get outside", "… and walk
                // every day" is no more a fact than the clause it continues.
                if clause.isConjunct && position > 0 && !previousYielded { continue }
                // Whatever the clause says, "my two dogs" in it says the speaker has two dogs;
                // the clause's own fact, if any, comes first.
                var having = PossessionEvidence.draft(in: clause.words, writer: writer)
                defer { if let having { append(having, .possession) } }
                // "I'm out of work right now", "since I retired": whether the speaker works, the
                // whole clause's fact when it says nothing else, else one more fact of it.
                let work = WorkStatus.draft(in: clause.words, writer: writer)
                if let work, work.wholeClause {
                    append(work.draft, .work)
                    previous = work.draft
                    previousYielded = true
                    stance = nil
                    continue
                }
                var own = ""
                defer { if let work, !WorkStatus.isSaid(in: own) { append(work.draft, .work) } }
                // "my name is jill", "I'm Sam by the way": the name, capitalised, and nothing else.
                if let named = NameStatement.draft(in: clause.words, writer: writer) {
                    // "Has a dog named Rex" says the speaker has a dog: no "Has a dog" beside it.
                    if named.topic.hasPrefix("pet-") { having = nil }
                    append(named, .name)
                    previous = named
                    previousYielded = true
                    stance = nil
                    continue
                }
                // "We have a bunch of geese and ducks": a household's animals, children or home.
                if let household = HouseholdStatement.draft(in: clause.words, writer: writer) {
                    append(household, .household)
                    stance = nil
                    previousYielded = false
                    continue
                }
                var analyzer = ClauseAnalyzer(
                    words: clause.words, writer: writer, previous: previous, isConjunct: clause.isConjunct)
                analyzer.needsObject = position + 1 < clauses.count && clauses[position + 1].isConjunct
                // A bare auxiliary ("Does", "Is") says nothing on its own; "Vapes" does.
                guard let draft = analyzer.analyze(), !draft.content.isEmpty,
                    draft.content.utf8.contains(0x20) || !Self.bareAuxiliaries.contains(draft.content)
                else {
                    if let stance,
                        let more = ListContinuation.drafts(
                            of: clause.words, isConjunct: clause.isConjunct, after: stance.draft, prefix: stance.prefix,
                            writer: writer)
                    {
                        for draft in more { append(draft, .list) }
                        previousYielded = true
                        continue
                    }
                    stance = nil
                    previousYielded = false
                    continue
                }
                previousYielded = true
                previous = draft
                own = draft.content
                append(draft, draft.isGeneric ? .generic : .clause)
                stance = draft.stancePrefix.map { (draft, $0) }
            }
        }
        return (facts, candidates)
    }

    /// `fact` mended where ``FactQuality/repaired(_:message:partner:)`` can ("there" resolved
    /// from `message` or the partner's question, a run-on "it is" cut), less those a trainer
    /// still could not use without their message (``FactQuality``): an unresolved "it", a
    /// dangling ending, a conjugated "won't", a compound noun cut before its head, a passing
    /// state. Such a fact is not stored: a fact not stored is better than one nobody can use.
    /// An injury or condition about a named part is always kept, as written.
    static func standingAlone(_ fact: ExtractedFact, message: String, partner: String?) -> ExtractedFact? {
        if FactQuality.isSafetyFact(content: fact.content, category: fact.category) { return fact }
        var mended = fact
        mended.statement.content = FactQuality.trimmed(
            FactQuality.repaired(fact.content, message: message, partner: partner), category: fact.category,
            temporal: fact.temporal, message: message)
        let flaws = FactQuality.flaws(
            content: mended.content, category: fact.category, temporal: fact.temporal, message: message)
        return flaws.isEmpty ? mended : nil
    }

    /// `facts` less those another fact of the same message says with more words: "Yes, I cook. I
    /// cook kosher foods only" states "Cooks kosher foods only", not "Cooks" beside it.
    static func droppingRestated(_ facts: [ExtractedFact]) -> [ExtractedFact] {
        guard facts.count > 1 else { return facts }
        return facts.filter { fact in
            let shorter = fact.statement
            return !facts.contains { other in
                let longer = other.statement
                return longer.subject == shorter.subject && longer.polarity == shorter.polarity
                    && longer.temporal == shorter.temporal && longer.content.count > shorter.content.count
                    && longer.content.hasPrefix(shorter.content + " ")
            }
        }
    }

    /// The facts of `utterance` read as a reply to `previous` (the partner's message before it,
    /// nil when there is none): its own facts, plus what a yes or no states when `previous` ends
    /// with a question it answers ("Do you like hiking?" → "Yeah!" states "Likes hiking"; see
    /// ``ReplyReader``), unless its own words already state a fact in that slot.
    public func extract(_ utterance: Utterance, replyingTo previous: String?) -> [ExtractedFact] {
        let text = utterance.text.prefix(limits.maxBytes)
        let context = previous?.isEmpty == false ? previous : nil
        var facts = standingFacts(utterance, partner: context, origin: nil).facts
        for sentence in replySentences(text, context: context) {
            var answer = utterance
            answer.text = sentence
            let read = Self.droppingRestated(standingFacts(answer, partner: nil, origin: .reply).facts)
            for fact in read where fact.subject == "self" && !facts.contains(where: { $0.slot == fact.slot }) {
                facts.append(fact)
            }
        }
        // "How's your ankle?" → "Still hurts": the part asked after, renewed or lifted.
        if let context, let sentence = PartAnswer.statement(answering: context, with: text) {
            var answer = utterance
            answer.text = sentence
            for fact in standingFacts(answer, partner: nil, origin: .reply).facts
            where fact.subject == "self" && fact.category == .health && !facts.contains(where: { $0.slot == fact.slot })
            {
                facts.append(fact)
            }
        }
        return Self.droppingRestated(facts)
    }

    /// The sentences a reply states through its partner's question: its own answer to it ("What's
    /// your favorite season? Mine is winter!", read whether or not a message came before) and
    /// what a yes or no says (``ReplyReader``).
    private func replySentences(_ text: Substring, context: String?) -> [String] {
        var sentences = [ReplyReader.ownAnswer(in: text, after: context), ReplyReader.selfAnswer(in: text)]
        if let context { sentences.append(ReplyReader.statement(answering: context, with: text)) }
        return sentences.compactMap { $0 }
    }

    /// Auxiliaries that open the speaker's statement before "my" ("Had my knee scoped", "Have my
    /// ankle taped"), not a question ("Is my form ok", "Did my …").
    private static let droppedSpeakerAuxiliaries: Set<WordKey> = Lexicon.keys("had have")

    private static let bareAuxiliaries: Set<String> = [
        "Does", "Is", "Has", "Did", "Was", "Can", "Would", "Will", "Could", "Should", "Might", "Am", "Do", "Have",
    ]

    /// "My knee hurts, should I still run?": the statement before a trailing question, when
    /// the part after the last comma is itself a question; nil otherwise.
    static func statementBeforeQuestion(_ sentence: Sentence, in tokens: [Token]) -> Sentence? {
        guard let comma = sentence.tokens.last(where: { tokens[$0].kind == .comma }), comma > sentence.tokens.lowerBound
        else { return nil }
        let tail = Sentence(tokens: comma + 1..<sentence.tokens.upperBound, isQuestion: true)
        guard !tail.tokens.isEmpty, !isEnglishStatement(tail, in: tokens) else { return nil }
        return Sentence(tokens: sentence.tokens.lowerBound..<comma, isQuestion: false)
    }

    /// "Hi my name is jill how are you today?": the statement before a question run on into it
    /// without a comma, at a question word before an auxiliary or "you" ("how are", "what
    /// about", "do you"), when the part before it has the speaker as its subject; nil otherwise.
    static func statementRunOnIntoQuestion(_ sentence: Sentence, in tokens: [Token]) -> Sentence? {
        let start = sentence.tokens.lowerBound
        var index = start + 3
        while index + 1 < sentence.tokens.upperBound {
            let word = tokens[index]
            let next = tokens[index + 1]
            let before = tokens[index - 1]
            let opens =
                (questionOpeners.contains(word.key)
                    && (next.flags.contains(.auxiliary) || next.key == Words.about || next.key == WordKey("you")))
                || (word.flags.contains(.auxiliary) && next.key == WordKey("you"))
            if word.kind == .word, opens, before.kind == .word,
                !before.flags.intersects([.subordinator, .auxiliary, .questionWord]),
                !runOnBlockers.contains(before.key)
            {
                let statement = Sentence(tokens: start..<index, isQuestion: false)
                let words = statement.tokens.map { tokens[$0] }.filter { $0.kind == .word }
                guard Anchor.hasSubject(words), isEnglishStatement(statement, in: tokens) else { return nil }
                return statement
            }
            index += 1
        }
        return nil
    }

    private static let questionOpeners: Set<WordKey> = Lexicon.keys("how what who why")
    /// Words after which a question word belongs to the statement ("I know how you feel").
    private static let runOnBlockers: Set<WordKey> = Lexicon.keys(
        ("know knew wonder wondering wondered ask asked asking tell told see guess idea sure remember forgot "
            + "than as matter care decide decided understand mind hear heard"))

    /// False for questions written without a question mark ("how do i fix my posture",
    /// "is it ok to train with a cold") and for text that is mostly not English.
    static func isEnglishStatement(_ sentence: Sentence, in tokens: [Token]) -> Bool {
        var count = 0
        var foreign = 0
        var known = 0
        var first: Token? = nil
        var second: Token? = nil
        var copula = false
        for index in sentence.tokens where tokens[index].kind == .word {
            let token = tokens[index]
            count += 1
            if token.key == Words.is || token.key == Words.was { copula = true }
            if token.isForeign {
                foreign += 1
            } else if !token.flags.isEmpty || Anchor.startsSubject(token) {
                known += 1
            }
            if first == nil {
                if !token.flags.contains(.discourse) || token.flags.contains(.questionWord) { first = token }
            } else if second == nil {
                second = token
            }
        }
        guard count > 0, foreign * 2 < count else { return false }
        if count >= 4 && known * 4 < count { return false }
        guard let first else { return false }
        if first.flags.contains(.questionWord) {
            // "When I run, …" opens a statement; so does a pseudo-cleft ("What I love is being
            // outside", "What I hurt was my shoulder"), not "What I should do".
            let opensClause =
                first.key == Words.when || first.key == Words.where || first.key == WordKey("which")
                || (first.key == Words.what && copula)
            return opensClause && second.map(Anchor.startsSubject) == true
        }
        // "Is my knee ok", "Did you": a question without its mark; "Had my arm in a sling" is the
        // speaker's statement with its "I" left out.
        if first.flags.contains(.auxiliary), let second, second.flags.contains(.subjectPronoun),
            !(second.key == Words.my && Self.droppedSpeakerAuxiliaries.contains(first.key))
        {
            return false
        }
        return true
    }
}
