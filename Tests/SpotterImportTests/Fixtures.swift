import Foundation

@testable import SpotterImport

/// Exports written for these tests in the shapes Strong and Hevy produce (not real people's data).
enum Fixtures {
    static let utc = TimeZone(identifier: "UTC")!
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// Strong with Chinese headers, `,`, quoted fields, weights in kg, a duration like 1小时5分钟.
    static let strongChinese = """
        日期,锻炼名称,时长,运动名称,设置顺序,重量,次,距离,秒,备注,锻炼备注,RPE
        2024-03-04 18:00:00,"Push A",1小时5分钟,"Bench Press (Barbell)",W,40,10,0,0,"",,
        2024-03-04 18:00:00,"Push A",1小时5分钟,"Bench Press (Barbell)",1,80,5,0,0,"felt good, fast",,8
        2024-03-04 18:00:00,"Push A",1小时5分钟,"Bench Press (Barbell)",2,80,5,0,0,,,8.5
        2024-03-04 18:00:00,"Push A",1小时5分钟,"Lateral Raise (Dumbbell)",1,10,12,0,0,,,
        2024-03-06 07:30:00,"Pull A",48分钟,"Chin Up",1,0,8,0,0,,"周三",
        2024-03-06 07:30:00,"Pull A",48分钟,"Zercher Carry Thing",1,30,0,20,0,,,
        """

    /// A newer English Strong export: `;`, decimal commas, "Workout #", "Weight (lbs)", a
    /// multi-line quoted note.
    static let strongEnglishSemicolon = """
        Workout #;Date;Workout Name;Duration;Exercise Name;Set Order;Weight (lbs);Reps;Distance;Seconds;Notes;Workout Notes;RPE
        1;2024-05-01 06:15:00;Legs;1h 10m;Squat (Barbell);W;95;8;0;0;;;
        1;2024-05-01 06:15:00;Legs;1h 10m;Squat (Barbell);1;225;5;0;0;"knees ok;
        go deeper";;7,5
        1;2024-05-01 06:15:00;Legs;1h 10m;Leg Press;1;360,5;10;0;0;;;
        2;2024-05-03 17:00:00;Upper;45m;Plank;1;0;0;0;60;;;
        """

    /// An older English Strong export without the duration column.
    static let strongOld = """
        Date,Workout Name,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes
        2019-01-10 12:00:00,Full Body,Deadlift (Barbell),1,100,5,0,0,,
        2019-01-10 12:00:00,Full Body,Deadlift (Barbell),2,110,3,0,0,,
        2019-01-10 12:00:00,Full Body,Running (Treadmill),1,0,0,2.5,900,,
        """

    /// Hevy in English, kg, warm-ups, a quoted description with a comma and a line break.
    static let hevyEnglish = """
        "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
        "Upper, heavy","3 Mar 2025, 18:05","3 Mar 2025, 19:20","slept badly,
        still fine","Bench Press (Barbell)",,"",0,"warmup",40,10,,0,
        "Upper, heavy","3 Mar 2025, 18:05","3 Mar 2025, 19:20","slept badly,
        still fine","Bench Press (Barbell)",,"",1,"normal",82.5,6,,0,8
        "Upper, heavy","3 Mar 2025, 18:05","3 Mar 2025, 19:20","slept badly,
        still fine","Seated Cable Row - V Grip (Cable)",,"",0,"failure",60,10,,0,9.5
        "Legs","5 Mar 2025, 07:00","5 Mar 2025, 08:01","","Leg Extension (Machine)",,"",0,"dropset",45,12,,0,
        """

    /// One Hevy row with `start_time` written as `stamp` (localised month) and weights in lbs.
    static func hevyPounds(start: String, end: String) -> String {
        """
        title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_lbs,reps,distance_km,duration_seconds,rpe
        Push,"\(start)","\(end)",,Overhead Press (Barbell),,,0,normal,100,5,,,
        """
    }
}
