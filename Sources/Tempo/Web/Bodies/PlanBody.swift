import CadenceCore
import Foundation
import Hummingbird
import Tempo
import TempoService
import Web

struct PlanBody: JSONResponse {
    let plan: WorkoutPlan
    let templateId: UUID?
    /// For a template: shipped with Cadence (true) or saved by the person (false).
    let builtIn: Bool?
    let totalSeconds: Double
    let totalMetres: Double
    let segments: [PlanSegment]
    let curve: [CurvePoint]

    init(_ plan: WorkoutPlan, templateID: UUID? = nil, builtIn: Bool? = nil) {
        let timeline = plan.timeline
        self.plan = plan
        templateId = templateID
        self.builtIn = builtIn
        totalSeconds = timeline.totalDuration
        totalMetres = timeline.totalDistance
        segments = timeline.segments
        curve = timeline.curve
    }
}
