import Tempo
import Testing

@Suite(.timeLimit(.minutes(5))) struct RunSensorsTests {
    @Test func sourcesAreKeptOnceCleanedAndBounded() {
        var sensors = RunSensors()
        #expect(sensors.isEmpty && sensors.summary == nil)
        sensors.merge(.init(heartRate: ["Polar H10", " Polar H10 ", "", "Line\nbreak"], cadence: []))
        #expect(sensors.heartRate == ["Polar H10", "Line break"])
        sensors.merge(.init(heartRate: ["A", "B", "C"], cadence: [String(repeating: "x", count: 100)]))
        #expect(sensors.heartRate == ["Polar H10", "Line break", "A", "B"])  // at most four
        #expect(sensors.cadence == [String(repeating: "x", count: RunSensors.maximumNameLength)])
        #expect(RunSensors(heartRate: ["Polar H10"]).summary == "heart rate: Polar H10")
        #expect(RunSensors(heartRate: ["H"], cadence: ["C1", "C2"]).summary == "heart rate: H; cadence: C1, C2")
    }
}
