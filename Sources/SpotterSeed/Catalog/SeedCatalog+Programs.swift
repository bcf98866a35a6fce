// The authored programs. Each workout line reads "exercise_slug SETSxREPS".

/// A program as authored, before ids and equipment are resolved.
struct ProgramDraft {
    let title: String
    let goal: String
    let level: String
    let category: String
    let days: Int
    let weeks: Int
    let description: String
    let workouts: [WorkoutDraft]
}

/// A workout as authored.
struct WorkoutDraft {
    let title: String
    let minutes: Int
    let intensity: Int
    let lines: [String]
}

extension SeedCatalog {
    /// Authoring shorthand for one workout.
    static func w(_ title: String, _ minutes: Int, _ intensity: Int, _ lines: String...) -> WorkoutDraft {
        WorkoutDraft(title: title, minutes: minutes, intensity: intensity, lines: lines)
    }

    /// Authoring shorthand for one program.
    static func p(
        _ title: String, goal: String, level: String, category: String, days: Int, weeks: Int,
        _ description: String, _ workouts: WorkoutDraft...
    ) -> ProgramDraft {
        ProgramDraft(
            title: title, goal: goal, level: level, category: category, days: days, weeks: weeks,
            description: description, workouts: workouts)
    }

    static let programDrafts: [ProgramDraft] =
        gymPrograms + homePrograms + bodyweightPrograms
        + runningPrograms + mobilityPrograms

    private static let homePrograms: [ProgramDraft] = [
        p(
            "Home Dumbbell Basics", goal: "general_fitness", level: "beginner", category: "home", days: 3, weeks: 6,
            "A pair of dumbbells and a bit of floor: three short full-body sessions.",
            w(
                "Home A", 35, 2, "goblet_squat 3x12", "db_floor_press 3x10", "db_bent_row 3x10", "db_rdl 3x10",
                "plank 3x30s"),
            w(
                "Home B", 35, 2, "db_reverse_lunge 3x10", "db_standing_press 3x10", "db_curl 2x12", "glute_bridge 3x15",
                "dead_bug 3x10"),
            w(
                "Home C", 30, 2, "db_sumo_squat 3x12", "push_up 3x8", "db_rear_delt_fly 3x12", "db_calf_raise 3x15",
                "bird_dog 3x10")),
        p(
            "Home Dumbbell Builder", goal: "hypertrophy", level: "intermediate", category: "home", days: 4, weeks: 8,
            "Build muscle at home with dumbbells and an adjustable bench.",
            w(
                "Upper A", 45, 3, "db_bench_press 4x10", "db_row 4x10", "db_shoulder_press 3x10",
                "db_lateral_raise 3x15", "db_curl 3x12", "db_kickback 3x12"),
            w(
                "Lower A", 45, 3, "bulgarian_split_squat 4x10", "db_rdl 4x10", "goblet_squat 3x12",
                "db_calf_raise 4x15", "plank 3x45s"),
            w(
                "Upper B", 45, 3, "db_incline_press 4x10", "db_chest_supported_row 4x10", "db_arnold_press 3x10",
                "db_fly 3x12", "hammer_curl 3x12", "db_triceps_extension 3x12"),
            w(
                "Lower B", 45, 3, "db_walking_lunge 3x12", "db_hip_thrust 4x12", "db_single_leg_rdl 3x10",
                "db_sumo_squat 3x12", "db_russian_twist 3x20")),
        p(
            "Kettlebell Foundations", goal: "fat_loss", level: "beginner", category: "home", days: 3, weeks: 6,
            "One kettlebell, the hinge and the swing, and short conditioning finishers.",
            w(
                "Hinge & Squat", 30, 3, "kb_deadlift 3x10", "kb_goblet_squat 3x10", "kb_row 3x10", "kb_halo 2x10",
                "kb_suitcase_carry 3x30m"),
            w("Swing Day", 30, 3, "kb_swing 5x15", "kb_floor_press 3x10", "reverse_lunge 3x10", "plank 3x30s"),
            w("Swing Ladder", 25, 3, "kb_swing 10x10", "kb_goblet_squat 3x12", "push_up 3x10", "dead_bug 3x10")),
        p(
            "Kettlebell Strength", goal: "strength", level: "advanced", category: "home", days: 3, weeks: 10,
            "Double-bell cleans, presses and front squats, snatch volume and get-ups.",
            w("Clean & Press", 45, 4, "kb_clean 5x5", "kb_press 5x5", "kb_front_squat 5x5", "kb_turkish_getup 3x2"),
            w("Snatch Day", 45, 5, "kb_snatch 10x5", "kb_single_leg_deadlift 4x8", "kb_row 4x10", "kb_windmill 3x5"),
            w(
                "Conditioning", 40, 4, "kb_swing 10x15", "kb_thruster 4x8", "kb_reverse_lunge 3x10",
                "kb_high_pull 3x10", "kb_suitcase_carry 3x40m")),
        p(
            "Resistance Band Total Body", goal: "general_fitness", level: "beginner", category: "home", days: 3,
            weeks: 6,
            "A set of bands is enough for a full-body routine anywhere, even in a hotel room.",
            w(
                "Bands A", 30, 2, "band_squat 3x15", "band_chest_press 3x12", "band_row 3x12", "band_glute_bridge 3x15",
                "band_pallof_press 3x10"),
            w(
                "Bands B", 30, 2, "band_deadlift 3x12", "band_overhead_press 3x12", "band_face_pull 3x15",
                "band_lateral_walk 3x10", "dead_bug 3x10"),
            w(
                "Bands C", 30, 2, "split_squat 3x10", "band_pull_apart 3x20", "band_curl 3x12",
                "band_triceps_extension 3x12", "band_good_morning 3x12")),
        p(
            "Bands & Pull-Up Bar", goal: "strength", level: "intermediate", category: "home", days: 4, weeks: 8,
            "A doorway pull-up bar and bands: pulling strength at home.",
            w(
                "Pull A", 40, 3, "band_assisted_pullup 4x6", "push_up 4x12", "band_row 3x12", "band_face_pull 3x15",
                "hanging_knee_raise 3x10"),
            w(
                "Legs A", 40, 3, "band_squat 4x15", "split_squat 3x12", "band_good_morning 3x12",
                "single_leg_glute_bridge 3x10", "side_plank 3x30s"),
            w(
                "Pull B", 40, 3, "chinup 4x5", "pike_push_up 3x8", "band_overhead_press 3x12", "band_curl 3x12",
                "dead_hang 3x30s"),
            w(
                "Legs B", 35, 3, "band_deadlift 4x12", "reverse_lunge 3x12", "band_lateral_walk 3x12",
                "hollow_hold 3x20s")),
    ]

    private static let bodyweightPrograms: [ProgramDraft] = [
        p(
            "Bodyweight Basics", goal: "general_fitness", level: "beginner", category: "bodyweight", days: 3, weeks: 6,
            "No equipment at all: squats, push-ups and core work you can do in the living room.",
            w(
                "Basics A", 30, 2, "air_squat 3x15", "knee_push_up 3x10", "glute_bridge 3x15", "doorframe_row 3x10",
                "plank 3x30s"),
            w(
                "Basics B", 30, 2, "reverse_lunge 3x10", "wall_push_up 3x15", "superman 3x10", "calf_raise 3x20",
                "dead_bug 3x10"),
            w(
                "Basics C", 25, 2, "split_squat 3x10", "push_up 3x6", "bird_dog 3x10", "wall_sit 3x30s",
                "side_plank 2x20s")),
        p(
            "Bodyweight HIIT", goal: "fat_loss", level: "intermediate", category: "bodyweight", days: 4, weeks: 6,
            "Short, hard interval sessions with no equipment.",
            w("HIIT A", 25, 4, "burpee 5x10", "jump_squat 5x15", "mountain_climber 5x30s", "push_up 5x12"),
            w("HIIT B", 25, 4, "high_knees 6x30s", "skater_jump 5x20", "walking_lunge 4x20", "bicycle_crunch 4x20"),
            w(
                "HIIT C", 30, 3, "jumping_jack 5x40", "air_squat 5x20", "decline_push_up 4x10", "v_up 4x12",
                "bear_crawl 4x20m"),
            w("HIIT D", 20, 5, "burpee 10x8", "broad_jump 5x5", "jump_squat 4x12", "plank 3x60s")),
        p(
            "Bodyweight Strength", goal: "strength", level: "intermediate", category: "bodyweight", days: 3, weeks: 8,
            "Harder push-up and single-leg variations for strength without weights.",
            w(
                "Strength A", 40, 3, "split_squat 4x12", "diamond_push_up 4x10", "doorframe_row 4x12",
                "single_leg_glute_bridge 3x12", "hollow_hold 3x30s"),
            w(
                "Strength B", 40, 3, "lateral_lunge 3x10", "pike_push_up 4x8", "superman 3x15",
                "single_leg_calf_raise 3x15", "reverse_crunch 3x15"),
            w(
                "Strength C", 35, 3, "walking_lunge 3x20", "decline_push_up 4x10", "glute_bridge 4x20",
                "wall_sit 3x60s", "side_plank 3x45s")),
        p(
            "Calisthenics Progression", goal: "strength", level: "advanced", category: "bodyweight", days: 4, weeks: 10,
            "Muscle-ups, handstand push-ups and pistols on a pull-up bar.",
            w("Pull", 45, 4, "pullup 5x8", "muscle_up 5x3", "scapular_pullup 3x10", "toes_to_bar 3x10"),
            w("Push", 45, 4, "handstand_push_up 5x5", "archer_push_up 4x8", "l_sit 4x15s", "hollow_hold 3x45s"),
            w("Legs", 45, 4, "pistol_squat 5x5", "shrimp_squat 4x6", "nordic_curl 4x5", "single_leg_calf_raise 4x15"),
            w("Skills", 40, 3, "chinup 4x10", "pike_push_up 4x10", "hanging_leg_raise 4x10", "dead_hang 3x45s")),
    ]

    private static let runningPrograms: [ProgramDraft] = [
        p(
            "Couch to 5K", goal: "endurance", level: "beginner", category: "running", days: 3, weeks: 9,
            "From walking to running five kilometres without stopping in nine weeks.",
            w("Run/Walk Short", 30, 2, "brisk_walk 1x5 min", "run_walk 8x1 min run / 90s walk", "brisk_walk 1x5 min"),
            w("Run/Walk Long", 30, 2, "brisk_walk 1x5 min", "run_walk 6x2 min run / 1 min walk", "calf_raise 2x15"),
            w("Steady Run", 30, 2, "brisk_walk 1x5 min", "easy_run 1x15 min", "standing_hamstring_stretch 2x30s")),
        p(
            "Treadmill Walk to Run", goal: "fat_loss", level: "beginner", category: "running", days: 3, weeks: 6,
            "Incline walking and gentle jogging on a treadmill.",
            w("Incline Walk", 35, 2, "treadmill_incline_walk 1x30 min"),
            w("Walk/Jog", 30, 3, "treadmill_run 10x1 min jog / 2 min walk"),
            w("Steady Jog", 30, 2, "treadmill_run 1x20 min easy", "calf_raise 2x15")),
        p(
            "10K Builder", goal: "endurance", level: "intermediate", category: "running", days: 4, weeks: 8,
            "Easy runs, intervals, tempo and a long run towards a strong 10K.",
            w("Easy Run", 40, 2, "easy_run 1x35 min", "strides 4x20s"),
            w("Intervals", 45, 4, "easy_run 1x10 min", "interval_run 6x800m", "recovery_jog 1x10 min"),
            w("Tempo", 45, 3, "easy_run 1x10 min", "tempo_run 1x20 min", "recovery_jog 1x10 min"),
            w("Long Run", 70, 3, "long_run 1x60 min")),
        p(
            "Runner's Strength", goal: "endurance", level: "intermediate", category: "running", days: 3, weeks: 8,
            "Runs paired with single-leg strength and core work to stay injury-free.",
            w(
                "Run + Legs", 50, 3, "easy_run 1x25 min", "db_single_leg_rdl 3x8", "db_reverse_lunge 3x10",
                "single_leg_calf_raise 3x15"),
            w("Tempo + Core", 45, 3, "tempo_run 1x20 min", "side_plank 3x30s", "dead_bug 3x10", "glute_bridge 3x15"),
            w("Long + Mobility", 60, 2, "long_run 1x45 min", "hip_flexor_stretch 2x45s", "couch_stretch 2x45s")),
        p(
            "Half Marathon Plan", goal: "endurance", level: "advanced", category: "running", days: 5, weeks: 12,
            "Five runs a week with hills, intervals and a long run peaking near race distance.",
            w("Easy Run", 45, 2, "easy_run 1x45 min", "strides 6x20s"),
            w("Intervals", 60, 4, "easy_run 1x15 min", "interval_run 5x1000m", "recovery_jog 1x10 min"),
            w("Tempo", 55, 4, "easy_run 1x10 min", "tempo_run 1x30 min", "recovery_jog 1x10 min"),
            w("Hills", 50, 5, "easy_run 1x15 min", "hill_sprints 8x30s", "recovery_jog 1x15 min"),
            w("Long Run", 110, 4, "long_run 1x90 min", "race_pace_run 1x15 min")),
    ]

    private static let mobilityPrograms: [ProgramDraft] = [
        p(
            "Daily Mobility", goal: "mobility", level: "beginner", category: "mobility", days: 5, weeks: 4,
            "Fifteen minutes a day for hips, spine, shoulders and ankles.",
            w(
                "Hips & Spine", 15, 1, "cat_cow 2x10", "worlds_greatest_stretch 2x5", "hip_90_90 2x8",
                "hip_flexor_stretch 2x30s"),
            w(
                "Shoulders & Upper Back", 15, 1, "shoulder_cars 2x5", "wall_slide 2x10", "neck_rolls 1x60s",
                "cat_cow 2x10"),
            w(
                "Legs & Ankles", 15, 1, "leg_swings 2x10", "deep_squat_hold 3x30s", "ankle_mobilization 2x10",
                "standing_hamstring_stretch 2x30s")),
        p(
            "Desk Worker Reset", goal: "mobility", level: "beginner", category: "mobility", days: 3, weeks: 4,
            "Short breaks that undo long hours of sitting.",
            w(
                "Morning Reset", 10, 1, "cat_cow 1x10", "neck_rolls 1x60s", "hip_flexor_stretch 2x30s",
                "wall_slide 1x10"),
            w("Lunch Break", 12, 1, "leg_swings 1x10", "hip_cars 1x5", "shoulder_cars 1x5", "glute_bridge 2x12"),
            w(
                "Evening Unwind", 15, 1, "couch_stretch 2x45s", "standing_hamstring_stretch 2x30s",
                "deep_squat_hold 2x30s", "bird_dog 2x8")),
        p(
            "Mobility for Lifters", goal: "mobility", level: "intermediate", category: "mobility", days: 3, weeks: 6,
            "Open up hips, ankles and shoulders for deeper squats and cleaner overhead work.",
            w(
                "Lower Body", 25, 2, "worlds_greatest_stretch 2x6", "cossack_squat 3x8", "pigeon_pose 2x45s",
                "frog_stretch 2x45s", "ankle_mobilization 2x12"),
            w(
                "Upper Body", 25, 2, "band_dislocate 3x10", "thoracic_rotation 2x8", "thread_the_needle 2x8",
                "band_pull_apart 3x15", "downward_dog 2x30s"),
            w(
                "Full Flow", 30, 2, "cat_cow 2x10", "scorpion_stretch 2x8", "band_hamstring_stretch 2x45s",
                "cobra 2x30s", "childs_pose 2x45s")),
        p(
            "Flexibility Deep Dive", goal: "mobility", level: "advanced", category: "mobility", days: 4, weeks: 8,
            "Long holds and loaded stretches towards the pancake and the bridge.",
            w(
                "Hamstrings & Hips", 35, 2, "jefferson_curl 3x8", "pancake_stretch 3x60s", "frog_stretch 3x60s",
                "pigeon_pose 2x60s"),
            w(
                "Spine & Shoulders", 35, 2, "bridge_hold 4x20s", "thoracic_rotation 3x10", "band_dislocate 3x12",
                "downward_dog 3x45s"),
            w(
                "Hips & Ankles", 30, 2, "cossack_squat 3x10", "deep_squat_hold 3x60s", "hip_90_90 3x10",
                "ankle_mobilization 3x12"),
            w(
                "Long Flow", 30, 1, "worlds_greatest_stretch 3x6", "scorpion_stretch 3x8", "cobra 3x30s",
                "childs_pose 2x60s")),
    ]
}
