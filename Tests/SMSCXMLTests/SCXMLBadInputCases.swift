import SMTestSupport

/// Malformed SCXML documents, each with the one diagnostic it must produce: message, element path and line:column.
/// Grouped as a user would meet them: XML syntax, the document, states, transitions, data, executable content,
/// expressions.
enum SCXMLBadInputCases {
    static let namespaces = #"xmlns="http://www.w3.org/2005/07/scxml" xmlns:smcheck="https://smcheck.dev/scxml""#

    /// A document with `body` inside `<scxml>`, each part on its own line.
    static func document(_ body: String, root: String = "") -> String {
        "<scxml \(namespaces) version=\"1.0\"\(root)>\n\(body)\n</scxml>\n"
    }

    static func bad(
        _ title: String, _ text: String, _ message: String, path: String, at needle: String, occurrence: Int = 1, offset: Int = 0
    )
        -> BadInput
    {
        BadInput(title, text, message: message, pointer: path, at: needle, occurrence: occurrence, offset: offset, format: .scxml)
    }

    static let all: [BadInput] = syntax + documentCases + states + transitions + data + actions + expressions

    // MARK: - XML syntax

    static let syntax: [BadInput] = [
        BadInput(
            "empty file", "", message: "the file is empty; expected an <scxml> element", pointer: "/", line: 1, column: 1, format: .scxml),
        bad(
            "'<' in an attribute", document(#"<state id="a"><transition cond="1 < 2" target="a"/></state>"#),
            "'<' inside the value of 'cond'; XML needs it written as &lt; (and && as &amp;&amp;)", path: "//state[@id='a']/transition[1]",
            at: "< 2"),
        bad(
            "'&&' in an attribute", document(#"<state id="a"><transition cond="true && true" target="a"/></state>"#),
            "'&' starts an entity reference such as &lt;; write a literal & as &amp; (and && as &amp;&amp;)",
            path: "//state[@id='a']/transition[1]", at: "&&"),
        bad(
            "an end tag that closes the wrong element", document("<state id=\"a\">\n</stat>"),
            "</stat> does not close <state> (opened at line 2, column 1); expected </state>", path: "//state[@id='a']", at: "</stat>"),
        bad(
            "an element never closed", "<scxml \(namespaces)>\n  <state id=\"a\">\n",
            "<state> is never closed; add </state>", path: "//state[@id='a']", at: "<state"),
        bad(
            "an unknown entity", document(#"<state id="a" smcheck:description="&nbsp;"/>"#),
            "unknown entity '&nbsp;'; XML predefines only &lt; &gt; &amp; &quot; &apos; (and &#N; for a character)",
            path: "//state[@id='a']",
            at: "&nbsp;"
        ),
        bad(
            "a reference to NUL", document(#"<state id="a" smcheck:description="x&#0;"/>"#),
            "'&#0;' refers to U+0000, a control character, which XML does not allow, not even as a reference (it allows tab, line breaks and U+0020 up, without U+D800...U+DFFF, U+FFFE and U+FFFF)",
            path: "//state[@id='a']", at: "&#0;"),
        bad(
            "a reference to a surrogate", document(#"<state id="a" smcheck:description="&#xD800;"/>"#),
            "'&#xD800;' refers to U+D800, a UTF-16 surrogate, which XML does not allow, not even as a reference (it allows tab, line breaks and U+0020 up, without U+D800...U+DFFF, U+FFFE and U+FFFF)",
            path: "//state[@id='a']", at: "&#xD800;"),
        bad(
            "a reference past the last character", document(#"<state id="a" smcheck:description="&#x110000;"/>"#),
            "'&#x110000;' refers to no character: the last one is U+10FFFF", path: "//state[@id='a']", at: "&#x110000;"),
        bad(
            "a reference with a letter among decimal digits", document(#"<state id="a" smcheck:description="&#12a;"/>"#),
            "'&#12a;' is no character reference: write &#N; with decimal digits or &#xH; with hexadecimal ones",
            path: "//state[@id='a']", at: "&#12a;"),
        bad(
            "a DOCTYPE", "<!DOCTYPE scxml [ <!ENTITY s \"<state id='x'/>\"> ]>\n<scxml \(namespaces)/>",
            "a DOCTYPE declaration; SCXML files need none, and smcheck does not read them (their entities could expand into elements, or without bound); remove it",
            path: "/", at: "<!DOCTYPE"),
        bad(
            "an attribute value without quotes", document("<state id=a/>"),
            "the value of 'id' must be in quotes: id=\"...\"", path: "/scxml/state[1]", at: "a/>"),
        bad(
            "more attributes in one element than smcheck reads",
            document("<state id=\"a\" " + (1..<1_000).map { "q:x\($0)=\"1\"" }.joined(separator: " ") + " q:last=\"1\"/>"),
            "<state> has more than 1000 attributes; smcheck reads at most that many in one element", path: "//state[@id='a']",
            at: "q:last"),
        bad(
            "an attribute given twice", document(#"<state id="a" id="b"/>"#),
            "the attribute 'id' is given twice in <state>", path: "//state[@id='a']", at: "id", occurrence: 2),
        bad(
            "an attribute without a value", document(#"<state id/>"#), "the attribute 'id' needs a value: id=\"...\"",
            path: "/scxml/state[1]", at: "id/>"
        ),
        bad(
            "text before the root element", "hello <scxml \(namespaces)/>",
            "text before the root element; an SCXML file starts with <scxml> (or an XML declaration)", path: "/", at: "hello"),
        bad(
            "a second root element", "<scxml \(namespaces)><state id=\"a\"/></scxml>\n<scxml/>",
            "a second root element <scxml>; an XML file has exactly one root element", path: "/", at: "<scxml/>"),
        bad(
            "an encoding other than UTF-8", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<scxml \(namespaces)/>",
            "the file declares the encoding \"ISO-8859-1\"; smcheck reads UTF-8 files (convert it, and declare encoding=\"UTF-8\")",
            path: "/",
            at: "<?xml"),
        bad(
            "an undeclared prefix on an attribute", document(#"<state id="a" qt:editorinfo="x"/>"#),
            "the prefix of the attribute 'qt:editorinfo' is not declared; add xmlns:qt=\"...\" (its namespace's URI) to <scxml>",
            path: "//state[@id='a']", at: "qt:editorinfo"),
        bad(
            "smcheck's prefix not declared",
            "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"><datamodel><data id=\"n\" expr=\"0\" smcheck:min=\"0\"/></datamodel></scxml>",
            "the prefix of the attribute 'smcheck:min' is not declared; add xmlns:smcheck=\"https://smcheck.dev/scxml\" to <scxml>",
            path: "//data[@id='n']", at: "smcheck:min"),
        bad(
            "a namespace in the XML declaration",
            "<?xml version=\"1.0\" xmlns:smcheck=\"https://smcheck.dev/scxml\"?>\n<scxml \(namespaces)/>",
            "the XML declaration takes version, encoding and standalone, not 'xmlns:smcheck'; attributes and namespaces belong on <scxml>",
            path: "/", at: "xmlns:smcheck"),
        bad("a comment never closed", document("<!-- a note"), "the comment is never closed with '-->'", path: "/scxml", at: "<!--"),
        bad(
            "a character XML does not allow", document("<state id=\"a\">\u{1}</state>"),
            "the file contains the control character U+0001; XML allows no control character but tab and line breaks",
            path: "//state[@id='a']", at: "\u{1}"),
        bad(
            "a NUL byte in a name", document("<state id=\"a\u{0}b\"/>"),
            "the file contains the control character U+0000; XML allows no control character but tab and line breaks",
            path: "//state[@id='a\u{0}b']", at: "\u{0}"),
        bad(
            "'--' inside a comment", document("<!-- a -- b -->\n<state id=\"a\"/>"),
            "'--' inside a comment, which XML does not allow; write '- -', or end the comment there", path: "/scxml", at: "-- b"),
        bad(
            "'-' just before a comment's end", document("<!-- a --->\n<state id=\"a\"/>"),
            "'--' inside a comment, which XML does not allow; write '- -', or end the comment there", path: "/scxml", at: "---"),
        bad(
            "'<!-->', which is no comment", document("<!-->\n<state id=\"a\"/>"), "the comment is never closed with '-->'", path: "/scxml",
            at: "<!-->"),
    ]

    // MARK: - The document

    static let documentCases: [BadInput] = [
        bad(
            "a root that is not scxml", #"<statechart xmlns="http://www.w3.org/2005/07/scxml"/>"#,
            #"the root element is <statechart>; an SCXML file has <scxml xmlns="http://www.w3.org/2005/07/scxml">"#, path: "/statechart",
            at: "<statechart"),
        bad(
            "scxml outside its namespace", #"<scxml version="1.0"><state id="a"/></scxml>"#,
            #"<scxml> must be in the SCXML namespace: add xmlns="http://www.w3.org/2005/07/scxml""#, path: "/scxml", at: "<scxml"),
        bad(
            "an unsupported version", "<scxml \(namespaces) version=\"2.0\"><state id=\"a\"/></scxml>",
            #"SCXML version "2.0" is not one smcheck reads; it reads version "1.0""#, path: "/scxml/@version", at: "\"2.0\""),
        bad(
            "another datamodel", document(#"<state id="a"/>"#, root: #" datamodel="xpath""#),
            #"the "xpath" datamodel is not supported: smcheck reads the ECMAScript subset of datamodel="ecmascript""#,
            path: "/scxml/@datamodel", at: "\"xpath\""),
        bad(
            "a misspelled element", document(#"<stat id="a"/>"#), #"unknown element <stat>; did you mean "<state>"?"#,
            path: "//stat[@id='a']", at: "<stat"),
        bad(
            "an element out of place", document(#"<state id="a"/>"# + "\n" + #"<transition target="a"/>"#),
            "<transition> cannot be inside <scxml>; <scxml> may contain <state>, <parallel>, <final>, <datamodel>",
            path: "/scxml/transition",
            at: "<transition"),
        bad(
            "a script", document(#"<state id="a"/>"# + "\n<script>x = 1</script>"),
            "<script> is not supported: smcheck evaluates conditions and values in its expression subset, not scripts",
            path: "/scxml/script",
            at: "<script"),
        bad(
            "an unknown smcheck annotation", document(#"<state id="a" smcheck:descripton="x"/>"#),
            #"unknown smcheck annotation 'descripton' on <state>; did you mean "description"?"#,
            path: "//state[@id='a']/@smcheck:descripton",
            at: "\"x\""),
        bad(
            "late binding with a state's datamodel",
            document(#"<state id="a"><datamodel><data id="x" expr="true"/></datamodel></state>"#, root: #" binding="late""#),
            #"late binding is not supported: smcheck gives every variable its value at the start; move this <datamodel> into <scxml> or use binding="early""#,
            path: "//state[@id='a']/datamodel", at: "<datamodel"),
        bad(
            "an unknown option value", document(#"<state id="a"/>"#, root: #" smcheck:unhandled="eror""#),
            #"smcheck:unhandled must be "ignore" or "error", not "eror"; did you mean "error"?"#, path: "/scxml/@smcheck:unhandled",
            at: "\"eror\""),
        bad(
            "an undeclared event when events are declared",
            document(#"<smcheck:event name="go"/>"# + "\n" + #"<state id="a"><transition event="og" target="a"/></state>"#),
            #"undeclared event "og"; did you mean "go"?"#, path: "//state[@id='a']/transition/@event", at: "\"og\""),
    ]

    // MARK: - States

    static let states: [BadInput] = [
        bad(
            "two states with one id", document(#"<state id="a"/>"# + "\n" + #"<state id="b"/>"# + "\n" + #"<state id="b"/>"#),
            #"SM003: duplicate state name "b" in the top level (first at line 3, column 1)"#, path: "/scxml/state[3]",
            at: #"<state id="b"/>"#, occurrence: 2),
        bad(
            "a parallel state with only a history child",
            document(#"<state id="o"><transition event="go" target="c"/></state><parallel id="c"><history id="h"/></parallel>"#),
            #"state "c" has only history children; a parallel state needs a region (a child state) to enter"#,
            path: "//parallel[@id='c']", at: "<parallel id"),
        bad(
            "a state without an id", document(#"<state id="a"/>"# + "\n<state/>"), "<state> needs the attribute 'id'",
            path: "/scxml/state[2]", at: "<state/>"),
        bad(
            "an id with a slash", document(#"<state id="a/b"/>"#),
            #"state name "a/b" contains '/'; names are joined with '/' into paths and used inside in(...)"#, path: "//state[@id='a/b']/@id",
            at: "\"a/b\""),
        bad(
            "a misspelled attribute", document(#"<state id="p" intial="c"><state id="c"/></state>"#),
            #"unknown attribute 'intial' on <state>; did you mean "initial"?"#, path: "//state[@id='p']/@intial", at: "\"c\""),
        bad(
            "several initial states", document(#"<state id="p" initial="c d"><state id="c"/><state id="d"/></state>"#),
            "several initial states are not supported: smcheck enters one initial state in each compound state",
            path: "//state[@id='p']/@initial",
            at: "d\">"),
        bad(
            "an initial attribute and an <initial> element",
            document(#"<state id="p" initial="c"><initial><transition target="c"/></initial><state id="c"/></state>"#),
            "<state> has both an initial attribute and an <initial> element; SCXML allows one", path: "//state[@id='p']/initial",
            at: "<initial>"),
        bad(
            "content in the initial transition",
            document(#"<state id="p"><initial><transition target="c"><raise event="go"/></transition></initial><state id="c"/></state>"#),
            "executable content in the <transition> of <initial> is not supported: the <onentry> of the state it enters does the same "
                + "when no other transition enters that state (its <onentry> runs on every entry; this content only on this one)",
            path: "//state[@id='p']/initial/transition/raise", at: "<raise"),
        bad(
            "text inside a state", document(#"<state id="a">hello</state>"#),
            "<state> contains text, which means nothing there; remove it (a comment is written <!-- ... -->)", path: "//state[@id='a']",
            at: "hello"),
        bad(
            "text after a child, lines below the state's start",
            document("<state id=\"a\">\n<transition event=\"go\" target=\"a\"/>\n  stray\n</state>"),
            "<state> contains text, which means nothing there; remove it (a comment is written <!-- ... -->)", path: "//state[@id='a']",
            at: "stray"),
        bad(
            "text inside <scxml>", document("<state id=\"a\"/>\n  stray"),
            "<scxml> contains text, which means nothing there; remove it (a comment is written <!-- ... -->)", path: "/scxml",
            at: "stray"),
        bad(
            "text in a CDATA section", document("<state id=\"a\"><![CDATA[ \n x]]></state>"),
            "<state> contains text, which means nothing there; remove it (a comment is written <!-- ... -->)", path: "//state[@id='a']",
            at: "x]]"),
        bad(
            "an invoke", document(#"<state id="a"><invoke type="scxml" src="other.scxml"/></state>"#),
            "<invoke> is not supported: smcheck checks one machine, without the services it would start", path: "//state[@id='a']/invoke",
            at: "<invoke"),
        bad(
            "donedata", document(#"<final id="f"><donedata><param name="x" expr="1"/></donedata></final>"#),
            "<donedata> is not supported: completion events carry no data in smcheck", path: "//final[@id='f']/donedata", at: "<donedata"),
        bad(
            "a misspelled history type", document(#"<state id="p"><state id="c"/><history id="h" type="deeep"/></state>"#),
            #"the type of <history> must be "shallow" or "deep", not "deeep"; did you mean "deep"?"#, path: "//history[@id='h']/@type",
            at: "\"deeep\""),
        bad(
            "a choice annotation that is not choice", document(#"<state id="a" smcheck:type="junction"/>"#),
            #"smcheck:type on <state> can only be "choice" (the other kinds have their own elements), not "junction""#,
            path: "//state[@id='a']/@smcheck:type", at: "\"junction\""),
        bad(
            "an unknown target", document(#"<state id="idle"><transition event="go" target="idel"/></state>"#),
            #"unknown state "idel"; did you mean "idle"?"#, path: "//state[@id='idle']/transition/@target", at: "idel"),
        bad(
            "a second target that is unknown",
            document(
                #"<parallel id="p"><state id="x"/><state id="y"/></parallel><state id="s"><transition event="go" target="x z"/></state>"#),
            #"unknown state "z"; did you mean "p"?"#, path: "//state[@id='s']/transition/@target", at: "z\""),
    ]

    // MARK: - Transitions

    static let transitions: [BadInput] = [
        bad(
            "a transition on an event named done.something",
            document(#"<state id="a"><transition event="done.loading" target="b"/></state><state id="b"/>"#),
            #""done.loading" never happens: event names starting with "done." are reserved for the done.state.<state> events the machine raises itself; name the event otherwise"#,
            path: "//state[@id='a']/transition/@event", at: "\"done.loading\""),
        bad(
            "a raise of an event named done.something",
            document(#"<state id="a"><transition event="go" target="a"><raise event="done.foo"/></transition></state>"#),
            #""done.foo" cannot be raised: event names starting with "done." are reserved for the done.state.<state> events the machine raises itself; name the event otherwise"#,
            path: "//state[@id='a']/transition/raise/@event", at: "\"done.foo\""),
        bad(
            "an empty event attribute", document(#"<state id="a"><transition event=" " target="a"/></state>"#),
            #"an empty event attribute; leave it out for an eventless transition, or write "*" for every event"#,
            path: "//state[@id='a']/transition/@event", at: "\" \""),
        bad(
            "a misspelled transition type", document(#"<state id="a"><transition event="go" type="internl"/></state>"#),
            #"the type of <transition> must be "external" or "internal", not "internl"; did you mean "internal"?"#,
            path: "//state[@id='a']/transition/@type", at: "\"internl\""),
        bad(
            "cond and smcheck:cond together", document(#"<state id="a"><transition event="go" cond="true" smcheck:cond="?ok"/></state>"#),
            "a transition has cond or smcheck:cond, not both", path: "//state[@id='a']/transition/@smcheck:cond", at: "\"?ok\""),
        bad(
            "a bad smcheck:cond", document(#"<state id="a"><transition event="go" smcheck:cond="otherwise"/></state>"#),
            #"smcheck:cond is "else" or "?name" (a predicate the host registers), not "otherwise""#,
            path: "//state[@id='a']/transition/@smcheck:cond", at: "\"otherwise\""),
        bad(
            "target and smcheck:oneOf together", document(#"<state id="a"><transition event="go" target="a" smcheck:oneOf="a"/></state>"#),
            "a transition has a target or smcheck:oneOf, not both", path: "//state[@id='a']/transition/@smcheck:oneOf", at: "\"a\"",
            occurrence: 3),
        bad(
            "a descriptor matching no event",
            document(#"<smcheck:event name="error.io"/>"# + "\n" + #"<state id="a"><transition event="warning" target="a"/></state>"#),
            #"undeclared event "warning"; declare it with <smcheck:event name="...">"#, path: "//state[@id='a']/transition/@event",
            at: "\"warning\""),
        bad(
            "'*' with no event to infer",
            document(#"<state id="a"><transition event="*" target="b"/></state>"# + "\n" + #"<final id="b"/>"#),
            #"the events cannot be inferred from "*" alone: nothing raises or sends an event, and no transition names one; declare the events the machine takes with <smcheck:event name="...">"#,
            path: "//state[@id='a']/transition/@event", at: "*"),
        bad(
            "'*' inside a descriptor's token",
            document(#"<state id="a"><onentry><raise event="error.io"/></onentry><transition event="go error*" target="a"/></state>"#),
            #"event descriptor "error*" has '*' inside a token; '*' matches alone ("*", every event) or as the last token ("error.*", error and the events under it); did you mean "error.*"?"#,
            path: "//state[@id='a']/transition/@event", at: "\"go error*\""),
        bad(
            "'*' in a raised event's name", document(#"<state id="a"><onentry><raise event="er*"/></onentry></state>"#),
            #"event name "er*" contains '*', which is not part of a name: it matches events in a transition's descriptor, alone ("*") or as the last token ("error.*")"#,
            path: "//state[@id='a']/onentry/raise/@event", at: "\"er*\""),
        bad(
            "smcheck's namespace misspelt",
            #"<scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:smcheck="https://smcheck.dev/scxm" version="1.0" smcheck:maxMicrosteps="5"><state id="a"/></scxml>"#,
            #"the namespace "https://smcheck.dev/scxm" is neither SCXML's nor smcheck's, so what is in it is ignored; did you mean "https://smcheck.dev/scxml"?"#,
            path: "/scxml/@smcheck:maxMicrosteps", at: "\"5\""),
        bad(
            "smcheck's namespace in other letter case",
            #"<scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:sm="https://smcheck.dev/SCXML" version="1.0"><state id="a" sm:type="choice"/></scxml>"#,
            #"the namespace "https://smcheck.dev/SCXML" is neither SCXML's nor smcheck's, so what is in it is ignored; did you mean "https://smcheck.dev/scxml"?"#,
            path: "//state[@id='a']/@sm:type", at: "\"choice\""),
        bad(
            "an attribute prefixed with the SCXML namespace",
            #"<sc:scxml xmlns:sc="http://www.w3.org/2005/07/scxml" version="1.0"><sc:state id="a"><sc:transition sc:event="go" target="a"/></sc:state></sc:scxml>"#,
            #"attribute 'sc:event' on <sc:transition> is in the SCXML namespace, where SCXML defines no attributes: its own take no prefix; did you mean "event"?"#,
            path: "//sc:state[@id='a']/sc:transition/@sc:event", at: "\"go\""),
        bad(
            "a descriptor ending with a dot",
            document(#"<state id="a"><onentry><raise event="go"/></onentry><transition event="go." target="a"/></state>"#),
            #"event descriptor "go." ends with '.', which leaves an empty token; write "go" (or "go.*"), which takes go and every event under it"#,
            path: "//state[@id='a']/transition/@event", at: "\"go.\""),
        bad(
            "a descriptor starting with a dot", document(#"<state id="a"><transition event="go .go" target="a"/></state>"#),
            #"event descriptor ".go" starts with '.', which leaves an empty token; an event name is tokens joined by '.', none of them empty; did you mean "go"?"#,
            path: "//state[@id='a']/transition/@event", at: "\"go .go\""),
        bad(
            "a raised event with an empty token", document(#"<state id="a"><onentry><raise event="a..b"/></onentry></state>"#),
            #"event name "a..b" has '..', which leaves an empty token; an event name is tokens joined by '.', none of them empty; did you mean "a.b"?"#,
            path: "//state[@id='a']/onentry/raise/@event", at: "\"a..b\""),
        bad(
            "a declared event with an empty token", document(#"<smcheck:event name=".go"/><state id="a"/>"#),
            #"event name ".go" starts with '.', which leaves an empty token; an event name is tokens joined by '.', none of them empty; did you mean "go"?"#,
            path: "/scxml/smcheck:event/@name", at: "\".go\""),
        bad(
            "a choice without branches", document(#"<state id="c" smcheck:type="choice"/>"#),
            #"choice state "c" has no transitions without an event; a choice needs guarded branches (end with an unguarded or "else" one)"#,
            path: "//state[@id='c']", at: "<state"),
        bad(
            "event data in a transition without an event",
            document(#"<smcheck:event name="go"/>"# + "\n" + #"<state id="a"><transition cond="_event.data.x == 1" target="a"/></state>"#),
            #"in "_event.data.x == 1": '_event.data.x' is not available here: transitions without an event have no event"#,
            path: "//state[@id='a']/transition/@cond", at: "_event"),
    ]

    // MARK: - Data and events

    static let data: [BadInput] = [
        bad(
            "two <data> with one id",
            document(
                "<datamodel>\n" + #"<data id="x" expr="1" smcheck:min="0" smcheck:max="3"/>"# + "\n"
                    + #"<data id="x" expr="2" smcheck:min="0" smcheck:max="3"/>"# + "\n</datamodel><state id=\"a\"/>"),
            #"duplicate variable "x" (first at line 3, column 1)"#, path: "/scxml/datamodel/data[2]", at: #"<data id="x" expr="2""#),
        bad(
            "a <data> named like SCXML's In predicate",
            document(#"<datamodel><data id="In" expr="true"/></datamodel><state id="a"/>"#),
            #""In" is a word ECMAScript keeps (a reserved word, or a global such as In, NaN or undefined), so conditions that name it mean something else to other SCXML interpreters: pick another id"#,
            path: "//data[@id='In']", at: "<data id"),
        bad(
            "a <data> named with an ECMAScript reserved word",
            document(#"<datamodel><data id="typeof" expr="1" smcheck:min="0" smcheck:max="9"/></datamodel><state id="a"/>"#),
            #""typeof" is a word ECMAScript keeps (a reserved word, or a global such as In, NaN or undefined), so conditions that name it mean something else to other SCXML interpreters: pick another id"#,
            path: "//data[@id='typeof']", at: "<data id"),
        bad(
            "data under the null datamodel",
            document(
                #"<datamodel><data id="n" expr="0" smcheck:min="0" smcheck:max="9"/></datamodel><state id="a"/>"#,
                root: #" datamodel="null""#),
            #"the null datamodel has no data, so no <datamodel>: smcheck reads variables with datamodel="ecmascript""#,
            path: "/scxml/datamodel", at: "<datamodel>"),
        bad(
            "an assign under the null datamodel",
            document(#"<state id="a"><onentry><assign location="n" expr="1"/></onentry></state>"#, root: #" datamodel="null""#),
            #"the null datamodel has no data, so no <assign>: smcheck reads variables with datamodel="ecmascript""#,
            path: "//state[@id='a']/onentry/assign", at: "<assign"),
        bad(
            "a <data> named like a system variable",
            document(#"<datamodel><data id="_event" expr="1" smcheck:min="0" smcheck:max="9"/></datamodel><state id="a"/>"#),
            #""_event" is a system variable of SCXML; a <data> cannot declare it: pick another id"#, path: "//data[@id='_event']",
            at: "<data id"),
        bad(
            "a <data> with both expr and content",
            document(#"<datamodel><data id="v" expr="true">false</data></datamodel><state id="a"/>"#),
            #"<data id="v"> has both expr and content; its value is one or the other: remove one"#, path: "//data[@id='v']",
            at: "<data id"),
        bad(
            "an int without bounds", document(#"<datamodel><data id="count" expr="0"/></datamodel><state id="a"/>"#),
            #"<data id="count"> holds an int and needs smcheck:min and smcheck:max (bounds make exploration finite)"#,
            path: "//data[@id='count']", at: "<data id"),
        bad(
            "an enum without values", document(#"<datamodel><data id="mode" expr="'slow'"/></datamodel><state id="a"/>"#),
            #"<data id="mode"> holds an enum value and needs smcheck:values, its names separated by spaces"#, path: "//data[@id='mode']",
            at: "<data id"),
        bad(
            "an initial value that is not a literal",
            document(#"<datamodel><data id="n" expr="1 + 1" smcheck:min="0" smcheck:max="3"/></datamodel><state id="a"/>"#),
            #"the initial value of <data id="n"> must be a literal: an integer, true, false, or a string naming an enum value, not "1 + 1""#,
            path: "//data[@id='n']/@expr", at: "\"1 + 1\""),
        bad(
            "an initial value out of bounds",
            document(#"<datamodel><data id="n" expr="7" smcheck:min="0" smcheck:max="3"/></datamodel><state id="a"/>"#),
            #"the initial value 7 of <data id="n"> is outside its bounds 0...3"#, path: "//data[@id='n']/@expr", at: "\"7\""),
        bad(
            "a bound past 64 bits",
            document(#"<datamodel><data id="n" expr="0" smcheck:min="0" smcheck:max="99999999999999999999"/></datamodel><state id="a"/>"#),
            #"'smcheck:max' must be within -2147483648...2147483647, not 99999999999999999999"#,
            path: "//data[@id='n']/@smcheck:max", at: "\"99999999999999999999\""),
        bad(
            "an initial value not of the enum",
            document(#"<datamodel><data id="m" expr="'fats'" smcheck:values="slow fast"/></datamodel><state id="a"/>"#),
            #"the initial value 'fats' of <data id="m"> is not one of its values (slow, fast); did you mean "fast"?"#,
            path: "//data[@id='m']/@expr",
            at: "\"'fats'\""),
        bad(
            "a bound that is not an integer",
            document(#"<datamodel><data id="n" expr="0" smcheck:min="0" smcheck:max="many"/></datamodel><state id="a"/>"#),
            #"'smcheck:max' must be an integer, not "many""#, path: "//data[@id='n']/@smcheck:max", at: "\"many\""),
        bad(
            "an enum value that is not a name",
            document(#"<datamodel><data id="m" expr="'a'" smcheck:values="a b-c"/></datamodel><state id="a"/>"#),
            #"enum value "b-c" is not a valid name; use ASCII letters, digits and _, not starting with a digit"#,
            path: "//data[@id='m']/@smcheck:values", at: "b-c"),
        bad(
            "data from a source", document(#"<datamodel><data id="n" src="n.json" expr="true"/></datamodel><state id="a"/>"#),
            "<data src> is not supported: give the initial value in expr", path: "//data[@id='n']/@src", at: "\"n.json\""),
        bad(
            "an event parameter without bounds",
            document(#"<smcheck:event name="set"><smcheck:param name="to" type="int"/></smcheck:event><state id="a"/>"#),
            #"parameter "to" of "set" holds an int and needs min and max (bounds make exploration finite)"#,
            path: "/scxml/smcheck:event/smcheck:param",
            at: "<smcheck:param"),
        bad(
            "a reserved event name", document(#"<smcheck:event name="done.x"/><state id="a"/>"#),
            #"event names starting with "done." are reserved for the done.state.<state> events the machine raises itself; name the event otherwise"#,
            path: "/scxml/smcheck:event/@name",
            at: "\"done.x\""),
    ]

    // MARK: - Executable content

    static let actions: [BadInput] = [
        bad(
            "a delayed send",
            document(#"<state id="a"><onentry><send event="go" delay="1s"/></onentry><transition event="go" target="a"/></state>"#),
            "a delayed <send> is not supported: smcheck has no clock; leave out delay", path: "//state[@id='a']/onentry/send/@delay",
            at: "\"1s\""),
        bad(
            "a send to another target",
            document(
                ##"<state id="a"><onentry><send event="go" target="#_parent"/></onentry><transition event="go" target="a"/></state>"##),
            ##"<send> to "#_parent" is not supported: smcheck sends only to the machine itself (no target, or "#_internal" to raise)"##,
            path: "//state[@id='a']/onentry/send/@target", at: "\"#_parent\""),
        bad(
            "a foreach", document(#"<state id="a"><onentry><foreach array="xs" item="x"/></onentry></state>"#),
            "<foreach> is not supported: the data model holds no arrays to iterate", path: "//state[@id='a']/onentry/foreach",
            at: "<foreach"),
        bad(
            "a cancel", document(#"<state id="a"><onentry><cancel sendid="t"/></onentry></state>"#),
            "<cancel> is not supported: smcheck has no delayed events to cancel", path: "//state[@id='a']/onentry/cancel", at: "<cancel"),
        bad(
            "a custom action", document("<state id=\"a\"><onentry><my:beep xmlns:my=\"urn:x\"/></onentry></state>"),
            "<my:beep> is a custom action smcheck does not know; it cannot tell what it does, so it does not ignore it",
            path: "//state[@id='a']/onentry/my:beep", at: "<my:beep"),
        bad(
            "together with no assign before",
            document(
                #"<datamodel><data id="b" expr="true"/></datamodel><state id="a"><onentry><assign location="b" expr="false" smcheck:together="true"/></onentry></state>"#
            ),
            "smcheck:together joins an <assign> to the one right before it, and there is none",
            path: "//state[@id='a']/onentry/assign/@smcheck:together",
            at: "\"true\"", occurrence: 2),
        bad(
            "elseif after else",
            document(
                #"<datamodel><data id="b" expr="true"/></datamodel><state id="a"><onentry><if cond="b"><else/><elseif cond="b"/></if></onentry></state>"#
            ),
            "<elseif> after <else>; <else> is the last branch of <if>", path: "//state[@id='a']/onentry/if/elseif", at: "<elseif"),
        bad(
            "an assign to an undeclared variable",
            document(
                #"<datamodel><data id="count" expr="0" smcheck:min="0" smcheck:max="3"/></datamodel><state id="a"><onentry><assign location="cont" expr="1"/></onentry></state>"#
            ),
            #"assignment to undeclared variable "cont"; did you mean "count"?"#, path: "//state[@id='a']/onentry/assign", at: "<assign"),
        bad(
            "an assign with its value as content",
            document(
                #"<datamodel><data id="n" expr="0" smcheck:min="0" smcheck:max="99"/></datamodel><state id="a"><onentry><assign location="n">42</assign></onentry></state>"#
            ),
            #"a value given as the content of <assign> is not supported; write it in expr: <assign location="n" expr="42"/>"#,
            path: "//state[@id='a']/onentry/assign", at: "<assign"),
        bad(
            "an assign with expr and content",
            document(
                #"<datamodel><data id="n" expr="0" smcheck:min="0" smcheck:max="99"/></datamodel><state id="a"><onentry><assign location="n" expr="n + 1">99</assign></onentry></state>"#
            ),
            #"<assign> has both expr and content ("99"), and SCXML allows only one; smcheck reads the value from expr, so remove the content"#,
            path: "//state[@id='a']/onentry/assign", at: "<assign"),
        bad(
            "a param without a value",
            document(
                #"<state id="a"><onentry><send event="go"><param name="x"/></send></onentry><transition event="go" target="a"/></state>"#),
            "<param> needs expr (a value) or location (a variable)", path: "//state[@id='a']/onentry/send/param", at: "<param"),
    ]

    // MARK: - Expressions: the column inside the attribute

    static let expressions: [BadInput] = [
        bad(
            "a type error after an escaped operator",
            document(
                #"<datamodel><data id="n" expr="0" smcheck:min="0" smcheck:max="3"/></datamodel><state id="a"><transition event="go" cond="n &amp;&amp; true" target="a"/></state>"#
            ),
            #"in "n && true": '&&' needs bool operands, but 'n' is int"#, path: "//state[@id='a']/transition/@cond", at: "&amp;&amp; true"),
        bad(
            "an unknown variable on the second line of a condition",
            document(
                "<datamodel><data id=\"ready\" expr=\"true\"/></datamodel><state id=\"a\"><transition event=\"go\" cond=\"ready &amp;&amp;\n    !redy\" target=\"a\"/></state>"
            ),
            #"in "ready &&     !redy": unknown variable 'redy'; did you mean "ready"?"#, path: "//state[@id='a']/transition/@cond",
            at: "redy\""),
        bad(
            "a named condition, as other interpreters take it",
            document(
                #"<datamodel><data id="n" expr="0" smcheck:min="0" smcheck:max="3"/></datamodel><state id="a"><transition event="go" cond="isReady" target="a"/></state>"#
            ),
            #"in "isReady": unknown variable 'isReady'; a condition the host decides is written smcheck:cond="?isReady" in place of cond"#,
            path: "//state[@id='a']/transition/@cond", at: #"isReady""#),
        bad(
            "an enum value that is not one",
            document(
                #"<datamodel><data id="m" expr="'slow'" smcheck:values="slow fast"/></datamodel><state id="a"><transition event="go" cond="m == 'fats'" target="a"/></state>"#
            ),
            #"in "m == 'fats'": 'fats' is not a value of enum {slow, fast}; did you mean "'fast'"?"#,
            path: "//state[@id='a']/transition/@cond",
            at: "'fats'"),
        bad(
            "a misspelled event parameter",
            document(
                #"<smcheck:event name="set"><smcheck:param name="level" type="int" min="0" max="3"/></smcheck:event>"# + "\n"
                    + #"<state id="a"><transition event="set" cond="_event.data.levl > 1" target="a"/></state>"#),
            #"in "_event.data.levl > 1": unknown parameter '_event.data.levl'; did you mean "_event.data.level"?"#,
            path: "//state[@id='a']/transition/@cond", at: "_event"),
        bad(
            "an unknown state in In()", document(#"<state id="idle"><transition cond="In('idel')" target="idle"/></state>"#),
            #"in "In('idel')": unknown state "idel"; did you mean "idle"?"#, path: "//state[@id='idle']/transition/@cond", at: "idel'"),
        bad(
            "a fraction", document(#"<state id="a"><transition event="go" cond="1.5 > 1" target="a"/></state>"#),
            #"in "1.5 > 1": '1.5' is not an integer; smcheck's values are integers, booleans and enum values"#,
            path: "//state[@id='a']/transition/@cond", at: "1.5"),
        bad(
            "a legacy octal literal",
            document(
                #"<datamodel><data id="n" expr="8" smcheck:min="0" smcheck:max="9"/></datamodel><state id="a"><transition event="go" cond="n == 010" target="a"/></state>"#
            ),
            #"in "n == 010": '010' is a legacy octal literal: ECMAScript reads it as 8 (and strict mode refuses it), not as 10; write 8, or 10 without the leading zero"#,
            path: "//state[@id='a']/transition/@cond", at: "010"),
        bad(
            "an initial value with a leading zero",
            document(#"<datamodel><data id="n" expr="07" smcheck:min="0" smcheck:max="9"/></datamodel><state id="a"/>"#),
            #"the initial value of <data id="n">: '07' has a leading zero, which ECMAScript's strict mode refuses (and which reads as octal where the digits allow); write 7"#,
            path: "//data[@id='n']/@expr", at: "\"07\""),
        bad(
            "an invariant that is not boolean",
            document(
                #"<datamodel><data id="n" expr="0" smcheck:min="0" smcheck:max="3"/></datamodel><state id="a"/>"# + "\n"
                    + #"<smcheck:invariant name="small" expr="n + 1"/>"#),
            #"in "n + 1": an invariant must be bool, but this is int"#, path: "/scxml/smcheck:invariant/@expr", at: "n + 1"),
        bad(
            "an invariant's name of two lines",
            document(
                #"<datamodel><data id="n" expr="0" smcheck:min="0" smcheck:max="3"/></datamodel><state id="a"/>"# + "\n"
                    + #"<smcheck:invariant name="small&#10;/etc/passwd:1:1: error: forged" expr="n != 9"/>"#),
            "the invariant's name contains the control character U+000A; a name is one line",
            path: "/scxml/smcheck:invariant/@name", at: "\"small&#10;"),
        bad(
            "a machine's name with a tab", document(#"<state id="a"/>"#, root: #" name="a&#9;b""#),
            "the machine's name contains the control character U+0009; a name is one line", path: "/scxml/@name", at: "\"a&#9;b\""),
    ]
}
