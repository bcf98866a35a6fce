/// The version `spotter --version` prints. Raise it with each release; the schema's own version
/// is the last applied migration (`spotter health` counts them).
enum SpotterVersion {
    static let current = "0.1.0"
}
