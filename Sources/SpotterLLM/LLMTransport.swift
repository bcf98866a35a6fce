package import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    package import FoundationNetworking
#endif

/// One HTTP exchange with a deadline, over a URLSession owned by this object (invalidated when
/// it goes away). URLSession runs its I/O on its own threads; callers only await.
package final class LLMTransport: Sendable {
    /// How one exchange ended.
    package enum Outcome: Sendable {
        /// A response arrived in time (any status).
        case response(status: Int, headers: [String: String], body: Data)
        /// No complete response within the deadline.
        case timedOut
        /// The connection failed; `reason` is short and names no URL.
        case failed(reason: String)
        /// The calling task was cancelled.
        case cancelled
    }

    private let session: URLSession

    /// A transport whose session never caches and never waits longer than `timeout`.
    package init(timeout: Duration) {
        let configuration = URLSessionConfiguration.ephemeral
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds + 1
        configuration.timeoutIntervalForResource = seconds + 1
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        self.session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` and waits for the whole response, at most `timeout`: whichever comes
    /// first wins and the other is cancelled.
    package func send(_ request: URLRequest, timeout: Duration) async -> Outcome {
        let outcome = await withTaskGroup(of: Outcome.self) { group in
            group.addTask { await self.exchange(request) }
            group.addTask {
                do {
                    try await Task.sleep(for: timeout)
                    return .timedOut
                } catch {
                    return .cancelled
                }
            }
            let first = await group.next() ?? .cancelled
            group.cancelAll()
            return first
        }
        return Task.isCancelled ? .cancelled : outcome
    }

    private func exchange(_ request: URLRequest) async -> Outcome {
        let handle = DataTaskHandle()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let task = session.dataTask(with: request) { data, response, error in
                    continuation.resume(returning: Self.outcome(data: data, response: response, error: error))
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }

    private static func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Outcome {
        if let error {
            let code = (error as? URLError)?.code
            if code == .cancelled { return .cancelled }
            if code == .timedOut { return .timedOut }
            return .failed(reason: describe(code))
        }
        guard let http = response as? HTTPURLResponse else { return .failed(reason: "no HTTP response") }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return .response(status: http.statusCode, headers: headers, body: data ?? Data())
    }

    /// A short name for a transport failure; never the URL or the underlying message.
    private static func describe(_ code: URLError.Code?) -> String {
        switch code {
        case .cannotConnectToHost?: "cannot connect to the server"
        case .cannotFindHost?, .dnsLookupFailed?: "cannot resolve the server's host"
        case .networkConnectionLost?: "connection lost"
        case .notConnectedToInternet?: "no network"
        case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?,
            .serverCertificateNotYetValid?, .serverCertificateHasUnknownRoot?:
            "TLS failure"
        case .badServerResponse?: "bad server response"
        case .some(let code): "network error \(code.rawValue)"
        case nil: "network error"
        }
    }
}

/// The data task of one exchange, so that cancellation (which may come before the task exists)
/// reaches it exactly once.
private final class DataTaskHandle: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var cancelled = false
    }

    // URLSessionDataTask is thread-safe (its methods may be called from any thread); the
    // mutex only orders "start" against "cancel".
    private let state = Mutex(State())

    package func start(_ task: URLSessionDataTask) {
        task.resume()
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
    }

    package func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
