public import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The log handler of every `spotter` command: swift-log's stream format (`text`, unchanged) or
/// one JSON object per line (`json`), and in both formats every logged value — message, label,
/// metadata keys and values, source — has its control characters escaped (``LogEscaping``), so a
/// job kind or an error holding a newline cannot start a forged line.
public struct SpotterLogHandler: LogHandler {
    /// The least severe level written.
    public var logLevel: Logger.Level
    /// Metadata attached to every line of this handler.
    public var metadata: Logger.Metadata = [:]
    /// Adds metadata at each log call.
    public var metadataProvider: Logger.MetadataProvider?

    private let label: String
    private let format: LogFormat
    private let sink: LogSink

    /// A handler for `label` writing lines of `format` at `level` and above to `sink`.
    public init(
        label: String, format: LogFormat, level: Logger.Level, sink: LogSink = .standardError(),
        metadataProvider: Logger.MetadataProvider? = nil
    ) {
        self.label = label
        self.format = format
        self.logLevel = level
        self.sink = sink
        self.metadataProvider = metadataProvider
    }

    /// One metadata item.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Formats and writes one event.
    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let explicit = event.metadata { merged.merge(explicit) { _, new in new } }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        switch format {
        case .text: sink(textLine(event, merged))
        case .json: sink(jsonLine(event, merged, time: Self.utcTimestamp()))
        }
    }

    func textLine(_ event: LogEvent, _ metadata: Logger.Metadata) -> String {
        let pretty = metadata.sorted { $0.key < $1.key }
            .map { "\(LogEscaping.escaped($0.key))=\(LogEscaping.escaped("\($0.value)"))" }
            .joined(separator: " ")
        return "\(Self.localTimestamp()) \(event.level)\(label.isEmpty ? "" : " ")\(LogEscaping.escaped(label)):"
            + (pretty.isEmpty ? "" : " " + pretty)
            + " [\(LogEscaping.escaped(event.source))] \(LogEscaping.escaped(event.message.description))\n"
    }

    /// The reserved members of a JSON line; a metadata key with one of these names is written
    /// as `metadata_NAME` instead.
    static let reservedKeys: Set<String> = ["time", "level", "label", "message", "source"]

    func jsonLine(_ event: LogEvent, _ metadata: Logger.Metadata, time: String) -> String {
        var line = "{\"time\":\(LogEscaping.jsonString(time)),\"level\":\(LogEscaping.jsonString(event.level.rawValue))"
        line += ",\"label\":\(LogEscaping.jsonString(label))"
        line += ",\"message\":\(LogEscaping.jsonString(event.message.description))"
        line += ",\"source\":\(LogEscaping.jsonString(event.source))"
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            let name = Self.reservedKeys.contains(key) ? "metadata_" + key : key
            line += ",\(LogEscaping.jsonString(name)):\(Self.json(value))"
        }
        return line + "}\n"
    }

    static func json(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): return LogEscaping.jsonString(text)
        case .stringConvertible(let convertible): return LogEscaping.jsonString(convertible.description)
        case .array(let values): return "[" + values.map(json).joined(separator: ",") + "]"
        case .dictionary(let members):
            return "{"
                + members.sorted { $0.key < $1.key }.map { LogEscaping.jsonString($0.key) + ":" + json($0.value) }
                .joined(separator: ",") + "}"
        }
    }

    /// swift-log's stream format: local time, `2026-03-01T09:15:00+0100`.
    static func localTimestamp() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return format(parts, "%Y-%m-%dT%H:%M:%S%z")
    }

    /// UTC with milliseconds, `2026-03-01T08:15:00.123Z`, for JSON lines.
    static func utcTimestamp() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        var seconds = spec.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let millis = Int(spec.tv_nsec / 1_000_000)
        let text = String(millis)
        return format(parts, "%Y-%m-%dT%H:%M:%S") + "." + String(repeating: "0", count: 3 - text.count) + text + "Z"
    }

    private static func format(_ parts: tm, _ pattern: String) -> String {
        var parts = parts
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
