// The authored gym programs: full body, upper/lower and push/pull/legs.

extension SeedCatalog {
    static let gymPrograms: [ProgramDraft] = [
        p(
            "Full Body Foundations", goal: "general_fitness", level: "beginner", category: "full_body", days: 3,
            weeks: 8,
            "Three short full-body gym sessions a week to learn the basic movement patterns.",
            w(
                "Full Body A", 45, 2, "goblet_squat 3x10", "db_bench_press 3x10", "lat_pulldown 3x10", "db_rdl 3x10",
                "plank 3x30s"),
            w(
                "Full Body B", 45, 2, "leg_press 3x12", "db_shoulder_press 3x10", "seated_cable_row 3x10",
                "glute_bridge 3x12", "dead_bug 3x10"),
            w(
                "Full Body C", 40, 2, "db_step_up 3x10", "machine_chest_press 3x10", "db_row 3x10", "leg_curl 3x12",
                "pallof_press 3x10")),
        p(
            "Full Body Strength", goal: "strength", level: "intermediate", category: "full_body", days: 3, weeks: 10,
            "Linear progression on the big barbell lifts, three days a week.",
            w("Squat & Bench", 60, 4, "back_squat 5x5", "bench_press 5x5", "barbell_row 5x5", "plank 3x45s"),
            w("Squat & Press", 60, 4, "back_squat 5x5", "overhead_press 5x5", "deadlift 1x5", "chinup 3x8"),
            w(
                "Variation Day", 55, 3, "box_squat 4x5", "incline_bench_press 4x6", "romanian_deadlift 3x8",
                "pullup 3x6", "hanging_knee_raise 3x10")),
        p(
            "Full Body Athlete", goal: "strength", level: "advanced", category: "full_body", days: 4, weeks: 12,
            "Olympic-lift derivatives and heavy compounds for experienced lifters.",
            w("Clean & Squat", 75, 5, "power_clean 5x3", "back_squat 5x3", "bench_press 5x3", "weighted_pullup 4x5"),
            w("Pull & Press", 70, 4, "deadlift 5x3", "push_press 4x4", "pendlay_row 4x6", "hanging_leg_raise 3x10"),
            w(
                "Front Squat Day", 70, 4, "front_squat 4x5", "incline_bench_press 4x6", "hip_thrust 4x8",
                "face_pull 3x15"),
            w(
                "Speed Day", 60, 4, "hang_clean 5x2", "pause_squat 3x5", "overhead_press 4x5", "chinup 4x6",
                "farmer_carry 3x40m")),
        p(
            "Machine Circuit Starter", goal: "fat_loss", level: "beginner", category: "full_body", days: 3, weeks: 6,
            "Guided machines and steady cardio: an easy way into the gym.",
            w(
                "Circuit A", 40, 2, "steady_bike 1x8 min", "leg_press 3x12", "machine_chest_press 3x12",
                "lat_pulldown 3x12", "cable_crunch 3x12"),
            w(
                "Circuit B", 40, 3, "steady_row 1x8 min", "leg_extension 3x12", "leg_curl 3x12",
                "machine_shoulder_press 3x12", "machine_row 3x12", "treadmill_incline_walk 1x10 min")),
        p(
            "Upper/Lower Starter", goal: "hypertrophy", level: "beginner", category: "upper_lower", days: 4, weeks: 8,
            "Four gym days split into upper and lower body, mostly machines and dumbbells.",
            w(
                "Upper A", 50, 2, "machine_chest_press 3x10", "lat_pulldown 3x10", "db_shoulder_press 3x10",
                "seated_cable_row 3x10", "db_curl 2x12", "triceps_pushdown 2x12"),
            w(
                "Lower A", 50, 2, "leg_press 3x10", "db_rdl 3x10", "leg_extension 2x12", "leg_curl 2x12",
                "machine_calf_raise 3x15", "plank 3x30s"),
            w(
                "Upper B", 50, 2, "db_incline_press 3x10", "db_row 3x10", "db_lateral_raise 3x12", "face_pull 3x15",
                "hammer_curl 2x12"),
            w(
                "Lower B", 45, 2, "goblet_squat 3x10", "glute_bridge 3x12", "db_walking_lunge 2x10",
                "seated_calf_raise 3x15", "dead_bug 3x10")),
        p(
            "Upper/Lower Hypertrophy", goal: "hypertrophy", level: "intermediate", category: "upper_lower", days: 4,
            weeks: 10,
            "A heavy day and a volume day for each half of the body.",
            w(
                "Upper Strength", 60, 4, "bench_press 4x6", "barbell_row 4x6", "overhead_press 3x8", "pullup 3x8",
                "skull_crusher 3x10", "barbell_curl 3x10"),
            w(
                "Lower Strength", 60, 4, "back_squat 4x6", "romanian_deadlift 3x8", "leg_press 3x10",
                "lying_leg_curl 3x10", "machine_calf_raise 4x12"),
            w(
                "Upper Volume", 55, 3, "db_incline_press 4x10", "seated_cable_row 4x10", "cable_fly 3x12",
                "cable_lateral_raise 3x15", "face_pull 3x15", "cable_curl 3x12", "triceps_pushdown 3x12"),
            w(
                "Lower Volume", 55, 3, "hack_squat 4x10", "hip_thrust 4x10", "bulgarian_split_squat 3x10",
                "leg_extension 3x15", "seated_calf_raise 4x15", "cable_crunch 3x15")),
        p(
            "Upper/Lower Powerbuilding", goal: "strength", level: "advanced", category: "upper_lower", days: 4,
            weeks: 12,
            "Heavy triples and fives plus bodybuilding volume for seasoned lifters.",
            w(
                "Upper Heavy", 75, 5, "bench_press 5x3", "weighted_pullup 5x4", "push_press 4x4", "pendlay_row 4x5",
                "close_grip_bench 3x6"),
            w(
                "Lower Heavy", 75, 5, "back_squat 5x3", "deadlift 3x3", "good_morning 3x6", "nordic_curl 3x5",
                "hanging_leg_raise 3x10"),
            w(
                "Upper Volume", 65, 4, "incline_bench_press 4x8", "db_row 4x10", "db_arnold_press 3x10",
                "straight_arm_pulldown 3x12", "skull_crusher 3x10", "hammer_curl 3x12"),
            w(
                "Lower Volume", 65, 4, "pause_squat 4x5", "hip_thrust 4x8", "bulgarian_split_squat 3x10",
                "leg_curl 3x12", "machine_calf_raise 4x12")),
        p(
            "Push Pull Legs Intro", goal: "hypertrophy", level: "beginner", category: "push_pull_legs", days: 3,
            weeks: 8,
            "The classic push, pull and legs split at a beginner's volume.",
            w(
                "Push", 45, 2, "machine_chest_press 3x10", "db_shoulder_press 3x10", "db_incline_press 3x10",
                "db_lateral_raise 3x12", "triceps_pushdown 3x12"),
            w(
                "Pull", 45, 2, "lat_pulldown 3x10", "seated_cable_row 3x10", "face_pull 3x15", "db_curl 3x12",
                "dead_hang 3x20s"),
            w(
                "Legs", 45, 2, "leg_press 3x10", "goblet_squat 3x10", "leg_curl 3x12", "glute_bridge 3x12",
                "machine_calf_raise 3x15")),
        p(
            "Push Pull Legs", goal: "hypertrophy", level: "intermediate", category: "push_pull_legs", days: 6,
            weeks: 10,
            "Each muscle group twice a week across six gym days.",
            w(
                "Push", 60, 3, "bench_press 4x8", "overhead_press 3x8", "db_incline_press 3x10",
                "cable_lateral_raise 3x15", "triceps_pushdown 3x12", "db_triceps_extension 3x12"),
            w(
                "Pull", 60, 3, "pullup 4x8", "barbell_row 4x8", "face_pull 3x15", "db_rear_delt_fly 3x15",
                "barbell_curl 3x10", "hammer_curl 3x12"),
            w(
                "Legs", 65, 4, "back_squat 4x8", "romanian_deadlift 3x10", "leg_press 3x12", "leg_curl 3x12",
                "machine_calf_raise 4x15", "hanging_knee_raise 3x12")),
        p(
            "Push Pull Legs Advanced", goal: "hypertrophy", level: "advanced", category: "push_pull_legs", days: 6,
            weeks: 12,
            "Heavy and volume versions of push, pull and legs for high training ages.",
            w(
                "Heavy Push", 70, 5, "bench_press 5x5", "push_press 4x5", "incline_bench_press 4x8",
                "db_lateral_raise 4x15", "skull_crusher 4x10"),
            w(
                "Heavy Pull", 70, 5, "deadlift 4x4", "weighted_pullup 4x6", "pendlay_row 4x6", "face_pull 4x15",
                "barbell_curl 4x10"),
            w(
                "Heavy Legs", 75, 5, "back_squat 5x5", "front_squat 3x6", "hip_thrust 4x8", "nordic_curl 3x6",
                "seated_calf_raise 4x15"),
            w(
                "Volume Push", 60, 4, "db_bench_press 4x12", "db_arnold_press 4x10", "cable_fly 3x15",
                "cable_lateral_raise 3x15", "triceps_pushdown 4x12"),
            w(
                "Volume Pull", 60, 4, "chinup 4x10", "seated_cable_row 4x12", "straight_arm_pulldown 3x15",
                "reverse_pec_deck 3x15", "cable_curl 3x15"),
            w(
                "Volume Legs", 65, 4, "hack_squat 4x12", "bulgarian_split_squat 3x12", "lying_leg_curl 4x12",
                "leg_extension 3x15", "machine_calf_raise 4x15", "toes_to_bar 3x10")),
    ]
}
