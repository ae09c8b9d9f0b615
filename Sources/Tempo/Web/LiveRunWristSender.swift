import CadenceCore
import Foundation
import Tempo
import TempoService

/// Publishes a planned run's claimed moment (or a heart-rate warning) as a `tempo.wrist` event: the instance that
/// publishes it pushes it (`TempoPushRules`), and the run's pages hear it too. The event carries numbers and names,
/// not sentences: the push rule says them in the account's language.
public struct LiveRunWristSender: RunWristSender {
    let live: any LiveAnnouncing
    let store: any RunStore
    let clock: any WallClock

    public init(live: any LiveAnnouncing, store: any RunStore, clock: any WallClock) {
        self.live = live
        self.store = store
        self.clock = clock
    }

    public func send(_ moment: RunWristMoment, of run: PlannedRun, accountID: UUID) async throws {
        var data = Self.data(moment, of: run)
        if moment.kind == .done, let samples = try await store.samples(runID: run.record.id, accountID: accountID) {
            let analysis = RunAnalysis(run: run.record, samples: samples, profile: try await store.profile(accountID: accountID), now: clock.now())
            if analysis.summary.distance > 0 { data["distance"] = analysis.summary.distance.rounded() }
        }
        _ = try await live.announce("tempo.wrist", data: LiveJSON.object(data), to: accountID)
    }

    public func send(_ warning: HeartRateWarning, of run: RunRecord, accountID: UUID) async throws {
        let data: [String: Any] = [
            "runId": run.id.uuidString.lowercased(), "kind": "heart_rate", "at": warning.at, "heartRate": warning.heartRate,
            "zone": warning.zone, "ceiling": warning.ceiling,
        ]
        _ = try await live.announce("tempo.wrist", data: LiveJSON.object(data), to: accountID)
    }

    /// What the notification is made of: the interval (its name with the round, length and target), or how far along.
    public static func data(_ moment: RunWristMoment, of run: PlannedRun) -> [String: Any] {
        let timeline = run.timeline
        var data: [String: Any] = ["runId": run.record.id.uuidString.lowercased(), "at": moment.at, "activity": run.record.activity]
        switch moment.kind {
        case .interval(let index, let halfway):
            let segment = timeline.segments[index]
            data["kind"] = "interval"
            data["index"] = index
            data["total"] = timeline.segments.count
            data["label"] = segment.label
            data["seconds"] = Int(segment.duration.rounded())
            data["cadence"] = Int(segment.cadenceStart.rounded())
            if segment.isRamp { data["cadenceEnd"] = Int(segment.cadenceEnd.rounded()) }
            if case .pace(let pace) = segment.targetStart { data["pace"] = Int(pace.rounded()) }
            if halfway { data["halfway"] = true }
        case .halfway:
            data["kind"] = "halfway"
            data["left"] = Int((timeline.totalDuration / 2).rounded())
            let segment = timeline.segments[timeline.segmentIndex(at: timeline.totalDuration / 2)]
            data["label"] = segment.label
        case .done:
            data["kind"] = "done"
            data["seconds"] = Int(timeline.totalDuration.rounded())
        }
        return data
    }
}
