import Foundation
import SMAnalyzer
import SMEngine
import SMSCXML
import SMSpec
import SMTestSupport
import Testing

@Suite("Reading SCXML into a spec")
struct SCXMLReadingTests {
    static func document(_ body: String, root: String = "") -> String { SCXMLBadInputCases.document(body, root: root) }

    @Test("without smcheck:event declarations, events come from raise and send, then from descriptors that match none of them")
    func inferredEvents() throws {
        let spec = try Spec.load(
            scxml: Self.document(
                """
                <state id="a">
                  <onentry><raise event="error.io"/><send event="tick"/></onentry>
                  <transition event="error" target="b"/>
                  <transition event="reset.* tick" target="a"/>
                  <transition event="done.state.b" target="a"/>
                  <transition event="*" target="a"/>
                </state>
                <state id="b"><state id="b1"/></state>
                """))
        #expect(spec.events.map(\.name) == ["error.io", "tick", "reset"])
        #expect(spec.events.map { $0.location?.line } == [3, 3, 5])
    }

    @Test("`error.*` infers `error`, and a `*` beside it takes that event")
    func wildcardDescriptors() throws {
        let spec = try Spec.load(
            scxml: Self.document(
                #"<state id="a"><transition event="error.*" target="a"/><transition event="*" target="b"/></state><final id="b"/>"#))
        #expect(spec.events.map(\.name) == ["error"])
        // With no event to infer, a `*` that a completion event can take is no error: the machine runs on its own.
        let completing = try Spec.load(
            scxml: Self.document(
                #"<state id="p" initial="a"><state id="a"><transition target="f"/></state><final id="f"/><transition event="*" target="end"/></state><final id="end"/>"#
            ))
        #expect(completing.events.isEmpty)
    }

    @Test("with smcheck:event declarations every event must be declared, parameters and all")
    func declaredEvents() throws {
        let spec = try Spec.load(
            scxml: Self.document(
                """
                <smcheck:event name="set"><smcheck:param name="to" type="enum" values="slow fast"/></smcheck:event>
                <state id="a"><transition event="set" cond="_event.data.to == 'fast'" target="a"/></state>
                """))
        #expect(spec.events == [Spec.EventDeclaration("set", parameters: [Spec.Parameter("to", .enumeration(["slow", "fast"]))])])
        #expect(spec.states[0].transitions[0].guardCondition == .expression("event.to == .fast"))
    }

    @Test("data types follow from the initial value and smcheck's annotations")
    func dataTypes() throws {
        let spec = try Spec.load(
            scxml: Self.document(
                """
                <datamodel>
                  <data id="on" expr="true"/>
                  <data id="n" expr="-2" smcheck:min="-5" smcheck:max="5"/>
                  <data id="mode" expr="'fast'" smcheck:values="slow fast"/>
                  <data id="level" smcheck:type="int" smcheck:min="1" smcheck:max="3"/>
                  <data id="text">3</data>
                </datamodel>
                <state id="a"/>
                """
            ).replacingOccurrences(of: "<data id=\"text\">3</data>", with: "<data id=\"text\" smcheck:min=\"0\" smcheck:max=\"9\">3</data>")
        )
        #expect(
            spec.variables == [
                Spec.Variable("on", .bool, initial: .bool(true)), Spec.Variable("n", .int(min: -5, max: 5), initial: .int(-2)),
                Spec.Variable("mode", .enumeration(["slow", "fast"]), initial: .enumCase("fast")),
                Spec.Variable("level", .int(min: 1, max: 3)),
                Spec.Variable("text", .int(min: 0, max: 9), initial: .int(3)),
            ])
    }

    @Test(
        "elements of other namespaces are ignored outside executable content, and <log> does nothing, even in an initial or history transition"
    )
    func foreignElements() throws {
        let spec = try Spec.load(
            scxml: """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:qt="http://www.qt.io/2015/02/scxml-ext" version="1.0" qt:editorversion="4.0">
                  <qt:editorinfo initialGeometry="0;0;0;0"/>
                  <state id="a" qt:layout="1"><qt:editorinfo geometry="1;2;3;4"/>
                    <transition event="go" target="b"><log expr="'going'"/><qt:editorinfo movePoint="1;1"/></transition>
                  </state>
                  <state id="b">
                    <initial><transition target="c"><log label="start"/></transition></initial>
                    <history id="h"><transition target="c"><log expr="'resumed'"/></transition></history>
                    <final id="c"/>
                  </state>
                </scxml>
                """)
        #expect(spec.states.map(\.name) == ["a", "b"])
        #expect(spec.states[1].initial?.text == "c")
        #expect(spec.states[0].transitions[0].actions.isEmpty)
        #expect(spec.events.map(\.name) == ["go"])
    }

    @Test("a spec read from SCXML points into both the file and the spec's JSON form")
    func locations() throws {
        let spec = try Spec.load(
            scxml: Self.document(
                """
                <state id="a">
                  <transition event="go" cond="true" target="a"/>
                </state>
                """), file: "m.scxml")
        let transition = spec.states[0].transitions[0]
        #expect(transition.location?.description == "m.scxml:3:3")
        #expect(transition.location?.elementPath == "//state[@id='a']/transition")
        #expect(transition.location?.pointer.description == "/states/a/on/go")
        guard case .expression(let cond) = transition.guardCondition else { Issue.record("no guard"); return }
        #expect(cond.location?.description == "m.scxml:3:31")
        #expect(cond.location?.pointer.description == "/states/a/on/go/guard")
    }

    @Test("SM014: a history state named by <scxml initial> is used, as one named by a state's initial is")
    func historyAsTheMachineInitial() throws {
        func states(_ initial: String) -> String {
            """
            <state id="c"\(initial)>
              <history id="h"><transition target="c2"/></history>
              <state id="c1"><transition event="next" target="c2"/></state>
              <state id="c2"><transition event="next" target="c1"/></state>
            </state>
            """
        }
        for text in [Self.document(states(""), root: #" initial="h""#), Self.document(states(#" initial="h""#))] {
            let spec = try Spec.load(scxml: text, file: "m.scxml")
            for method in [VerificationMethod.exploration] + (BuildTraits.verifiesSymbolically ? [.symbolic] : []) {
                var options = AnalysisOptions()
                options.method = method
                let result = try Analyzer.analyze(spec, options: options)
                #expect(!result.findings.contains { $0.code == .uselessHistory }, "\(method): \(result.findings.map(\.message))")
            }
        }
    }

    @Test("findings on an SCXML file carry its line:column and the element path")
    func findingPositions() throws {
        let text = Self.document(
            """
            <smcheck:event name="check"/>
            <smcheck:event name="unused"/>
            <datamodel><data id="level" expr="0" smcheck:min="0" smcheck:max="3"/></datamodel>
            <state id="idle">
              <transition event="check" cond="level &lt; 3" target="low"><assign location="level" expr="level + 1"/></transition>
              <transition event="check" cond="level &gt; 1" target="high"/>
            </state>
            <state id="low"><transition event="check" target="idle"/></state>
            <state id="high"/>
            <state id="island"/>
            """)
        let result = try Analyzer.analyze(try Spec.load(scxml: text, file: "m.scxml"))
        let places = result.findings.map { "\($0.code.rawValue) \($0.location?.description ?? "-") \($0.location?.pointerText ?? "-")" }
        #expect(
            places == [
                "SM001 m.scxml:11:1 //state[@id='island']",
                "SM004 m.scxml:7:3 //state[@id='idle']/transition[2]",
                "SM007 m.scxml:10:1 //state[@id='high']",
                "SM012 m.scxml:3:1 /scxml/smcheck:event[2]",
            ], "\(result.findings.map(\.message))")
    }

    @Test("Spec.load(path:) reads JSON and says how SCXML is read; SpecFile.load reads both")
    func loadingByExtension() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.url.appendingPathComponent("m.scxml").path
        try Self.document(#"<state id="a"/>"#).write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: SpecError.self) { try Spec.load(path: path, displayName: "m.scxml") }
        #expect(
            error?.description
                == "m.scxml: error: this is an SCXML file; smcheck reads it, and so does SpecFile.load(path:) of the SMSCXML library (Spec.load(path:) reads JSON)"
        )
        let spec = try SpecFile.load(path: path, displayName: "m.scxml")
        #expect(spec.name == "m")
        #expect(spec.file == "m.scxml")
        #expect(try SpecFile.load(path: Fixtures.specsDirectory.appendingPathComponent("rocket.json").path).name == "Rocket")
        // The extension in any case, as in a directory: the machine is named without it.
        let upper = scratch.url.appendingPathComponent("Upper.SCXML").path
        try Self.document(#"<state id="a"/>"#).write(toFile: upper, atomically: true, encoding: .utf8)
        #expect(try SpecFile.load(path: upper).name == "Upper")
    }

    @Test("processing instructions are read past, also those without data (Foundation's parser crashed on <?x?>)")
    func processingInstructions() throws {
        for instruction in ["<?x?>", "<?x   ?>", "<?x y?>", "<?x\n?>"] {
            let text =
                instruction + "\n"
                + Self.document(
                    "<state id=\"a\">\(instruction)<transition event=\"go\" target=\"b\">"
                        + "\(instruction)</transition></state>\(instruction)<state id=\"b\"/>")
            let spec = try Spec.load(scxml: text)
            #expect(spec.states.map(\.name) == ["a", "b"] && spec.states[0].transitions.count == 1, "\(instruction)")
        }
        // A later error is still placed where it is written: the instruction's line breaks are kept.
        let text = "<?x\n?>\n" + Self.document("<state id=\"a\">\n<transition event=\"go\" target=\"nowhere\"/></state>")
        let diagnostics = Spec.decode(scxml: Array(text.utf8), file: "pi.scxml").1
        #expect(diagnostics.first?.description.hasPrefix("pi.scxml:5:") == true, "\(diagnostics.map(\.description))")
    }

    @Test("a UTF-16 document is named as such, with what to do, not as invalid UTF-8")
    func utf16() {
        let text = #"<?xml version="1.0" encoding="UTF-16"?>"# + Self.document(#"<state id="a"/>"#)
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(
            Spec.decode(scxml: bytes, file: "u.scxml").1.map(\.description) == [
                #"u.scxml:1:1: error: the file is UTF-16LE (it starts with that byte order mark); smcheck reads UTF-8 files: convert it to UTF-8 (and declare encoding="UTF-8") (at /)"#
            ])
    }

    @Test("elements nested deeper than the limit are refused with a message, and states as deep as JSON allows load")
    func depth() throws {
        let tooDeep = String(repeating: "<state id=\"s\">", count: 300)
        let diagnostics = Spec.decode(scxml: Array(Self.document(tooDeep).utf8), file: "deep.scxml").1
        #expect(diagnostics.map(\.fullMessage) == ["elements nest deeper than 256 levels; smcheck reads at most that many"])
        #expect(diagnostics.map(\.location.elementPath) == ["//state[@id='s']"], "the element that goes too deep")
        // Without ids, its path from the root, the middle levels counted rather than written out.
        let anonymous = Spec.decode(scxml: Array(Self.document(String(repeating: "<state>", count: 300)).utf8), file: "deep.scxml").1
        #expect(anonymous.map(\.location.elementPath) == ["/scxml/state[1]/… 252 levels …/state[1]/state[1]/state[1]"])
        // 250 nested states, as deep as the JSON loader allows.
        let open = (0..<250).map { "<state id=\"s\($0)\">" }.joined()
        let close = String(repeating: "</state>", count: 250)
        let spec = try Spec.load(scxml: Self.document(open + "<state id=\"leaf\"/>" + close))
        #expect(try spec.resolve().state(named: "leaf")?.depth == 251)
    }

    @Test("an <if> with more <elseif> branches than if actions may nest is refused at the <if>, not a stack overflow")
    func longElseIfChain() throws {
        func chain(_ branches: Int) -> String {
            let elseIfs = (0..<branches).map { #"<elseif cond="n == \#($0)"/><assign location="n" expr="\#($0)"/>"# }.joined()
            return Self.document(
                #"<datamodel><data id="n" expr="0" smcheck:min="0" smcheck:max="9999"/></datamodel>"#
                    + #"<state id="a"><onentry><if cond="n == 0"><assign location="n" expr="1"/>\#(elseIfs)</if></onentry></state>"#)
        }
        _ = try Spec.load(scxml: chain(199)).resolve()
        // 30,000 would overflow the stack if the chain were built and then freed, one nested level at a time.
        for branches in [1_000, 30_000] {
            let diagnostics = Spec.decode(scxml: Array(chain(branches).utf8), file: "chain.scxml").1
            #expect(
                diagnostics.map(\.fullMessage)
                    == [
                        "<if> has \(branches) <elseif>s; each is an if inside the else of the branch before it, and smcheck reads at most 200 nested ifs: split it into several <if>s, or choose among the cases with a transition each"
                    ])
        }
        // Fewer <elseif>s, but ifs inside their branches: nested past the limit all the same.
        let inner = String(repeating: #"<if cond="n == 1">"#, count: 60) + String(repeating: "</if>", count: 60)
        let nested = Self.document(
            #"<datamodel><data id="n" expr="0" smcheck:min="0" smcheck:max="9999"/></datamodel>"#
                + #"<state id="a"><onentry><if cond="n == 0">"#
                + (0..<150).map { #"<elseif cond="n == \#($0)"/>"# }.joined() + inner + "</if></onentry></state>")
        #expect(
            Spec.decode(scxml: Array(nested.utf8), file: "nested.scxml").1.map(\.fullMessage)
                == [
                    "<if> nests if actions 211 levels deep, counting each <elseif> as an if inside the else of the branch before it and the <if>s inside its branches; smcheck reads at most 200: split it into several <if>s, or choose among the cases with a transition each"
                ])
    }

    @Test("an element name with a character XML names cannot hold (DEL, U+2028) says which, escaped", arguments: ["\u{7F}", "\u{2028}"])
    func characterNoNameHolds(character: String) {
        let text = Self.document("<st\(character)ate id=\"a\"/>")
        let hex = String(character.unicodeScalars.first!.value, radix: 16, uppercase: true)
        let code = String(repeating: "0", count: 4 - hex.count) + hex
        let messages = Spec.decode(scxml: Array(text.utf8), file: "x.scxml").1.map(\.fullMessage)
        #expect(
            messages == ["the element name <st\\u\(code.lowercased())ate> holds U+\(code), which an XML name cannot hold"], "\(messages)")
    }

    @Test("a file over the size limit is refused before it is parsed")
    func size() {
        let (spec, diagnostics) = Spec.decode(
            scxml: Array(Self.document(String(repeating: " ", count: 2_000)).utf8), file: "x.scxml",
            limits: LoadLimits(maximumBytes: 1_000))
        #expect(spec == nil)
        #expect(diagnostics.map(\.description) == ["x.scxml:1:1: error: the file is 0.0 MB, over the 0.0 MB limit for a spec (at /)"])
    }

    @Test("a file past libxml2's 10,000,000-byte lookup limit, within the size limit, loads")
    func pastTheXMLParsersLookupLimit() throws {
        // Comments are what the scan and the parser read fastest; 180 states of 60 KB each make 10.8 MB.
        let comment = "<!--" + String(repeating: "x", count: 60_000) + "-->"
        let states = (0..<180).map { #"<state id="s\#($0)">\#(comment)<transition event="go" target="s\#(($0 + 1) % 180)"/></state>"# }
        let text = Self.document(states.joined())
        try #require(text.utf8.count > 10_000_000)
        #expect(try Spec.load(scxml: text).states.count == 180)
    }

    @Test("a file of one long line with many expressions loads in linear time")
    func oneLongLine() throws {
        let states = (0..<3_000).map {
            #"<state id="s\#($0)"><transition event="go" cond="n &lt; 3 &amp;&amp; n &gt;= 0" target="s\#(($0 + 1) % 3_000)"/></state>"#
        }
        let text = Self.document(#"<datamodel><data id="n" expr="0" smcheck:min="0" smcheck:max="3"/></datamodel>"# + states.joined())
        let spec = try Spec.load(scxml: text.replacingOccurrences(of: "\n", with: " "))
        #expect(spec.states.count == 3_000)
    }
}
