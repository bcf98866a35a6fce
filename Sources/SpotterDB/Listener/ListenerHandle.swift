import CLibPQ
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The connection and self-pipe behind a ``DatabaseListener``.
///
/// An actor on its own serial queue (``DispatchQueueExecutor``): `driver` and the pipe's read
/// end are isolated to it, so `poll(2)` and libpq block that queue's thread, never the
/// cooperative pool. The write end is used only under `wakeEnd`'s mutex (so it is never written
/// after it is closed), and `write(2)` on a pipe is safe from any thread.
actor ListenerHandle {
    private nonisolated let executor = DispatchQueueExecutor(label: "spotter.db.listener")
    nonisolated let logger: Logger
    private var driver: PostgresDriver?
    /// The pipe's read end.
    private var readEnd: Int32 = -1
    private nonisolated let wakeEnd = Mutex<Int32>(-1)
    nonisolated let closed = ConnectionFlag()

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(logger: Logger) {
        self.logger = logger
    }

    /// Connects, LISTENs, and creates the self-pipe.
    func open(_ configuration: DatabaseConfiguration, channels: [String]) throws {
        let driver = try PostgresDriver.connect(configuration, logger: logger, broken: ConnectionFlag())
        if !channels.isEmpty {
            try driver.executeScript(channels.map { "LISTEN \(SQLIdentifier.quoted($0));" }.joined(separator: " "))
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            driver.close()
            throw DatabaseError(.server, "cannot create the listener's wake-up pipe (errno \(errno))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        wakeEnd.withLock { $0 = ends[1] }
        self.driver = driver
    }

    /// Wakes a `poll` in progress (or the next one); safe from any thread.
    nonisolated func wake() {
        wakeEnd.withLock { end in
            guard end >= 0 else { return }
            var byte: UInt8 = 1
            _ = write(end, &byte, 1)
        }
    }

    /// The notifications already received, or those arriving before `timeout`; [] when the time
    /// passes, the call is cancelled, or the listener closes.
    func wait(timeout: Duration, cancelled: ConnectionFlag) throws -> [DatabaseNotification] {
        guard let driver, !closed.isSet else {
            throw DatabaseError(.misuse, "the database listener is closed")
        }
        let connection = driver.connection
        drainPipe()
        try consumeInput(driver)
        var notifications = collect(connection)
        if !notifications.isEmpty || cancelled.isSet { return notifications }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let remaining = clock.now.duration(to: deadline)
            if remaining <= .zero { return [] }
            let milliseconds =
                remaining.components.seconds * 1000 + (remaining.components.attoseconds + 999_999_999_999_999)
                / 1_000_000_000_000_000
            var descriptors = [
                pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0),
                pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(clamping: milliseconds))
            if ready < 0 {
                if errno == EINTR { continue }
                throw DatabaseError(.server, "poll failed while waiting for notifications (errno \(errno))")
            }
            if descriptors[1].revents != 0 {
                drainPipe()
                if cancelled.isSet || closed.isSet { return [] }
            }
            if descriptors[0].revents != 0 {
                try consumeInput(driver)
                notifications = collect(connection)
                if !notifications.isEmpty { return notifications }
            }
        }
    }

    private func consumeInput(_ driver: PostgresDriver) throws {
        if PQconsumeInput(driver.connection) == 0 || PQstatus(driver.connection) != CONNECTION_OK {
            let message = DatabaseError.oneLine(String(cString: PQerrorMessage(driver.connection)))
            throw DatabaseError(
                .connectionLost, "the listener's connection to \(driver.target) was lost: \(message)")
        }
    }

    private func collect(_ connection: OpaquePointer) -> [DatabaseNotification] {
        var notifications: [DatabaseNotification] = []
        while let notify = PQnotifies(connection) {
            notifications.append(
                DatabaseNotification(
                    channel: String(cString: notify.pointee.relname),
                    payload: notify.pointee.extra.map { String(cString: $0) } ?? "",
                    processID: notify.pointee.be_pid))
            PQfreemem(notify)
        }
        return notifications
    }

    private func drainPipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }

    /// Closes the connection and the pipe.
    func closeResources() {
        driver?.close()
        driver = nil
        wakeEnd.withLock { end in
            if end >= 0 { closeFileDescriptor(end) }
            end = -1
        }
        if readEnd >= 0 { closeFileDescriptor(readEnd) }
        readEnd = -1
    }

    isolated deinit {
        closeResources()
    }
}

/// `close(2)`, named apart from the methods called `close`.
private func closeFileDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(descriptor)
    #elseif canImport(Darwin)
        _ = Darwin.close(descriptor)
    #endif
}
