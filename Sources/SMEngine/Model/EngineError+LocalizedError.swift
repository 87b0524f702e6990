public import Foundation

/// Apps show an error's `localizedDescription`: the engine's message, not Foundation's "could not be completed".
extension EngineError: LocalizedError {
    public var errorDescription: String? { description }
}
