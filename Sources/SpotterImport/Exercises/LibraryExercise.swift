/// An exercise of the library (`spotter.exercises`), as the importer matches names against it.
public struct LibraryExercise: Sendable, Hashable {
    /// Its id.
    public var id: Int64
    /// Its name.
    public var name: String
    /// Its primary muscle groups (`primary_muscles`).
    public var muscles: [String]

    /// An exercise with every field given.
    public init(id: Int64, name: String, muscles: [String]) {
        self.id = id
        self.name = name
        self.muscles = muscles
    }
}
