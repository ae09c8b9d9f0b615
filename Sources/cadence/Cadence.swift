import ArgumentParser

@main
struct Cadence: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cadence",
        abstract: "Cadence: cue cards, stage screens, tempo runs and place reminders, self-hosted.",
        discussion: """
            Start with `cadence serve`, then open the printed address in a browser.
            Data lives in ./cadence-data/cadence.sqlite unless --database or
            CADENCE_DATABASE_URL names a PostgreSQL server.
            """,
        version: CadenceVersion.current,
        subcommands: [ServeCommand.self, MigrateCommand.self, UserCommand.self, ImportCommand.self, TempoCommand.self, GazetteerCommand.self, CatalogueCommand.self, MediaCommand.self, BackupCommand.self, RestoreCommand.self, BenchCommand.self, VersionCommand.self]
    )
}
