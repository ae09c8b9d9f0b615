import Foundation
import FuzzTargets

// Built two ways. `scripts/fuzz` builds it with `-sanitize=fuzzer -DFUZZING`: libFuzzer then supplies `main` and
// calls the entry point below with each input it makes up, for the target named in CADENCE_FUZZ_TARGET. Built
// plainly (as `swift build` does), it replays files: `cadence-fuzz <target> <file or folder>…`, which is how a
// crash libFuzzer saved is run again under the debugger.

#if FUZZING
nonisolated(unsafe) let selected: (Data) -> Void = {
    let name = ProcessInfo.processInfo.environment["CADENCE_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTargets.all[name] else {
        FileHandle.standardError.write(Data("CADENCE_FUZZ_TARGET must be one of: \(FuzzTargets.all.keys.sorted().joined(separator: ", "))\n".utf8))
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    selected(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

/// libFuzzer's driver (LLVM 12 and later), started from the entry point SwiftPM gives an executable: SwiftPM
/// points `main` at `cadence_fuzz_main`, so libFuzzer's own `main` is not linked in.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

@_cdecl("cadence_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzzOne)
}
#else
@main
struct CadenceFuzzReplay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTargets.all[name], arguments.count > 1 else {
            FileHandle.standardError.write(Data("usage: cadence-fuzz <\(FuzzTargets.all.keys.sorted().joined(separator: "|"))> <file or folder>…\n".utf8))
            exit(2)
        }
        var count = 0
        for path in arguments.dropFirst() {
            let url = URL(fileURLWithPath: path)
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            let files = isFolder.boolValue ? (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? [] : [url]
            for file in files.sorted(by: { $0.path < $1.path }) {
                guard let data = try? Data(contentsOf: file) else { continue }
                target(data)
                count += 1
            }
        }
        print("\(name): \(count) inputs replayed without a crash")
    }
}
#endif
