import SpotterDB
public import SpotterIDs

/// One `daily_suggestions` row: the workout suggested to a user for one local date.
public struct DailySuggestionRow: ResultRow, Hashable {
    /// `daily_suggestions`.
    public static let table = "daily_suggestions"
    /// `user_id`.
    public static let subjectColumn = "user_id"
    /// The user.
    public var subject: UserID { user_id }

    /// The user.
    public var user_id: UserID
    /// The user's local date the suggestion is for (`YYYY-MM-DD`).
    public var local_date: String
    /// The workout and its program.
    public var workout_id: WorkoutID, program_id: ProgramID
    /// What the member sees.
    public var title: String
    /// The ranking's score.
    public var score: Double
    /// Short human-readable reasons in the reference English (JSON).
    public var reasons: [String]
    /// The same reasons as codes with arguments (JSON; nil in rows written before migration 032).
    public var reason_codes: StoredReasons?
    /// The job that wrote the row.
    public var job_id: Int64?

    /// A row from its column values.
    public init(
        user_id: UserID, local_date: String, workout_id: WorkoutID, program_id: ProgramID, title: String, score: Double,
        reasons: [String], job_id: Int64?, reason_codes: StoredReasons? = nil
    ) {
        self.user_id = user_id
        self.local_date = local_date
        self.workout_id = workout_id
        self.program_id = program_id
        self.title = title
        self.score = score
        self.reasons = reasons
        self.reason_codes = reason_codes
        self.job_id = job_id
    }
}

/// One `program_recommendations` row: a program ranked for a user.
public struct ProgramRecommendationRow: ResultRow, Hashable {
    /// `program_recommendations`.
    public static let table = "program_recommendations"
    /// `user_id`: a user's list is replaced whole.
    public static let subjectColumn = "user_id"
    /// The user.
    public var subject: UserID { user_id }

    /// The user.
    public var user_id: UserID
    /// 1 … `top_k`.
    public var rank: Int
    /// The program.
    public var program_id: ProgramID
    /// Its title.
    public var title: String
    /// The ranking's score.
    public var score: Double
    /// Short human-readable reasons in the reference English (JSON).
    public var reasons: [String]
    /// The same reasons as codes with arguments (JSON; nil in rows written before migration 032).
    public var reason_codes: StoredReasons?
    /// The user's local date when computed (`YYYY-MM-DD`).
    public var local_date: String
    /// The job that wrote the row.
    public var job_id: Int64?

    /// A row from its column values.
    public init(
        user_id: UserID, rank: Int, program_id: ProgramID, title: String, score: Double, reasons: [String],
        local_date: String, job_id: Int64?, reason_codes: StoredReasons? = nil
    ) {
        self.user_id = user_id
        self.rank = rank
        self.program_id = program_id
        self.title = title
        self.score = score
        self.reasons = reasons
        self.reason_codes = reason_codes
        self.local_date = local_date
        self.job_id = job_id
    }
}
