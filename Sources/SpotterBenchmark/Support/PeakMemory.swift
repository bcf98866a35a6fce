import Foundation

/// Peak resident memory from `/proc` (Linux): this process's or a child's.
enum PeakMemory {
    /// VmHWM (else VmRSS) of `process` ("self" or a pid) in KiB; nil when unreadable.
    static func kilobytes(of process: String = "self") -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return nil }
        var best: Int?
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") || line.hasPrefix("VmRSS:") {
            if let value = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
                best = max(best ?? 0, value)
            }
        }
        return best
    }

    /// Resets this process's peak to its current RSS (`echo 5 > /proc/self/clear_refs`); false
    /// when not allowed.
    static func reset() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }
}
