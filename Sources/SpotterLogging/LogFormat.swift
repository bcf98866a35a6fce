/// How log lines are written.
public enum LogFormat: String, Sendable, Hashable, CaseIterable {
    /// swift-log's `StreamLogHandler` line: `TIME LEVEL LABEL: KEY=VALUE… [SOURCE] MESSAGE`.
    case text
    /// One JSON object per line: `time`, `level`, `label`, `message`, `source`, then each
    /// metadata key (`job_id`, `kind`, …) as a member of its own.
    case json
}
