/// What a client message is about; replies are chosen by it.
enum SeedTopic: Equatable {
    case injury, recovery, goal, diet, family, schedule, like, dislike, habit, skill, belief, experience
    case feedback, smallTalk, comeback
    case question(Int)
}

/// One thing a person may say about themselves or someone close, in several phrasings so
/// re-mentions vary, optionally with a later message that changes it ("my knee doesn't hurt
/// anymore", "I quit smoking last week!") and a phrasing in the person's own language.
struct SeedFact {
    let topic: SeedTopic
    let phrasings: [String]
    var foreign: String? = nil
    var update: String? = nil
    var updateTopic: SeedTopic = .recovery
    var foreignUpdate: String? = nil
}

/// Small helpers for phrase building.
enum SeedText {
    /// "I" stays "I"; the first letter is upper-cased.
    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let seasons = ["spring", "summer", "autumn", "winter"]
}
