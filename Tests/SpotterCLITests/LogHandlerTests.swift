import Foundation
import Logging
import SpotterIDs
import SpotterLogging
import Synchronization
import Testing

/// The log handler of every command: text as swift-log prints it, JSON lines, and no value that
/// can break a line.
@Suite("Log handler")
struct LogHandlerTests {
    /// Collects what a handler writes.
    final class Lines: Sendable {
        let storage = Mutex<[String]>([])
        var sink: LogSink { LogSink { line in self.storage.withLock { $0.append(line) } } }
        var all: [String] { storage.withLock { $0 } }
    }

    func logger(_ format: LogFormat, _ lines: Lines) -> Logger {
        Logger(label: "spotter.work") { label in
            SpotterLogHandler(label: label, format: format, level: .info, sink: lines.sink)
        }
    }

    @Test("text lines keep swift-log's StreamLogHandler format")
    func textFormat() throws {
        let lines = Lines()
        var logger = logger(.text, lines)
        logger[metadataKey: "worker"] = "host:1:ab"
        logger.info("job succeeded", metadata: ["kind": "noop", "job_id": "42"])
        logger.debug("below the level")
        let line = try #require(lines.all.first)
        #expect(lines.all.count == 1)
        let pattern =
            #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} info spotter\.work: job_id=42 kind=noop worker=host:1:ab \[SpotterCLITests\] job succeeded\n$/#
        #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
    }

    @Test("JSON lines parse, with time, level, label, message and each metadata key")
    func jsonFormat() throws {
        let lines = Lines()
        let logger = logger(.json, lines)
        logger.warning(
            "job dead", metadata: ["job_id": "42", "kind": "noop", "level": "shadowed", "tags": ["a", "b"]])
        let line = try #require(lines.all.first)
        #expect(line.hasSuffix("}\n") && line.filter { $0 == "\n" }.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["level"] as? String == "warning")
        #expect(object["label"] as? String == "spotter.work")
        #expect(object["message"] as? String == "job dead")
        #expect(object["job_id"] as? String == "42")
        #expect(object["kind"] as? String == "noop")
        #expect(object["metadata_level"] as? String == "shadowed")
        #expect(object["tags"] as? [String] == ["a", "b"])
        let time = try #require(object["time"] as? String)
        #expect(time.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/#) != nil, "\(time)")
    }

    @Test(
        "a value holding a newline or terminal escapes cannot forge a line, in either format",
        arguments: LogFormat.allCases)
    func forgedLines(format: LogFormat) throws {
        let lines = Lines()
        let logger = logger(format, lines)
        let forged = "noop\n2026-01-01T00:00:00+0000 critical spotter.work: [SpotterQueue] database dropped"
        let evil = "x\r\u{1B}[2Jy\u{2028}z\u{0}\u{85}"
        logger.warning("unknown job kind \(forged); marking dead", metadata: ["kind": "\(forged)", "error": "\(evil)"])
        logger.warning("\(evil)")
        #expect(lines.all.count == 2)
        for line in lines.all {
            let body = line.dropLast()
            #expect(line.last == "\n")
            #expect(
                !body.unicodeScalars.contains {
                    $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}"
                },
                "\(line.debugDescription)")
        }
        if format == .json {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(lines.all[0].utf8)) as? [String: Any])
            #expect(object["kind"] as? String == forged)  // the value survives, escaped
            #expect(object["error"] as? String == evil)
        } else {
            #expect(lines.all[0].contains(#"kind=noop\n2026-01-01T00:00:00+0000 critical"#))
            #expect(lines.all[1].contains(#"x\r\u{1b}[2Jy\u{2028}z\u{0}\u{85}"#), "\(lines.all[1])")
        }
    }

    @Test("escaping leaves ordinary text alone")
    func ordinaryText() {
        for text in ["", "job succeeded", "Zoë – 北京 🏋️", #"back\slash "quoted""#] {
            #expect(LogEscaping.escaped(text) == text)
        }
        #expect(LogEscaping.jsonString("a\"b\\c\n\u{1}") == #""a\"b\\c\n\u0001""#)
    }
}
