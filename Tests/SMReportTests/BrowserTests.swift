import Foundation
import SMAnalyzer
import SMFuzz
import SMReport
import SMSpec
import SMTestSupport
import Testing

/// The HTML reports as a browser shows them: headless Chromium opens the pages with the network off, and what the
/// tests check is read back from the page's DOM after the page's own script ran.
@Suite(
    "HTML reports in headless Chromium",
    .enabled(if: Chromium.executable != nil, "chromium is not installed (apt-get install chromium); CI installs it"),
    .enabled(if: GraphvizLayout.isAvailable, "smcheck is built without the Graphviz trait, so its pages have no drawn diagram"))
struct BrowserTests {
    /// The ids of the drawn diagram's state elements that the browser lays out with a size.
    private static let drawnStates = """
        [...document.querySelectorAll("#diagram svg .state")]
          .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).map((e) => e.id)
        """
    private static let activeStates = ##"[...document.querySelectorAll("#diagram .state.active")].map((e) => e.id)"##
    private static let takenTransitions = ##"[...document.querySelectorAll("#diagram .transition.taken")].map((e) => e.id)"##
    private static let variables = ##"[...document.querySelectorAll("#step-variables tr")].map((r) => r.innerText.replace("\t", " "))"##
    private static let problems = ##"[...document.querySelectorAll("#step-problems li")].map((li) => li.textContent)"##

    private func strings(_ node: JSONNode) -> [String] { node.arrayValue?.compactMap(\.stringValue) ?? [] }

    /// Writes the HTML report of `Specs/<name>.json` into `directory` and returns its address.
    private func page(_ name: String, in directory: ScratchDirectory, fuzzRuns: Int = 0) throws -> URL {
        let analysis = try Analyzer.analyze(try Fixtures.spec(name))
        let fuzz =
            fuzzRuns == 0
            ? nil
            : Fuzzer(machine: analysis.machine, configuration: FuzzConfiguration(runs: fuzzRuns, length: 50, seed: 3)).run()
        let file = URL(fileURLWithPath: name).lastPathComponent + ".html"
        return URL(fileURLWithPath: try directory.write(file, SpecReport(file: "Specs/\(name).json", analysis: analysis, fuzz: fuzz).html))
    }

    /// Writes the HTML report of the spec `json` into `directory` and returns its address.
    private func page(json: String, in directory: ScratchDirectory) throws -> URL {
        let analysis = try Analyzer.analyze(try Spec.load(json: json))
        return URL(fileURLWithPath: try directory.write("spec.html", SpecReport(file: "spec.json", analysis: analysis, fuzz: nil).html))
    }

    @Test("a 510-character name wraps in headings, findings and lists instead of running off the page; its diagram scrolls at actual size")
    func longNames() throws {
        let long = String(repeating: "VeryLongStateName", count: 30)
        let scratch = try ScratchDirectory()
        let browser = try Chromium()
        try browser.open(
            try page(
                json:
                    #"{"format": "smcheck/1", "name": "Long \#(long)", "events": {"go": {}}, "states": {"a": {"on": {"go": "a"}}, "\#(long)": {}}}"#,
                in: scratch))
        #expect(try browser.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth").boolValue == true)
        #expect(try browser.evaluate(#"document.querySelector("h3 + p").textContent.includes("VeryLong")"#).boolValue == true)
        #expect(try browser.evaluate(#"document.getElementById("diagram").classList.contains("actual-size")"#).boolValue == true)
        let canvas = ##"document.querySelector("#diagram .canvas")"##
        #expect(try browser.evaluate("\(canvas).scrollWidth > \(canvas).clientWidth").boolValue == true)
        #expect(browser.pageErrors == [])
    }

    @Test("states named with `&...;` light up as the trace plays: their elements' ids are `state:` and the names as written")
    func entityNamesPlay() throws {
        let hostile = "idle<script>alert&#40;4&#41;<~script>"
        let scratch = try ScratchDirectory()
        let browser = try Chromium()
        try browser.open(
            try page(
                json:
                    #"{"format": "smcheck/1", "name": "x&amp;y", "events": {"go": {}}, "states": {"\#(hostile)": {"on": {"go": "x&amp;y"}}, "x&amp;y": {}}}"#,
                in: scratch))
        #expect(Set(strings(try browser.evaluate(Self.drawnStates))) == ["state:" + hostile, "state:x&amp;y"])
        try browser.click(#"button.play[data-trace="0"]"#)
        #expect(strings(try browser.evaluate(Self.activeStates)) == ["state:" + hostile])
        try browser.press("ArrowRight")
        #expect(strings(try browser.evaluate(Self.activeStates)) == ["state:x&amp;y"])
        #expect(browser.pageErrors == [])
    }

    @Test("behind a policy that blocks inline style and script the page reads, with no dead controls; with the script they show")
    func blockedScript() throws {
        let scratch = try ScratchDirectory()
        let file = try page("defects/sm006-invariant-violation", in: scratch, fuzzRuns: 5)
        let html = try String(contentsOf: file, encoding: .utf8)
        let blocked = try scratch.write(
            "blocked.html",
            html.replacingOccurrences(
                of: "<head>", with: #"<head><meta http-equiv="Content-Security-Policy" content="default-src 'none'">"#))
        let visibleControls =
            #"[...document.querySelectorAll("button, input, select")].filter((e) => e.getClientRects().length > 0).length"#
        let browser = try Chromium()
        try browser.open(file)
        #expect(try browser.evaluate(visibleControls).integerValue == 4, "the play buttons and the two switches")
        try browser.open(URL(fileURLWithPath: blocked))
        #expect(try browser.evaluate(visibleControls).integerValue == 0)
        #expect(try browser.evaluate(#"document.querySelector("ol.trace li").innerText"#).stringValue == "go")
        #expect(strings(try browser.evaluate(Self.drawnStates)).contains("state:car/moving"))
    }

    @Test("every page in Reports/html/ shows its diagram offline: each state of its spec is a drawn node; nothing but the page is loaded")
    func committedReports() throws {
        let directory = Fixtures.repositoryRoot.appendingPathComponent("Reports/html")
        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".html") }.sorted()
        try #require(
            pages.contains("index.html") && pages.count > 10,
            "Reports/html/ should hold index.html and a page per spec; run Reports/generate")
        var specs: [String: String] = [:]
        for path in try Fixtures.allSpecPaths { specs[URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent] = path }
        let browser = try Chromium()
        for page in pages {
            try browser.open(directory.appendingPathComponent(page))
            if page == "index.html" {
                let links = strings(try browser.evaluate(#"[...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href"))"#))
                #expect(Set(links) == Set(pages.filter { $0 != "index.html" }), "index.html links every report")
                continue
            }
            let spec = try Spec.load(path: try #require(specs[String(page.dropLast(5))], "\(page) has no spec in Specs/")).resolve()
            let drawn = strings(try browser.evaluate(Self.drawnStates))
            #expect(drawn.count == spec.states.count - 1, "\(page)")
            #expect(Set(drawn) == Set(spec.states.dropFirst().map { StateDiagram.elementID(ofState: $0.path) }), "\(page)")
        }
        #expect(browser.requestedURLs.count >= pages.count)
        #expect(browser.requestedURLs.filter { !$0.hasPrefix("file://") } == [])
        #expect(browser.pageErrors == [])
    }

    @Test("the offline check sees a load from the network when a page makes one")
    func networkLoadsAreSeen() throws {
        let scratch = try ScratchDirectory()
        let page = try scratch.write("loads.html", #"<!DOCTYPE html><html><body><img src="https://example.com/a.png"></body></html>"#)
        let browser = try Chromium()
        try browser.open(URL(fileURLWithPath: page))
        #expect(browser.requestedURLs.contains("https://example.com/a.png"))
    }

    @Test("stepping through SM006's trace lights up the active states and the taken transition, and shows the variables")
    func steppingSM006() throws {
        let scratch = try ScratchDirectory()
        let browser = try Chromium()
        try browser.open(try page("defects/sm006-invariant-violation", in: scratch))
        #expect(strings(try browser.evaluate(Self.activeStates)) == [])
        try browser.click(#"button.play[data-trace="0"]"#)
        #expect(try browser.evaluate(#"document.getElementById("player").hidden"#).boolValue == false)
        #expect(strings(try browser.evaluate(Self.activeStates)) == ["state:car", "state:car/stopped"])
        #expect(strings(try browser.evaluate(Self.variables)) == ["doorOpen false"])
        try browser.press("ArrowRight")
        #expect(strings(try browser.evaluate(Self.activeStates)) == ["state:car", "state:car/moving"])
        #expect(strings(try browser.evaluate(Self.takenTransitions)) == ["transition:2"])
        #expect(try browser.evaluate(#"document.querySelector("ol.trace li.current").textContent"#).stringValue == "go")
        try browser.press("ArrowRight")
        #expect(strings(try browser.evaluate(Self.activeStates)) == ["state:car", "state:car/moving"])
        #expect(strings(try browser.evaluate(Self.variables)) == ["doorOpen true"])
        #expect(
            strings(try browser.evaluate(Self.problems)) == [
                "invariant 'the door is closed while moving' (!in(moving) || !doorOpen) is violated"
            ])
        try browser.press("ArrowRight")  // the last step: nothing further
        #expect(try browser.evaluate(#"document.getElementById("step-label").textContent"#).stringValue == "Step 2 of 2: 2. open")
        try browser.press("ArrowLeft")
        try browser.click("#step-back")
        #expect(strings(try browser.evaluate(Self.activeStates)) == ["state:car", "state:car/stopped"])
        try browser.press("Escape")
        #expect(strings(try browser.evaluate(Self.activeStates)) == [])
        #expect(browser.pageErrors == [])
    }

    @Test("stepping through SM009's trace: the fourth add fails, the cart stays lit with 3 items and the error shows")
    func steppingSM009() throws {
        let scratch = try ScratchDirectory()
        let browser = try Chromium()
        try browser.open(try page("defects/sm009-range-violation", in: scratch))
        try browser.click(#"button.play[data-trace="0"]"#)
        var seen: [[String]] = []
        for step in 0...4 {
            if step > 0 { try browser.press("ArrowRight") }
            #expect(strings(try browser.evaluate(Self.activeStates)) == ["state:cart"], "step \(step)")
            seen.append(strings(try browser.evaluate(Self.variables)) + strings(try browser.evaluate(Self.problems)))
        }
        #expect(
            seen == [
                ["items 0"], ["items 1"], ["items 2"], ["items 3"],
                ["items 3", "range violation: 'items' cannot be 4; its type is int 0...3"],
            ])
        #expect(browser.pageErrors == [])
    }

    @Test("the coverage switch paints what fuzzing did not reach")
    func coverage() throws {
        let scratch = try ScratchDirectory()
        let browser = try Chromium()
        // With seed 3 and 20 runs the campaign never sees `level > 2` false (see the report tests).
        try browser.open(try page("defects/sm004-nondeterministic-guards", in: scratch, fuzzRuns: 20))
        let labelColor = ##"getComputedStyle(document.querySelector("#diagram .transition.never-false text")).fill"##
        let before = try browser.evaluate(labelColor).stringValue
        try browser.click("#paint-coverage")
        #expect(try browser.evaluate(#"document.getElementById("diagram").classList.contains("coverage")"#).boolValue == true)
        let after = try browser.evaluate(labelColor).stringValue
        #expect(before != nil && before != after)
        #expect(after == "rgb(188, 76, 0)")
    }
}
