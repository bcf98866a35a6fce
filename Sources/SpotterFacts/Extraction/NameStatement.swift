/// "Hi my name is jill", "I'm Sam by the way", "call me Jo", "Tanya here": the speaker's name,
/// written as "Name is Jill" (capitalised), in the slot `self|personal|name`.
///
/// Real first meetings open this way, in lower case as often as not. A word is taken for a name
/// when the speaker says it is one ("my name is …", "call me …", "I go by …"), or, after a bare
/// "I'm" or before "here", when it is a common first name or a capitalised word the lexicon does
/// not know ("I'm good", "I'm American" and "nobody here" are not names). Another person's or a
/// pet's name is never the speaker's: "my dog's name is Rex" says the speaker has a dog named
/// Rex, and "my coach is called Mike" is left to the relationship rules.
enum NameStatement {
    /// The fact a clause states about the speaker's name (or their pet's), or nil.
    static func draft(in words: [Token], writer: ContentWriter) -> FactDraft? {
        var start = 0
        while start < words.count,
            words[start].flags.intersects([.discourse, .filler]) || greetings.contains(words[start].key)
        {
            start += 1
        }
        guard start < words.count, !words[start...].contains(where: \.isQuoted) else { return nil }
        func key(_ index: Int) -> WordKey? { index < words.count ? words[index].key : nil }

        // "my name is jill", "my name's Jill", "names george", "name's Kate"
        var nameAt: Int? = nil
        var said = false
        if key(start) == Words.my, key(start + 1) == Words.name {
            if words[start + 1].isPossessive {
                nameAt = start + 2
            } else if key(start + 2) == Words.is {
                nameAt = start + 3
            }
            said = true
        } else if key(start) == WordKey("names") || (key(start) == Words.name && words[start].isPossessive) {
            nameAt = start + 1
            said = true
        } else if key(start) == Words.my, let pet = petName(in: words, from: start + 1, writer: writer) {
            return pet
        } else if let call = words.indices.first(where: { words[$0].key == WordKey("call") }),
            key(call + 1) == Words.me,
            call == start || words[start..<call].allSatisfy({ callLeadIns.contains($0.key) })
        {
            nameAt = call + 2  // "call me Jo", "you can call me Jo", "please call me Jo"
            said = true
        } else if let speaker = speakerAt(words, start) {
            if key(speaker.next) == WordKey("go"), key(speaker.next + 1) == WordKey("by") {
                nameAt = speaker.next + 2  // "I go by Dirty Red"
                said = true
            } else if speaker.copula {
                nameAt = speaker.next  // "I'm Sam", "I am george", "I m susie"
            }
        } else if words.count - start == 2, key(start + 1) == WordKey("here") {
            nameAt = start  // "Tanya here"
        }
        guard let first = nameAt, first < words.count else { return nil }
        var end = first
        while end < min(words.count, first + 3), isName(words[end], said: said, leading: end == first) { end += 1 }
        guard end > first else { return nil }
        // A bare "I'm sam" is a name only when nothing but a sign-off follows ("by the way", "here",
        // "and …" was split off already); "I'm Sam's mum" or "I'm jo with the red hat" is not.
        if !said {
            let rest = words[end...].map(\.key)
            // "Hello I'm sara who are you": a question run on after the name ends it too.
            let asks = rest.first.map { askers.contains($0) } ?? false
            guard rest.isEmpty || asks || rest.allSatisfy({ signOffs.contains($0) }) else { return nil }
        }
        let name = words[first..<end].map { capitalised(writer.original($0)) }.joined(separator: " ")
        return FactDraft(
            subject: "self", category: .personal, polarity: .positive, temporal: .current,
            confidence: said ? 0.9 : 0.8, topic: "name", content: "Name is " + name)
    }

    /// "my dog's name is Rex", "my owl's name is Hoot", "my cats name is spook", "my dog name is
    /// earl": the speaker has that animal, a pet or any animal of the lexicon.
    private static func petName(in words: [Token], from index: Int, writer: ContentWriter) -> FactDraft? {
        guard index + 2 < words.count, words[index + 1].key == Words.name else { return nil }
        let animal = words[index]
        var pet = animal.text
        // "my cats name", "my dogs name": a possessive written without its apostrophe.
        if !animal.isPossessive, animal.hasSuffix("s"), animal.length > 3,
            isAnimal(Lexicon.key(Substring(pet.dropLast())))
        {
            pet = String(pet.dropLast())
        }
        let key = Lexicon.key(Substring(pet))
        guard isAnimal(key) else { return nil }
        var first = index + 2
        if words[first].key == Words.is { first += 1 } else if !animal.isPossessive { return nil }
        var end = first
        while end < min(words.count, first + 3), isName(words[end], said: true, leading: end == first) { end += 1 }
        guard end > first else { return nil }
        let name = words[first..<end].map { capitalised(writer.original($0)) }.joined(separator: " ")
        return FactDraft(
            subject: "self", category: .personal, polarity: .positive, temporal: .current, confidence: 0.85,
            // A slot of its own: in the pet's slot, "Has a dog named Earl" took the place of an
            // earlier "Has two dogs" (one of them is Earl).
            topic: "pet-" + TopicKey.stem(animal) + "-named",
            content: "Has \(animal.indefiniteArticle) \(pet) named \(name)")
    }

    /// A pet or an animal people keep, in the singular ("dog", "owl", "horse").
    private static func isAnimal(_ key: WordKey) -> Bool {
        Lexicon.flags(for: key).contains(.pet) || Lexicon.animals.contains(key)
    }

    /// Where the speaker's predicate starts after "I", "I'm", "I am", "I m", and whether it is a copula.
    private static func speakerAt(_ words: [Token], _ start: Int) -> (next: Int, copula: Bool)? {
        let word = words[start].key
        if word == Words.iAm || word == Words.im { return (start + 1, true) }
        guard word == Words.i, start + 1 < words.count else { return nil }
        let next = words[start + 1].key
        if next == Words.am || next == WordKey("m") { return (start + 2, true) }
        return (start + 1, false)
    }

    private static func isName(_ word: Token, said: Bool, leading: Bool) -> Bool {
        guard word.kind == .word, !word.isForeign, word.length >= 2, word.length <= 14, !word.isPossessive,
            !notNames.contains(word.key)
        else { return false }
        // Letters only: "jill", "Mary-Ann"; no digits.
        for index in 0..<min(word.length, 16) {
            let byte = word.key.byte(at: index)
            guard (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D else { return false }
        }
        if firstNames.contains(word.key) { return true }
        // A word the lexicon knows is a word, not a name ("I'm good", "my name is not important"),
        // unless the speaker says it is one and writes it capitalised ("my cat's name is Fish").
        guard word.flags.isEmpty || (said && leading && word.isCapitalized) else { return false }
        if said { return true }
        // After a bare "I'm": a capitalised word, not a nationality or a faith ("I'm American").
        guard leading, word.isCapitalized else { return false }
        return !nationalEndings.contains { word.hasSuffix($0) }
    }

    private static func capitalised(_ text: String) -> String {
        text.split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: "-")
    }

    private static let nationalEndings: [StaticString] = ["ian", "ean", "ese", "ish", "ic", "can", "ani", "ch", "ist"]

    private static let greetings: Set<WordKey> = Lexicon.keys(
        "hi hello hey hiya howdy greetings yo good morning evening afternoon there")
    private static let callLeadIns: Set<WordKey> = Lexicon.keys(
        "you can just please everyone people friends most my all")
    private static let askers: Set<WordKey> = Lexicon.keys("how what who and where")
    private static let signOffs: Set<WordKey> = Lexicon.keys(
        "by the way btw here lol haha nice to meet you too")

    /// Words a name slot must not take ("my name is not important", "I'm here", "I'm so tired").
    private static let notNames: Set<WordKey> = Lexicon.keys(
        ("not no so too here there fine good great okay ok well sorry glad happy sad tired bored busy home back "
            + "sure done ready new old single married alone free up out off in on at from about just still "
            + "also very really the a an and or but what who how your you me him her them it this that "
            + "doing going getting trying having feeling thinking retired pregnant hungry sick ill awake "
            + "late early right wrong alright excited afraid scared nervous lucky blessed jealous curious "
            + "honest serious kidding joking fun cool awesome nice down hooked lost stuck"))

    /// Common English first names that are not also common words, for names written in lower case.
    private static let firstNames: Set<WordKey> = Lexicon.keys(
        ("aaron abby abigail adam adrian aiden alan albert alex alexa alexis ali alice alicia allison amanda "
            + "amber amy andrea andrew andy angela anna anne annie anthony ashley austin barbara becky ben "
            + "benjamin beth betsy betty beverly bill billy bob bobby bonnie brad brandon brenda brian brittany "
            + "bruce bryan caleb cameron carl carla carol caroline carrie catherine chad charles charlie "
            + "chelsea cheryl chris christina christine christopher cindy claire colin connor "
            + "courtney craig cynthia dan dana daniel danielle darlene dave david dawn debbie deborah denise "
            + "dennis derek diana diane donald donna doug douglas dylan edward eduardo elizabeth ellen emily "
            + "emma eric erica erin ethan eva evan gary george gina greg gregory hannah harry heather "
            + "helen henry holly ian isaac jack jackie jacob jake james jamie jane janet jason jeff jeffrey "
            + "jen jenna jennifer jenny jeremy jerry jesse jessica jill jim jimmy jo joan joe joel john johnny "
            + "jon jonathan jordan jose joseph josh joshua judy julia julie justin karen kate katie katrina "
            + "kathy kayla keith kelly ken kevin kim kris kyle larry laura lauren leah leigh leo leon linda "
            + "lisa liz logan lori louis lucas lucy luke lynn maggie marcus maria marie marilyn mark mary "
            + "matt matthew megan melissa michael michelle mike molly monica nancy natalie nathan nick "
            + "nicole noah olivia pam pamela patrick paul peter rachel randy rebecca regina rob robert "
            + "robin ron ronald ruth ryan sally sam samantha sandra sara sarah scott sean sharon shawn "
            + "shelly sophia sophie stacy stephanie stephen steve steven sue susan susie tammy tanya tara "
            + "taylor ted teresa terry thomas tim timothy tina todd tom tommy tony tracy travis tyler "
            + "valerie vanessa victoria vincent walter wanda wendy william willie zach zachary"))
}
