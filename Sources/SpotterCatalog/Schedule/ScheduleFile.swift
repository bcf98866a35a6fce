import Foundation

/// Reads and validates `jobs/schedule.yaml` against the kinds already read.
enum ScheduleFile {
    static let topKeys = ["version", "schedule"]
    static let entryKeys = [
        "name", "description", "kind", "cron", "time_zone", "per_zone", "payload", "catch_up", "max_catch_up",
    ]

    /// Decodes the whole file.
    static func decode(_ text: String, file: String, kinds: [String: KindSpec]) throws(CatalogError) -> [ScheduleEntry]
    {
        let root = try YAMLDocument.root(of: text, file: file, expecting: "a mapping with a \"schedule\" list")
        let top = try root.mapping(allowedKeys: topKeys, expecting: "a mapping with a \"schedule\" list")
        if let version = top.optional("version") {
            guard try version.int() == 1 else { throw version.failure("only version 1 is supported") }
        }
        let list = try top.required("schedule", "the list of schedule entries; write schedule: [] for none")
        var entries: [ScheduleEntry] = []
        var namesSeen: [String: (index: Int, line: Int?)] = [:]
        for (index, node) in try list.sequence(expecting: "a list of schedule entries").enumerated() {
            let entry = try decodeEntry(node, kinds: kinds)
            let nameNode = try node.mapping().required("name", "")
            if let earlier = namesSeen[entry.name] {
                let place = earlier.line.map { " (line \($0))" } ?? ""
                throw nameNode.failure("\"\(entry.name)\" is already used by schedule[\(earlier.index)]\(place)")
            }
            namesSeen[entry.name] = (index, nameNode.line)
            entries.append(entry)
        }
        return entries
    }

    private static func decodeEntry(_ node: CatalogNode, kinds: [String: KindSpec]) throws(CatalogError)
        -> ScheduleEntry
    {
        let map = try node.mapping(allowedKeys: entryKeys, expecting: "a schedule entry (name, kind, cron, …)")
        let nameNode = try map.required("name", "a unique name for the entry")
        let name = try nameNode.string()
        try checkEntryName(name, node: nameNode)
        let kindNode = try map.required("kind", "the kind of job to enqueue")
        let kind = try kindNode.string()
        guard kinds[kind] != nil else {
            throw kindNode.failure("unknown kind \"\(kind)\"" + suggestionHint(for: kind, among: kinds.keys.sorted()))
        }
        let cronNode = try map.required("cron", "five fields: minute hour day-of-month month day-of-week")
        let cron: CronExpression
        do {
            cron = try CronExpression(parsing: try cronNode.string())
        } catch {
            throw error.placed(file: cronNode.file, line: cronNode.line, key: cronNode.path)
        }
        let zone = try decodeZone(map, entry: node)
        var entry = ScheduleEntry(name: name, kind: kind, cron: cron, zone: zone)
        if let description = map.optional("description") { entry.description = try description.string() }
        if let payload = map.optional("payload") { entry.payload = try payload.valueMap() }
        if let catchUp = map.optional("catch_up") { entry.catchUp = try catchUp.bool() }
        if let window = map.optional("max_catch_up") { entry.maxCatchUp = try window.positiveDuration() }
        return entry
    }

    /// `time_zone: <IANA name>` or `per_zone: true`, exactly one of them.
    private static func decodeZone(_ map: CatalogMapping, entry: CatalogNode) throws(CatalogError) -> ScheduleZone {
        let perZoneNode = map.optional("per_zone")
        let perZone = try perZoneNode?.bool() ?? false
        let zoneNode = map.optional("time_zone")
        switch (zoneNode, perZone) {
        case (let zoneNode?, true):
            throw zoneNode.failure("set either time_zone or per_zone: true, not both")
        case (let zoneNode?, false):
            let identifier = try zoneNode.string()
            let known = TimeZone(identifier: identifier) != nil
            guard !known || identifier.contains("/") || identifier == "UTC" else {
                throw zoneNode.failure(
                    "\"\(identifier)\" is an abbreviation or legacy name; use an IANA region name such as America/New_York, or UTC"
                )
            }
            guard known else {
                throw zoneNode.failure(
                    "unknown time zone \"\(identifier)\""
                        + (closestMatch(to: identifier, among: TimeZone.knownTimeZoneIdentifiers)
                            .map { " (did you mean \"\($0)\"?)" } ?? " (use an IANA name such as Europe/Berlin)"))
            }
            return .fixed(identifier)
        case (nil, true):
            return .perZone
        case (nil, false):
            let place = perZoneNode ?? entry
            throw CatalogError(
                file: place.file, line: place.keyLine ?? place.line, key: perZoneNode?.path ?? entry.path,
                message: "set time_zone (an IANA name such as Europe/Berlin) or per_zone: true")
        }
    }

    /// Entry names appear in unique keys: lower-case letters, digits, `_`, `-` and `.`.
    private static func checkEntryName(_ name: String, node: CatalogNode) throws(CatalogError) {
        let valid =
            name.count <= 63 && name.first.map { $0.isASCII && ($0.isLowercase || $0.isNumber) } == true
            && name.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || "_-.".contains($0) }
        guard valid else {
            throw node.failure(
                "\"\(name)\" is not a valid entry name (a–z, 0–9, _, - and ., starting with a letter or digit)")
        }
    }
}
