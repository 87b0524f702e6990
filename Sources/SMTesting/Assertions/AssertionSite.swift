#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Where an assertion was written, in the forms both frameworks take, and the one place that records a failure:
/// through Swift Testing inside a Swift Testing test, through XCTest otherwise (as swift-snapshot-testing does), so
/// one assertion serves a test written for either; off a Swift Testing test's task, through both, so that neither
/// framework loses it.
struct AssertionSite {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    /// How the test a failure message suggests names `type`: `String(reflecting:)`, without the module when it is
    /// the one this assertion is in (the test is pasted there, and a module does not import itself).
    func name(of type: Any.Type) -> String {
        let name = String(reflecting: type)
        let module = "\(fileID)".prefix { $0 != "/" }
        guard !module.isEmpty, name.hasPrefix(module + ".") else { return name }
        return String(name.dropFirst(module.count + 1))
    }

    /// One failure per message, at the site.
    func record(_ failures: [String]) {
        for failure in failures { record(failure) }
    }

    private func record(_ failure: String) {
        #if canImport(Testing)
            let location = SourceLocation(
                fileID: String(describing: fileID), filePath: String(describing: filePath), line: Int(line), column: Int(column))
            if Test.current != nil || !Self.hasXCTest {
                Issue.record(Comment(rawValue: failure), sourceLocation: location)
                return
            }
        #endif
        #if canImport(XCTest)
            XCTFail(failure, file: filePath, line: line)
        #endif
        #if canImport(Testing)
            // Off a Swift Testing test's task (a detached task, another thread), `Test.current` is nil and XCTFail
            // records nothing outside an XCTest case: Swift Testing then records it against the running test plan
            // ("«unknown»"), so the failure is not lost. Outside any Swift Testing run this records nothing.
            Issue.record(Comment(rawValue: failure), sourceLocation: location)
        #endif
    }

    private static var hasXCTest: Bool {
        #if canImport(XCTest)
            true
        #else
            false
        #endif
    }
}
