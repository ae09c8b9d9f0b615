import Foundation

/// Start-up phases timed from process start, printed to standard error when `CADENCE_BOOT_TRACE=1` (issue 41: boot
/// under 100 ms). Off, it costs one environment read.
public enum BootTrace {
    /// When the process started, from the kernel's clock (so dynamic loading before `main` counts too).
    private static let enabled = ProcessInfo.processInfo.environment["CADENCE_BOOT_TRACE"] == "1"
    private static let started: Double = processStart() ?? now()

    public static func mark(_ phase: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data(String(format: "boot %7.1f ms  %@\n", (now() - started) * 1000, phase).utf8))
    }

    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_BOOTTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// /proc/self/stat's starttime (field 22, in clock ticks since boot).
    private static func processStart() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
