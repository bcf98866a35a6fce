/// What the words between the subject and the head of the predicate say: negation, tense,
/// aspect and modality ("I don't", "I used to", "I've never", "I'd love to", "I can't").
struct VerbGroup: Sendable {
    var negated = false
    var never = false
    var cessation = false
    var usedTo = false
    var past = false
    var perfect = false
    var progressive = false
    var future = false
    var copula = false
    var possession = false
    var canModal = false
    var hypothetical = false
    var hedged = false
    var frequent = false
    /// Index of the head: the main verb, the copula's complement, or the possessed object.
    var head: Int

    private static let frequencyAdverbs: Set<WordKey> = Lexicon.keys(
        "always usually often sometimes rarely seldom normally generally typically regularly occasionally mostly hardly barely"
    )
    private static let skipped: Set<WordKey> = Lexicon.keys("once ever even")
    private static let perfectMarkers: Set<WordKey> = Lexicon.keys(
        "been got never always just already ever recently")
    private static let nonProgressive: Set<WordKey> = Lexicon.keys(
        "morning evening thing nothing something anything everything king spring ceiling swing sibling")

    /// Reads the verb group starting at `start`; `contraction` is the subject's ("i'm", "i've").
    init(words: [Token], start: Int, contraction: WordKey?) {
        head = start
        switch contraction {
        case Words.iAm?, Words.im?: copula = true
        case Words.iHave?, Words.ive?: possession = true
        case Words.iWould?: hypothetical = true
        case Words.iWill?: future = true
        default: break
        }
        var index = start
        if possession, index < words.count, isPerfectMarker(words, index) {
            possession = false
            perfect = true
        }
        scan: while index < words.count {
            let word = words[index]
            let key = word.key
            let next = index + 1 < words.count ? words[index + 1] : nil
            switch key {
            case Words.am, Words.is, Words.are, Words.be:
                copula = true
            case Words.was, Words.were:
                copula = true
                past = true
            case Words.been:
                if next?.key == Words.to { break scan }  // "I've been to Japan"
                copula = true
                if possession { possession = false }
                perfect = true
            case Words.have, Words.has, Words.had:
                if key == Words.had && !possession && !perfect { past = true }  // "I've had" is a perfect
                if next?.key == Words.to {  // "I have to watch my carbs": an obligation, not a fact
                    hypothetical = true
                    index += 1
                } else if isPerfectMarker(words, index + 1) {
                    perfect = true
                } else {
                    possession = true
                    index += 1
                    break scan
                }
            case Words.got where next?.key == Words.to, WordKey("gotta"):
                // "I've got to go", "I gotta run": an obligation of the moment, like "have to".
                hypothetical = true
                if key == Words.got { index += 1 }
            case Words.got where possession || perfect:
                possession = true
                perfect = false
                index += 1
                break scan
            case Words.did where next?.key == Words.not || next?.key == Words.never:
                past = true
            case Words.used where next?.key == Words.to:
                usedTo = true
                index += 1
            case Words.no where next?.key == Words.longer:
                cessation = true
                index += 1
            case Words.not:
                negated = true
            case Words.never:
                negated = true
                never = true
                frequent = true
            case Words.can:
                canModal = true
            case Words.will:
                future = true
            default:
                if word.flags.contains(.auxiliary) && word.flags.contains(.negation) {
                    readNegatedAuxiliary(word)
                } else if word.flags.contains(.auxiliary) && word.flags.contains(.hedge) {
                    hedged = true  // might, may
                } else if word.flags.contains(.auxiliary) && key != Words.do && key != Words.does && key != Words.did {
                    hypothetical = true  // would, could, should, must
                } else if Self.frequencyAdverbs.contains(key) {
                    frequent = true
                } else if word.flags.contains(.hedge) {
                    hedged = true
                } else if !word.flags.contains(.filler) && !Self.skipped.contains(key) {
                    break scan
                }
            }
            index += 1
        }
        head = index
        if copula, index < words.count, words[index].hasSuffix("ing"), words[index].length > 4,
            !Self.nonProgressive.contains(words[index].key)
        {
            progressive = true
        }
    }

    private mutating func readNegatedAuxiliary(_ word: Token) {
        negated = true
        let text = word.text
        if text.hasPrefix("can") || text.hasPrefix("couldn") { canModal = true }
        if text.hasPrefix("couldn") || text.hasPrefix("didn") || text.hasPrefix("wasn") || text.hasPrefix("weren")
            || text.hasPrefix("hadn")
        {
            past = true
        }
        if text.hasPrefix("isn") || text.hasPrefix("aren") || text.hasPrefix("wasn") || text.hasPrefix("weren") {
            copula = true
        }
        if text.hasPrefix("won") { future = true }
        if text.hasPrefix("wouldn") || text.hasPrefix("shouldn") { hypothetical = true }
        if text.hasPrefix("haven") || text.hasPrefix("hasn") || text.hasPrefix("hadn") { possession = true }
    }

    private func isPerfectMarker(_ words: [Token], _ index: Int) -> Bool {
        guard index < words.count else { return false }
        let word = words[index]
        if Self.perfectMarkers.contains(word.key) { return true }
        return (word.flags.contains(.pastForm) || word.flags.contains(.experienceVerb)) && word.key != Words.had
            || (word.looksRegularPast && word.length > 4
                && word.flags.isDisjoint(with: [.condition, .symptom, .marital]))
    }
}
