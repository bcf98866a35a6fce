/// Every reason code Spotter writes: one entry each in `locales/reasons.json` (its arguments, and
/// its text in every language). A test fails when a case has no catalog entry or a language lacks it.
public enum ReasonCode: String, CaseIterable, Sendable, Hashable {
    /// The suggested workout is the next one of the program the member is enrolled in.
    case nextInEnrolledProgram = "next_in_enrolled_program"
    /// The suggested workout is the next one of a program that fits the member.
    case nextInProgram = "next_in_program"
    /// The suggested workout comes from the enrolled program, not as its next one.
    case fromEnrolledProgram = "from_enrolled_program"
    /// The suggested workout comes from a program that fits the member.
    case fromProgram = "from_program"
    /// The next workout of another enrolled program is left for a later day.
    case programWorkoutWaits = "program_workout_waits"
    /// The next workout of another enrolled program waits, and why (a nested reason).
    case programWorkoutWaitsBecause = "program_workout_waits_because"
    /// The next workout of another enrolled program waits: low energy, a lighter day first.
    case programWorkoutWaitsLighterDay = "program_workout_waits_lighter_day"
    /// Light mobility work needs no recovery.
    case mobilityNoRestNeeded = "mobility_no_rest_needed"
    /// The workout's muscle groups have no recent training.
    case musclesNotTrainedRecently = "muscles_not_trained_recently"
    /// The workout's muscle groups rested for more than a week.
    case musclesRestedOverWeek = "muscles_rested_over_week"
    /// Hours since the workout's muscle groups were last trained.
    case musclesRestedHours = "muscles_rested_hours"
    /// The least recovered muscle group of the member's own session: hours rested and how recovered.
    case musclesRestedHoursRecovered = "muscles_rested_hours_recovered"
    /// The workout fits the member's preferred session length.
    case fitsMinutes = "fits_minutes"
    /// Longer than the member prefers, but it is what their program plans.
    case programPlannedMinutes = "program_planned_minutes"
    /// The workout's estimated length (no preference known).
    case aboutMinutes = "about_minutes"
    /// A recent low-energy check-in: this is a lighter session.
    case lowEnergyLighterSession = "low_energy_lighter_session"
    /// A recent low-energy check-in, and the workout is not light.
    case lowEnergyGoEasy = "low_energy_go_easy"
    /// Cold start: a workout safe for a beginner.
    case beginnerSafeStart = "beginner_safe_start"
    /// No profile yet: bodyweight work up to a length.
    case noProfileBodyweight = "no_profile_bodyweight"
    /// The program or workout matches the member's goal.
    case matchesGoal = "matches_goal"
    /// The program supports the member's goal in part.
    case supportsGoal = "supports_goal"
    /// The member finished an enrolled program.
    case finishedProgram = "finished_program"
    /// An enrollment names a program the catalog does not have.
    case enrolledProgramNotInCatalog = "enrolled_program_not_in_catalog"
    /// A catalog problem makes the workout unusable (the problem, as the catalog check words it).
    case workoutUnusable = "workout_unusable"
    /// A catalog problem makes the workout unusable.
    case catalogProblem = "catalog_problem"
    /// The workout needs equipment the member does not have.
    case needsMissingEquipment = "needs_missing_equipment"
    /// The workout is above the member's level.
    case aboveLevel = "above_level"
    /// The workout's muscle groups were trained today.
    case musclesTrainedToday = "muscles_trained_today"
    /// The workout's muscle groups were trained yesterday.
    case musclesTrainedYesterday = "muscles_trained_yesterday"
    /// Hours since the workout's muscle groups were trained (under the recovery time).
    case musclesTrainedHoursAgo = "muscles_trained_hours_ago"
    /// The same workout was done a few days ago.
    case workoutDoneDaysAgo = "workout_done_days_ago"
    /// The workout is longer than the member's limit.
    case sessionTooLong = "session_too_long"
    /// The workout is too hard for a first session.
    case tooHardForFirstSession = "too_hard_for_first_session"
    /// The workout loads an injured body part.
    case loadsInjury = "loads_injury"
    /// The workout loads the body part the member said hurts.
    case loadsInjuredPart = "loads_injured_part"
    /// The workout names muscle groups Spotter does not know, so it may load the injured part.
    case mayLoadInjuredPart = "may_load_injured_part"
    /// The workout breaks a hard constraint.
    case breaksHardConstraint = "breaks_hard_constraint"
    /// The suggestion is one of the member's own recurring sessions, by title.
    case ownSessionDoneTimes = "own_session_done_times"
    /// The suggestion is the member's own untitled session (its muscle groups), and on how many days they did it.
    case ownSessionTrainedDays = "own_session_trained_days"
    /// The member usually does this session after the last one (titled sessions).
    case usuallyDoAfter = "usually_do_after"
    /// The member usually trains this after the last session (untitled sessions).
    case usuallyTrainAfter = "usually_train_after"
    /// The member usually trains this muscle group after the one trained last.
    case usuallyTrainMuscleAfter = "usually_train_muscle_after"
    /// The member usually does this session on this weekday.
    case usualWeekdaySession = "usual_weekday_session"
    /// The member's own session, and the catalog workout closest to it.
    case inCatalogAs = "in_catalog_as"
    /// A current injury or pain the member mentioned, when, and the work it rules out today.
    case injuryNoRegionWork = "injury_no_region_work"
    /// The program's days per week fit the member's.
    case fitsDaysAWeek = "fits_days_a_week"
    /// The program's sessions fit the member's length.
    case sessionsUpToMinutes = "sessions_up_to_minutes"
    /// Members with a similar history completed it.
    case popularWithSimilarMembers = "popular_with_similar_members"
    /// The member completed the program before.
    case completedBeforeRepeat = "completed_before_repeat"
    /// The member is enrolled in the program now.
    case doingItNow = "doing_it_now"
    /// The member started the program before and left it.
    case anotherGo = "another_go"
    /// The member has not done the program.
    case newToYou = "new_to_you"
    /// No profile: a beginner program without equipment.
    case beginnerFriendlyNoEquipment = "beginner_friendly_no_equipment"
    /// The program adds a category the list lacked.
    case addsVariety = "adds_variety"
    /// The level Spotter inferred from the member's training log.
    case levelInferred = "level_inferred"
    /// The level Spotter inferred from the member's training log, with the lift that decided it.
    case levelInferredWithLift = "level_inferred_with_lift"
    /// How long a training log covers, in weeks (inside level_inferred).
    case logSpanWeeks = "log_span_weeks"
    /// How long a training log covers, in months (inside level_inferred).
    case logSpanMonths = "log_span_months"
    /// How long a training log covers, in years (inside level_inferred).
    case logSpanYears = "log_span_years"
    /// Equipment Spotter saw in the member's training log.
    case equipmentSeenInLog = "equipment_seen_in_log"
    /// Barbell and machines in the log mean a gym: the rest of its equipment is assumed.
    case gymAssumed = "gym_assumed"
    /// The profile lists no equipment: bodyweight work only.
    case noEquipmentBodyweightOnly = "no_equipment_bodyweight_only"
    /// The profile's days per week is not a usable number.
    case daysPerWeekIgnored = "days_per_week_ignored"
    /// The profile's session length is not a usable number.
    case sessionLengthIgnored = "session_length_ignored"
    /// Inactive client: days since both their last message to the trainer and their last workout.
    case noMessageNoWorkout = "no_message_no_workout"
    /// Inactive client: days since their last message to the trainer, and since their last workout.
    case noMessageAndNoWorkout = "no_message_and_no_workout"
    /// Inactive client: days since their last message; they never worked out.
    case noMessageNeverWorkedOut = "no_message_never_worked_out"
    /// Inactive client: never wrote to the trainer; days since their last workout.
    case neverMessagedNoWorkout = "never_messaged_no_workout"
    /// Inactive client: no message and no workout since joining the trainer.
    case neverActiveSinceJoining = "never_active_since_joining"
    /// Inactive client: no message and no workout, join date unknown.
    case neverActive = "never_active"
    /// Client who has not written to the trainer: days since their last message.
    case noMessage = "no_message"
    /// Client who never wrote to the trainer since joining.
    case neverMessagedSinceJoining = "never_messaged_since_joining"
    /// Client who never wrote to the trainer, join date unknown.
    case neverMessaged = "never_messaged"
    /// Check-in trend of one measure: the 7- and 28-day averages (1 to 5) and the direction.
    case checkInTrend = "checkin_trend"
    /// Check-in averages of one measure, too few check-ins for a trend.
    case checkInAverage = "checkin_average"
    /// Check-ins of one measure over 28 days, none in the last 7.
    case checkInQuietWeek = "checkin_quiet_week"
    /// Consecutive days of low-energy check-ins.
    case lowEnergyDays = "low_energy_days"
    /// Consecutive days of low-energy check-ins, enough to flag low energy.
    case lowEnergyFlagged = "low_energy_flagged"
    /// Chat context (interface text): how a user without a name is called.
    case contextUnnamedUser = "context_unnamed_user"
    /// Chat context (interface text): the first heading, who the document is about.
    case contextUserHeading = "context_user_heading"
    /// Chat context (interface text): heading of the activity section, as of the user's local date.
    case contextActivityHeading = "context_activity_heading"
    /// Chat context (interface text): the current and the longest streak, in days.
    case contextStreak = "context_streak"
    /// Chat context (interface text): workouts and minutes this week, and the week's days (trained days in capitals).
    case contextWeek = "context_week"
    /// Chat context (interface text): when the last workout was (the user's local time) and how many there were.
    case contextLastWorkout = "context_last_workout"
    /// Chat context (interface text): the user has no workout yet.
    case contextNoWorkout = "context_no_workout"
    /// Chat context (interface text): heading of the check-in section (scores 1 to 5), as of the user's local date.
    case contextCheckInsHeading = "context_checkins_heading"
    /// Chat context (interface text): no check-in in 28 days, and when the last one was.
    case contextNoRecentCheckIns = "context_no_recent_checkins"
    /// Chat context (interface text): the user never checked in.
    case contextNoCheckIns = "context_no_checkins"
    /// Chat context (interface text): check-ins this week and in 28 days, and when the last one was.
    case contextCheckInCount = "context_checkin_count"
    /// Chat context (interface text): heading of the daily suggestion, for the user's local date.
    case contextSuggestionHeading = "context_suggestion_heading"
    /// Chat context (interface text): heading of the program recommendations.
    case contextRecommendationsHeading = "context_recommendations_heading"
    /// Chat context (interface text): heading of what the user said; total is 0 when every fact
    /// is shown, else how many there are.
    case contextFactsHeading = "context_facts_heading"
    /// Chat context (interface text): one fact the user said about themselves; confidence in
    /// percent, when it was last said (the user's local time), its source messages.
    case contextFact = "context_fact"
    /// Chat context (interface text): one fact the user said about someone else (subject: their partner, mother…).
    case contextFactAbout = "context_fact_about"
    /// Chat context (interface text): a trainer's clients who need attention; total is 0 when all are shown.
    case contextInactiveHeading = "context_inactive_heading"
    /// Chat context (interface text): one client who needs attention, their tier (days) and why
    /// (a reason already in the reader's language).
    case contextInactiveClient = "context_inactive_client"
    /// Chat context (interface text): a trainer's clients who have not written lately; total is 0 when all are shown.
    case contextNotMessagingHeading = "context_not_messaging_heading"
    /// Chat context (interface text): a trainer's clients and the key facts they said; total is 0 when all are shown.
    case contextClientsHeading = "context_clients_heading"
    /// Chat context (interface text): the lists were left out to keep the document under its 64 KiB bound.
    case contextTruncated = "context_truncated"
    /// MCP text answer (interface text): who the answer is about.
    case mcpPerson = "mcp_person"
    /// MCP text answer (interface text): the person has no activity statistics yet.
    case mcpNoStats = "mcp_no_stats"
    /// MCP text answer (interface text): the daily suggestion of a local date, its title and its reasons (already in
    /// the reader's language).
    case mcpSuggested = "mcp_suggested"
    /// MCP text answer (interface text): a person's suggestion of a local date with its score (one decimal) and
    /// reasons.
    case mcpDailySuggestion = "mcp_daily_suggestion"
    /// MCP text answer (interface text): no suggestion for the person today: nothing fits, or not computed yet.
    case mcpNoSuggestion = "mcp_no_suggestion"
    /// MCP text answer (interface text): no suggestion for the person on a local date: nothing fits, or not computed
    /// yet.
    case mcpNoSuggestionOn = "mcp_no_suggestion_on"
    /// MCP text answer (interface text): one recommended program by rank.
    case mcpProgram = "mcp_program"
    /// MCP text answer (interface text): one fact the person said, by category.
    case mcpFact = "mcp_fact"
    /// MCP text answer (interface text): how many facts the page left out, and the offset to ask for them.
    case mcpMoreFacts = "mcp_more_facts"
    /// MCP text answer (interface text): the programs recommended to a person, how many in all.
    case mcpProgramsHeading = "mcp_programs_heading"
    /// MCP text answer (interface text): no program recommendation computed yet.
    case mcpNoPrograms = "mcp_no_programs"
    /// MCP text answer (interface text): a trainer's clients, how many active and paused, and how many need
    /// attention.
    case mcpTrainerOverview = "mcp_trainer_overview"
    /// MCP text answer (interface text): one tier of inactive clients (3, 7 or 14 days) and how many are in it.
    case mcpTier = "mcp_tier"
    /// MCP answer field (interface text): the name of a tier of inactive clients (3, 7 or 14 days).
    case mcpTierLabel = "mcp_tier_label"
    /// MCP text answer (interface text): one client and why they are listed (a reason already in the reader's
    /// language).
    case mcpClient = "mcp_client"
    /// MCP text answer (interface text): how many clients of a trainer are inactive for at least some days, by
    /// messages, workouts or both.
    case mcpInactiveHeading = "mcp_inactive_heading"
    /// MCP text answer (interface text): as mcp_inactive_heading, when the answer shows a page of the list: how many
    /// from which position.
    case mcpInactiveHeadingPage = "mcp_inactive_heading_page"
    /// MCP text answer (interface text): one inactive client, days since their last activity, and why (a reason
    /// already in the reader's language).
    case mcpInactiveClient = "mcp_inactive_client"
    /// MCP text answer (interface text): one client never active in the measure asked for, and why.
    case mcpInactiveClientNever = "mcp_inactive_client_never"
}
