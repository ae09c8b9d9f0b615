import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The seed's performance table for Stage, measured against a real `cadence serve`:
/// presenter command → a display's socket receives the slide; loading a talk of N slides
/// with notes; saving order and visibility; boot; PPTX import time per slide. The
/// reference, measured in the same run, is a bare GET /healthz round trip with the same client.
struct StageBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stage",
        abstract: "Presenter → display latency, talk load and save times, boot, and PPTX import time per slide.",
        discussion: "Uses LibreOffice (Debian libreoffice-impress) and poppler-utils for slide pictures when installed. Build with -c release.")

    @Option(help: "Slides in the generated deck.") var slides: Int = 300
    @Option(help: "Presenter commands to time.") var commands: Int = 200
    @Option(help: "Loads and saves to time.") var repeats: Int = 30
    @Option(help: "Boot measurements to take (the median is reported).") var boots: Int = 5
    @Option(help: ArgumentHelp("Database to serve from (default: a fresh SQLite file).", valueName: "url")) var database: String?

    func validate() throws {
        guard slides > 1, commands > 0, repeats > 0, boots > 0 else {
            throw ValidationError("--slides must be above 1, and --commands, --repeats and --boots positive.")
        }
    }

    func run() async throws {
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        var arguments = ["serve", "--data-dir", dataDir.path, "--bcrypt-cost", "10"]
        if let database { arguments += ["--database", database] }
        let port = try BenchServer.freePort()
        var server = try await BenchServer.start(arguments: arguments, port: port)
        let client = BenchHTTP(port: port, token: try await server.registerBenchUser())

        // Import a generated PPTX and time it end to end (upload → the talk is ready).
        print("importing a generated \(slides)-slide PPTX…")
        let deck = dataDir.appendingPathComponent("bench.pptx")
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
        try BenchDeck.write(slides: slides, to: deck)
        let importStart = ContinuousClock.now
        let started = try await client.json("POST", "/api/v1/stage/imports?filename=bench.pptx", body: try Data(contentsOf: deck),
                                            contentType: "application/octet-stream", expect: 202)
        guard let jobID = started["id"] as? String else { throw CLIError("the import did not start: \(started)") }
        var job: [String: Any] = [:]
        repeat {
            try await Task.sleep(for: .milliseconds(50))
            job = try await client.json("GET", "/api/v1/stage/imports/\(jobID)")
        } while job["state"] as? String == "running"
        let importSeconds = (ContinuousClock.now - importStart).seconds
        guard job["state"] as? String == "done", let talkID = job["talkId"] as? String else {
            throw CLIError("the import failed: \(job["message"] ?? job)")
        }
        let pictures = (job["message"] as? String).map { "without pictures: \($0)" } ?? "with slide pictures (LibreOffice → PDF → pdftoppm)"

        // Reference and loads.
        var reference: [Double] = []
        for _ in 0..<repeats { reference.append(try await client.timed("GET", "/healthz")) }
        var loads: [Double] = []
        var deckBody: [String: Any] = [:]
        for _ in 0..<repeats {
            let start = ContinuousClock.now
            deckBody = try await client.json("GET", "/api/v1/stage/talks/\(talkID)/deck")
            loads.append((ContinuousClock.now - start).milliseconds)
        }
        let talk = try await client.json("GET", "/api/v1/stage/talks/\(talkID)")
        let slideIDs = (talk["slides"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        let shown = (deckBody["slides"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        guard slideIDs.count == slides, !shown.isEmpty else { throw CLIError("the imported talk has \(slideIDs.count) slides, expected \(slides)") }

        // Saves: reverse the order and flip a slide's visibility each time.
        var saves: [Double] = []
        for round in 0..<repeats {
            let order = round % 2 == 0 ? slideIDs.reversed() : slideIDs
            let body = try JSONSerialization.data(withJSONObject: ["slides": order.enumerated().map { ["id": $1, "hidden": $0 == round % slides] }])
            saves.append(try await client.timed("PUT", "/api/v1/stage/talks/\(talkID)/arrangement", body: body))
        }

        // Edit mode on the original: save a slide's notes (as the edit page's autosave does, one
        // slide alone), then create a variation of the whole talk and restore (reset) the talk to
        // its import, each as one request.
        var revision = ((try await client.json("GET", "/api/v1/stage/talks/\(talkID)"))["variation"] as? [String: Any])?["revision"] as? Int ?? 0
        var noteSaves: [Double] = []
        for round in 0..<repeats {
            let body = try JSONSerialization.data(withJSONObject: [
                "revision": revision, "text": "Round \(round): **welcome** everyone\n- first point\n  - detail",
            ] as [String: Any])
            let slide = slideIDs[round % slideIDs.count]
            noteSaves.append(try await client.timed("PUT", "/api/v1/stage/talks/\(talkID)/variations/\(talkID)/slides/\(slide)/notes", body: body))
            revision += 1
        }
        // The same saves as the `notes` edit (the whole variation read, the whole talk answered): what
        // the edit page sent before, measured beside it.
        var wholeNoteSaves: [Double] = []
        for round in 0..<repeats {
            let body = try JSONSerialization.data(withJSONObject: [
                "revision": revision, "op": "notes", "slideId": slideIDs[(round + 7) % slideIDs.count],
                "text": "Whole round \(round): **welcome** everyone\n- first point\n  - detail",
            ] as [String: Any])
            wholeNoteSaves.append(try await client.timed("POST", "/api/v1/stage/talks/\(talkID)/variations/\(talkID)/edits", body: body))
            revision += 1
        }
        var creates: [Double] = []
        for round in 0..<repeats {
            let body = try JSONSerialization.data(withJSONObject: ["name": "Variation \(round)"])
            creates.append(try await client.timed("POST", "/api/v1/stage/talks/\(talkID)/variations", body: body))
        }
        var resets: [Double] = []
        for _ in 0..<repeats {
            let hide = try JSONSerialization.data(withJSONObject: [
                "revision": revision, "op": "arrange", "slides": slideIDs.enumerated().map { ["id": $1, "hidden": $0 % 3 == 0] },
            ] as [String: Any])
            _ = try await client.timed("POST", "/api/v1/stage/talks/\(talkID)/variations/\(talkID)/edits", body: hide)
            let reset = try JSONSerialization.data(withJSONObject: ["revision": revision + 1, "op": "reset"] as [String: Any])
            resets.append(try await client.timed("POST", "/api/v1/stage/talks/\(talkID)/variations/\(talkID)/edits", body: reset))
            revision += 2
        }

        // Presenter → display: a socket of the account (as a display holds) waits for each slide.
        let latencies = try await presenterToDisplay(client: client, talkID: talkID, slideIDs: shown)

        // The handout of the whole talk (pictures read from disk, notes laid out, PDF written).
        let (handoutTimes, latinPDF) = try await timeHandout(client: client, talkID: talkID, of: "Latin")
        let handoutPages = String(decoding: latinPDF, as: UTF8.self).components(separatedBy: "/Type /Page ").count - 1
        let handoutBytes = latinPDF.count

        // The same handout with every slide's notes in one of twelve scripts (and a mixed-direction
        // line), each about as long as the Latin notes: shaping, fallback and bidi at work.
        for (index, slide) in slideIDs.enumerated() {
            let body = try JSONSerialization.data(withJSONObject: ["revision": revision, "text": Self.multilingualNotes[index % Self.multilingualNotes.count]] as [String: Any])
            _ = try await client.timed("PUT", "/api/v1/stage/talks/\(talkID)/variations/\(talkID)/slides/\(slide)/notes", body: body)
            revision += 1
        }
        let (multilingualTimes, multilingualPDF) = try await timeHandout(client: client, talkID: talkID, of: "multilingual")
        let multilingualBytes = multilingualPDF.count

        // Boot, against the existing database.
        server.stop()
        var bootTimes: [Double] = []
        for _ in 0..<boots {
            let start = ContinuousClock.now
            server = try await BenchServer.start(arguments: arguments, port: port)
            bootTimes.append((ContinuousClock.now - start).milliseconds)
            server.stop()
        }

        func p(_ values: [Double], _ q: Double) -> Double { let s = values.sorted(); return s[min(s.count - 1, Int(Double(s.count) * q))] }
        let healthz = p(reference, 0.5)
        print("cadence bench stage — \(database == nil ? "SQLite" : "PostgreSQL"), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print(String(format: "reference GET /healthz round trip:       p50 %.2f ms", healthz))
        print(String(format: "presenter → display (%d commands):      p50 %.1f ms, p99 %.1f ms  (p50 ÷ reference %.1f)",
                     latencies.count, p(latencies, 0.5), p(latencies, 0.99), p(latencies, 0.5) / healthz))
        print(String(format: "load a %d-slide talk with notes:        p50 %.1f ms, max %.1f ms  (p50 ÷ reference %.1f)",
                     slides, p(loads, 0.5), loads.max()!, p(loads, 0.5) / healthz))
        print(String(format: "save order and visibility (%d slides):  p50 %.1f ms, p99 %.1f ms  (p50 ÷ reference %.1f)",
                     slides, p(saves, 0.5), p(saves, 0.99), p(saves, 0.5) / healthz))
        print(String(format: "save a slide's notes (edit mode):         p50 %.1f ms, p99 %.1f ms  (p50 ÷ reference %.1f)",
                     p(noteSaves, 0.5), p(noteSaves, 0.99), p(noteSaves, 0.5) / healthz))
        print(String(format: "  the same as a whole-talk notes edit:    p50 %.1f ms, p99 %.1f ms  (p50 ÷ one slide's %.1f)",
                     p(wholeNoteSaves, 0.5), p(wholeNoteSaves, 0.99), p(wholeNoteSaves, 0.5) / p(noteSaves, 0.5)))
        print(String(format: "create a variation of the %d slides:    p50 %.1f ms, p99 %.1f ms  (p50 ÷ reference %.1f)",
                     slides, p(creates, 0.5), p(creates, 0.99), p(creates, 0.5) / healthz))
        print(String(format: "restore the talk to its import:          p50 %.1f ms, p99 %.1f ms  (p50 ÷ reference %.1f)",
                     p(resets, 0.5), p(resets, 0.99), p(resets, 0.5) / healthz))
        print(String(format: "handout PDF of the %d slides:            %.0f ms for %d pages, %.0f pages/s, %.1f MB",
                     shown.count, p(handoutTimes, 0.5), handoutPages, Double(handoutPages) / (p(handoutTimes, 0.5) / 1000),
                     Double(handoutBytes) / 1_000_000))
        print(String(format: "  the same with notes in twelve scripts:  %.0f ms, %.1f MB  (÷ Latin %.2f)",
                     p(multilingualTimes, 0.5), Double(multilingualBytes) / 1_000_000, p(multilingualTimes, 0.5) / p(handoutTimes, 0.5)))
        print(String(format: "boot to first /healthz 200:             median %.0f ms of %d", p(bootTimes, 0.5), bootTimes.count))
        print(String(format: "PPTX import:                            %.2f s for %d slides, %.0f ms per slide, %@",
                     importSeconds, slides, importSeconds * 1000 / Double(slides), pictures))
        print("targets: presenter → display p99 ≤ 30 ms; load ≤ 300 ms; save order/visibility ≤ 25 ms, notes p99 ≤ 10 ms; variation ≤ 50 ms; restore ≤ 200 ms; boot ≤ 400 ms")
    }

    private func presenterToDisplay(client: BenchHTTP, talkID: String, slideIDs: [String]) async throws -> [Double] {
        let watcher = LiveWatcher(eventType: "stage.screen")
        let socket = try await watcher.listen(port: client.port, token: client.token)
        defer { socket.cancel() }
        var latencies: [Double] = []
        for index in 0..<commands {
            let slide = slideIDs[index % slideIDs.count]
            let body = try JSONSerialization.data(withJSONObject: ["talkId": talkID, "slideId": slide, "number": index % slideIDs.count + 1])
            let start = ContinuousClock.now
            watcher.expect(containing: slide)
            _ = try await client.timed("POST", "/api/v1/stage/screen", body: body)
            try await watcher.wait(timeout: .seconds(5))
            latencies.append((ContinuousClock.now - start).milliseconds)
        }
        return latencies
    }

    /// Three downloads of the talk's handout: each one's time in ms, and the last PDF.
    private func timeHandout(client: BenchHTTP, talkID: String, of kind: String) async throws -> ([Double], Data) {
        var times: [Double] = []
        var pdf = Data()
        for _ in 0..<3 {
            let start = ContinuousClock.now
            let (status, body) = try await client.send("GET", "/api/v1/stage/talks/\(talkID)/handout.pdf")
            times.append((ContinuousClock.now - start).milliseconds)
            guard status == 200 else { throw CLIError("the \(kind) handout answered \(status)") }
            pdf = body
        }
        return (times, pdf)
    }

    /// Speaker notes of about the length of the generated deck's, in the scripts of issue 40.
    static let multilingualNotes = [
        "नमस्ते सभी को। आज हम इस कहानी के बारे में बात करेंगे और अगले विषय से पहले एक प्रश्न पूछेंगे।",
        "সবাইকে স্বাগতম। আজ আমরা এই গল্পটি বলব এবং পরের বিষয়ে যাওয়ার আগে একটি প্রশ্ন করব।",
        "அனைவருக்கும் வணக்கம். இன்று நாம் இந்தக் கதையைச் சொல்வோம், அடுத்த தலைப்புக்கு முன் ஒரு கேள்வி கேட்போம்.",
        "สวัสดีทุกคน วันนี้เราจะเล่าเรื่องนี้และถามคำถามหนึ่งข้อก่อนไปยังหัวข้อถัดไป",
        "سلام به همه. امروز می‌خواهیم این داستان را بگوییم و پیش از موضوع بعدی یک پرسش بپرسیم.",
        "سب کو خوش آمدید۔ آج ہم یہ کہانی سنائیں گے اور اگلے موضوع سے پہلے ایک سوال پوچھیں گے۔",
        "مَرْحَبًا بِكُمْ جَمِيعًا. الْيَوْمَ نَرْوِي هَذِهِ الْقِصَّةَ وَنَسْأَلُ سُؤَالًا قَبْلَ الْمَوْضُوعِ التَّالِي.",
        "שלום לכולם. היום נספר את הסיפור הזה ונשאל שאלה אחת לפני הנושא הבא, בשעה 10:30.",
        "Всем привет. Сегодня мы расскажем эту историю и зададим вопрос перед следующей темой.",
        "Καλημέρα σε όλους. Σήμερα θα πούμε αυτή την ιστορία και θα κάνουμε μια ερώτηση πριν το επόμενο θέμα.",
        "大家好。今天我们来讲这个故事，在进入下一个主题之前先问一个问题。",
        "皆さん、こんにちは。今日はこの物語をお話しし、次のテーマの前に一つ質問をします。",
        "Welcome everyone 😀 🙏 — قال John Smith إن الاجتماع رائع، and we move on.",
    ]
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
    var seconds: Double { milliseconds / 1000 }
}
