import SpotterIDs
import SpotterLogging
import Testing

@Suite("run nightly progress in a log")
struct ProgressLogTests {
    @Test("first line, then at most one every 10 s while progress changes, and always the settled line")
    func throttled() {
        var log = ProgressLog()
        let start = ContinuousClock.now
        var printed: [String] = []
        // A 35 s batch polled every second, one more job done each second.
        for second in 0...35 {
            let line = "\(second)/36 jobs"
            if log.shouldPrint(line, settled: second == 35, at: start.advanced(by: .seconds(second))) {
                printed.append(line)
            }
        }
        #expect(printed == ["0/36 jobs", "10/36 jobs", "20/36 jobs", "30/36 jobs", "35/36 jobs"])
        // Nothing new, nothing written, even after a long time.
        let again = log.shouldPrint("35/36 jobs", settled: true, at: start.advanced(by: .seconds(100)))
        #expect(!again)
    }
}
