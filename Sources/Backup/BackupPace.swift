import Foundation

/// Paces a backup so the people using the server do not notice it (issue 41): after each 20 ms or so of copying,
/// hashing or dumping, it rests `rest` times as long. The backup's whole pipeline waits with it — pg_dump blocks on
/// its full pipe, and the PostgreSQL backend behind it on its socket — so the server keeps the cores and the disk for
/// most of the time. Niceness alone did not do it: the PostgreSQL backend that does pg_dump's reading is not niced.
///
/// The backup runs in the CLI's own process, so resting blocks one of its threads, never the server's.
public final class BackupPace: @unchecked Sendable {
    /// Rest per unit of work: 0 copies at full speed; 1 leaves the pipeline running half the time.
    public let rest: Double
    /// How much work between rests: long enough that a rest is not a system call per chunk.
    static let slice: Duration = .milliseconds(20)
    private var resumed = ContinuousClock.now

    public init(rest: Double) {
        self.rest = max(0, rest)
    }

    /// The default: the pipeline runs a third of the time (rest twice as long as the work).
    public static var gentle: BackupPace { BackupPace(rest: 2) }
    public static var fullSpeed: BackupPace { BackupPace(rest: 0) }

    /// Called after each chunk: rests when a slice of work has gone by since the last rest.
    public func tick() {
        guard rest > 0 else { return }
        let worked = ContinuousClock.now - resumed
        guard worked >= Self.slice else { return }
        let pause = worked * rest
        usleep(UInt32(clamping: Int(pause.components.seconds) * 1_000_000 + Int(pause.components.attoseconds / 1_000_000_000_000)))
        resumed = ContinuousClock.now
    }
}
