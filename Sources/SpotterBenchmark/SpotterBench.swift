import ArgumentParser

/// `spotter-bench`: benchmarks that print their figures. Each area is a subcommand
/// (`spotter-bench queue`, …); none is ever a CI gate.
@main
struct SpotterBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spotter-bench",
        abstract: "Spotter benchmarks: each prints its figures as a table. Never a CI gate.",
        subcommands: [
            QueueBench.self, PruneBench.self, AnalyticsBenchmark.self, FactsBenchmark.self,
            RecommendationsBenchmark.self, NightlyBenchmark.self, MCPBenchmark.self,
            StandbyBenchmark.self,
        ]
    )
}
