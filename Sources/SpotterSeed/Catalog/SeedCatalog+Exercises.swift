// The authored exercise list. Muscles and equipment are plain training facts; the wording is ours.

/// An exercise as authored: slug, name, muscles and equipment as space-separated words.
struct ExerciseDraft {
    let slug: String
    let name: String
    let muscles: String
    let equipment: String
    let level: String
    let category: String
}

private func e(
    _ slug: String, _ name: String, _ muscles: String, _ equipment: String = "",
    _ level: String = "beginner", _ category: String = "strength"
) -> ExerciseDraft {
    ExerciseDraft(slug: slug, name: name, muscles: muscles, equipment: equipment, level: level, category: category)
}

private let I = "intermediate"
private let A = "advanced"
private let B = "beginner"

extension SeedCatalog {
    static let exerciseDrafts: [ExerciseDraft] =
        barbell + dumbbell + kettlebell + gym + pullUpBar + bands
        + bodyweight + conditioning + mobility

    private static let barbell: [ExerciseDraft] = [
        e("back_squat", "Barbell Back Squat", "quads glutes", "barbell rack", I),
        e("front_squat", "Barbell Front Squat", "quads core", "barbell rack", A),
        e("box_squat", "Barbell Box Squat", "quads glutes", "barbell rack box", I),
        e("pause_squat", "Paused Back Squat", "quads glutes", "barbell rack", A),
        e("deadlift", "Conventional Deadlift", "hamstrings glutes lower_back", "barbell", I),
        e("sumo_deadlift", "Sumo Deadlift", "glutes quads hamstrings", "barbell", I),
        e("romanian_deadlift", "Barbell Romanian Deadlift", "hamstrings glutes", "barbell", I),
        e("rack_pull", "Rack Pull", "back glutes lower_back", "barbell rack", A),
        e("good_morning", "Barbell Good Morning", "hamstrings lower_back", "barbell rack", A),
        e("bench_press", "Barbell Bench Press", "chest triceps shoulders", "barbell bench rack", I),
        e("incline_bench_press", "Incline Barbell Bench Press", "chest shoulders", "barbell bench rack", I),
        e("close_grip_bench", "Close-Grip Bench Press", "triceps chest", "barbell bench rack", I),
        e("floor_press", "Barbell Floor Press", "chest triceps", "barbell", I),
        e("overhead_press", "Standing Overhead Press", "shoulders triceps", "barbell rack", I),
        e("push_press", "Push Press", "shoulders quads", "barbell rack", A, "power"),
        e("landmine_press", "Landmine Press", "shoulders chest", "barbell", I),
        e("barbell_row", "Bent-Over Barbell Row", "back biceps", "barbell", I),
        e("pendlay_row", "Pendlay Row", "back upper_back", "barbell", A),
        e("hip_thrust", "Barbell Hip Thrust", "glutes hamstrings", "barbell bench", I),
        e("barbell_lunge", "Barbell Reverse Lunge", "quads glutes", "barbell rack", I),
        e("barbell_curl", "Barbell Curl", "biceps", "barbell"),
        e("skull_crusher", "Lying Triceps Extension", "triceps", "barbell bench", I),
        e("barbell_shrug", "Barbell Shrug", "upper_back", "barbell"),
        e("power_clean", "Power Clean", "hamstrings glutes upper_back", "barbell", A, "power"),
        e("hang_clean", "Hang Clean", "glutes upper_back", "barbell", A, "power"),
    ]

    private static let dumbbell: [ExerciseDraft] = [
        e("goblet_squat", "Dumbbell Goblet Squat", "quads glutes", "dumbbell"),
        e("db_bench_press", "Dumbbell Bench Press", "chest triceps", "dumbbell bench"),
        e("db_incline_press", "Incline Dumbbell Press", "chest shoulders", "dumbbell bench"),
        e("db_floor_press", "Dumbbell Floor Press", "chest triceps", "dumbbell"),
        e("db_fly", "Dumbbell Chest Fly", "chest", "dumbbell bench"),
        e("db_pullover", "Dumbbell Pullover", "back chest", "dumbbell bench", I),
        e("db_shoulder_press", "Seated Dumbbell Shoulder Press", "shoulders triceps", "dumbbell bench"),
        e("db_standing_press", "Standing Dumbbell Press", "shoulders triceps", "dumbbell"),
        e("db_arnold_press", "Arnold Press", "shoulders", "dumbbell", I),
        e("db_lateral_raise", "Dumbbell Lateral Raise", "shoulders", "dumbbell"),
        e("db_rear_delt_fly", "Bent-Over Rear Delt Fly", "shoulders upper_back", "dumbbell"),
        e("db_row", "One-Arm Dumbbell Row", "back biceps", "dumbbell bench"),
        e("db_bent_row", "Bent-Over Dumbbell Row", "back biceps", "dumbbell"),
        e("db_chest_supported_row", "Chest-Supported Dumbbell Row", "upper_back back", "dumbbell bench"),
        e("db_renegade_row", "Renegade Row", "back core", "dumbbell", A),
        e("db_rdl", "Dumbbell Romanian Deadlift", "hamstrings glutes", "dumbbell"),
        e("db_single_leg_rdl", "Single-Leg Dumbbell Romanian Deadlift", "hamstrings glutes", "dumbbell", I),
        e("db_walking_lunge", "Dumbbell Walking Lunge", "quads glutes", "dumbbell"),
        e("db_reverse_lunge", "Dumbbell Reverse Lunge", "quads glutes", "dumbbell"),
        e("bulgarian_split_squat", "Bulgarian Split Squat", "quads glutes", "dumbbell bench", I),
        e("db_step_up", "Dumbbell Step-Up", "quads glutes", "dumbbell box"),
        e("db_sumo_squat", "Dumbbell Sumo Squat", "quads glutes", "dumbbell"),
        e("db_hip_thrust", "Dumbbell Hip Thrust", "glutes", "dumbbell bench"),
        e("db_calf_raise", "Dumbbell Calf Raise", "calves", "dumbbell"),
        e("db_curl", "Dumbbell Biceps Curl", "biceps", "dumbbell"),
        e("hammer_curl", "Hammer Curl", "biceps forearms", "dumbbell"),
        e("db_concentration_curl", "Concentration Curl", "biceps", "dumbbell bench"),
        e("db_triceps_extension", "Overhead Dumbbell Triceps Extension", "triceps", "dumbbell"),
        e("db_kickback", "Dumbbell Triceps Kickback", "triceps", "dumbbell bench"),
        e("db_shrug", "Dumbbell Shrug", "upper_back", "dumbbell"),
        e("farmer_carry", "Farmer's Carry", "forearms core upper_back", "dumbbell"),
        e("db_thruster", "Dumbbell Thruster", "quads shoulders", "dumbbell", I, "power"),
        e("db_snatch", "Single-Arm Dumbbell Snatch", "shoulders glutes hamstrings", "dumbbell", A, "power"),
        e("db_man_maker", "Dumbbell Man Maker", "chest shoulders quads", "dumbbell", A, "power"),
        e("db_russian_twist", "Weighted Russian Twist", "core", "dumbbell mat", I, "core"),
    ]

    private static let kettlebell: [ExerciseDraft] = [
        e("kb_swing", "Kettlebell Swing", "glutes hamstrings", "kettlebell", B, "power"),
        e("kb_goblet_squat", "Kettlebell Goblet Squat", "quads glutes", "kettlebell"),
        e("kb_deadlift", "Kettlebell Deadlift", "hamstrings glutes", "kettlebell"),
        e("kb_single_leg_deadlift", "Single-Leg Kettlebell Deadlift", "hamstrings glutes", "kettlebell", I),
        e("kb_row", "Kettlebell Row", "back biceps", "kettlebell"),
        e("kb_press", "Kettlebell Overhead Press", "shoulders triceps", "kettlebell", I),
        e("kb_floor_press", "Kettlebell Floor Press", "chest triceps", "kettlebell"),
        e("kb_clean", "Kettlebell Clean", "glutes hamstrings shoulders", "kettlebell", I, "power"),
        e("kb_snatch", "Kettlebell Snatch", "shoulders glutes", "kettlebell", A, "power"),
        e("kb_high_pull", "Kettlebell High Pull", "upper_back shoulders", "kettlebell", I),
        e("kb_front_squat", "Double Kettlebell Front Squat", "quads core", "kettlebell", A),
        e("kb_reverse_lunge", "Kettlebell Reverse Lunge", "quads glutes", "kettlebell", I),
        e("kb_thruster", "Kettlebell Thruster", "quads shoulders", "kettlebell", I, "power"),
        e("kb_turkish_getup", "Turkish Get-Up", "shoulders core", "kettlebell", A, "core"),
        e("kb_windmill", "Kettlebell Windmill", "core shoulders hips", "kettlebell", A, "core"),
        e("kb_halo", "Kettlebell Halo", "shoulders core", "kettlebell", B, "mobility"),
        e("kb_suitcase_carry", "Suitcase Carry", "core forearms", "kettlebell", B, "core"),
    ]

    private static let gym: [ExerciseDraft] = [
        e("lat_pulldown", "Lat Pulldown", "back biceps", "machine"),
        e("assisted_pullup", "Machine-Assisted Pull-Up", "back biceps", "machine"),
        e("machine_row", "Chest-Supported Machine Row", "upper_back back", "machine"),
        e("machine_chest_press", "Machine Chest Press", "chest triceps", "machine"),
        e("pec_deck", "Pec Deck Fly", "chest", "machine"),
        e("reverse_pec_deck", "Reverse Pec Deck", "shoulders upper_back", "machine"),
        e("machine_shoulder_press", "Machine Shoulder Press", "shoulders triceps", "machine"),
        e("leg_press", "Leg Press", "quads glutes", "machine"),
        e("hack_squat", "Hack Squat", "quads glutes", "machine", I),
        e("leg_extension", "Leg Extension", "quads", "machine"),
        e("leg_curl", "Seated Leg Curl", "hamstrings", "machine"),
        e("lying_leg_curl", "Lying Leg Curl", "hamstrings", "machine"),
        e("machine_calf_raise", "Standing Calf Raise Machine", "calves", "machine"),
        e("seated_calf_raise", "Seated Calf Raise", "calves", "machine"),
        e("hip_abduction", "Hip Abduction Machine", "glutes", "machine"),
        e("back_extension", "45-Degree Back Extension", "lower_back glutes", "machine"),
        e("seated_cable_row", "Seated Cable Row", "back biceps", "cable"),
        e("cable_fly", "Cable Fly", "chest", "cable"),
        e("face_pull", "Cable Face Pull", "shoulders upper_back", "cable"),
        e("triceps_pushdown", "Triceps Pushdown", "triceps", "cable"),
        e("cable_curl", "Cable Curl", "biceps", "cable"),
        e("cable_lateral_raise", "Cable Lateral Raise", "shoulders", "cable", I),
        e("straight_arm_pulldown", "Straight-Arm Pulldown", "back", "cable", I),
        e("cable_pull_through", "Cable Pull-Through", "glutes hamstrings", "cable"),
        e("cable_crunch", "Kneeling Cable Crunch", "core", "cable", B, "core"),
        e("pallof_press", "Pallof Press", "core", "cable", B, "core"),
        e("cable_woodchop", "Cable Woodchop", "core", "cable", I, "core"),
    ]

    private static let pullUpBar: [ExerciseDraft] = [
        e("pullup", "Pull-Up", "back biceps", "pullup_bar", I),
        e("chinup", "Chin-Up", "back biceps", "pullup_bar", I),
        e("negative_pullup", "Negative Pull-Up", "back biceps", "pullup_bar"),
        e("scapular_pullup", "Scapular Pull-Up", "upper_back", "pullup_bar"),
        e("dead_hang", "Dead Hang", "forearms shoulders", "pullup_bar"),
        e("weighted_pullup", "Weighted Pull-Up", "back biceps", "dumbbell pullup_bar", A),
        e("muscle_up", "Bar Muscle-Up", "back chest triceps", "pullup_bar", A, "power"),
        e("hanging_knee_raise", "Hanging Knee Raise", "core", "pullup_bar", B, "core"),
        e("hanging_leg_raise", "Hanging Leg Raise", "core", "pullup_bar", A, "core"),
        e("toes_to_bar", "Toes-to-Bar", "core", "pullup_bar", A, "core"),
    ]

    private static let bands: [ExerciseDraft] = [
        e("band_pull_apart", "Band Pull-Apart", "upper_back shoulders", "bands"),
        e("band_row", "Banded Row", "back biceps", "bands"),
        e("band_chest_press", "Banded Chest Press", "chest triceps", "bands"),
        e("band_squat", "Banded Squat", "quads glutes", "bands"),
        e("band_deadlift", "Banded Deadlift", "hamstrings glutes", "bands"),
        e("band_overhead_press", "Banded Overhead Press", "shoulders triceps", "bands"),
        e("band_curl", "Banded Curl", "biceps", "bands"),
        e("band_triceps_extension", "Banded Triceps Extension", "triceps", "bands"),
        e("band_lateral_walk", "Banded Lateral Walk", "glutes hips", "bands"),
        e("band_glute_bridge", "Banded Glute Bridge", "glutes", "bands"),
        e("band_face_pull", "Banded Face Pull", "shoulders upper_back", "bands"),
        e("band_pallof_press", "Banded Pallof Press", "core", "bands", B, "core"),
        e("band_good_morning", "Banded Good Morning", "hamstrings lower_back", "bands"),
        e("band_assisted_pullup", "Band-Assisted Pull-Up", "back biceps", "bands pullup_bar"),
    ]

    private static let bodyweight: [ExerciseDraft] = [
        e("push_up", "Push-Up", "chest triceps"),
        e("knee_push_up", "Knee Push-Up", "chest triceps"),
        e("wall_push_up", "Wall Push-Up", "chest triceps"),
        e("decline_push_up", "Decline Push-Up", "chest shoulders", "", I),
        e("diamond_push_up", "Diamond Push-Up", "triceps chest", "", I),
        e("pike_push_up", "Pike Push-Up", "shoulders triceps", "", I),
        e("archer_push_up", "Archer Push-Up", "chest triceps", "", A),
        e("handstand_push_up", "Wall Handstand Push-Up", "shoulders triceps", "", A),
        e("bench_dip", "Bench Dip", "triceps", "bench"),
        e("doorframe_row", "Doorframe Row", "back biceps"),
        e("air_squat", "Air Squat", "quads glutes"),
        e("split_squat", "Split Squat", "quads glutes"),
        e("reverse_lunge", "Reverse Lunge", "quads glutes"),
        e("walking_lunge", "Walking Lunge", "quads glutes"),
        e("lateral_lunge", "Lateral Lunge", "quads glutes hips"),
        e("step_up", "Box Step-Up", "quads glutes", "box"),
        e("wall_sit", "Wall Sit", "quads"),
        e("pistol_squat", "Pistol Squat", "quads glutes", "", A),
        e("shrimp_squat", "Shrimp Squat", "quads glutes", "", A),
        e("glute_bridge", "Glute Bridge", "glutes hamstrings"),
        e("single_leg_glute_bridge", "Single-Leg Glute Bridge", "glutes hamstrings", "", I),
        e("nordic_curl", "Nordic Hamstring Curl", "hamstrings", "", A),
        e("calf_raise", "Bodyweight Calf Raise", "calves"),
        e("single_leg_calf_raise", "Single-Leg Calf Raise", "calves", "", I),
        e("superman", "Superman Hold", "lower_back glutes"),
        e("plank", "Plank", "core", "", B, "core"),
        e("side_plank", "Side Plank", "core", "", B, "core"),
        e("dead_bug", "Dead Bug", "core", "", B, "core"),
        e("bird_dog", "Bird Dog", "core lower_back", "", B, "core"),
        e("hollow_hold", "Hollow Body Hold", "core", "", I, "core"),
        e("crunch", "Crunch", "core", "", B, "core"),
        e("bicycle_crunch", "Bicycle Crunch", "core", "", B, "core"),
        e("reverse_crunch", "Reverse Crunch", "core", "", B, "core"),
        e("russian_twist", "Russian Twist", "core", "", B, "core"),
        e("v_up", "V-Up", "core", "", I, "core"),
        e("l_sit", "L-Sit Hold", "core triceps", "", A, "core"),
        e("bear_crawl", "Bear Crawl", "shoulders core", "", B, "core"),
        e("mountain_climber", "Mountain Climber", "core shoulders", "", B, "cardio"),
        e("burpee", "Burpee", "chest quads", "", I, "cardio"),
        e("jumping_jack", "Jumping Jack", "calves shoulders", "", B, "cardio"),
        e("high_knees", "High Knees", "quads calves", "", B, "cardio"),
        e("jump_squat", "Jump Squat", "quads glutes", "", I, "plyometric"),
        e("skater_jump", "Skater Jump", "glutes quads", "", I, "plyometric"),
        e("broad_jump", "Broad Jump", "glutes quads", "", I, "plyometric"),
        e("tuck_jump", "Tuck Jump", "quads calves", "", A, "plyometric"),
        e("box_jump", "Box Jump", "quads glutes", "box", I, "plyometric"),
    ]

    private static let conditioning: [ExerciseDraft] = [
        e("run_walk", "Run/Walk Intervals", "quads calves", "", B, "cardio"),
        e("easy_run", "Easy Run", "quads hamstrings calves", "", B, "cardio"),
        e("recovery_jog", "Recovery Jog", "quads calves", "", B, "cardio"),
        e("tempo_run", "Tempo Run", "quads hamstrings calves", "", I, "cardio"),
        e("interval_run", "Running Intervals", "quads hamstrings calves", "", I, "cardio"),
        e("fartlek", "Fartlek Run", "quads hamstrings calves", "", I, "cardio"),
        e("long_run", "Long Run", "quads hamstrings calves", "", I, "cardio"),
        e("strides", "Running Strides", "quads hamstrings calves", "", I, "cardio"),
        e("hill_sprints", "Hill Sprints", "glutes quads calves", "", A, "cardio"),
        e("race_pace_run", "Race-Pace Run", "quads hamstrings calves", "", A, "cardio"),
        e("brisk_walk", "Brisk Walk", "calves glutes", "", B, "cardio"),
        e("treadmill_incline_walk", "Treadmill Incline Walk", "glutes calves", "treadmill", B, "cardio"),
        e("treadmill_run", "Treadmill Run", "quads hamstrings calves", "treadmill", B, "cardio"),
        e("steady_row", "Steady Rowing", "back quads", "rower", B, "cardio"),
        e("rower_intervals", "Rowing Intervals", "back quads", "rower", I, "cardio"),
        e("steady_bike", "Steady Cycling", "quads", "bike", B, "cardio"),
        e("bike_intervals", "Bike Intervals", "quads glutes", "bike", I, "cardio"),
    ]

    private static let mobility: [ExerciseDraft] = [
        e("cat_cow", "Cat-Cow", "lower_back upper_back", "", B, "mobility"),
        e("worlds_greatest_stretch", "World's Greatest Stretch", "hips hamstrings upper_back", "", B, "mobility"),
        e("hip_90_90", "90/90 Hip Switch", "hips", "", B, "mobility"),
        e("couch_stretch", "Couch Stretch", "quads hips", "", B, "mobility"),
        e("hip_flexor_stretch", "Half-Kneeling Hip Flexor Stretch", "hips", "", B, "mobility"),
        e("standing_hamstring_stretch", "Standing Hamstring Stretch", "hamstrings", "", B, "mobility"),
        e("deep_squat_hold", "Deep Squat Hold", "hips calves", "", B, "mobility"),
        e("ankle_mobilization", "Knee-to-Wall Ankle Mobilization", "calves", "", B, "mobility"),
        e("shoulder_cars", "Shoulder Circles (CARs)", "shoulders", "", B, "mobility"),
        e("hip_cars", "Hip Circles (CARs)", "hips", "", B, "mobility"),
        e("wall_slide", "Wall Slide", "shoulders upper_back", "", B, "mobility"),
        e("leg_swings", "Leg Swings", "hips hamstrings", "", B, "mobility"),
        e("neck_rolls", "Gentle Neck Mobility", "upper_back", "", B, "mobility"),
        e("cossack_squat", "Cossack Squat", "hips quads", "", I, "mobility"),
        e("pigeon_pose", "Pigeon Pose", "glutes hips", "mat", B, "mobility"),
        e("thoracic_rotation", "Open-Book Thoracic Rotation", "upper_back", "mat", B, "mobility"),
        e("childs_pose", "Child's Pose", "lower_back back", "mat", B, "mobility"),
        e("cobra", "Cobra Stretch", "lower_back core", "mat", B, "mobility"),
        e("downward_dog", "Downward Dog", "hamstrings calves shoulders", "mat", B, "mobility"),
        e("frog_stretch", "Frog Stretch", "hips", "mat", I, "mobility"),
        e("thread_the_needle", "Thread the Needle", "upper_back shoulders", "mat", B, "mobility"),
        e("scorpion_stretch", "Scorpion Stretch", "hips lower_back", "mat", I, "mobility"),
        e("pancake_stretch", "Pancake Stretch", "hamstrings hips", "mat", A, "mobility"),
        e("band_dislocate", "Band Shoulder Dislocate", "shoulders", "bands", I, "mobility"),
        e("band_hamstring_stretch", "Banded Hamstring Stretch", "hamstrings", "bands mat", B, "mobility"),
        e("jefferson_curl", "Jefferson Curl", "hamstrings lower_back", "dumbbell", A, "mobility"),
        e("bridge_hold", "Wheel Bridge Hold", "upper_back shoulders hips", "mat", A, "mobility"),
    ]
}
