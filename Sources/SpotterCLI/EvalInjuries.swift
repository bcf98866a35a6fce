import ArgumentParser
import Foundation
import SpotterRendering

/// `spotter eval injuries FILE`: whether each probe message keeps the right body parts out of the
/// next day's suggestion (see ``InjuryProbes``).
struct EvalInjuries: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "injuries",
        abstract: "Read injury probes (JSON Lines) as the nightly would; print what each protects.",
        discussion: """
            Each line: {"text": "my back went out", "protects": ["back"], "class": "idiom"}, optional \
            "days_later" (default 1), "sent_at" and "asked" (the partner's message it answers). The \
            message is extracted and merged as extract_facts does, and the daily suggestion's injury filter is asked which parts it keeps out that many \
            days later. A probe passes when every part it names is kept out, and, for "protects": [], \
            when none is. Prints one line per failure (or per probe with --all) and the counts per \
            class. Exit status 1 when any probe fails, 2 when the file cannot be read. The project's \
            own set: eval/injury-probes.jsonl.
            """)

    @Argument(help: "The probe file (JSON Lines).")
    var file: String

    @Flag(name: .long, help: "Print every probe, not only the failures.")
    var all = false

    func run() throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure(message: "cannot read \(file)", exitCode: 2)
        }
        let probes: [InjuryProbes.Probe]
        do {
            probes = try InjuryProbes.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw CommandFailure(message: "\(file): \(error)", exitCode: 2)
        }
        let outcomes = InjuryProbes.run(probes)
        var byClass: [String: (passed: Int, total: Int)] = [:]
        for outcome in outcomes {
            let name = outcome.probe.class ?? "-"
            byClass[name, default: (0, 0)].total += 1
            if outcome.passed { byClass[name, default: (0, 0)].passed += 1 }
            guard all || !outcome.passed else { continue }
            let expected = outcome.probe.protects.isEmpty ? "nothing" : outcome.probe.protects.joined(separator: ", ")
            let got = outcome.protected.isEmpty ? "nothing" : outcome.protected.joined(separator: ", ")
            print("\(outcome.passed ? "ok  " : "FAIL") [\(name)] \(outcome.probe.text)")
            print("     expected \(expected), protected \(got); facts: \(outcome.facts.joined(separator: " | "))")
        }
        print("class            passed")
        for name in byClass.keys.sorted() {
            let counts = byClass[name]!
            print("\(name.padding(toLength: 16, withPad: " ", startingAt: 0)) \(counts.passed)/\(counts.total)")
        }
        let passed = outcomes.filter(\.passed).count
        print("\(passed) passed, \(outcomes.count - passed) failed")
        if passed < outcomes.count { throw ExitCode(1) }
    }
}
