import SMSpec

/// The values each variable can take, as far as its assignments tell: a variable is `base + k * step` for some `k`,
/// within its declared range. A credit that starts at 0 and only ever gains or loses 5, 10, 15, 25 or 40, or is set
/// to 0, is a multiple of 5, so of the 4,001 values of `0...4000` it takes at most 801; a variable nothing assigns
/// keeps its initial value. The state codec stores `k`, in the bits those values need, so the explorer's stores
/// hold a fifth as many slots for such a credit, and none for a constant.
///
/// Each variable's set is a congruence class (Granger's arithmetical congruences): start from the initial values,
/// evaluate every assignment's right-hand side over the classes (a sum's step is the gcd of its terms' steps, a
/// remainder by a constant keeps the gcd of the step and the divisor, anything the classes cannot follow, such as an
/// event parameter or a division, can be any value), join each result into its variable's class, and repeat until
/// nothing changes. Host callbacks do not change variables. Every value a run can give a variable is then in its class.
package struct VariableSteps: Sendable {
    /// Per variable: the least value of its class within its range.
    package let base: [Int]
    /// Per variable: the class's step (1 for every value, and for a constant, whose one value is 0 steps).
    package let step: [Int]
    /// Per variable: how many values of its class lie within its range.
    package let values: [Int]

    package init(machine: Machine) {
        var classes = machine.initialVariables.map { Congruence(exactly: $0) }
        var assignments: [CompiledAction.Assignment] = []
        var pending = machine.transitions.flatMap(\.actions) + machine.entryActions.flatMap { $0 } + machine.exitActions.flatMap { $0 }
        while let action = pending.popLast() {
            switch action {
            case .assign(let list): assignments += list
            case .ifThen(_, let then, let otherwise, _): pending += then + otherwise
            case .raise, .send, .call: break
            }
        }
        var changed = true
        while changed {
            changed = false
            for assignment in assignments {
                let joined = classes[assignment.variable].joined(with: Congruence(of: assignment.value.expression, in: classes))
                if joined != classes[assignment.variable] {
                    classes[assignment.variable] = joined
                    changed = true
                }
            }
        }
        var base: [Int] = []
        var step: [Int] = []
        var values: [Int] = []
        for (variable, range) in machine.variableRange.enumerated() {
            let congruence = classes[variable]
            // A class with no value in the range (an initial value outside it is refused when the spec loads) or one
            // this cannot count in a word: every value of the range.
            if let first = congruence.first(atLeast: range.lowerBound), first <= range.upperBound,
                case (let span, false) = range.upperBound.subtractingReportingOverflow(first)
            {
                let stride = max(congruence.modulus, 1)
                base.append(first)
                step.append(stride)
                values.append(congruence.modulus == 0 ? 1 : span / stride + 1)
            } else {
                base.append(range.lowerBound)
                step.append(1)
                values.append(range.count)
            }
        }
        self.base = base
        self.step = step
        self.values = values
    }
}

/// The values `residue + k * modulus` for every integer `k`; a modulus of 0 is the one value `residue`, of 1 every
/// value. The modulus is never negative, and the residue is below it when it is not 0.
struct Congruence: Equatable {
    let modulus: Int
    let residue: Int

    static let any = Congruence(modulus: 1, residue: 0)

    init(exactly value: Int) { (modulus, residue) = (0, value) }

    private init(modulus: Int, residue: Int) {
        self.modulus = modulus
        self.residue = modulus == 0 ? residue : Self.nonNegativeRemainder(residue, modulus)
    }

    /// `value` modulo `modulus` (positive), from 0 up: `%` keeps the sign of `value`.
    private static func nonNegativeRemainder(_ value: Int, _ modulus: Int) -> Int {
        let remainder = value % modulus
        return remainder < 0 ? remainder + modulus : remainder
    }

    /// Both classes' values, and all the values that share what both have in common.
    func joined(with other: Congruence) -> Congruence {
        let (difference, overflow) = residue.subtractingReportingOverflow(other.residue)
        guard !overflow, difference != .min else { return .any }
        return Congruence(modulus: Self.gcd(Self.gcd(modulus, other.modulus), difference.magnitude), residue: residue)
    }

    /// The least value of the class that is at least `lower`; nil when it cannot be told in a word.
    func first(atLeast lower: Int) -> Int? {
        guard modulus > 0 else { return residue >= lower ? residue : nil }
        // lower + ((residue - lower) mod modulus): residue is below the modulus, and so is lower's remainder.
        let (difference, differenceOverflow) = residue.subtractingReportingOverflow(lower % modulus)
        guard !differenceOverflow else { return nil }
        let (first, overflow) = lower.addingReportingOverflow(Self.nonNegativeRemainder(difference, modulus))
        return overflow ? nil : first
    }

    /// The class of every value `expression` can take when each variable takes the values of its class.
    init(of expression: TypedExpression, in variables: [Congruence]) {
        // Expressions nest at most `ExpressionParser.maximumDepth` deep, so this recursion is bounded.
        switch expression {
        case .integer(let value), .enumValue(let value): self.init(exactly: value)
        case .boolean(let value): self.init(exactly: value ? 1 : 0)
        case .variable(let variable): self = variables[variable]
        case .negate(let operand):
            let operand = Congruence(of: operand, in: variables)
            self = operand.residue == .min ? .any : Congruence(modulus: operand.modulus, residue: -operand.residue)
        case .arithmetic(let operation, let left, let right):
            self = Self.apply(operation, Congruence(of: left, in: variables), Congruence(of: right, in: variables))
        case .parameter, .inState, .not, .comparison, .and, .or, .convertEnum: self = .any
        }
    }

    private static func apply(_ operation: ArithmeticOperator, _ left: Congruence, _ right: Congruence) -> Congruence {
        switch operation {
        case .add, .subtract:
            let (residue, overflow) =
                operation == .add
                ? left.residue.addingReportingOverflow(right.residue) : left.residue.subtractingReportingOverflow(right.residue)
            return overflow ? .any : Congruence(modulus: gcd(left.modulus, right.modulus.magnitude), residue: residue)
        case .multiply:
            // By a constant c: c times the class. Two classes that both vary: any value.
            guard left.modulus == 0 || right.modulus == 0 else { return .any }
            let (constant, other) = left.modulus == 0 ? (left.residue, right) : (right.residue, left)
            let (modulus, modulusOverflow) = other.modulus.multipliedReportingOverflow(by: constant)
            let (residue, residueOverflow) = other.residue.multipliedReportingOverflow(by: constant)
            guard !modulusOverflow, !residueOverflow, modulus != .min else { return .any }
            return Congruence(modulus: modulus.magnitude == 0 ? 0 : Int(modulus.magnitude), residue: residue)
        case .remainder:
            // x % m is x - m * q for some q: x's class modulo the gcd of its step and m. A constant's remainder is
            // worked out (division by zero fails the step instead).
            guard right.modulus == 0, right.residue != 0, right.residue != .min else { return .any }
            if left.modulus == 0 {
                // Int.min % -1 overflows: the engine fails that step.
                let (remainder, overflow) = left.residue.remainderReportingOverflow(dividingBy: right.residue)
                return overflow ? .any : Congruence(exactly: remainder)
            }
            return Congruence(modulus: gcd(left.modulus, right.residue.magnitude), residue: left.residue)
        case .divide:
            guard left.modulus == 0, right.modulus == 0, right.residue != 0, !(left.residue == .min && right.residue == -1)
            else { return .any }
            return Congruence(exactly: left.residue / right.residue)
        }
    }

    private static func gcd(_ a: Int, _ b: UInt) -> Int {
        var (x, y) = (UInt(a.magnitude), b)
        while y != 0 { (x, y) = (y, x % y) }
        // A gcd past Int.max (only of Int.min's magnitude) cannot be a step: every value.
        return x > UInt(Int.max) ? 1 : Int(x)
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { gcd(a, b.magnitude) }
}
