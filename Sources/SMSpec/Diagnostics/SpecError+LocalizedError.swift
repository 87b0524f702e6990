public import Foundation

/// Apps show an error's `localizedDescription`; without this, Foundation's "The operation could not be completed.
/// (SMSpec.SpecError error 1.)" instead of where the spec is wrong.
extension SpecError: LocalizedError {
    public var errorDescription: String? { description }
}
