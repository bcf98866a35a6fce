public import Foundation
public import SpotterIDs
public import SpotterStats

/// One past workout session (`workout_sessions`).
public struct PastSession: Sendable, Hashable {
    /// The library workout done, or nil for a free-form session.
    public var workoutID: WorkoutID?
    /// When the session started.
    public var startedAt: Date
    /// How long it lasted.
    public var durationMinutes: Int
    /// The session's own name as the person logged it ("Push", "Legs & Back"), if any
    /// (`workout_sessions.title`, written by `spotter import`).
    public var title: String?
    /// What was done, per muscle group (from `session_sets`, warm-ups excluded). Empty when the
    /// session has no sets: the library workout's primary muscle groups stand in for it.
    public var work: [MuscleWork]
    /// What was lifted, per exercise (from `session_sets`): read only for recent sessions of a
    /// member whose profile is missing or silent, for ``LogInference``. Usually empty.
    public var lifts: [LoggedLift]

    /// Creates a session.
    public init(
        workoutID: WorkoutID?, startedAt: Date, durationMinutes: Int, title: String? = nil, work: [MuscleWork] = [],
        lifts: [LoggedLift] = []
    ) {
        self.workoutID = workoutID
        self.startedAt = startedAt
        self.durationMinutes = durationMinutes
        self.title = title
        self.work = work
        self.lifts = lifts
    }
}

/// A member's enrollment in a program (`enrollments`).
public struct Enrollment: Sendable, Hashable {
    /// The program.
    public var programID: ProgramID
    /// When the member enrolled; sessions from then on count as progress.
    public var startedAt: Date
    /// "active", "completed" or "abandoned"; only "active" drives the daily suggestion.
    public var status: String

    /// Creates an enrollment.
    public init(programID: ProgramID, startedAt: Date, status: String) {
        self.programID = programID
        self.startedAt = startedAt
        self.status = status
    }

    /// Whether the enrollment is active.
    public var isActive: Bool { status == "active" }
}

/// Everything the ranking knows about one member for one local date.
public struct MemberContext: Sendable {
    /// The member.
    public var userID: UserID
    /// The profile; nil is a cold start.
    public var profile: MemberProfile?
    /// All enrollments, any status.
    public var enrollments: [Enrollment]
    /// Past sessions in any order; sessions after `now` are ignored.
    public var sessions: [PastSession]
    /// The most recent check-in, if any.
    public var latestCheckIn: CheckIn?
    /// The moment of the computation (for a nightly run, shortly after local midnight).
    public var now: Date
    /// The member's local date the result is for, "YYYY-MM-DD". Rest is counted in local days
    /// up to this date; when it does not parse, the local date of `now` is used.
    public var localDate: String
    /// The member's time zone (`users.time_zone`), which gives each session its local date;
    /// nil means UTC.
    public var timeZone: TimeZone?
    /// The member's health facts that were current at `now` (see ``Injuries``), any order.
    public var healthFacts: [HealthFact]
    /// When the member's first session ever started, which may precede every session in
    /// `sessions` (a shard reads a window); nil means the earliest of `sessions`.
    public var firstSessionAt: Date?
    /// The workouts of every session the member logged before `now`, which may reach before
    /// `sessions` (a shard reads a window and keeps this with the personal state); nil means
    /// those of `sessions`. The program recommendations count a program as trained from them.
    public var trainedWorkouts: Set<WorkoutID>?
    /// Each active enrollment's progress over every session the member logged since it started,
    /// which may reach before `sessions` (a shard reads a window and keeps this with the personal
    /// state); nil, or an active enrollment missing, means counted from `sessions`.
    public var enrollmentProgress: [EnrollmentProgress]?

    /// Creates a context.
    public init(
        userID: UserID, profile: MemberProfile?, enrollments: [Enrollment] = [], sessions: [PastSession] = [],
        latestCheckIn: CheckIn? = nil, now: Date, localDate: String, timeZone: TimeZone? = nil,
        healthFacts: [HealthFact] = [], firstSessionAt: Date? = nil, trainedWorkouts: Set<WorkoutID>? = nil,
        enrollmentProgress: [EnrollmentProgress]? = nil
    ) {
        self.enrollmentProgress = enrollmentProgress
        self.trainedWorkouts = trainedWorkouts
        self.firstSessionAt = firstSessionAt
        self.healthFacts = healthFacts
        self.userID = userID
        self.profile = profile
        self.enrollments = enrollments
        self.sessions = sessions
        self.latestCheckIn = latestCheckIn
        self.now = now
        self.localDate = localDate
        self.timeZone = timeZone
    }
}
