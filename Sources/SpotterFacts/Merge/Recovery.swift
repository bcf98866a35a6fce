/// Whether a statement about a body part says it is well again: "knee is fine now", "no more
/// pain in my knee", "doesn't hurt anymore", "the pain is gone", "feels much better, no pain".
/// "Getting better" and "recovering from" are not recoveries: the problem still holds.
enum Recovery {
    static func says(_ words: [String]) -> Bool {
        let text = " " + words.joined(separator: " ") + " "
        if negatedWell.contains(where: text.contains) { return false }
        if phrases.contains(where: text.contains) { return true }
        // "the pain in my ankle is gone", "the soreness went away"
        return [" gone ", " went away ", " gone away ", " disappeared "].contains(where: text.contains)
            && [" pain ", " ache ", " soreness ", " swelling ", " hurt ", " hurting "].contains(where: text.contains)
    }

    private static let phrases: [String] = [
        " fine ", " ok now ", " okay now ", " better now ", " much better ", " all better ", " healed ",
        " recovered ", " no more pain ", " no pain ", " pain is gone ", " pain's gone ", " pain free ",
        " doesn't hurt ", " does not hurt ", " don't hurt ", " do not hurt ", " not hurting ", " stopped hurting ",
        " no longer hurts ", " no longer hurt ", " no longer sore ", " not sore ", " back to normal ",
        " good as new ", " 100 ", " all good ", " cleared ", " pain has gone ", " hurts no more ",
    ]

    private static let negatedWell: [String] = [
        " not fine ", " isn't fine ", " not ok ", " not okay ", " never fine ", " not better ", " no better ",
        " isn't better ", " not healed ", " not recovered ", " hasn't healed ", " not fully ",
    ]
}
