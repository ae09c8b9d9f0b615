import ArgumentParser

struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Print the version of Cadence.")

    func run() {
        print("cadence \(CadenceVersion.current)")
    }
}
