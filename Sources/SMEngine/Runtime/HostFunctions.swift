public import SMSpec

/// The host's functions a spec refers to by name: opaque guards (`"?name"`), callbacks (`{"call": name}`) and the
/// resolver for `oneOf` targets (default: the first option).
public struct HostFunctions: Sendable {
    package var guards: [String: @Sendable (HostCall) -> Bool] = [:]
    package var callbacks: [String: @Sendable (HostCall) -> Void] = [:]
    package var resolver: (@Sendable (OneOfRequest) -> Int)?
    /// Callbacks the spec calls but the host did not register are ignored instead of being errors.
    public var ignoresMissingCallbacks = true

    public init() {}

    public func guarding(_ name: String, _ predicate: @escaping @Sendable (HostCall) -> Bool) -> HostFunctions {
        var copy = self
        copy.guards[name] = predicate
        return copy
    }

    public func calling(_ name: String, _ callback: @escaping @Sendable (HostCall) -> Void) -> HostFunctions {
        var copy = self
        copy.callbacks[name] = callback
        return copy
    }

    public func resolving(_ resolver: @escaping @Sendable (OneOfRequest) -> Int) -> HostFunctions {
        var copy = self
        copy.resolver = resolver
        return copy
    }

    func bind(to machine: Machine) -> HostBindings {
        let ignore: @Sendable (HostCall) -> Void = { _ in }
        var boundCallbacks: [(@Sendable (HostCall) -> Void)?] = []
        for name in machine.spec.callbacks {
            if let callback = callbacks[name] {
                boundCallbacks.append(callback)
            } else {
                boundCallbacks.append(ignoresMissingCallbacks ? ignore : nil)
            }
        }
        let boundGuards: [(@Sendable (HostCall) -> Bool)?] = machine.spec.opaqueGuards.map { guards[$0] }
        return HostBindings(guards: boundGuards, callbacks: boundCallbacks, resolver: resolver)
    }
}

/// What the host registers for a machine: predicates for opaque guards, callbacks for `call` actions, and a
/// resolver for `oneOf` targets. Indexed by the ids the spec's resolution gave the names.
struct HostBindings: Sendable {
    var guards: [(@Sendable (HostCall) -> Bool)?]
    var callbacks: [(@Sendable (HostCall) -> Void)?]
    var resolver: (@Sendable (OneOfRequest) -> Int)?
}

/// What a host guard or callback is told: its name and the event being handled.
public struct HostCall: Sendable {
    public let name: String
    /// The event being handled; nil in an eventless step or at the start.
    public let event: String?
    public let arguments: [String: Value]
}

/// A `oneOf` target to resolve: the transition and the states to choose from.
public struct OneOfRequest: Sendable {
    public let transition: Int
    /// The candidate targets' full paths, in the order written.
    public let options: [String]
}
