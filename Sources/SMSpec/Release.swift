/// smcheck's version and home, written once: `smcheck --version` prints the version, SARIF reports name the tool
/// with both, and a documentation test keeps the README's package dependency line in step.
package enum Release {
    package static let version = "0.1.0"
    package static let repository = "https://github.com/smcheck/smcheck"
}
