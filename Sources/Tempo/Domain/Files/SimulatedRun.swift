/// How a run made with the runner simulator says so in a file, so that nobody (a person reading
/// the file, another app, Cadence importing it again) takes its readings for measurements.
///
/// GPX: `trk/desc` carries `note` and `trk/src` ("source of data", which GPX 1.1 defines for
/// exactly this) carries `source`; an import whose `trk/src` is `source` is simulated. TCX has no
/// such field: `Activity/Notes` holds the run's name on its first line and `note` on the next;
/// an import whose Notes contain `note` is simulated.
public enum SimulatedRun {
    public static let source = "Cadence runner simulator"
    public static let note = "Simulated with Cadence's runner simulator: no sensor measured these positions, cadence or heart rate."
}
