import Foundation
import Geo

/// Accuracy-aware geofence decisions (R4), one report at a time.
///
/// - Inside when the whole accuracy circle lies inside the fence
///   (`distance + accuracy ≤ radius`), outside when it lies wholly outside
///   (`distance − accuracy ≥ radius`), otherwise uncertain and nothing changes.
///   GPS jitter at the edge therefore cannot flip the position back and forth.
/// - `.arrive` fires when the device is decisively inside and the alert has not gone
///   out yet (the seed's `alerted` column, 4.5.1: "When a user is within the certain
///   radius of a point then a notification is sent. Once it is sent then this alerted
///   value is changed to true … Once they leave the radius of a point then it is set
///   back to false."). Consequence, on purpose: the first decisive report fires too,
///   so a reminder made while already at the place goes off at once — the seed checks
///   "within the radius", not "crossed the edge", and a reminder that silently waits
///   for you to leave and come back is the worse surprise.
/// - `.leave` fires on an observed inside → outside transition, once per exit; arriving
///   re-arms it. A first report that is already outside only records the position:
///   you cannot have left a place you were never seen in.
/// - A report older than `lastReportAt` is `stale`, one at the same instant is a
///   `duplicate`; both are ignored and leave the state untouched.
public enum FenceRules {
    public static func evaluate(
        _ report: LocationReport, fence: Fence, state: FenceState
    ) -> (state: FenceState, decision: FenceDecision) {
        let d = Geo.distance(fence.center, report.coordinate)
        let acc = report.accuracy
        let r = fence.radius
        let radiusText = Geo.format(metres: r)
        let accText = Geo.format(metres: acc)

        // Each sentence's catalogue key (`spots.fence.<key>`) with the same numbers, for pages in another language.
        let inside = d <= r
        let numbers = ["distance": Geo.format(metres: inside ? r - d : d - r), "radius": radiusText, "accuracy": accText]
        func decision(_ outcome: FenceDecision.Outcome, _ fired: Bool, _ reason: String, key: String,
                      _ arguments: [String: String]? = nil) -> FenceDecision {
            FenceDecision(outcome: outcome, fired: fired, distance: d, accuracy: acc, reason: reason,
                          reasonKey: "spots.fence." + key, reasonArguments: arguments ?? numbers)
        }
        let side = inside ? "inside" : "outside"

        if let last = state.lastReportAt {
            if report.at < last {
                return (state, decision(.stale, false,
                    "Ignored: this report from \(stamp(report.at)) is older than the last one used (\(stamp(last))), so it arrived out of order.", key: "stale",
                    ["at": stamp(report.at), "last": stamp(last)]))
            }
            if report.at == last {
                return (state, decision(.duplicate, false,
                    "Ignored: a report for the same time (\(stamp(report.at))) was already used, so this one is a duplicate.", key: "duplicate",
                    ["at": stamp(report.at)]))
            }
        }

        var next = state
        next.lastReportAt = report.at
        let whereText = d <= r
            ? "You were \(Geo.format(metres: r - d)) inside the \(radiusText) circle, accuracy \(accText)"
            : "You were \(Geo.format(metres: d - r)) outside the \(radiusText) circle, accuracy \(accText)"

        if d + acc <= r {
            // Decisively inside.
            let outcome: FenceDecision.Outcome = state.position == .inside ? .stillInside : .entered
            next.position = .inside
            switch fence.trigger {
            case .arrive:
                if !state.alerted {
                    next.alerted = true
                    let what = outcome == .entered ? "arrived" : "inside and not alerted yet"
                    return (next, decision(outcome, true, "\(whereText): \(what) — alert sent.",
                                           key: outcome == .entered ? "arrived_sent" : "inside_sent"))
                }
                return (next, decision(outcome, false, "\(whereText): still inside — already alerted on arrival, no new alert until you leave.",
                                       key: "still_inside_alerted"))
            case .leave:
                next.alerted = false
                if outcome == .entered {
                    return (next, decision(.entered, false, "\(whereText): arrived — no alert; this reminder goes off when you leave.",
                                           key: "arrived_waits_leave"))
                }
                return (next, decision(.stillInside, false, "\(whereText): still inside — no alert until you leave.", key: "still_inside_waits_leave"))
            }
        }

        if d - acc >= r {
            // Decisively outside.
            let outcome: FenceDecision.Outcome = state.position == .inside ? .left : .stillOutside
            next.position = .outside
            switch fence.trigger {
            case .arrive:
                next.alerted = false
                if outcome == .left {
                    return (next, decision(.left, false, "\(whereText): left — no alert; the arrival alert is armed again.", key: "left_rearmed"))
                }
                return (next, decision(.stillOutside, false, "\(whereText): not there — no alert.", key: "not_there"))
            case .leave:
                if outcome == .left {
                    if !state.alerted {
                        next.alerted = true
                        return (next, decision(.left, true, "\(whereText): left — alert sent.", key: "left_sent"))
                    }
                    return (next, decision(.left, false, "\(whereText): left — already alerted for this departure.", key: "left_alerted"))
                }
                if state.position == .unknown {
                    return (next, decision(.stillOutside, false, "\(whereText): outside, but you were not seen inside before — no alert; it goes off when you leave after being there.",
                                           key: "outside_never_inside"))
                }
                return (next, decision(.stillOutside, false, "\(whereText): still outside — no alert until you have been back inside.", key: "still_outside"))
            }
        }

        // The accuracy circle straddles the edge: keep what we knew.
        if acc >= r {
            return (next, decision(.uncertain, false,
                "Accuracy \(accText) is too coarse to tell whether you were inside the \(radiusText) circle: no alert.", key: "too_coarse"))
        }
        return (next, decision(.uncertain, false,
            "\(whereText), too close to the edge to tell whether you were inside: no change, no alert.",
            key: "edge_" + side))
    }

    /// UTC ISO 8601, locale-independent.
    static func stamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }
}
