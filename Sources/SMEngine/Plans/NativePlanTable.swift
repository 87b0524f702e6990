/// The functions of a library of native plans (`NativePlanSource`), by event instance and control state: what
/// `StepPlanCache.adopt` looks each of its plans up in. Immutable, shared by every thread's cache; `owner` keeps the
/// library (and so the functions) loaded for as long as the table lives.
package final class NativePlanTable: @unchecked Sendable {
    package let words: Int
    private let functions: [Key: NativePlanFunction]
    private let owner: AnyObject?

    private struct Key: Hashable {
        var instance: Int32
        var control: [UInt64]
    }

    /// `count` plans: plan `i` is for instance `instances[i]` and the control state `controls[i * words ..< (i + 1) * words]`.
    package init(
        words: Int, count: Int, instances: UnsafePointer<Int32>, controls: UnsafePointer<UInt64>,
        functions: UnsafePointer<NativePlanFunction?>, owner: AnyObject?
    ) {
        self.words = words
        var table: [Key: NativePlanFunction] = [:]
        for i in 0..<count {
            guard let function = functions[i] else { continue }
            table[Key(instance: instances[i], control: Array(UnsafeBufferPointer(start: controls + i * words, count: words)))] = function
        }
        self.functions = table
        self.owner = owner
    }

    /// How many plans the table has functions for.
    package var count: Int { functions.count }

    /// The function of the plan of `instance` for the control state `control` (`words` words), if it was compiled.
    package func function(instance: Int, control: UnsafePointer<UInt64>) -> NativePlanFunction? {
        functions[Key(instance: Int32(instance), control: Array(UnsafeBufferPointer(start: control, count: words)))]
    }
}
