import CadenceCore
import Foundation
import Stage
import StagePackage

/// `.cadence` packages of series (S7, S8): a series exported with its media and the SHA-256 of every file (optionally
/// under a password), and installed from one. An install is verified whole in a staging folder before anything is
/// kept, and stored in one transaction: a corrupt, truncated or tampered package, or a wrong password, leaves nothing.
public struct StagePackages: Sendable {
    /// What an install added.
    public struct Installed: Sendable {
        public let seriesID: UUID
        public let title: String
        public let talks: Int
        public let slides: Int
    }

    let library: StageLibrary
    let catalogue: StageCatalogue
    let keyCost: KDFParameters
    let clock: any WallClock

    public init(library: StageLibrary, catalogue: StageCatalogue, keyCost: KDFParameters, clock: any WallClock) {
        self.library = library
        self.catalogue = catalogue
        self.keyCost = keyCost
        self.clock = clock
    }

    /// Writes the series as a package to `file`; returns the series' title (for the download's name).
    public func export(seriesID: UUID, password: String?, accountID: UUID, to file: URL) async throws -> String {
        if let password, password.count < 8 {
            throw ValidationError(field: "password", "A package password has at least 8 characters.", key: "stage.error.password_short")
        }
        let (series, talks, assets) = try await library.contents(ofSeries: seriesID, accountID: accountID)
        let packaged = PackagedSeries(series: series, talks: talks, assets: assets)
        try await library.files.withLocalFiles(assets, accountID: accountID) { files in
            let media = zip(packaged.media, files).map { PackageMedia(name: $0.name, fileURL: $1) }
            do {
                _ = try PackageWriter.write(
                    PackageInfo(title: series.title, languages: series.slideLanguages + series.notesLanguages, createdAt: clock.now()),
                    content: try JSONEncoder().encode(packaged), media: media, password: password, to: file, kdfParameters: keyCost)
            } catch let error as PackageError {
                throw Conflict(code: "not_exportable", error.message, key: error.localized.key, error.localized.arguments)
            }
        }
        return series.title
    }

    /// Installs the package at `upload` (staged inside `work`) as a new series of the account. With `fromCatalogue`
    /// the bytes must be that catalogue package's (same SHA-256), and the install is recorded against it.
    public func install(_ upload: URL, password: String?, work: URL, fromCatalogue: StageCatalogue.Item?, accountID: UUID) async throws -> Installed {
        if let fromCatalogue, (try? PackageDigest.sha256(upload)) != fromCatalogue.record.sha256 {
            throw ValidationError(field: "file", "The download does not match the catalogue's checksum (SHA-256): it was damaged or cut off "
                + "on the way. Nothing was installed; download it again.", key: "stage.error.package_checksum")
        }
        let extracted: ExtractedPackage
        do {
            extracted = try PackageReader.extract(upload, password: password, into: work.appendingPathComponent("staging", isDirectory: true))
        } catch let error as PackageError {
            let field = [PackageError.wrongPassword, .passwordRequired].contains(error) ? "password" : "file"
            throw ValidationError(field: field, error.message, localized: error.localized)
        }
        guard extracted.manifest.kind == .series else {
            throw ValidationError(field: "file", "This package holds a \(extracted.manifest.kind.rawValue), not a series.", key: "stage.error.package_not_series", ["what": extracted.manifest.kind.rawValue])
        }
        let packaged: PackagedSeries
        do {
            packaged = try JSONDecoder().decode(PackagedSeries.self, from: extracted.content)
        } catch {
            throw ValidationError(field: "file", "The package's content could not be read: it was not made by this version of Cadence.", key: "stage.error.package_unreadable")
        }
        guard !packaged.talks.isEmpty else { throw ValidationError(field: "file", "The package's series has no talks.", key: "stage.error.package_no_talks") }

        // Media first (files are cheap to remove), then every record in one transaction.
        let seriesID = UUID()
        var stored: [MediaAsset] = []
        var newMediaID: [UUID: UUID] = [:]
        do {
            for media in packaged.media {
                guard let file = extracted.media[media.name] else {
                    throw ValidationError(field: "file", "The package lists a picture it does not contain.", key: "stage.error.package_picture_missing")
                }
                let copy = work.appendingPathComponent(UUID().uuidString)
                try FileManager.default.copyItem(at: file, to: copy)  // identical files share one staged copy
                let asset = try await library.files.adopt(copy, seriesID: seriesID, contentType: media.contentType, width: media.width,
                                                    height: media.height, durationMs: media.durationMs, origin: .shipped, accountID: accountID)
                stored.append(asset)
                newMediaID[media.id] = asset.id
            }
            let records: (series: Series, talks: [(talk: StageTalk, slides: [Slide])])
            do {
                records = try packaged.records(seriesID: seriesID, newMediaID: newMediaID)
            } catch {
                // The series' own refusal said inside the sentence, in the same language.
                throw ValidationError(field: "file", "The package's series is not valid: \(error.message)", localized: MessageKey(
                    "stage.error.package_series_invalid", ["detail": error.message], nested: error.localized.map { ["detail": $0] } ?? [:]))
            }
            try await library.install(records.series, talks: records.talks, assets: stored, accountID: accountID)
            if let fromCatalogue {
                await catalogue.recordInstall(entryID: fromCatalogue.record.id, seriesID: seriesID, accountID: accountID, at: clock.now())
            }
            return Installed(seriesID: seriesID, title: records.series.title, talks: records.talks.count,
                             slides: records.talks.reduce(0) { $0 + $1.slides.count })
        } catch {
            await library.files.remove(stored, accountID: accountID)
            throw error
        }
    }
}
