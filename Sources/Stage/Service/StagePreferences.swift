import CadenceCore
import Foundation
import Stage

public struct StagePreferences: Equatable, Sendable {
    public var lastTalkID: UUID?
    public var advanceMethod: AdvanceMethod
    public var screenMode: ScreenMode
    public var demoCreated: Bool

    public init(lastTalkID: UUID? = nil, advanceMethod: AdvanceMethod = .buttons, screenMode: ScreenMode = .default, demoCreated: Bool = false) {
        self.lastTalkID = lastTalkID
        self.advanceMethod = advanceMethod
        self.screenMode = screenMode
        self.demoCreated = demoCreated
    }
}
