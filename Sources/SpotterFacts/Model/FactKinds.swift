/// What a fact is about. The companion app groups its "About You" screen by these.
///
/// A fact whose subject is someone other than the speaker ("my wife is vegan") is always
/// `.relationship`: that section is where the people in the user's life live, and the subject
/// field says who. What kind of fact it is about them is kept in the slot key
/// (`"wife|relationship|diet"`), so it is never mistaken for the speaker's own diet.
public enum FactCategory: String, Sendable, CaseIterable, Codable {
    /// Body, pain, injuries, illness, medication, allergies, sleep, stress, weight, pregnancy.
    case health
    /// Aspirations and intentions: "I want to run a marathon", "my goal is…"; temporal `.intended`.
    case goal
    /// Likes, dislikes and diet. A dislike ("I hate burpees") has polarity `.negative`.
    case preference
    /// Name, age, job, home, origin, pets, working pattern.
    case personal
    /// Marital status, children, family; every fact about someone the speaker names.
    case relationship
    /// Abilities and languages. An inability ("I can't swim", "bad at tennis") is `.negative`.
    case skill
    /// Routines and frequencies: "I run every morning", "I smoke", "I used to smoke".
    case habit
    /// Opinions about the world and values: "I believe rest days matter", "I'm not religious".
    case belief
    /// One-off past events and achievements: "I ran a marathon in 2019"; temporal `.past`.
    case experience
    /// Durable facts that fit nowhere else: equipment, possessions, circumstances.
    case other
}

/// Whether the statement is affirmed or negated ("doesn't eat meat", "never liked running").
///
/// For preferences and skills polarity carries the stance: a dislike or an inability is
/// `.negative`, so "I don't like running" and "I hate running" land in the same state.
public enum FactPolarity: String, Sendable, Codable {
    /// Affirmed.
    case positive
    /// Negated, disliked, or unable.
    case negative
}

/// When the fact holds relative to the message.
///
/// A cessation ("used to smoke", "no longer smokes", "doesn't hurt anymore", "quit smoking") is
/// `.past` with the former state's polarity, so all its phrasings merge as one fact.
public enum FactTemporal: String, Sendable, Codable {
    /// Holds now.
    case current
    /// Held before and no longer does, or a completed event.
    case past
    /// Wanted, planned or aimed for.
    case intended
}
