/// Durations written for people: "0.82 s", "14.3 s", "2 min 05 s", "1 h 03 min".
enum HumanDuration {
    static func text(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if seconds < 10 { return "\((seconds * 100).rounded() / 100) s" }
        if seconds < 60 { return "\((seconds * 10).rounded() / 10) s" }
        let whole = Int(seconds.rounded())
        if whole < 3600 { return "\(whole / 60) min \(twoDigits(whole % 60)) s" }
        return "\(whole / 3600) h \(twoDigits(whole % 3600 / 60)) min"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
