import CadenceCore
import Foundation
import Hummingbird
import Tempo
import TempoService
import Web

struct PlanBody: JSONResponse {
    let plan: WorkoutPlan
    let templateId: UUID?
    let totalSeconds: Double
    let totalMetres: Double
    let segments: [PlanSegment]
    let curve: [CurvePoint]

    init(_ plan: WorkoutPlan, templateID: UUID? = nil) {
        let timeline = plan.timeline
        self.plan = plan
        templateId = templateID
        totalSeconds = timeline.totalDuration
        totalMetres = timeline.totalDistance
        segments = timeline.segments
        curve = timeline.curve
    }
}
