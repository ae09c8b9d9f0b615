import CadenceCore
import Foundation
import Testing
@testable import Tempo

/// PRODUCT.md M2 and seed 001 ("Create Workout Page"): intervals by time or distance, targets,
/// ramps, repeats, templates; validation names the field.
@Suite(.timeLimit(.minutes(5))) struct PlanExpansionTests {
    @Test func repeatsExpandInOrderWithRounds() throws {
        let timeline = Templates.sprintIntervals().timeline
        #expect(timeline.segments.count == 13)
        #expect(timeline.segments.map(\.name).prefix(4) == ["Sprint", "Easy", "Sprint", "Easy"])
        #expect(timeline.segments[4].label == "Sprint 3/6")
        #expect(timeline.segments[4].start == 600)
        #expect(timeline.segments[12].label == "Cool-down")
        #expect(timeline.segments[12].start == 1800)
        #expect(timeline.totalDuration == 2400)
        #expect(timeline.segments[2].path == "steps[0].repeat.steps[0]")
    }

    @Test func nestedRepeatsMultiply() throws {
        let plan = try WorkoutPlan(name: "Nested", steps: [
            .repeat(count: 2, steps: [
                .repeat(count: 3, steps: [.interval(.minutes(1, "Hard", .zone(4))), .interval(.minutes(1, "Easy", .zone(2)))]),
                .interval(.minutes(2, "Rest", .zone(1))),
            ]),
        ])
        let timeline = plan.timeline
        #expect(timeline.segments.count == 14)
        #expect(timeline.totalDuration == 16 * 60)
        #expect(timeline.segments[6].name == "Rest")
        #expect(timeline.segments[7].start == 8 * 60)
    }

    @Test func aRampChangesTheTargetLinearly() throws {
        let timeline = Templates.steadyProgression().timeline
        #expect(timeline.segments.count == 1)
        #expect(timeline.totalDuration == 40 * 60)
        let start = try #require(timeline.target(at: 0))
        let middle = try #require(timeline.target(at: 20 * 60))
        let late = try #require(timeline.target(at: 40 * 60 - 1))
        #expect(start.cadence == 160)
        #expect(abs(middle.cadence - 168) < 1e-9)
        #expect(middle.zone == 3)
        #expect(late.cadence > 175.9)
        #expect(timeline.target(at: 40 * 60) == nil)
        #expect(timeline.target(at: -1) == nil)
        #expect(abs(timeline.averageCadence(from: 0, to: 2400) - 168) < 1e-9)
    }

    @Test func targetAtReportsTheIntervalAndTimeLeft() throws {
        let timeline = Templates.sprintIntervals().timeline
        let t = try #require(timeline.target(at: 5 * 60 + 30))
        #expect(t.segment.label == "Sprint 2/6")
        #expect(t.elapsedInSegment == 30)
        #expect(t.remainingInSegment == 90)
        #expect(t.cadence == 185)
        #expect(t.zone == 5)
        #expect(abs(t.pace - 255) < 1e-6)
    }

    /// Distances become durations at the assumed speed: the target pace, or the zone table.
    @Test(arguments: [
        (Activity.running, Target.pace(secondsPerKm: 300), 1000.0, 300.0),
        (.running, .zone(3), 1000, 330),
        (.running, .cadence(168), 1000, 330),
        (.walking, .zone(1), 2000, 1440),
        (.cycling, .zone(3), 13000, 1800),
    ])
    func distanceIntervalsBecomeDurations(activity: Activity, target: Target, metres: Double, seconds: Double) throws {
        let plan = try WorkoutPlan(name: "D", activity: activity, steps: [
            .interval(Interval(name: "Run", length: .distance(metres: metres), target: target)),
        ])
        #expect(abs(plan.timeline.totalDuration - seconds) < 1e-6)
        #expect(plan.timeline.segments[0].byDistance)
        #expect(abs(plan.timeline.totalDistance - metres) < 1e-6)
    }

    @Test func aDistanceRampAssumesSpeedChangesLinearly() throws {
        let plan = try WorkoutPlan(name: "Build", steps: [
            .interval(Interval(name: "Build", length: .distance(metres: 1000), target: .pace(secondsPerKm: 360), endTarget: .pace(secondsPerKm: 300))),
        ])
        let expected = 2 * 1000 / (1000.0 / 360 + 1000.0 / 300)
        #expect(abs(plan.timeline.totalDuration - expected) < 1e-9)
        let t = try #require(plan.timeline.target(at: expected / 2))
        #expect(abs(t.pace - 330) < 1e-9)
    }

    @Test(arguments: [(Activity.running, 176.0), (.walking, 122), (.cycling, 100)])
    func zonesMapToCadencePerActivity(activity: Activity, zone4: Double) throws {
        let plan = try WorkoutPlan(name: "Z", activity: activity, steps: [.interval(.minutes(1, "Z4", .zone(4)))])
        #expect(plan.timeline.segments[0].cadenceStart == zone4)
    }

    @Test func aPaceBecomesACadenceThroughTheStrideModel() throws {
        let profile = Activity.running.profile
        #expect(abs(profile.cadence(speed: 1000 / 290) - 176) < 1e-9)
        // Faster than zone 5 keeps rising, slower than zone 1 keeps falling, within limits.
        #expect(profile.cadence(speed: 1000 / 200) > 185)
        #expect(profile.cadence(speed: 1000 / 600) < 150)
        #expect(profile.cadence(speed: 1000 / 120) <= 230)
    }

    @Test func theCurveHasAPointAtEachChange() throws {
        let curve = Templates.sprintIntervals().timeline.curve
        #expect(curve.first == CurvePoint(seconds: 0, cadence: 185, effort: 5))
        #expect(curve.last?.seconds == 2400)
        #expect(curve.last?.cadence == 150)
        #expect(curve.count == 26)
    }

    @Test func plansRoundTripThroughJSON() throws {
        for template in Templates.builtIn() {
            let data = try JSONEncoder().encode(template.plan)
            let decoded = try JSONDecoder().decode(WorkoutPlan.self, from: data)
            #expect(decoded == template.plan)
        }
        let json = #"{"name":"R","steps":[{"interval":{"name":"A","length":{"metres":400},"target":{"pace":240},"endTarget":{"pace":230}}}]}"#
        let plan = try JSONDecoder().decode(WorkoutPlan.self, from: Data(json.utf8))
        #expect(plan.steps == [.interval(Interval(name: "A", length: .distance(metres: 400), target: .pace(secondsPerKm: 240), endTarget: .pace(secondsPerKm: 230)))])
    }

    @Test func decodingABadPlanThrowsTheValidationError() throws {
        let json = #"{"name":"R","steps":[{"repeat":{"count":2,"steps":[{"interval":{"length":{"seconds":60},"target":{"zone":9}}}]}}]}"#
        expectRefused(field: "steps[0].repeat.steps[0].target", "A zone is 1 to 5.") {
            try JSONDecoder().decode(WorkoutPlan.self, from: Data(json.utf8))
        }
    }

    @Test func anUnnamedIntervalIsNamedAfterItsTarget() throws {
        let plan = try WorkoutPlan(name: "P", steps: [.interval(.minutes(1, "  ", .zone(3))), .interval(.minutes(1, "", .cadence(170)))])
        #expect(plan.timeline.segments.map(\.name) == ["Zone 3", "170 steps/min"])
    }
}

@Suite(.timeLimit(.minutes(5))) struct PlanValidationTests {
    static let minute = PlanStep.interval(.minutes(1, "Easy", .zone(2)))

    static let cases: [(String, Activity, [PlanStep], String, String)] = [
        ("", .running, [minute], "name", "Give the plan a name."),
        ("P", .running, [], "steps", "Add at least one interval."),
        ("P", .running, [.interval(.minutes(1, "X", .zone(6)))], "steps[0].target", "A zone is 1 to 5."),
        ("P", .running, [minute, .interval(.minutes(1, "X", .zone(2), to: .zone(0)))], "steps[1].endTarget", "A zone is 1 to 5."),
        ("P", .running, [minute, minute, .repeat(count: 2, steps: [.interval(.minutes(0, "X", .zone(2)))])],
         "steps[2].repeat.steps[0].length", "A duration is 5 seconds to 6 hours."),
        ("P", .running, [.interval(Interval(name: "X", length: .duration(seconds: .nan), target: .zone(2)))], "steps[0].length", "A duration is 5 seconds to 6 hours."),
        ("P", .running, [.interval(Interval(name: "X", length: .distance(metres: 5), target: .zone(2)))], "steps[0].length", "A distance is 10 m to 200 km."),
        ("P", .running, [.repeat(count: 0, steps: [minute])], "steps[0].repeat.count", "Repeat 1 to 50 times."),
        ("P", .running, [.repeat(count: 51, steps: [minute])], "steps[0].repeat.count", "Repeat 1 to 50 times."),
        ("P", .running, [.repeat(count: 2, steps: [])], "steps[0].repeat.steps", "A repeat needs at least one interval."),
        ("P", .running, [.interval(.minutes(1, "X", .zone(2), to: .cadence(170)))], "steps[0].endTarget", "A ramp ends on the same kind of target it starts on (zone)."),
        ("P", .running, [.interval(.minutes(1, "X", .cadence(300)))], "steps[0].target", "A running cadence is 100 to 230 steps/min."),
        ("P", .cycling, [.interval(.minutes(1, "X", .cadence(200)))], "steps[0].target", "A cycling cadence is 40 to 140 rpm."),
        ("P", .running, [.interval(.minutes(1, "X", .pace(secondsPerKm: 60)))], "steps[0].target", "A running pace is 2:00 to 15:00 per km."),
        ("P", .running, [.repeat(count: 2, steps: [.repeat(count: 2, steps: [.repeat(count: 2, steps: [.repeat(count: 2, steps: [minute])])])])],
         "steps[0].repeat.steps[0].repeat.steps[0].repeat.steps[0].repeat", "Repeats nest at most 3 deep."),
        ("P", .running, [.repeat(count: 50, steps: [.interval(.minutes(20, "Long", .zone(2)))])], "steps", "A plan lasts at most 12 hours."),
        ("P", .running, [.repeat(count: 50, steps: [.repeat(count: 50, steps: [minute])])], "steps[0].repeat.count",
         "A plan has at most 2000 intervals once repeats are counted out."),
    ]

    @Test(arguments: cases)
    func aBadPlanIsRefusedNamingTheField(name: String, activity: Activity, steps: [PlanStep], field: String, message: String) {
        expectRefused(field: field, message) {
            try WorkoutPlan(name: name, activity: activity, steps: steps)
        }
    }

    @Test func repeatsMayNestThreeDeep() throws {
        let steps: [PlanStep] = [.repeat(count: 2, steps: [.repeat(count: 2, steps: [.repeat(count: 2, steps: [Self.minute])])])]
        #expect(try WorkoutPlan(name: "Deep", steps: steps).timeline.segments.count == 8)
    }

    @Test func walkingAndCyclingUseTheSameModel() throws {
        let walk = try WorkoutPlan(name: "Walk", activity: .walking, steps: [.interval(.minutes(10, "Brisk", .cadence(120)))])
        let ride = try WorkoutPlan(name: "Ride", activity: .cycling, steps: [.interval(.minutes(10, "Spin", .cadence(95), to: .cadence(105)))])
        #expect(walk.timeline.cadence(at: 60) == 120)
        #expect(ride.timeline.averageCadence(from: 0, to: 600) == 100)
    }
}

@Suite(.timeLimit(.minutes(5))) struct TemplateTests {
    @Test(arguments: [
        ("6 × (2 min sprint + 3 min easy) + 10 min cool-down", 40.0),
        ("Pyramid", 32),
        ("Steady progression", 40),
    ])
    func shippedTemplatesLastAsDescribed(name: String, minutes: Double) throws {
        let template = try #require(Templates.builtIn().first { $0.name == name })
        #expect(template.builtIn)
        #expect(template.plan.activity == .running)
        #expect(template.plan.timeline.totalDuration == minutes * 60)
    }

    @Test func thePyramidClimbsAndDescends() {
        let hard = Templates.pyramid().timeline.segments.filter { $0.name.hasPrefix("Hard") }.map(\.duration)
        #expect(hard == [60, 120, 180, 240, 180, 120, 60])
    }

    @Test func builtInIdsAreStable() {
        #expect(Templates.builtIn().map(\.id) == Templates.builtIn().map(\.id))
        #expect(Set(Templates.builtIn(.running).map(\.id) + Templates.builtIn(.cycling).map(\.id)).count == 6)
    }

    @Test func aUserSavesTheirOwnTemplate() throws {
        let plan = try WorkoutPlan(name: "Tuesday", steps: [.interval(.minutes(30, "Tempo", .pace(secondsPerKm: 300)))])
        let template = try WorkoutTemplate.saving(plan, as: "  My tempo run ")
        #expect(template.name == "My tempo run")
        #expect(!template.builtIn)
        #expect(template.plan.steps == plan.steps)
        let fresh = try template.makePlan()
        #expect(fresh.id != template.plan.id)
        expectRefused(field: "name", "Give the plan a name.") { try WorkoutTemplate.saving(plan, as: " ") }
    }
}

/// Absurd targets are refused naming the field; they once trapped while naming the interval.
@Suite(.timeLimit(.minutes(5))) struct AbsurdTargetTests {
    @Test func aHugeNegativePaceIsRefusedNotTrapped() {
        #expect(throws: ValidationError.self) {
            try WorkoutPlan(name: "x", steps: [.interval(Interval(name: "", length: .duration(seconds: 60), target: .pace(secondsPerKm: -2.8e306)))])
        }
        #expect(throws: ValidationError.self) {
            try WorkoutPlan(name: "x", steps: [.interval(Interval(name: "", length: .duration(seconds: 60), target: .cadence(1e300)))])
        }
        #expect(PaceText.format(.infinity) == "0:00")
    }
}
