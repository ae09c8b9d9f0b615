import CadenceCore
import Foundation
import Tempo
import TempoService
import Web

/// Tempo's commands on the live channel, so a phone and a watch in the same run hear each other:
/// - `tempo.samples` `{runId, samples, sources?}`: stored like `POST …/runs/{id}/samples`; the newest
///   sample is published as a `tempo.run.sample` event (the phone follows the watch's sensors).
/// - `tempo.run.state` `{runId, …}`: what the device playing the run shows (interval, targets,
///   paused), relayed as an event of the same type for the other devices.
/// - `tempo.run.control` `{runId, action}`: pause, resume, skip or end, from a watch to the
///   player; applied once per command id.
enum TempoLiveCommands {
    static let controlActions: Set<String> = ["pause", "resume", "skip", "end"]
    /// A state message is a small summary, not a log.
    static let maximumStateBytes = 4096

    static func register(on live: any LiveChannel, runs: TempoRuns) {
        live.commandHandlers.register("tempo.samples") { _, data, accountID, _ in
            let runID = try runID(in: data)
            guard let input = try decode([SampleInput].self, "samples", in: data, being: "a list of samples") else {
                throw ValidationError(field: "data.samples", "Send data.samples, a list of samples.", key: "tempo.runs.error.live_samples_missing")
            }
            let sources = try decode(SourcesInput.self, "sources", in: data, being: #"{"heartRate": [names], "cadence": [names]}"#)?.reported
            let (_, _) = try await runs.addSamples(input.map(\.sample), sources: sources, runID: runID, accountID: accountID)
            if let newest = input.max(by: { $0.t < $1.t }) {
                var fields = (try? JSONSerialization.jsonObject(with: JSONEncoder().encode(newest))) as? [String: Any] ?? [:]
                fields["runId"] = runID.uuidString
                try await live.announce("tempo.run.sample", data: LiveJSON.object(fields), to: accountID)
            }
            return .applied
        }
        live.commandHandlers.register("tempo.run.state") { _, data, accountID, sender in
            _ = try runID(in: data)
            var fields = data
            fields["by"] = sender
            let text = LiveJSON.object(fields)
            guard text.utf8.count <= maximumStateBytes else {
                throw ValidationError(field: "data", "A run state is at most \(maximumStateBytes) bytes.", key: "tempo.runs.error.live_state_too_large",
                                      ["max": String(maximumStateBytes)])
            }
            try await live.announce("tempo.run.state", data: text, to: accountID)
            return .applied
        }
        live.commandHandlers.register("tempo.run.control") { commandID, data, accountID, sender in
            let runID = try runID(in: data)
            guard let action = data["action"] as? String, controlActions.contains(action) else {
                throw ValidationError(field: "data.action", "The action is pause, resume, skip or end.", key: "tempo.runs.error.live_action")
            }
            guard try await live.recordCommand(commandID, accountID: accountID) else {
                return .duplicate
            }
            try await live.announce("tempo.run.control", data: LiveJSON.object(["runId": runID.uuidString, "action": action, "by": sender]),
                                    to: accountID)
            return .applied
        }
    }

    /// `data[key]` read as the HTTP API reads its body, so a wrong value is refused naming the field
    /// (`data.samples[3].t`) as it would be there; nil when absent.
    private static func decode<T: Decodable>(_ type: T.Type, _ key: String, in data: [String: Any], being expected: String) throws -> T? {
        guard let raw = data[key], !(raw is NSNull) else { return nil }
        do {
            return try JSONBody.decoder.decode(T.self, from: JSONSerialization.data(withJSONObject: raw))
        } catch let error as DecodingError {
            throw JSONBody.apiError(error, under: "data.\(key)")
        } catch {
            throw ValidationError(field: "data.\(key)", "data.\(key) is \(expected).", key: "tempo.runs.error.live_data." + key,
                                  ["field": "data.\(key)", "expected": expected])
        }
    }

    private static func runID(in data: [String: Any]) throws -> UUID {
        guard let text = data["runId"] as? String, let id = UUID(uuidString: text) else {
            throw ValidationError(field: "data.runId", "Say which run: data.runId is its id.", key: "tempo.runs.error.live_run_id")
        }
        return id
    }
}
