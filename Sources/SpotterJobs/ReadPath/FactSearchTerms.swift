/// A question's search terms, as `spotter.fact_search_terms` picks them on PostgreSQL: its words,
/// lower-cased, without English stop words and the words that frame a question about people
/// ("what did John SAY", "who MENTIONED"), unique, at most 16 of at most 64 characters. The SQLite
/// search stems them with FTS5's porter tokenizer.
public enum FactSearchTerms {
    /// At most this many terms are searched.
    public static let maxTerms = 16

    /// The terms of `query`, in order of first appearance.
    public static func terms(_ query: String) -> [String] {
        var terms: [String] = []
        var seen: Set<String> = []
        let words = query.prefix(1000).lowercased().split { !($0.isLetter || $0.isNumber) }
        for word in words {
            let term = String(word.prefix(64))
            guard !stopWords.contains(term), !questionWords.contains(term), seen.insert(term).inserted else { continue }
            terms.append(term)
            if terms.count == maxTerms { break }
        }
        return terms
    }

    /// PostgreSQL's english stop words (the snowball list) and their contractions' pieces.
    static let stopWords: Set<String> = [
        "i", "me", "my", "myself", "we", "our", "ours", "ourselves", "you", "your", "yours", "yourself",
        "yourselves", "he", "him", "his", "himself", "she", "her", "hers", "herself", "it", "its", "itself",
        "they", "them", "their", "theirs", "themselves", "what", "which", "who", "whom", "this", "that", "these",
        "those", "am", "is", "are", "was", "were", "be", "been", "being", "have", "has", "had", "having", "do",
        "does", "did", "doing", "a", "an", "the", "and", "but", "if", "or", "because", "as", "until", "while",
        "of", "at", "by", "for", "with", "about", "against", "between", "into", "through", "during", "before",
        "after", "above", "below", "to", "from", "up", "down", "in", "out", "on", "off", "over", "under",
        "again", "further", "then", "once", "here", "there", "when", "where", "why", "how", "all", "any",
        "both", "each", "few", "more", "most", "other", "some", "such", "no", "nor", "not", "only", "own",
        "same", "so", "than", "too", "very", "s", "t", "can", "will", "just", "don", "should", "now", "d", "ll",
        "m", "o", "re", "ve", "y",
    ]

    /// Words that frame a question about people rather than say what it is about.
    static let questionWords: Set<String> = [
        "say", "says", "said", "saying", "tell", "tells", "told", "telling", "mention", "mentions",
        "mentioned", "mentioning", "talk", "talks", "talked", "talking", "ask", "asks", "asked", "anyone",
        "someone", "anybody", "somebody", "client", "clients", "member", "members", "person", "people", "ever",
    ]
}
