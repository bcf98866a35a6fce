// The last rule: a plain first-person statement that no category rule recognised ("I have two
// jobs", "I volunteer at the animal shelter", "I grew up in Ohio"). Real people reveal most
// facts this way, so the rule is broad in what it keeps but strict in what it refuses: modal,
// future, negated, hedged and progressive clauses, verbs of thinking, perceiving and saying,
// and momentary states are small talk far more often than facts.

extension ClauseAnalyzer {
    /// Heads that say what the speaker thinks, perceives, says or wants to happen now, rather
    /// than something durable about them ("I think…", "I hear you", "I hope so").
    private static let transientHeads: Set<WordKey> = Lexicon.keys(
        ("think thought know knew hope hoped wish wished feel felt need needed guess bet mean meant wonder "
            + "suppose imagine see saw seen hear heard remember forgot forget understand agree appreciate "
            + "believe admire bring brought give gave put say said tell told ask asked worry worried mind "
            + "look looked sound sounds seem seems get got find found make made keep kept decided wanted "
            + "be let lets thank promise apologize apologise doubt figure figured realize realized realise "
            + "realised notice noticed am is are was were can could would should will shall must may might "
            + "hate hated wait waited mean guessed bet assume assumed"))

    /// Progressive heads that describe a standing situation ("I'm studying nursing").
    private static let durableProgressive: Set<WordKey> = Lexicon.keys(
        "studying working learning training living raising volunteering teaching writing")

    /// Progressive heads of an activity that goes on for days with its object ("I'm reading The
    /// Butterfly Garden", "I'm visiting San Antonio", "I'm building a shed"): readers write these
    /// down as said, in the present only ("I was listening to …", "I've been reading about …"
    /// tell of a moment).
    private static let ongoingProgressive: Set<WordKey> = Lexicon.keys(
        "reading listening visiting building using majoring expecting playing staying growing saving")

    /// Complements of "I'm …" that say where the speaker belongs ("I'm in college").
    private static let belonging: Set<WordKey> = Lexicon.keys(
        "in into from part member originally involved")

    /// "I've been thinking about Christmas since …", "I've been wanting it for years": a state of
    /// mind, not an activity.
    private static let musingHeads: Set<WordKey> = Lexicon.keys(
        "thinking wanting hoping wondering meaning dying waiting dreaming")

    /// Units of a span ("for 10 years", "for a few months").
    private static let spanUnits: Set<WordKey> = Lexicon.keys(
        "years year months decade decades ages")

    /// "for over 10 years", "for a few months", "since my teens", "since 2010" after the head.
    private func saysSpan() -> Bool {
        guard let verb = word(head), !Self.musingHeads.contains(verb.key) else { return false }
        for index in head + 1..<mainEnd {
            let key = words[index].key
            if key == Words.for,
                words[(index + 1)..<min(index + 5, words.count)].contains(where: { Self.spanUnits.contains($0.key) })
            {
                return true
            }
            if key == WordKey("since"), let next = word(index + 1), next.key != Words.i,
                !next.flags.contains(.subjectPronoun)
            {
                return true
            }
        }
        return false
    }

    /// "I'm reading The Butterfly Garden": an ongoing activity in the present, with an object
    /// that names something ("I'm staying with them" does not), and without a time of today or
    /// to come ("I'm visiting a shelter later today").
    private func isOngoing() -> Bool {
        guard let verb = word(head), Self.ongoingProgressive.contains(verb.key), !group.past, !group.perfect
        else { return false }
        var object = head + 1
        while let word = word(object), object < mainEnd, word.key == Words.to || word.key == Words.with {
            object += 1
        }
        guard let first = word(object), object < mainEnd, !first.flags.contains(.objectPronoun) else { return false }
        return !any(.futureTime, in: head + 1..<mainEnd)
            && !(head + 1..<mainEnd).contains { Self.momentWords.contains(words[$0].key) }
    }

    private static let momentWords: Set<WordKey> = Lexicon.keys("today tonight later")

    /// "I've been researching electric cars", "I have been perfecting my sushi rice": a perfect
    /// progressive with an object of its own is what the speaker has been doing for a while
    /// (on msc-valid such clauses matched what readers wrote down 0.41 of the time as written;
    /// the eighth round left "I've been reading about …" out for precision). Not a state of mind
    /// or a move of the talk ("I've been thinking about it", "I've been meaning to ask", "I've
    /// been doing well", "I've been trying to …": a goal), a pronoun or an adverb for an object,
    /// or a moment ("… today").
    private func isStandingActivity() -> Bool {
        guard group.perfect, !group.past, let verb = word(head), !Self.musingHeads.contains(verb.key),
            !Self.passingActivities.contains(verb.key), let object = word(head + 1), head + 1 < mainEnd,
            !object.flags.intersects([.objectPronoun, .listener, .filler, .frequency, .transient]),
            !Self.notObjects.contains(object.key)
                || (object.key == Words.a && !Self.amounts.contains(key(head + 2) ?? Words.a))
        else { return false }
        // "I've been sharing memes with him" is an object; "I've been reading about it", "… with them" are not.
        if Self.objectPrepositions.contains(object.key),
            word(head + 2).map({ $0.flags.intersects([.objectPronoun, .listener]) || $0.key == Words.me }) ?? true
        {
            return false
        }
        return !(head + 1..<mainEnd).contains { Self.momentWords.contains(words[$0].key) }
    }

    /// "I'm going to the circus tonight", "I am going back to school for nursing", "I'm going to
    /// Japan in May": where the speaker is going (on msc-valid such clauses matched what readers
    /// wrote down 0.52 of the time in silent turns). "Going to" + a verb is an aim (the goal
    /// rule); not to bed, to sleep or to work (a moment), to a pronoun, or in the past ("I was
    /// going to …").
    private func isGoingSomewhere() -> Bool {
        guard !group.past, !group.perfect, key(head) == Words.going else { return false }
        var to = head + 1
        if key(to) == WordKey("back") { to += 1 }
        guard key(to) == Words.to, let place = word(to + 1), to + 1 < mainEnd,
            !place.flags.intersects([.objectPronoun, .listener]), !Self.momentPlaces.contains(place.key)
        else { return false }
        return place.flags.contains(.determiner) || place.isCapitalized || Self.places.contains(place.key)
    }

    /// "I'm getting a dog next spring", "I am starting French soon", "I'm moving in June": an
    /// activity planned beyond the day (on msc-valid such clauses matched 0.34 as written in
    /// silent turns). Not tomorrow or tonight (an event of the moment: "I'm seeing a band
    /// tomorrow"), not a state of mind or a move of the talk, not with a pronoun for an object.
    private func isPlannedActivity() -> Bool {
        guard !group.past, !group.perfect, let verb = word(head), !Self.musingHeads.contains(verb.key),
            !Self.passingActivities.contains(verb.key) || verb.key == WordKey("getting")
                || (verb.key == WordKey("starting") && key(head + 1) != Words.to),
            let next = word(head + 1), head + 1 <= mainEnd,
            !next.flags.intersects([.objectPronoun, .listener, .transient])  // "getting nervous"
        else { return false }
        let span = head + 1..<mainEnd
        return any(.futureTime, in: span) && !span.contains { Self.nearTimes.contains(words[$0].key) }
    }

    private static let nearTimes: Set<WordKey> = Lexicon.keys("tomorrow tonight today later")

    private static let momentPlaces: Set<WordKey> = Lexicon.keys("bed sleep work it that this them there")
    private static let places: Set<WordKey> = Lexicon.keys("school college church town university")

    /// Progressive heads that tell of the talk or the moment rather than an activity.
    private static let passingActivities: Set<WordKey> = Lexicon.keys(
        ("doing going trying feeling talking saying telling looking praying begging getting having struggling "
            + "missing worrying considering planning meaning craving expecting asking starting"))
    private static let objectPrepositions: Set<WordKey> = Lexicon.keys("about with to for on at in into from")
    private static let amounts: Set<WordKey> = Lexicon.keys("lot bit little while")
    /// Words after the head that are no object: "I've been so busy", "… a lot", "… lately".
    private static let notObjects: Set<WordKey> = Lexicon.keys("so too lately recently well a all up out on")

    /// "I got a new sewing machine", "I just got an apartment with my best friend", "I got my
    /// degree in May": something the speaker now has (on msc-valid, "I got a/an/my …" matched
    /// what readers wrote down 1 time in 2). Not "have got", a call, a chance or a message, an
    /// amount ("a bit of", "a little"), or "got to" / "got it".
    private func isAcquisition() -> Bool {
        guard let verb = word(head), verb.key == Words.got, !group.perfect, !group.possession,
            let article = word(head + 1), Self.acquisitionArticles.contains(article.key),
            let noun = word(head + 2), !Self.notAcquired.contains(noun.key), head + 2 < mainEnd
        else { return false }
        return true
    }

    private static let acquisitionArticles: Set<WordKey> = Lexicon.keys("a an my")
    private static let notAcquired: Set<WordKey> = Lexicon.keys(
        ("call calls chance text texts message messages phone notification feeling idea lot bit little few "
            + "question questions look glimpse reply response email letter sense kick laugh break"))

    /// A plain statement about the speaker, or nil when it is small talk or not durable.
    func statementRule() -> Decision? {
        guard anchor.kind == .speaker, let headWord = word(head) else { return nil }
        if group.hypothetical || group.future || group.canModal || group.hedged || group.negated || group.usedTo {
            return nil
        }
        if words[0..<anchor.subjectIndex].contains(where: { $0.flags.contains(.hedge) }) { return nil }
        if headWord.flags.intersects([.objectPronoun, .determiner, .negation, .questionWord]) && !group.copula {
            return nil
        }
        if (Self.transientHeads.contains(headWord.key) && !isAcquisition()) || addressesListener() { return nil }
        // A like or dislike the preference rule turned down ("I love that show", "I like how you
        // put it") points at the conversation, not at a lasting taste.
        if headWord.flags.intersects([.likeVerb, .dislikeVerb]) { return nil }
        // "I've been racing for over 10 years", "I've been riding bikes since my teens": a perfect
        // progressive with its span is a standing activity, not one of the moment.
        if group.progressive && !Self.durableProgressive.contains(headWord.key) && !(group.perfect && saysSpan())
            && !isOngoing() && !isStandingActivity() && !isGoingSomewhere() && !isPlannedActivity()
        {
            return nil
        }
        if group.copula && !group.progressive {
            // "I'm in college", "I'm from Ohio", "I'm part of a choir": where the speaker belongs.
            // Adjectives ("I'm stuffed", "I'm all ears") are moods far more often than facts.
            guard let word = word(head), Self.belonging.contains(word.key) else { return nil }
        }
        // The slot names what the statement is about beyond its verb ("said-work-robot"): two
        // plain statements with one verb ("I'm working on a robot", "I'm working on my
        // bachelors") are two facts, and in one slot the later closed the earlier.
        guard let topic = TopicKey.words(words, from: head, limit: 3, stopAt: mainEnd, bridging: true),
            group.copula || (head + 1..<mainEnd).contains(where: { TopicKey.isContent(words[$0]) })
        else { return nil }
        let past = group.past || headWord.flags.contains(.pastForm)
        let category: FactCategory
        if past {
            category = .experience
        } else if headWord.flags.intersects([.activity, .consumption]) || group.frequent {
            category = .habit
        } else {
            category = .other
        }
        return Decision(category: category, topic: "said-" + topic, weight: 0.7, contentEnd: mainEnd, generic: true)
    }
}
