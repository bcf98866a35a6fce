import Foundation

/// A current injury or training restriction of the speaker's, read as a head coach reads it:
/// "I tweaked my lower back deadlifting on Monday and it really hurts", "torn meniscus", "had
/// knee surgery two weeks ago", "the physio said to rest the knee for a couple of weeks",
/// "doctor says no squats for 6 weeks", "my back went out", "knee's acting up again".
///
/// One reading per sentence, before the clause rules: an injury is said across clauses ("… on
/// Monday and it really hurts"), in clinical words the clause rules do not know as statements,
/// relayed from a clinician, or as an idiom. The reading is written in one shape that
/// ``Injuries`` (the daily suggestion's filter) and a trainer both read alone:
///
///     Left knee: torn meniscus, hurts
///     Knee: rest advised by the physio, for 2 weeks
///     Lower back: tweaked on 23 November 2026, hurts
///
/// Temporal status is `current` whenever the injury still holds: a past event ("tore",
/// "dislocated on Sunday") dated within its usual healing time (``Condition/healingDays``), or
/// with a present consequence ("and it hurts", "in a sling", "still", "can't"). An injury whose
/// date lies beyond its healing time with nothing present about it ("I broke my wrist as a kid",
/// "tore my ACL in 2015") is left to the clause rules, which store it as past. No reading for:
/// a question, another person's injury ("my wife tore her ACL", "my dad had hip surgery"), a
/// wish or a worry ("I don't want to hurt my back"), praise ("my shoulder mobility is great"),
/// or a recovery ("my knee is fine now", which the clause rules store as one).
enum InjuryStatement {
    /// What kind of problem a sentence names, most serious first: the first found names the
    /// fact, and its healing time is the default length of the restriction (``Injuries`` in
    /// SpotterRanking reads the same words back).
    enum Condition: Int, Comparable, CaseIterable {
        case surgery, tear, fracture, dislocation, diagnosis, sprain, strain, injury, tweak, restriction, flare, pain,
            soreness

        static func < (lhs: Condition, rhs: Condition) -> Bool { lhs.rawValue < rhs.rawValue }

        /// Days an injury of this kind keeps a part out of training after it was last said,
        /// when the person gives no length of their own.
        var healingDays: Int {
            switch self {
            case .surgery: 84
            case .tear, .fracture: 56
            case .dislocation, .diagnosis: 42
            case .sprain, .strain, .injury: 21
            case .tweak, .restriction, .flare: 14
            case .pain: 7
            case .soreness: 3
            }
        }
    }

    /// A cue word or phrase and the condition it names, with the words a trainer reads.
    private struct Cue {
        let words: [String]
        let condition: Condition
        let label: String
    }

    private static func cues(_ condition: Condition, _ label: String?, _ phrases: String) -> [Cue] {
        phrases.split(separator: ",").map { phrase in
            let words = phrase.split(separator: " ").map(String.init)
            return Cue(words: words, condition: condition, label: label ?? Self.label(of: words))
        }
    }

    /// What a trainer reads for an idiom: "bad back" → "bad", "giving me grief" → "bothering them".
    private static func label(of words: [String]) -> String {
        let phrase = words.joined(separator: " ")
        if words.first == "bad" { return "bad" }
        switch phrase {
        case "killing me", "killin me": return "severe pain"
        case "take it easy on", "go easy on": return "go easy on it"
        case "gave way", "giving way": return "gave way"
        case "bothered me", "borthered me", "bugging me", "been bugging", "giving me a lot of trouble",
            "giving me some trouble", "giving me so much trouble":
            return "bothering them"
        case "isn't happy", "not happy": return "not right"
        case "worse", "getting worse": return "getting worse"
        case "is out": return "went out"
        case "are shot": return "badly hurt"
        case "bum knee", "bum shoulder", "bum ankle", "bum hip", "bum back", "trick knee": return "bad"
        case "issue", "issues", "problem", "problems": return "a problem"
        case "locks up", "locking up": return "locking up"
        case "wrong with": return "something wrong"
        case "taped up", "strapped up": return "taped up"
        case "landed on", "landed funny": return "landed on it badly"
        case "bruise": return "bruised"
        case "herniation": return "hernia"
        case "knee brace", "ankle brace", "wrist brace", "back brace", "elbow brace", "wearing a brace":
            return "in a brace"
        case "pinched a nerve": return "pinched nerve"
        case "slipped a disc", "slipped disk": return "slipped disc"
        case "herniated a disc", "herniated disk": return "herniated disc"
        case "bulged a disc", "bulging disk": return "bulging disc"
        case "does not feel right", "don't feel right", "not feeling right": return "doesn't feel right"
        case "giving me trouble", "giving me grief", "giving me problems", "bothering me", "been bothering":
            return "bothering them"
        case "flared up", "flaring up", "flare up", "flare-up": return "flaring up"
        case "is shot", "is wrecked", "is toast", "is busted": return "badly hurt"
        case "threw my back out", "threw out my back", "put my back out", "put out my back", "threw my neck out":
            return "thrown out"
        case "keeps popping": return "keeps popping out"
        case "giving out", "gave out", "gives out": return "gave out"
        case "gives way": return "gave way"
        case "acts up", "plays up": return "acting up"
        case "flares up": return "flaring up"
        case "seizes up": return "seized up"
        case "swells", "swells up", "swelled", "swelled up", "swelling up": return "swelling"
        case "isn't great": return "not great"
        case "isn't right", "not the same", "hasn't been the same": return "not right"
        case "cast on": return "in a cast"
        case "splint", "splinted": return "in a splint"
        case "bandage", "bandaged": return "bandaged"
        case "stitches", "stiches", "sutures", "stitched up": return "stitches"
        case "blister", "blisters", "blistered": return "blisters"
        case "gash", "gashed": return "a gash"
        case "bitten": return "bitten"
        case "agony", "agonizing", "agonising", "excruciating": return "severe pain"
        case "sliced", "cut open": return "cut"
        case "burned my", "burnt my": return "burned"
        default: return phrase
        }
    }

    /// Every cue, longest first within a condition so "pulled a muscle" wins over "pulled".
    private static let allCues: [Cue] = {
        let list =
            cues(
                .surgery, "had surgery",
                "surgery,operation,operated on,op,reconstruction,replacement,arthroscopy,scope,scoped"
            )
            + cues(
                .tear, "torn",
                ("tore,torn,tear,ruptured,rupture,snapped,blew out,blown out,blew my acl,blew my knee,blew my achilles,"
                    + "blew my hamstring,blew my back,blew my shoulder"))
            + cues(
                .fracture, "fractured",
                "fractured,fracture,broke,broken,cracked,stress fracture,break my,break an,break both")
            + cues(.dislocation, "dislocated", "dislocated,dislocation,popped out,subluxed,separated")
            + cues(
                .diagnosis, nil,
                ("tendinitis,tendonitis,tendinopathy,bursitis,impingement,fasciitis,plantar fasciitis,shin splints,"
                    + "tennis elbow,golfer elbow,golfers elbow,frozen shoulder,herniated disc,herniated,bulging disc,slipped disc,"
                    + "sciatica,pinched nerve,pinched a nerve,trapped nerve,runner knee,runners knee,jumper knee,"
                    + "patellar tendinitis,arthritis,labral tear,hernia,herniation,carpal tunnel,whiplash,"
                    + "slipped a disc,herniated a disc,bulged a disc,slipped disk,herniated disk,bulging disk")
            )
            + cues(.sprain, "sprained", "sprained,sprain,rolled,twisted")
            + cues(.strain, "strained", "strained,strain,pulled,pull,pulled a muscle")
            + cues(
                .injury, "injured",
                ("injured,injury,injuries,hurt my,damaged,messed up,banged up,jacked up,busted,stubbed,smashed,wrecked,"
                    + "popped,heard a pop,felt a pop,did something to,"
                    + "jammed,crushed,dropped a weight on,dropped a dumbbell on,dropped a plate on,dropped a kettlebell on,"
                    + "dropped a bar on,dropped the weight on,dropped the dumbbell on,dropped the plate on,"
                    + "dropped the kettlebell on,dropped the bar on"))
            + cues(
                .injury, nil,
                ("fried,in bits,are shot,black and blue,bruised,bruise,landed on,landed funny,taped up,strapped up,"
                    + "kinked,unstable,numb,tingling,tender,spasmed,"
                    + "cast on,splint,splinted,bandage,bandaged,stitches,stiches,sutures,stitched up"))
            + cues(
                .injury, "still healing",
                ("still healing,healing,getting better,on the mend,not 100,isn't 100,not fully healed,not healed,hasn't healed,"
                    + "still isn't,still not")
            )
            // In treatment for a part: "physio on my shoulder", "going to PT for my knee"; with "my",
            // so a physio's own work ("I do PT for knees") is no injury.
            + cues(
                .injury, treatment,
                ("physio on my,physio for my,pt on my,pt for my,physical therapy on my,physical therapy for my,"
                    + "therapy on my,therapy for my,rehab on my,rehab for my,rehabbing my,rehabbing a,"
                    + "cortisone shot in my,cortisone injection in my,steroid injection in my,injection in my"))
            + cues(.tweak, "tweaked", "tweaked,tweak,jarred,aggravated,hyperextended")
            + cues(
                .flare, nil,
                ("went out,gave out,giving out,threw my back out,threw out my back,put my back out,put out my back,"
                    + "threw my neck out,is shot,is wrecked,is toast,is busted,keeps popping,acting up,playing up,flared up,flaring up,flare up,flare-up,"
                    + "locked up,seized up,giving me trouble,giving me grief,giving me problems,killing me,"
                    + "bothering me,been bothering,bad knee,bad back,bad shoulder,bad ankle,bad hip,dodgy,wonky,"
                    + "in a sling,in a cast,in a brace,in a boot,on crutches,wearing a brace,swollen,inflamed,"
                    + "gave way,giving way,knee brace,ankle brace,wrist brace,back brace,elbow brace,"
                    + "take it easy on,go easy on,killin me,bothered me,borthered me,bugging me,been bugging,"
                    + "giving me a lot of trouble,giving me some trouble,giving me so much trouble,isn't happy,not happy,"
                    + "worse,getting worse,is out,bum knee,bum shoulder,bum ankle,bum hip,bum back,trick knee,issue,issues,"
                    + "problem,problems,locks up,locking up,wrong with,in traction,gives out,gives way,acts up,flares up,"
                    + "plays up,seizes up,swells,swells up,swelled,swelled up,swelling up,not the same,hasn't been the same")
            )
            + cues(
                .pain, "hurts",
                ("hurts,hurt,hurting,hurtin,pain,painful,ache,aches,aching,achin,throbbing,twinge,niggle,spasm,spasms,ouch,"
                    + "cramp,cramping,cramps"))
            + cues(
                .pain, nil,
                ("not great,not right,doesn't feel right,does not feel right,don't feel right,not feeling right,"
                    + "isn't great,isn't right"))
            + cues(
                .pain, nil,
                ("blister,blisters,blistered,gash,gashed,bitten,scraped,sliced,cut open,bleeding,burned my,burnt my,agony,"
                    + "agonizing,agonising,excruciating"))
            + cues(.soreness, "sore", "sore,soreness,achy,stiff,stiffness")
        return list.sorted { ($0.condition, -$0.words.count) < ($1.condition, -$1.words.count) }
    }()

    /// The words that may open a cue: a sentence with none of them (and no restriction word) is
    /// skipped at a set look-up per word.
    private static let cueStarts: Set<String> = Set(allCues.compactMap(\.words.first))

    /// Who relays a restriction to the speaker: their words are about the speaker's body.
    private static let clinicians: Set<String> = [
        "doctor", "doc", "dr", "physio", "physiotherapist", "therapist", "pt", "surgeon", "ortho", "orthopedist",
        "chiro", "chiropractor", "specialist", "gp", "physician", "osteo", "osteopath", "podiatrist", "nurse",
    ]
    /// Verbs a clinician relays an order with.
    private static let relays: Set<String> = [
        "said", "says", "told", "tells", "wants", "advised", "recommended", "recommends", "ordered", "put",
        "cleared", "suggested",
    ]
    /// Other people: a sentence about one of them (and not about "I" or "my" part) is theirs.
    private static let others: Set<String> = [
        "wife", "husband", "partner", "boyfriend", "girlfriend", "son", "daughter", "kid", "kids", "child",
        "mom", "mum", "mother", "dad", "father", "brother", "sister", "friend", "buddy", "mate", "coworker",
        "colleague", "boss", "grandma", "grandpa", "grandmother", "grandfather", "aunt", "uncle", "cousin", "niece",
        "nephew", "neighbor", "neighbour", "roommate", "he", "she", "dog", "cat", "client", "teammate",
    ]
    private static let otherPossessives: Set<String> = ["his", "her", "their", "your", "its", "our"]
    /// A wish, a worry, a condition or prevention: nothing has happened.
    /// Checked in the words before the cue: "I tore my ACL, not sure if I need surgery" holds.
    private static let hypotheticals: [[String]] = [
        "don't want to", "do not want to", "dont want to", "afraid of", "scared of", "worried about hurting",
        "worried about getting", "in case", "if", "prevent", "so i don't", "so i dont", "careful not to",
        "avoid injury", "avoid pain", "avoid hurting", "avoid getting", "could hurt", "could injure", "could get",
        "might hurt", "might injure", "might get", "will hurt", "would hurt", "going to hurt", "gonna hurt",
        "unless", "whether", "wonder", "never", "chance of", "risk", "risking",
    ].map { $0.split(separator: " ").map(String.init) }
    /// Something present about the injury: it holds now, however long ago it happened.
    private static let present: Set<String> = [
        "hurts", "hurting", "pain", "painful", "sore", "aching", "aches", "still", "again", "now", "currently",
        "today", "sling", "cast", "brace", "crutches", "boot", "can't", "cant", "cannot", "recovering", "rehab",
        "rehabbing", "healing", "killing", "bothering", "swollen", "inflamed", "throbbing", "acting", "playing",
        "stitches", "bandage", "splint",
    ]
    /// The exercise a restriction names, and the part it loads.
    private static let exerciseParts: [String: String] = [
        "squat": "knee", "squats": "knee", "squatting": "knee", "lunges": "knee", "lunge": "knee", "running": "knee",
        "run": "knee", "jogging": "knee", "jumping": "knee", "jumps": "knee", "sprinting": "knee", "legs": "leg",
        "leg": "leg", "deadlift": "lower-back", "deadlifts": "lower-back", "deadlifting": "lower-back",
        "bending": "lower-back", "benching": "shoulder", "bench": "shoulder", "pressing": "shoulder",
        "overhead": "shoulder", "pushups": "shoulder", "push-ups": "shoulder", "pullups": "shoulder",
        "pull-ups": "shoulder", "dips": "shoulder", "curls": "arm", "weight": "leg", "lifting": "lower-back",
    ]
    /// Words before "off" that make it an order to stay off a part: "stay off", "been off my feet",
    /// "has me off running".
    private static let offOpeners: Set<String> = [
        "stay", "stays", "stayed", "staying", "keep", "keeps", "kept", "keeping", "be", "been", "being", "me",
        "totally", "completely", "am", "i'm", "im", "is", "was", "get", "getting", "week", "weeks", "month",
        "months", "day", "days", "time", "take", "taking", "took", "takes",
    ]
    /// Words after "keep" or "stay" that make an order of it: "stay off", "stay away from",
    /// "keep my knee elevated", "keep the arm in a sling".
    private static let keptOff: Set<String> = [
        "off", "away", "elevated", "immobilised", "immobilized", "iced", "rested", "up", "in", "wrapped", "taped",
        "strapped", "braced", "splinted",
    ]
    /// Words that open an order not to train ("no squats", "rest the knee", "stay off it").
    private static let restrictionStarts: Set<String> = [
        "no", "rest", "avoid", "stay", "off", "not", "nothing", "skip", "stop", "keep", "shouldn't",
    ]

    /// Words whose "'s" is "is" ("it's", "that's"), besides body parts.
    private static let contracted: Set<String> = ["it", "that", "he", "she", "what", "there", "everything"]
    /// Words after which a sentence-initial "back" is the body part ("Back's been bad", "back pain").
    private static let backLeads: Set<String> = [
        "is", "has", "been", "was", "pain", "pains", "hurts", "hurting", "feels", "keeps", "went", "gave", "spasms",
        "spasm", "muscles", "problems", "issues", "injury", "acting", "still", "locked", "seized", "isn't", "wasn't",
        "doesn't", "hasn't", "feeling", "aches", "aching",
    ]
    /// Conditions that name their part ("sciatica" is the lower back's).
    private static let conditionParts: [String: String] = [
        "sciatica": "lower-back", "fasciitis": "foot", "plantar": "foot", "splints": "shin", "disc": "back",
        "acl": "knee", "mcl": "knee", "pcl": "knee", "meniscus": "knee", "achilles": "ankle", "rotator": "shoulder",
        "labrum": "shoulder", "labral": "shoulder", "patellar": "knee", "lumbar": "lower-back", "hernia": "groin",
        "disk": "back", "carpal": "wrist", "whiplash": "neck", "crutches": "leg", "crutch": "leg",
    ]

    /// Words that keep a sentence that sounds like a recovery a problem: "recovering fine", "still
    /// not fine", "getting better", "wait until it's healed".
    private static let notYetWell: Set<String> = [
        "still", "again", "recovering", "healing", "rehab", "but", "getting", "mend", "until", "till", "once", "when",
        "before",
    ]

    /// Words that deny the problem word just after them.
    private static let negators: Set<String> = [
        "no", "not", "doesn't", "don't", "didn't", "isn't", "wasn't", "without", "never", "nothing", "dont", "doesnt",
        "hasn't", "haven't", "hadn't",
    ]

    /// Words after which "back" is a place: "the back of the gym", "my back yard".
    private static let backPlaces: Set<String> = [
        "of", "yard", "garden", "porch", "door", "seat", "seats", "row", "room", "pocket", "story", "stories", "end",
    ]

    /// Words after which "back" is the body part.
    private static let backOpeners: Set<String> = [
        "my", "the", "lower", "upper", "low", "mid", "bad", "sore", "his", "her", "their", "your", "whole", "a",
    ]

    private static let numbers: [String: Int] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "couple": 2, "few": 3, "several": 4,
    ]
    private static let units: [String: Int] = [
        "day": 1, "days": 1, "week": 7, "weeks": 7, "wk": 7, "wks": 7, "month": 30, "months": 30,
    ]

    /// Keys of the words besides body parts that may carry a reading (an exercise a restriction
    /// names, "sling"): a sentence with none of them and no body part is not read at all.
    private static let keys: Set<WordKey> = Set(
        (Array(exerciseParts.keys) + Array(conditionParts.keys) + ["sling"]).filter { $0.utf8.count <= 16 }.map {
            word in
            var key = WordKey(low: 0, high: 0)
            for (index, byte) in word.utf8.enumerated() { key.set(byte, at: index) }
            return key
        })

    /// True when the token may open a reading: a body part, or a word in ``keys``.
    static func mayConcern(_ token: Token) -> Bool {
        token.kind == .word && (token.flags.contains(.bodyPart) || keys.contains(token.key))
    }

    /// True when `words` (one sentence, lower case) may hold a reading: a set look-up per word.
    static func mayHold(_ words: [String]) -> Bool {
        words.contains {
            cueStarts.contains($0) || clinicians.contains($0) || restrictionStarts.contains($0)
                || inabilities.contains($0) || $0 == "can" || awaiting.contains($0)
        }
            && words.contains {
                BodyPart.byPhrase[$0] != nil || exerciseParts[$0] != nil || conditionParts[$0] != nil || $0 == "sling"
            }
    }

    /// The readings of one sentence (its words as written, in order): none, or one for the part
    /// nearest the problem word and one more for each part joined to it ("I sprained my wrist and
    /// elbow", "my knee hurts, and my ankle too"), each saying the same of its part.
    static func drafts(_ written: [String], sentAt: Date?, timeZone: TimeZone) -> [FactDraft] {
        var words = [String]()
        words.reserveCapacity(written.count + 2)
        for word in written {
            var lower = word.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
            // "knee's acting up": the part and "is"; "golfer's elbow": a possessive
            if lower.hasSuffix("'s"), lower.count > 2 {
                lower.removeLast(2)
                words.append(lower)
                if BodyPart.byPhrase[lower] != nil || contracted.contains(lower) { words.append("is") }
            } else {
                words.append(lower)
            }
        }
        // "stay on my toes", "fingers crossed": no part of the body.
        words = BodyIdiom.masked(words)
        guard mayHold(words) else { return [] }
        let dated = Self.age(words, sentAt: sentAt, timeZone: timeZone)
        // "back" is a body part after "my", "the", "lower" …, not in "I'm back at the gym".
        // And in a list of parts: "my feet and back hurt", "back and knees are aching".
        for index in words.indices where words[index] == "back" {
            // "the back of the gym", "at the back of my mind": a place.
            let opened =
                index > 0 && backOpeners.contains(words[index - 1])
                && (index + 1 == words.count || !backPlaces.contains(words[index + 1]))
            let leads =
                (index == 0 || words[index - 1] == "and") && index + 1 < words.count
                && backLeads.contains(words[index + 1])
            let listed =
                (index >= 2 && ["and", "or"].contains(words[index - 1]) && BodyPart.byPhrase[words[index - 2]] != nil)
                || (index + 2 < words.count && ["and", "or"].contains(words[index + 1])
                    && BodyPart.byPhrase[words[index + 2]] != nil)
            if !opened && !leads && !listed { words[index] = "_" }
        }

        // The cue: the most serious condition named, and where.
        let named = Self.problems(in: words)
        let found = named.min { ($0.cue.condition, $0.at) < ($1.cue.condition, $1.at) }
        let restriction = Self.restriction(in: words)
        guard found != nil || restriction != nil else { return [] }
        let cueAt = found?.at ?? words.count
        if hypotheticals.contains(where: { Array(words[..<cueAt]).contains(phrase: $0) }) { return [] }
        // "I'd break my arm", "could tear something": an event that has not happened.
        if let found, found.cue.condition < .flare, isForeseen(words, cue: found.cue, at: found.at),
            !words.contains(where: { present.contains($0) })
        {
            return []
        }
        // "rest" alone is a cue only as an order about a part ("rest the knee"), read below.
        let bodyFound = Self.part(in: words, near: found?.at)
        var partName = bodyFound?.part.name
        var partWords = bodyFound.map { spoken($0.part.name) }
        let side = bodyFound?.side
        if partName == nil, let restriction, let part = restriction.part {
            partName = part
            partWords = spoken(part)
        }
        if partName == nil, let part = words.lazy.compactMap({ conditionParts[$0] }).first {
            partName = part
            partWords = spoken(part)
        }
        if partName == nil, words.contains("sling") {
            partName = "arm"
            partWords = "arm"
        }
        guard let partName, let partWords else { return [] }

        // Whose: "my knee" is the speaker's; "her knee" or "my dad had hip surgery" is not.
        guard isSpeakers(words, partAt: bodyFound?.at) else { return [] }
        // Praise or a recovery with no problem word left: no restriction.
        // ("healed", "fine now"; not "recovering fine" or "still not fine").
        if Recovery.says(words), !Recovery.denies(words), restriction == nil,
            !words.contains(where: { notYetWell.contains($0) })
        {
            return []
        }
        // "no pain", "doesn't hurt", "not sore": the problem word denied; not "doesn't hurt as
        // much as it did", which says it still hurts.
        if let found, found.cue.condition >= .flare, restriction == nil,
            words[max(0, found.at - 2)..<found.at].contains(where: { negators.contains($0) }),
            !words[max(0, found.at - 2)..<found.at].contains(where: { ["stop", "stopped", "quit"].contains($0) }),
            !Recovery.denies(words)
        {
            return []
        }

        // When: a date within the healing time, or anything present, makes it current.
        let condition = found?.cue.condition ?? .restriction
        let holdsNow = words.contains { present.contains($0) } || restriction != nil
        // Over: the clause rules store it as past.
        if let dated, dated.days > condition.healingDays, !holdsNow { return [] }
        if dated == nil, isLongAgo(words), !holdsNow { return [] }
        // "I also had a cast on my arm for two months": a dressing worn once, undated, with
        // nothing else present; not "I've had a cast on for a month".
        if dated == nil, let found, dressings.contains(found.cue.label), wasWorn(words, before: found.at),
            !words.contains(where: { present.contains($0) && !dressingWords.contains($0) }), restriction == nil
        {
            return []
        }

        // The content: "Left knee: torn meniscus, hurts; no squats for 6 weeks".
        var what: [String] = []
        if let cue = found?.cue {
            var label = cue.label
            if cue.condition == .tear || cue.condition == .fracture || cue.condition == .dislocation,
                let structure = structure(words), structure.lowercased() != partWords
            {
                label += " " + structure
            }
            what.append(label)
            // What else the sentence says of it now: "in a sling", "swollen", "hurts".
            for other in named where other.cue.condition >= .flare && !what.contains(other.cue.label) {
                what.append(other.cue.label)
            }
        }
        if let restriction { what.append(restriction.text) }
        if let sentAt, let dated, dated.days > 0, dated.days < 400, found != nil {
            let day = Self.date(sentAt.addingTimeInterval(-Double(dated.days) * 86_400), timeZone: timeZone)
            what[0] += (dated.exact ? " on " : " around ") + day
        }
        let length = Self.statedDays(words).map { ", for " + Self.spell(days: $0) } ?? ""
        func reading(_ name: String, _ spokenName: String, _ side: String?) -> FactDraft {
            var subject = [side, spokenName].compactMap { $0 }.joined(separator: " ")
            subject = subject.prefix(1).uppercased() + subject.dropFirst()
            return FactDraft(
                subject: "self", category: .health, polarity: .positive, temporal: .current, confidence: 0.9,
                topic: [name, side].compactMap { $0 }.joined(separator: "-"),
                content: subject + ": " + what.joined(separator: ", ") + length)
        }
        var readings = [reading(partName, partWords, side)]
        if let bodyFound {
            for joined in joinedParts(words, to: bodyFound.at)
            where !readings.contains(where: { $0.topic.hasPrefix(joined.part.name) }) {
                readings.append(reading(joined.part.name, spoken(joined.part.name), joined.side))
            }
        }
        return readings
    }

    /// The problems the words name, each cue where it is said ("torn", "in a sling", "hurts"); or,
    /// with none, a part that does not work ("can't bend"), a healing ahead ("until my arm
    /// heals") or a part that limits training ("because of my knee"). Empty when the words say
    /// nothing is wrong ("Knee in the week of 9 November").
    private static func problems(in words: [String]) -> [(cue: Cue, at: Int)] {
        var named: [(cue: Cue, at: Int)] = []
        var index = 0
        while index < words.count {
            if cueStarts.contains(words[index]),
                let cue = allCues.first(where: {
                    $0.words.first == words[index] && words.hasPhrase($0.words, at: index)
                })
            {
                // "not great at sprinting": a skill, not a part that hurts.
                let next = index + cue.words.count < words.count ? words[index + cue.words.count] : ""
                if !["not", "isn't"].contains(cue.words.first ?? "")
                    || !["at", "with", "for", "about", "in"].contains(next),
                    !Self.isFigurative(cue, at: index, in: words)
                {
                    named.append((cue, index))
                }
                index += cue.words.count
                continue
            }
            index += 1
        }
        // "I can't bend my knee", "can barely walk on my ankle": a part that does not work.
        if named.isEmpty, let lost = Self.lostMovement(words) ?? Self.awaitedHealing(words) ?? Self.limiting(words) {
            named.append(lost)
        }
        return named
    }

    /// A part's slot name as a trainer reads it ("lower-back" → "lower back").
    private static func spoken(_ name: String) -> String {
        name.replacingOccurrences(of: "-", with: " ")
    }

    /// The structure torn or broken, when the sentence names one ("ACL", "meniscus", "rotator cuff").
    private static func structure(_ words: [String]) -> String? {
        let structures = [
            "acl": "ACL", "mcl": "MCL", "pcl": "PCL", "meniscus": "meniscus", "labrum": "labrum",
            "achilles": "Achilles",
            "ligament": "ligament", "tendon": "tendon", "cartilage": "cartilage", "rotator": "rotator cuff",
            "hamstring": "hamstring", "calf": "calf", "bicep": "bicep", "biceps": "biceps", "pec": "pec",
            "collarbone": "collarbone", "wrist": "wrist", "ankle": "ankle", "rib": "rib", "ribs": "ribs",
        ]
        return words.lazy.compactMap { structures[$0] }.first
    }

    /// Words that say the speaker cannot do something, and the movements whose loss names a
    /// problem with the part the sentence names.
    private static let inabilities: Set<String> = ["can't", "cant", "cannot", "unable", "barely", "hardly"]
    private static let movements: Set<String> = [
        "bend", "straighten", "lift", "raise", "move", "turn", "rotate", "walk", "extend", "flex", "grip", "squeeze",
        "kneel", "put", "bear", "twist", "use",
    ]
    /// Words that may stand between the two: "can't even bend", "unable to fully straighten".
    private static let inabilityFillers: Set<String> = [
        "even", "really", "properly", "fully", "quite", "to", "be", "able", "being",
    ]

    /// A movement the speaker says they cannot make, as a pain cue at the word that says so:
    /// "can't bend", "can barely walk", "unable to lift". Nil when the sentence says none.
    private static func lostMovement(_ words: [String]) -> (cue: Cue, at: Int)? {
        for (index, word) in words.enumerated() {
            let unable =
                inabilities.contains(word) || (word == "can" && words.dropFirst(index + 1).first == "not")
                || (word == "not" && words.dropFirst(index + 1).prefix(2).contains("able"))
            let after = words.dropFirst(index + (word == "can" ? 2 : 1))
            guard unable, let end = after.prefix(4).firstIndex(where: { !inabilityFillers.contains($0) }),
                movements.contains(words[end])
            else { continue }
            // "can't put any weight on my ankle": the weight is what cannot be put, said on "it".
            let weight = words[(end + 1)...].prefix(2).firstIndex(of: "weight")
            let said = words[index...(weight ?? end)].joined(separator: " ") + (weight == nil ? "" : " on it")
            let label = word == "barely" || word == "hardly" ? "can " + said : said
            return (Cue(words: Array(words[index...end]), condition: .pain, label: label), index)
        }
        return nil
    }

    /// A part named as what limits the speaker, as a flare cue: "only upper body because of my
    /// knee", "skipping legs due to my left knee"; not "a knee sleeve because of my squats".
    private static func limiting(_ words: [String]) -> (cue: Cue, at: Int)? {
        let causes: [[String]] = [["because", "of", "my"], ["due", "to", "my"], ["on", "account", "of", "my"]]
        let modifiers: Set<String> = ["left", "right", "lower", "upper", "bad", "sore", "injured", "stupid", "dodgy"]
        for index in words.indices {
            guard let cause = causes.first(where: { words.hasPhrase($0, at: index) }) else { continue }
            let rest = words.dropFirst(index + cause.count).drop { modifiers.contains($0) }
            guard let next = rest.first, BodyPart.byPhrase[next] != nil else { continue }
            return (Cue(words: cause, condition: .flare, label: "limiting training"), index)
        }
        return nil
    }

    /// Words that put a healing ahead, and the words of the healing.
    private static let awaiting: Set<String> = ["until", "till", "til", "once", "when", "before"]
    private static let healingWords: Set<String> = [
        "heal", "heals", "healed", "healing", "better", "recovered", "recovers", "recover",
    ]

    /// A healing the speaker waits for, as an injury cue at the word that puts it ahead: "wait
    /// until my arm is healed", "when my hamstring is feeling better", "once my knee heals" say
    /// the part is not healed now; "when my knee healed" (a past healing) does not. Nil when the
    /// sentence says none.
    private static func awaitedHealing(_ words: [String]) -> (cue: Cue, at: Int)? {
        let ahead: Set<String> = [
            "is", "has", "gets", "get", "feels", "feeling", "be", "will", "heals", "heal", "better",
        ]
        for (index, word) in words.enumerated() where awaiting.contains(word) {
            let after = words.dropFirst(index + 1).prefix(8)
            guard let part = after.firstIndex(where: { BodyPart.byPhrase[$0] != nil }),
                let healing = after[part...].firstIndex(where: { healingWords.contains($0) }),
                after[part...healing].contains(where: { ahead.contains($0) })
            else { continue }
            return (Cue(words: [word], condition: .injury, label: "still healing"), index)
        }
        return nil
    }

    /// An order not to train, with the part it protects when it names an exercise: "no squats",
    /// "rest the knee", "stay off my feet", "not allowed to run", "avoid overhead pressing".
    private static func restriction(in words: [String]) -> (text: String, part: String?)? {
        let relayed = words.contains { clinicians.contains($0) }
        for (index, word) in words.enumerated() where restrictionStarts.contains(word) {
            let rest = Array(words[(index + 1)...].prefix(5))
            let exercise = rest.first { exerciseParts[$0] != nil }
            let part = rest.lazy.compactMap { BodyPart.byPhrase[$0]?.name }.first
            switch word {
            case "no", "nothing", "skip", "stop":
                guard let exercise, relayed || rest.first == exercise || rest.first == "heavy" else { continue }
                return ("no \(exerciseText(exercise, in: rest))" + by(words), exerciseParts[exercise])
            case "rest", "stay", "off", "keep":
                if word == "rest", rest.first == "day" || rest.first == "days" { continue }
                // "keep my feet flat", "sit, stay and heel", "a weight off my shoulders": no order;
                // "stay away from squats", "keep my knee elevated", "two weeks off lifting", or
                // anything a clinician relays, is one.
                if word == "stay" || word == "keep", !relayed, !rest.prefix(4).contains(where: keptOff.contains) {
                    continue
                }
                if word == "off", index > 0, !relayed,
                    !words[max(0, index - 2)..<index].contains(where: offOpeners.contains)
                {
                    continue
                }
                guard part != nil || (word != "rest" && (rest.contains("feet") || exercise != nil)) else { continue }
                if word == "rest" { return ("rest advised" + by(words), part) }
                let what =
                    exercise.map { exerciseText($0, in: rest) } ?? rest.first { BodyPart.byPhrase[$0] != nil } ?? "it"
                return ("off " + what + by(words), exercise.flatMap { exerciseParts[$0] } ?? part)
            case "avoid":
                guard let exercise else { continue }
                return ("avoid \(exerciseText(exercise, in: rest))" + by(words), exerciseParts[exercise])
            case "not", "shouldn't":
                guard let exercise, relayed || rest.contains("allowed") else { continue }
                return ("no \(exerciseText(exercise, in: rest))" + by(words), exerciseParts[exercise])
            default: continue
            }
        }
        return nil
    }

    /// The exercise as named, with the word that completes it ("overhead pressing", "heavy squats").
    private static func exerciseText(_ exercise: String, in rest: [String]) -> String {
        guard let at = rest.firstIndex(of: exercise), at + 1 < rest.count,
            exercise == "overhead" || exercise == "bench",
            rest[at + 1].hasSuffix("ing") || rest[at + 1].hasSuffix("press")
        else { return exercise }
        return exercise + " " + rest[at + 1]
    }

    /// " by the physio" when a clinician relayed it.
    private static func by(_ words: [String]) -> String {
        guard let who = words.first(where: { clinicians.contains($0) }) else { return "" }
        let name =
            switch who {
            case "doc", "dr", "gp", "physician": "doctor"
            case "pt", "physiotherapist": "physio"
            case "ortho", "orthopedist": "surgeon"
            case "chiro": "chiropractor"
            default: who
            }
        return " by the " + name
    }

    /// Settles a sentence's reading against the facts the clause rules found in it (those from
    /// `start` on): their current health fact about the same part stands, worded as they wrote
    /// it ("Left knee hurts when running"), with the stated length added when they left it out;
    /// their past one about it becomes current ("Tweaked their back on 31 October 2026 … and it
    /// hurts"); with neither, the reading is the fact ("Knee: torn meniscus").
    /// Returns true when the reading must be appended as a fact of its own.
    static func settle(_ reading: FactDraft, with facts: inout [ExtractedFact], from start: Int) -> Bool {
        var part = reading.topic
        for side in ["-left", "-right"] where part.hasSuffix(side) { part.removeLast(side.count) }
        let family = BodyPart.named(part)
        for index in facts.indices.dropFirst(start) {
            let statement = facts[index].statement
            guard statement.subject == "self", statement.category == .health,
                let found = BodyPart.find(in: words(statement.content)),
                found.part == family
                    || found.part.within == family?.name || family?.within == found.part.name
            else { continue }
            let clause = words(statement.content)
            if statement.polarity == .negative || (Recovery.says(clause) && !Recovery.denies(clause))
                || (problems(in: clause).isEmpty && !clause.contains { present.contains($0) })
            {
                // "No squats for 6 weeks" read as a denial, "Waits until their arm is healed"
                // read as a recovery, "Knee in the week of 9 November" (from "Had surgery on my
                // knee last week") saying nothing of what is wrong: the reading is the fact.
                facts.remove(at: index)
                break
            }
            facts[index].statement.temporal = .current
            if let length = reading.content.range(of: ", for "), !statement.content.contains(" for ") {
                facts[index].statement.content += " for " + String(reading.content[length.upperBound...])
            }
            return false
        }
        return true
    }

    /// Lower-case words of a content, for the part finder.
    private static func words(_ content: String) -> [String] {
        content.lowercased().split { !$0.isLetter }.map(String.init)
    }

    /// The first body part named, with its side and where it starts ("left lower back" → lower-back).
    /// The body part named nearest the cue at `cue` (the first one without a cue), with its side
    /// and where it starts: "my knee is fine but my back went out" is about the back.
    private static func part(in words: [String], near cue: Int?) -> (part: BodyPart, side: String?, at: Int)? {
        var best: (part: BodyPart, side: String?, at: Int)? = nil
        for (part, index, _) in namedParts(words) {
            let before = words[max(0, index - 3)..<index]
            let side = part.sided ? before.last { $0 == "left" || $0 == "right" } : nil
            guard let cue else { return (part, side, index) }
            if best == nil || abs(index - cue) < abs(best!.at - cue) { best = (part, side, index) }
        }
        return best
    }

    /// Every body part the words name, in order, with where its words start and end (a phrase of
    /// two words, "lower back", before its last word alone).
    private static func namedParts(_ words: [String]) -> [(part: BodyPart, at: Int, end: Int)] {
        var named: [(part: BodyPart, at: Int, end: Int)] = []
        var index = 0
        while index < words.count {
            let pair = index + 1 < words.count ? BodyPart.byPhrase[words[index] + " " + words[index + 1]] : nil
            guard let part = pair ?? BodyPart.byPhrase[words[index]],
                pair != nil || !ownedOnly.contains(words[index]) || index > 0 && owners.contains(words[index - 1])
            else {
                index += 1
                continue
            }
            let end = index + (pair == nil ? 1 : 2)
            named.append((part, index, end))
            index = end
        }
        return named
    }

    /// Muscles named by a word with an everyday sense ("such dust traps", "a lat pulldown"): a part
    /// only after a word that makes it someone's ("my traps", "left lat").
    private static let ownedOnly: Set<String> = ["traps", "lat", "lats"]
    private static let owners: Set<String> = [
        "my", "left", "right", "both", "upper", "sore", "tight", "his", "her", "your",
    ]

    /// Words that join two parts into one statement, and those that may stand between two joined
    /// parts besides a joiner ("and my", "hurts and so does my"); "her", "but" or any other word
    /// separates them.
    private static let joiners: Set<String> = ["and", "or", "plus", "also", "too", "&"]
    private static let joinFillers: Set<String> = [
        "my", "the", "both", "left", "right", "lower", "upper", "mid", "middle", "so", "does", "do", "is", "are",
        "as", "well", "hurts", "hurt", "aches", "sore", "now",
        // where on the part: "in my knee and the bottom portion of my leg"
        "in", "of", "bottom", "top", "front", "side", "sides", "portion", "part", "area", "inside", "outside",
    ]

    /// The parts joined to the part at `at`, on either side, each to the one before it: none
    /// between (a list whose commas were dropped), or at most six words with a joiner among them
    /// and nothing but joiners and fillers. Each with the side said just before it.
    private static func joinedParts(_ words: [String], to at: Int) -> [(part: BodyPart, side: String?)] {
        let named = namedParts(words)
        guard let first = named.firstIndex(where: { $0.at <= at && at < $0.end }) else { return [] }
        var joined: [(part: BodyPart, side: String?)] = []
        for direction in [-1, 1] {
            var current = first
            while named.indices.contains(current + direction) {
                let next = named[current + direction]
                let gap = direction < 0 ? words[next.end..<named[current].at] : words[named[current].end..<next.at]
                let joins =
                    gap.isEmpty
                    || (gap.count <= 6 && gap.contains { joiners.contains($0) }
                        && gap.allSatisfy { joiners.contains($0) || joinFillers.contains($0) })
                guard joins else { break }
                current += direction
                let before = words[max(0, next.at - 2)..<next.at]
                let side = next.part.sided ? before.last { $0 == "left" || $0 == "right" } : nil
                joined.append((next.part, side))
            }
        }
        return joined
    }

    /// Whether the sentence is about the speaker's body: "my knee", "I tore …", or a clinician's
    /// order to them, and not another person's.
    private static func isSpeakers(_ words: [String], partAt: Int?) -> Bool {
        if let at = partAt {
            let before = words[max(0, at - 3)..<at]
            if before.contains(where: { otherPossessives.contains($0) }) { return false }
            if before.contains("my") {
                // "my wife's knee" was split into "wife", "is": another person's part
                return !before.contains { others.contains($0) }
            }
        }
        let first = words.firstIndex {
            $0 == "i" || $0 == "i'm" || $0 == "i've" || $0 == "me" || $0 == "im" || $0 == "ive"
        }
        let other = words.firstIndex { others.contains($0) }
        if let other, first.map({ other < $0 }) ?? true {
            // "My dad had hip surgery", "she tore her ACL": another person's
            return false
        }
        return true
    }

    /// Days between the injury and the message, from the sentence's own dating, and whether the
    /// day is exact ("yesterday", "on Monday", "3 days ago") or approximate ("last week").
    private static func age(_ words: [String], sentAt: Date?, timeZone: TimeZone) -> (days: Int, exact: Bool)? {
        for (index, word) in words.enumerated() {
            switch word {
            case "today", "tonight", "morning": return (0, true)
            case "yesterday": return (1, true)
            case "ago", "back":
                guard index >= 2 else { continue }
                let unitWord = words[index - 1]
                guard let unit = units[unitWord] ?? (unitWord == "years" || unitWord == "year" ? 365 : nil) else {
                    continue
                }
                let counted = words[index - 2] == "of" && index >= 3 ? words[index - 3] : words[index - 2]
                let count = numbers[counted] ?? Int(counted) ?? 1
                return (count * unit, unit == 1)
            case "last", "this", "past":
                guard index + 1 < words.count else { continue }
                let next = words[index + 1]
                if next == "night" { return (1, true) }
                if let day = weekdayNumbers[next], let sentAt {
                    return (daysBack(to: day, from: sentAt, timeZone), true)
                }
                if next == "week" || next == "weekend" { return (word == "this" ? 3 : 7, false) }
                if next == "month" { return (word == "this" ? 15 : 30, false) }
                if next == "year" { return (word == "this" ? 180 : 365, false) }
            default:
                if let day = weekdayNumbers[word] {
                    guard let sentAt else { return (4, false) }
                    return (daysBack(to: day, from: sentAt, timeZone), true)
                }
                if word == "weekend" { return (3, false) }
                if word == "recently" || word == "lately" { return (7, false) }
            }
        }
        return nil
    }

    private static let weekdayNumbers: [String: Int] = [
        "sunday": 1, "monday": 2, "tuesday": 3, "wednesday": 4, "thursday": 5, "friday": 6, "saturday": 7,
    ]

    /// Days from the latest `weekday` (1 = Sunday) on or before the day `sentAt` falls on.
    private static func daysBack(to weekday: Int, from sentAt: Date, _ timeZone: TimeZone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.component(.weekday, from: sentAt)
        return (today - weekday + 7) % 7
    }

    /// Whether a cue is said in another sense here: "take a break my knee hurts" (a rest), "these
    /// squats break my legs" (no one broke anything: "break" needs the speaker before it), "burned
    /// my legs out on the bike" (tired).
    private static func isFigurative(_ cue: Cue, at index: Int, in words: [String]) -> Bool {
        switch cue.words.first {
        case "break":
            let before = words[max(0, index - 4)..<index]
            return index > 0 && ["a", "the", "quick", "short", "little"].contains(words[index - 1])
                || !before.contains { ["i", "i've", "ive", "i'd", "i'll"].contains($0) }
        case "burned", "burnt":
            return words.dropFirst(index + cue.words.count).prefix(3).contains("out")
        case "worse":
            // "could be worse": all right
            return index >= 2 && words[index - 1] == "be" && ["could", "can't", "couldn't"].contains(words[index - 2])
        default:
            return false
        }
    }

    /// Words that may stand between a modal and the event it foresees: "I'd probably break".
    private static let foreseeingFillers: Set<String> = [
        "probably", "definitely", "totally", "just", "surely", "eventually", "even", "also", "easily", "likely",
        "certainly", "really", "end", "up",
    ]
    private static let modals: Set<String> = [
        "will", "would", "could", "might", "gonna", "i'll", "you'll", "we'll", "it'll", "ll", "wanna",
    ]
    /// "I'd" is "I would" before a verb's base ("I'd break my wrist") and "I had" before its
    /// participle ("I'd broken my wrist"): only the first foresees.
    private static let wouldContractions: Set<String> = ["i'd", "you'd", "we'd", "he'd", "she'd", "they'd"]
    private static let baseVerbs: Set<String> = [
        "break", "tear", "pull", "sprain", "strain", "twist", "hurt", "injure", "tweak", "snap", "rupture",
        "dislocate", "fracture", "blow", "wreck", "bust", "smash", "crush", "jam", "pop", "roll", "do",
    ]

    /// Whether a modal stands before the cue at `at`: "one of these days I'll break them", "I
    /// could tear something"; not "I may need surgery", whose modal is the need's.
    private static func isForeseen(_ words: [String], cue: Cue, at: Int) -> Bool {
        var index = at - 1
        while index >= 0, foreseeingFillers.contains(words[index]) { index -= 1 }
        guard index >= 0 else { return false }
        // "going to break", "gonna tear"; not "going to PT for my knee", a place one goes
        if words[index] == "to", index > 0, words[index - 1] == "going" { return cue.label != treatment }
        if wouldContractions.contains(words[index]) { return cue.words.first.map(baseVerbs.contains) == true }
        return modals.contains(words[index])
    }

    /// The label of a part in treatment ("physio on my shoulder").
    private static let treatment = "in physical therapy"

    /// The labels of a dressing on a part, and the words that name one.
    private static let dressings: Set<String> = ["in a cast", "in a splint", "bandaged", "stitches", "in a sling"]
    private static let dressingWords: Set<String> = ["cast", "splint", "bandage", "stitches", "sling"]

    /// Whether the cue is the object of a past "had": "I also had a cast on"; not "I've had a cast
    /// on", "I had my wrist in a cast", "just had 6 stitches".
    private static func wasWorn(_ words: [String], before at: Int) -> Bool {
        guard at >= 2, words[at - 2] == "had", ["a", "the"].contains(words[at - 1]) else { return false }
        let had = at - 2
        return had == 0 || !["have", "i've", "ive", "has", "we've", "she's", "he's", "'ve"].contains(words[had - 1])
    }

    /// Words after "once" that make it no past date: a clause it opens ("once my knee heals", "once
    /// I got home"), a habit ("once a week", "once in a while") or a repeat ("once more", "once
    /// again"). Anywhere else it dates an event in the past ("I once broke", "broke my elbow once").
    private static let clauseOpeners: Set<String> = [
        "my", "the", "it", "i", "this", "that", "you", "he", "she", "we", "they", "your", "his", "her", "our",
        "their", "its", "i'm", "it's", "everything", "more", "again", "a", "an", "every", "per", "or", "in", "i've",
        "i'd", "we're", "they're", "you're", "i'll",
    ]
    /// Words after "in the past" that make it recent: "in the past week", "in the past few days".
    private static let recentSpans: Set<String> = [
        "week", "weeks", "few", "couple", "day", "days", "month", "months", "hour", "hours", "two", "three",
        "several", "fortnight", "weekend", "night", "24", "48", "72",
    ]

    /// "as a kid", "in high school", "in 2015", "years ago", "I once broke": long past, with no
    /// date in days.
    private static func isLongAgo(_ words: [String]) -> Bool {
        let phrases = [
            "as a kid", "as a child", "as a teen", "high school", "in college", "when i was", "years", "decade",
            "used to", "long time",
        ]
        if phrases.contains(where: { words.contains(phrase: $0.split(separator: " ").map(String.init)) }) {
            return true
        }
        if let past = words.indices.first(where: { words.hasPhrase(["in", "the", "past"], at: $0) }),
            past + 3 == words.count || !recentSpans.contains(words[past + 3])
        {
            return true
        }
        if let once = words.firstIndex(of: "once"), once == 0 || words[once - 1] != "at",
            once + 1 == words.count || !clauseOpeners.contains(words[once + 1])
        {
            return true
        }
        return words.contains { $0.count == 4 && Int($0).map { (1900...2100).contains($0) } == true }
    }

    /// A length the person gave the restriction ("for 6 weeks", "for a couple of weeks"), in days.
    static func statedDays(_ words: [String]) -> Int? {
        for (index, word) in words.enumerated() where word == "for" || word == "next" || word == "another" {
            var at = index + 1
            guard at < words.count else { continue }
            if words[at] == "the" || words[at] == "a" && index + 2 < words.count && numbers[words[at + 1]] != nil {
                at += 1
            }
            guard at < words.count, let count = numbers[words[at]] ?? Int(words[at]) else { continue }
            at += 1
            if at < words.count, words[at] == "of" { at += 1 }
            guard at < words.count, let unit = units[words[at]] else { continue }
            return count * unit
        }
        return nil
    }

    /// "6 weeks", "10 days", "1 week".
    static func spell(days: Int) -> String {
        if days % 30 == 0 { return days == 30 ? "1 month" : "\(days / 30) months" }
        if days % 7 == 0 { return days == 7 ? "1 week" : "\(days / 7) weeks" }
        return days == 1 ? "1 day" : "\(days) days"
    }

    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// "23 November 2026", in the author's zone.
    private static func date(_ instant: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.day, .month, .year], from: instant)
        return "\(parts.day ?? 1) \(months[max(0, min(11, (parts.month ?? 1) - 1))]) \(parts.year ?? 1970)"
    }
}

extension [String] {
    /// Whether `phrase` occurs here starting at `index`.
    fileprivate func hasPhrase(_ phrase: [String], at index: Int) -> Bool {
        index + phrase.count <= count && self[index..<(index + phrase.count)].elementsEqual(phrase)
    }
}
