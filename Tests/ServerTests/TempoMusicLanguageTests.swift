import CadenceCore
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import Web

/// Tempo's music pages in Spanish (issue 23): the library, the plans, the plan editor and a playlist with
/// `Accept-Language: es` are Spanish (the upload limit with a decimal comma), the same pages in English are as they
/// were, and a refused plan says why in the request's language with the same `code` and `field`.
@Suite(.timeLimit(.minutes(5))) struct TempoMusicLanguageTests {
    static func page(_ server: TestServer, _ uri: String, token: String, language: String) async throws -> String {
        let response = try await server.client.execute(
            uri: uri, method: .get, headers: [.cookie: "cadence_session=\(token)", .accept: "text/html", .acceptLanguage: language])
        #expect(response.status == .ok, "\(uri)")
        return response.text
    }

    @Test func theLibraryAndPlanPagesAreInSpanish() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("music-es"))
            let created = try await client.json(.post, "/api/v1/tempo/plans", body: TempoPlansAPITests.writtenPlan, token: token)
            let planID = try #require((created.object["plan"] as? [String: Any])?["id"] as? String).lowercased()

            let library = try await Self.page(server, "/phone/tempo?sort=bpm", token: token, language: "es-ES,es;q=0.9")
            #expect(library.contains(#"<html lang="es">"#))
            #expect(library.contains("<title>Tempo · Cadence</title>"))
            for words in ["Añadir música", "hasta 209,7 MB cada uno", "Archivos de música", ">Subir</button>", "Tus canciones",
                          "Ordenar por", #"<option value="added">Añadidas recientemente</option>"#,
                          #"<option value="bpm" selected>BPM</option>"#, "BPM mín.", "BPM máx.", ">Mostrar</button>"] {
                #expect(library.contains(words), "\(words)")
            }
            for english in ["Add music", "Your songs", "Recently added", "209.7", "Sort by"] {
                #expect(!library.contains(english), "\(english)")
            }
            // The scripts' words come with the page.
            #expect(library.contains("Elige primero uno o más archivos de música."))

            let plans = try await Self.page(server, "/phone/tempo/plans", token: token, language: "es")
            #expect(plans.contains(#"<html lang="es">"#))
            #expect(plans.contains("<title>Planes de entrenamiento · Cadence</title>"))
            for words in ["<h1>Planes de entrenamiento</h1>", "Nuevo a partir de una plantilla", "Tus planes", "Pirámide"] {
                #expect(plans.contains(words), "\(words)")
            }

            let plan = try await Self.page(server, "/phone/tempo/plans/\(planID)", token: token, language: "es")
            #expect(plan.contains(#"<html lang="es">"#))
            #expect(plan.contains("<title>Editar plan · Cadence</title>"))
            for words in ["Intensidad", "Actividad", #"<option value="running">Correr</option>"#, "Pasos", "Añadir intervalo",
                          "Guardar plan", "Crear lista", "Guardar como plantilla", "Listas de este plan"] {
                #expect(plan.contains(words), "\(words)")
            }
            for english in ["Save plan", "Make playlist", "Add repeat", "Intensity"] { #expect(!plan.contains(english), "\(english)") }

            // The same pages in English are as they were.
            let english = try await Self.page(server, "/phone/tempo", token: token, language: "en")
            #expect(english.contains(#"<html lang="en">"#))
            for words in ["<title>Tempo · Cadence</title>", "Add music", "up to 209.7 MB each", "Recently added", "Min BPM"] {
                #expect(english.contains(words), "\(words)")
            }
            let englishPlan = try await Self.page(server, "/phone/tempo/plans/\(planID)", token: token, language: "en")
            for words in ["<title>Edit plan · Cadence</title>", "Save plan", "Make playlist", "Playlists for this plan"] {
                #expect(englishPlan.contains(words), "\(words)")
            }
        }
    }

    @Test func aPlaylistPageIsInSpanish() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("playlist-es"))
            let account = try await client.accountID(token: token)
            _ = try await TempoPlansAPITests.seedLibrary(server, account: account)
            let created = try await client.json(.post, "/api/v1/tempo/plans", body: TempoPlansAPITests.writtenPlan, token: token)
            let planID = try #require((created.object["plan"] as? [String: Any])?["id"] as? String).lowercased()
            let playlist = try await client.json(.post, "/api/v1/tempo/plans/\(planID)/playlists", token: token)
            #expect(playlist.status == .created, "\(playlist.text)")
            let playlistID = try #require(playlist.object["id"] as? String).lowercased()

            let page = try await Self.page(server, "/phone/tempo/playlists/\(playlistID)", token: token, language: "es")
            #expect(page.contains(#"<html lang="es">"#))
            #expect(page.contains("<title>Lista de reproducción · Cadence</title>"))
            for words in ["Empezar una carrera con esta lista", "Plan y música", "Mezcla", "Crear la mezcla", "Descargar (M4A)",
                          #"aria-label="Avisos""#, "Canciones"] {
                #expect(page.contains(words), "\(words)")
            }
            for english in ["Make the mix", "Plan and music", "Start a run with this playlist"] { #expect(!page.contains(english), "\(english)") }
        }
    }

    /// A planner's note said with a catalogue, as the playlist page says it (numbers as the note writes them).
    static func said(_ notes: Any?, _ messages: Messages) throws -> [String] {
        let notes = try #require(notes as? [[String: Any]], "notes")
        return notes.map { note in messages("js." + (note["key"] as? String ?? ""), note["values"] as? [String: String] ?? [:]) }
    }

    /// Each entry's reasons and the playlist's warnings are kept as notes: the API's English `why` and `warnings` are
    /// said from them, and every note has its Spanish.
    @Test(arguments: [24, 2]) func thePlannersNotesSayInEnglishWhatItsSentencesSay(_ songs: Int) async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("notes"))
            let account = try await client.accountID(token: token)
            let library = try await TempoPlansAPITests.seedLibrary(server, account: account)
            for song in library.dropFirst(songs) { _ = try await client.json(.delete, "/api/v1/tempo/songs/\(song.id)", token: token) }
            let created = try await client.json(.post, "/api/v1/tempo/plans", body: TempoPlansAPITests.writtenPlan, token: token)
            let planID = try #require((created.object["plan"] as? [String: Any])?["id"] as? String).lowercased()
            var response = try await client.json(.post, "/api/v1/tempo/plans/\(planID)/playlists", token: token)
            #expect(response.status == .created, "\(response.text)")
            let playlistID = try #require(response.object["id"] as? String).lowercased()
            // A pinned entry says so too.
            response = try await client.json(.post, "/api/v1/tempo/playlists/\(playlistID)/edits", body: #"{"op": "pin", "index": 0}"#, token: token)
            let playlist = try #require(response.object["playlist"] as? [String: Any])
            let spanish = Catalogues.bundled.messages(.spanish)
            let entries = try #require(playlist["entries"] as? [[String: Any]])
            #expect(!entries.isEmpty)
            #expect((entries.first?["why"] as? String)?.hasSuffix(" Pinned by you.") == true, "\(entries.first ?? [:])")
            for entry in entries {
                // The API's English is said from the same notes: a sentence a person reads, not keys.
                let why = try #require(entry["why"] as? String)
                #expect(why.hasPrefix("The plan asks ") && why.contains(" BPM") && !why.contains("⟦"), "\(why)")
                #expect(try Self.said(entry["whyNotes"], spanish).allSatisfy { !$0.contains("⟦") && !$0.contains("The ") })
            }
            let warnings = try #require(playlist["warnings"] as? [String])
            if songs == 2 { #expect(warnings.contains("Your library has 2 songs; some repeat."), "\(warnings)") }
            #expect(warnings.count == (playlist["warningNotes"] as? [Any])?.count)
            #expect(try Self.said(playlist["warningNotes"], spanish).allSatisfy { !$0.contains("⟦") && !$0.contains("library") })
        }
    }

    @Test func aRefusedPlanSaysWhyInSpanishWithTheSameCodeAndField() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("plan-refusal-es"))
            let tooMany = #"""
                {"name": "Bad", "activity": "running", "steps": [{"repeat": {"count": 500, "steps": [
                  {"interval": {"length": {"seconds": 60}, "target": {"zone": 3}}}]}}]}
                """#
            let english = try await client.json(.post, "/api/v1/tempo/plans", body: tooMany, token: token)
            let spanish = try await client.json(.post, "/api/v1/tempo/plans", body: tooMany, token: token, headers: [.acceptLanguage: "es"])
            #expect(english.status == .badRequest && spanish.status == .badRequest)
            #expect(english.errorMessage == "Repeat 1 to 50 times.", "\(english.text)")
            #expect(spanish.errorMessage == "Repite de 1 a 50 veces.", "\(spanish.text)")
            #expect(spanish.errorCode == english.errorCode && spanish.errorCode == "invalid_field")
            #expect(spanish.errorField == english.errorField && spanish.errorField == "steps[0].repeat.count")

            // The editor saves with PUT: the same refusal, in Spanish.
            let created = try await client.json(.post, "/api/v1/tempo/plans", body: TempoPlansAPITests.writtenPlan, token: token)
            let planID = try #require((created.object["plan"] as? [String: Any])?["id"] as? String).lowercased()
            let put = try await client.json(.put, "/api/v1/tempo/plans/\(planID)", body: tooMany, token: token, headers: [.acceptLanguage: "es"])
            #expect(put.status == .badRequest)
            #expect(put.errorMessage == "Repite de 1 a 50 veces.", "\(put.text)")
            #expect(put.errorField == "steps[0].repeat.count")

            // A cadence out of range names its limits; a playlist edit past the end names the count.
            let slow = #"{"name": "Slow", "activity": "cycling", "steps": [{"interval": {"length": {"seconds": 60}, "target": {"cadence": 20}}}]}"#
            let cadence = try await client.json(.post, "/api/v1/tempo/plans", body: slow, token: token, headers: [.acceptLanguage: "es"])
            #expect(cadence.errorMessage == "La cadencia en bicicleta va de 40 a 140 rpm.", "\(cadence.text)")
            let cadenceEnglish = try await client.json(.post, "/api/v1/tempo/plans", body: slow, token: token)
            #expect(cadenceEnglish.errorMessage == "A cycling cadence is 40 to 140 rpm.", "\(cadenceEnglish.text)")

            // RequiredText's refusals too: an empty name, a name too long.
            let unnamed = #"{"name": " ", "steps": [{"interval": {"length": {"seconds": 60}, "target": {"zone": 2}}}]}"#
            let noName = try await client.json(.post, "/api/v1/tempo/plans", body: unnamed, token: token, headers: [.acceptLanguage: "es"])
            #expect(noName.errorMessage == "Ponle un nombre al plan." && noName.errorField == "name", "\(noName.text)")
            #expect(try await client.json(.post, "/api/v1/tempo/plans", body: unnamed, token: token).errorMessage == "Give the plan a name.")
            let long = unnamed.replacingOccurrences(of: #""name": " ""#, with: #""name": "\#(String(repeating: "x", count: 81))""#)
            #expect(try await client.json(.post, "/api/v1/tempo/plans", body: long, token: token, headers: [.acceptLanguage: "es"]).errorMessage
                    == "El nombre de un plan tiene como máximo 80 caracteres.")
            #expect(try await client.json(.post, "/api/v1/tempo/plans", body: long, token: token).errorMessage == "A plan name has at most 80 characters.")

            let account = try await client.accountID(token: token)
            _ = try await TempoPlansAPITests.seedLibrary(server, account: account)
            let playlist = try await client.json(.post, "/api/v1/tempo/plans/\(planID)/playlists", token: token)
            let playlistID = try #require(playlist.object["id"] as? String).lowercased()
            let entries = try #require((playlist.object["playlist"] as? [String: Any])?["entries"] as? [[String: Any]]).count
            let past = try await client.json(.post, "/api/v1/tempo/playlists/\(playlistID)/edits", body: #"{"op": "remove", "index": 99}"#,
                                             token: token, headers: [.acceptLanguage: "es"])
            #expect(past.status == .badRequest)
            #expect(past.errorField == "index")
            #expect(past.errorMessage == "No hay ningún elemento 100; la lista tiene \(entries).", "\(past.text)")
        }
    }
}
