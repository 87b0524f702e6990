import SMBuilder
import SMEngine
public import SMSpec

/// Random well-typed expressions over a fixed small signature, for differential tests of the evaluators and the
/// solver encodings.
///
/// The signature (see `spec`): ints x in -3...3 and y in 0...4, bool flag, enums mode {a, b, c} and other {c, d},
/// and event `e` with int p in 0...3 and enum q {b, c, e}; states idle, box (box/one, box/two) and par (regions
/// left and right).
public struct RandomExpressions {
    public static let spec: Spec = Spec("signature") {
        Variable("x", .int(min: -3, max: 3))
        Variable("y", .int(min: 0, max: 4))
        Variable("flag", .bool)
        Variable("mode", .enumeration(["a", "b", "c"]))
        Variable("other", .enumeration(["c", "d"]))
        EventDeclaration("e", ("p", .int(min: 0, max: 3)), ("q", .enumeration(["b", "c", "e"])))
        StateNode("idle") { On("e", to: "box") }
        StateNode("box") {
            StateNode("one"); StateNode("two")
        }
        Parallel("par") {
            StateNode("left") {
                StateNode("l1"); StateNode("l2")
            }
            StateNode("right") { StateNode("r1") }
        }
    }

    public static let resolved: ResolvedSpec = try! spec.resolve()
    public static var event: Int { resolved.event(named: "e")!.index }

    public var random: SeededRandom

    public init(seed: UInt64) { random = SeededRandom(seed: seed) }

    private static let modeValues = ["a", "b", "c"]
    private static let otherValues = ["c", "d"]

    /// A random bool expression.
    public mutating func bool(depth: Int = 3) -> TypedExpression {
        let leaf = depth <= 0
        switch Int.random(in: 0...(leaf ? 3 : 9), using: &random) {
        case 0: return .variable(2)
        case 1: return .boolean(Bool.random(using: &random))
        case 2: return .inState([1, 2, 3, 4, 5, 6, 7, 8, 9].randomElement(using: &random)!)
        case 3: return .comparison(.equal, .variable(3), .enumValue(Int.random(in: 0...2, using: &random)))
        case 4: return .not(bool(depth: depth - 1))
        case 5: return .and(bool(depth: depth - 1), bool(depth: depth - 1))
        case 6: return .or(bool(depth: depth - 1), bool(depth: depth - 1))
        case 7:
            let ops: [ComparisonOperator] = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]
            return .comparison(ops.randomElement(using: &random)!, int(depth: depth - 1), int(depth: depth - 1))
        case 8:
            // Enums of different types compare by name: other's c is mode's c.
            return .comparison(Bool.random(using: &random) ? .equal : .notEqual, .variable(3), .convertEnum(.variable(4), [2, -1]))
        default:
            // The event's enum parameter converted into mode's values: b -> b, c -> c, e -> (none).
            return .comparison(.equal, .variable(3), .convertEnum(.parameter(1), [1, 2, -1]))
        }
    }

    /// A random int expression.
    public mutating func int(depth: Int = 2) -> TypedExpression {
        let leaf = depth <= 0
        switch Int.random(in: 0...(leaf ? 3 : 6), using: &random) {
        case 0: return .variable(0)
        case 1: return .variable(1)
        case 2: return .integer(Int.random(in: -4...4, using: &random))
        case 3: return .parameter(0)
        case 4: return .negate(int(depth: depth - 1))
        default:
            let ops: [ArithmeticOperator] = [.add, .subtract, .multiply, .divide, .remainder]
            return .arithmetic(ops.randomElement(using: &random)!, int(depth: depth - 1), int(depth: depth - 1))
        }
    }
}
