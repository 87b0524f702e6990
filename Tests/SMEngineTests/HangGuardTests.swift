import Foundation
import SMTestSupport
import Testing

/// The guard the runtime's reentrancy tests run under (it lives in the test support, which has no tests of its own).
@Suite("The hang guard")
struct HangGuardTests {
    @Test("a body that returns in time gives its value")
    func returnsTheBodysValue() {
        #expect(failingIfStuck(after: .seconds(5)) { 42 } == 42)
    }

    @Test("a body still running after the limit ends the process")
    func stuckBodyEndsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            failingIfStuck(after: .milliseconds(200)) { Thread.sleep(forTimeInterval: 30) }
        }
    }
}
