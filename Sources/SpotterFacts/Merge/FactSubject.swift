/// Canonical names for the people a fact can be about, so "dad" and "father" share a slot.
enum FactSubject {
    /// `self`, or the canonical relation for a subject an extractor named.
    static func canonical(_ subject: String) -> String {
        let key = subject.lowercased()
        return synonyms[key] ?? key
    }

    private static let synonyms: [String: String] = [
        "dad": "father", "daddy": "father", "papa": "father", "pops": "father", "mom": "mother", "mum": "mother",
        "mommy": "mother", "mummy": "mother", "mama": "mother", "ma": "mother", "hubby": "husband",
        "spouse": "partner", "bf": "boyfriend", "gf": "girlfriend", "grandma": "grandmother", "granny": "grandmother",
        "nana": "grandmother", "grandpa": "grandfather", "granddad": "grandfather", "bro": "brother", "sis": "sister",
        "kid": "children", "kids": "children", "child": "children", "coworker": "colleague", "co-worker": "colleague",
        "bestie": "friend", "neighbour": "neighbor", "fiancee": "fiance", "fiancée": "fiance", "fiancé": "fiance",
        "myself": "self", "i": "self", "me": "self",
    ]
}
