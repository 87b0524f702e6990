import Foundation

/// An RFC 6901 JSON Pointer such as `/states/countdown/on/tick/0/guard`.
public struct JSONPointer: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    public private(set) var tokens: [String]

    public init(_ tokens: [String] = []) { self.tokens = tokens }

    /// Parses the string form; `~1` is `/` and `~0` is `~` inside a token.
    public init(stringLiteral value: String) { self.init(parsing: value) }

    public init(parsing text: String) {
        guard !text.isEmpty else { self.tokens = []; return }
        self.tokens = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    public static let root = JSONPointer()

    public func appending(_ token: String) -> JSONPointer {
        var copy = self
        copy.tokens.append(token)
        return copy
    }

    public func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

    public static func / (lhs: JSONPointer, rhs: String) -> JSONPointer { lhs.appending(rhs) }
    public static func / (lhs: JSONPointer, rhs: Int) -> JSONPointer { lhs.appending(rhs) }

    public var description: String {
        tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }

    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool { lhs.tokens.lexicographicallyPrecedes(rhs.tokens) }
}
