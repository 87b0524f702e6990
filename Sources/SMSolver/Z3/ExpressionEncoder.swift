#if Z3
    internal import CZ3
    package import SMSpec

    /// Encodes the expression language and guard formulas into Z3 terms, exactly as the engine evaluates them:
    /// - ints and enums are Z3 integers (an enum value is its index, as at run time), bools are Z3 booleans;
    /// - `/` and `%` truncate toward zero as in Swift (built from Z3's Euclidean division by cases on the signs);
    /// - every expression comes with a definedness condition: no division by zero, no 64-bit overflow, and `&&`/`||`
    ///   short-circuiting (the right side only counts when it is evaluated); `holds(e)` means "defined and true".
    ///
    /// The atoms come from the caller, so one encoder serves the guard queries (one constant per variable) and the
    /// symbolic transition relation (one constant per variable per step).
    package struct ExpressionEncoder {
        package let context: Z3Context
        /// The term of a variable, by index: a Z3 Bool for bool variables, an Int otherwise.
        package let variable: (Int) -> Term
        /// The term of a parameter of the event in scope; nil where no event is in scope (the expression is undefined).
        package let parameter: (Int) -> Term?
        /// Whether a state is active.
        package let inState: (Int) -> Term
        /// The outcome of an opaque guard.
        package let opaque: (Int) -> Term
        /// Whether a variable's (or a parameter's) type is bool, so its term is a Z3 Bool.
        package let variableIsBool: (Int) -> Bool
        package let parameterIsBool: (Int) -> Bool

        package init(
            context: Z3Context, variable: @escaping (Int) -> Term, parameter: @escaping (Int) -> Term?,
            inState: @escaping (Int) -> Term, opaque: @escaping (Int) -> Term,
            variableIsBool: @escaping (Int) -> Bool, parameterIsBool: @escaping (Int) -> Bool
        ) {
            self.context = context
            self.variable = variable
            self.parameter = parameter
            self.inState = inState
            self.opaque = opaque
            self.variableIsBool = variableIsBool
            self.parameterIsBool = parameterIsBool
        }

        /// An encoded expression: its value (a Bool or an Int term) and when it evaluates without error.
        package struct Encoded {
            package let value: Term
            package let isBool: Bool
            package let defined: Term
        }

        static let minimum = Int.min, maximum = Int.max

        package func formula(_ f: Formula) -> Term {
            switch f {
            case .truth(let b): return context.bool(b)
            case .holds(let e):
                let encoded = expression(e)
                return context.and([encoded.defined, boolean(encoded)])
            case .defined(let e):
                return expression(e).defined
            case .outside(let e, let type):
                let encoded = expression(e)
                guard !encoded.isBool else { return context.bool(false) }
                let range = type.encodedRange
                return context.and([
                    encoded.defined,
                    context.or([
                        context.less(encoded.value, context.int(range.lowerBound)),
                        context.greater(encoded.value, context.int(range.upperBound)),
                    ]),
                ])
            case .opaque(let id): return opaque(id)
            case .not(let g): return context.not(formula(g))
            case .and(let list): return context.and(list.map(formula))
            case .or(let list): return context.or(list.map(formula))
            }
        }

        package func boolean(_ encoded: Encoded) -> Term { encoded.isBool ? encoded.value : context.bool(false) }
        package func integer(_ encoded: Encoded) -> Term {
            encoded.isBool ? context.ite(encoded.value, context.int(1), context.int(0)) : encoded.value
        }

        package func expression(_ e: TypedExpression) -> Encoded {
            let yes = context.bool(true)
            switch e {
            case .integer(let v): return Encoded(value: context.int(v), isBool: false, defined: yes)
            case .boolean(let b): return Encoded(value: context.bool(b), isBool: true, defined: yes)
            case .enumValue(let index): return Encoded(value: context.int(index), isBool: false, defined: yes)
            case .variable(let i): return Encoded(value: variable(i), isBool: variableIsBool(i), defined: yes)
            case .parameter(let i):
                guard let term = parameter(i) else { return Encoded(value: context.int(0), isBool: false, defined: context.bool(false)) }
                return Encoded(value: term, isBool: parameterIsBool(i), defined: yes)
            case .inState(let s): return Encoded(value: inState(s), isBool: true, defined: yes)
            case .not(let inner):
                let encoded = expression(inner)
                return Encoded(value: context.not(boolean(encoded)), isBool: true, defined: encoded.defined)
            case .negate(let inner):
                let encoded = expression(inner)
                let value = context.negate(integer(encoded))
                return Encoded(value: value, isBool: false, defined: context.and([encoded.defined, fits(value)]))
            case .arithmetic(let op, let l, let r):
                let a = expression(l), b = expression(r)
                let x = integer(a), y = integer(b)
                var defined = [a.defined, b.defined]
                let value: Term
                switch op {
                case .add: value = context.add(x, y)
                case .subtract: value = context.subtract(x, y)
                case .multiply: value = context.multiply(x, y)
                case .divide, .remainder:
                    defined.append(context.not(context.equal(y, context.int(0))))
                    let quotient = truncatedDivision(x, y)
                    value = op == .divide ? quotient : context.subtract(x, context.multiply(y, quotient))
                    // Int.min % -1 is 0, which fits, but Swift computes it through the quotient and overflows, and
                    // so does the engine.
                    if op == .remainder {
                        defined.append(
                            context.not(context.and([context.equal(x, context.int(Self.minimum)), context.equal(y, context.int(-1))])))
                    }
                }
                // Int.min / -1 overflows in Swift too.
                defined.append(fits(value))
                return Encoded(value: value, isBool: false, defined: context.and(defined))
            case .comparison(let op, let l, let r):
                let a = expression(l), b = expression(r)
                return Encoded(value: compare(op, a, b), isBool: true, defined: context.and([a.defined, b.defined]))
            case .and(let l, let r), .or(let l, let r):
                let isAnd = if case .and = e { true } else { false }
                let a = expression(l), b = expression(r)
                let x = boolean(a), y = boolean(b)
                let defined = context.and([a.defined, context.or([isAnd ? context.not(x) : x, b.defined])])
                return Encoded(value: isAnd ? context.and([x, y]) : context.or([x, y]), isBool: true, defined: defined)
            case .convertEnum(let inner, let table):
                let encoded = expression(inner)
                let source = integer(encoded)
                var value = context.int(-1)
                for (index, mapped) in table.enumerated().reversed() where mapped != -1 {
                    value = context.ite(context.equal(source, context.int(index)), context.int(mapped), value)
                }
                return Encoded(value: value, isBool: false, defined: encoded.defined)
            }
        }

        /// Within the engine's 64-bit integers.
        private func fits(_ value: Term) -> Term {
            context.and([context.lessOrEqual(context.int(Self.minimum), value), context.lessOrEqual(value, context.int(Self.maximum))])
        }

        /// Swift's `/`: toward zero. Z3's integer division is Euclidean (the remainder is never negative), which agrees
        /// when the dividend is not negative; the other cases negate around it.
        private func truncatedDivision(_ a: Term, _ b: Term) -> Term {
            let zero = context.int(0)
            let aNonNegative = context.greaterOrEqual(a, zero)
            let bPositive = context.greater(b, zero)
            let forNonNegative = context.ite(bPositive, context.div(a, b), context.negate(context.div(a, context.negate(b))))
            let minusA = context.negate(a)
            let forNegative = context.ite(bPositive, context.negate(context.div(minusA, b)), context.div(minusA, context.negate(b)))
            return context.ite(aNonNegative, forNonNegative, forNegative)
        }

        private func compare(_ op: ComparisonOperator, _ a: Encoded, _ b: Encoded) -> Term {
            if a.isBool && b.isBool {
                let same = context.equal(a.value, b.value)
                return op == .equal ? same : context.not(same)
            }
            let x = integer(a), y = integer(b)
            return switch op {
            case .equal: context.equal(x, y)
            case .notEqual: context.not(context.equal(x, y))
            case .less: context.less(x, y)
            case .lessOrEqual: context.lessOrEqual(x, y)
            case .greater: context.greater(x, y)
            case .greaterOrEqual: context.greaterOrEqual(x, y)
            }
        }
    }
#endif
