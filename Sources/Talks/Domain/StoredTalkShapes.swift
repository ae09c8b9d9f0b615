import CadenceCore

// How a talk is kept: its cues in `topics.cues`, a run in `talk_runs.run`. Version 1 of each: the bare Codable JSON
// (until December 2026); version 2: the same fields in `StoredJSON`'s envelope. `StoredTalkShapeTests` pins both.

extension Cue {
    public static let storedList = StoredJSON<[Cue]>("talk's cues", version: 2)
}

extension TalkRun {
    public static let storedShape = StoredJSON<TalkRun>("talk run", version: 2)
}
