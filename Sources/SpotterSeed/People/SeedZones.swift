/// One time zone users live in, with how common it is and the locale most of its users have.
struct SeedZone {
    /// IANA identifier.
    let identifier: String
    /// Relative weight among all zones.
    let weight: Double
    /// The usual locale there (among en-US, en-GB, pt-BR, de-DE, es-ES).
    let locale: String
}

/// Where users live and which locales they use.
enum SeedZones {
    /// A zone no IANA database knows, given to a handful of users so bad input is exercised.
    static let invalidZone = "Mars/Olympus"
    /// A locale no one knows, given to a handful of users.
    static let invalidLocale = "xx-INVALID"
    /// Share of users with the invalid zone, and separately with the invalid locale.
    static let invalidShare = 0.0008

    /// Every continent, zones with and without DST, and the far ends (UTC+13, +14, −11) plus
    /// half- and quarter-hour offsets.
    static let all: [SeedZone] = [
        SeedZone(identifier: "America/New_York", weight: 12, locale: "en-US"),
        SeedZone(identifier: "America/Chicago", weight: 7, locale: "en-US"),
        SeedZone(identifier: "America/Denver", weight: 3, locale: "en-US"),
        SeedZone(identifier: "America/Phoenix", weight: 1, locale: "en-US"),
        SeedZone(identifier: "America/Los_Angeles", weight: 8, locale: "en-US"),
        SeedZone(identifier: "America/Anchorage", weight: 0.5, locale: "en-US"),
        SeedZone(identifier: "Pacific/Honolulu", weight: 0.5, locale: "en-US"),
        SeedZone(identifier: "America/Toronto", weight: 3, locale: "en-US"),
        SeedZone(identifier: "America/St_Johns", weight: 0.3, locale: "en-US"),
        SeedZone(identifier: "America/Mexico_City", weight: 4, locale: "es-ES"),
        SeedZone(identifier: "America/Bogota", weight: 2, locale: "es-ES"),
        SeedZone(identifier: "America/Argentina/Buenos_Aires", weight: 2, locale: "es-ES"),
        SeedZone(identifier: "America/Santiago", weight: 1, locale: "es-ES"),
        SeedZone(identifier: "America/Sao_Paulo", weight: 8, locale: "pt-BR"),
        SeedZone(identifier: "Europe/London", weight: 6, locale: "en-GB"),
        SeedZone(identifier: "Europe/Dublin", weight: 1, locale: "en-GB"),
        SeedZone(identifier: "Europe/Lisbon", weight: 2, locale: "pt-BR"),
        SeedZone(identifier: "Europe/Madrid", weight: 4, locale: "es-ES"),
        SeedZone(identifier: "Europe/Paris", weight: 2, locale: "en-GB"),
        SeedZone(identifier: "Europe/Berlin", weight: 5, locale: "de-DE"),
        SeedZone(identifier: "Europe/Vienna", weight: 1, locale: "de-DE"),
        SeedZone(identifier: "Europe/Zurich", weight: 1, locale: "de-DE"),
        SeedZone(identifier: "Africa/Lagos", weight: 2, locale: "en-GB"),
        SeedZone(identifier: "Africa/Nairobi", weight: 1, locale: "en-GB"),
        SeedZone(identifier: "Africa/Johannesburg", weight: 2, locale: "en-GB"),
        SeedZone(identifier: "Africa/Cairo", weight: 1, locale: "en-GB"),
        SeedZone(identifier: "Asia/Dubai", weight: 1, locale: "en-GB"),
        SeedZone(identifier: "Asia/Kolkata", weight: 4, locale: "en-GB"),
        SeedZone(identifier: "Asia/Kathmandu", weight: 0.3, locale: "en-GB"),
        SeedZone(identifier: "Asia/Singapore", weight: 2, locale: "en-GB"),
        SeedZone(identifier: "Asia/Manila", weight: 1, locale: "en-US"),
        SeedZone(identifier: "Asia/Tokyo", weight: 2, locale: "en-US"),
        SeedZone(identifier: "Australia/Perth", weight: 1, locale: "en-GB"),
        SeedZone(identifier: "Australia/Adelaide", weight: 0.5, locale: "en-GB"),
        SeedZone(identifier: "Australia/Sydney", weight: 3, locale: "en-GB"),
        SeedZone(identifier: "Pacific/Auckland", weight: 1, locale: "en-GB"),
        SeedZone(identifier: "Pacific/Tongatapu", weight: 0.4, locale: "en-GB"),
        SeedZone(identifier: "Pacific/Kiritimati", weight: 0.3, locale: "en-US"),
        SeedZone(identifier: "Pacific/Pago_Pago", weight: 0.3, locale: "en-US"),
        SeedZone(identifier: "Antarctica/McMurdo", weight: 0.1, locale: "en-US"),
    ]

    /// Zone weights, in the order of ``all``.
    static let weights: [Double] = all.map(\.weight)

    /// The five supported locales and how often a user picks one regardless of zone.
    static let locales: [String] = ["en-US", "en-GB", "pt-BR", "de-DE", "es-ES"]
    static let localeWeights: [Double] = [40, 20, 15, 10, 15]

    /// Draws a locale for a user of `zone`: usually the zone's, sometimes any, rarely with a
    /// first-weekday extension (`-u-fw-mon`, `-u-fw-sun`) and very rarely invalid.
    static func locale(for zone: SeedZone?, random: inout SeedRandom) -> String {
        if random.chance(invalidShare) { return invalidLocale }
        var locale = zone.map(\.locale) ?? "en-US"
        if random.chance(0.2) { locale = locales[random.weightedIndex(localeWeights)] }
        let extensionRoll = random.unit()
        if extensionRoll < 0.01 {
            locale += "-u-fw-mon"
        } else if extensionRoll < 0.013 {
            locale += "-u-fw-sun"
        }
        return locale
    }

    /// The language part of a locale ("pt" for "pt-BR-u-fw-mon"), "en" when unknown.
    static func language(of locale: String) -> String {
        let prefix = String(locale.prefix(2))
        return ["pt", "de", "es"].contains(prefix) ? prefix : "en"
    }
}
