#if Z3
    package import SMSolver
    import SMEngine
    package import SMSpec

    /// The transition system in Z3: a machine state as a location and one term per variable, a step as the choice of
    /// one edge (`selector`) with the event's parameters, constrained by that edge's conditions and updates.
    ///
    /// Ints and enums are Z3 integers and bools Z3 booleans, as `ExpressionEncoder` has them.
    package final class SymbolicEncoding {
        package let system: TransitionSystem
        package let context: Z3Context
        private let spec: ResolvedSpec
        /// The declared (non-implicit) events, whose parameters a step declares.
        private let events: [ResolvedEvent]
        /// For each state, the locations where it is active.
        private let activeIn: [[Int]]

        package struct State {
            package let location: Term
            package let values: [Term]
        }

        package struct Input {
            package let selector: Term
            /// By event index; empty for events without parameters.
            package let parameters: [Int: [Term]]
        }

        /// The relation's terms encoded once, over the template state and input, and put over each step's constants
        /// by substitution: a step's conditions can be values a hundred microsteps deep, and a thousand edges of them
        /// encoded again at every depth and for every property took most of a search.
        private lazy var template = (from: state("template-from"), input: input("template-input"), to: state("template-to"))
        private lazy var templateTransition = transitionEncoded(from: template.from, input: template.input, to: template.to)
        private var templateTaken: [Int: Term] = [:]

        package init(system: TransitionSystem, context: Z3Context) {
            self.system = system
            self.context = context
            spec = system.machine.spec
            events = spec.events.filter { !$0.isImplicit }
            var activeIn = Array(repeating: [Int](), count: spec.states.count)
            for (l, control) in system.locations.enumerated() {
                for s in control.configuration { activeIn[s].append(l) }
            }
            self.activeIn = activeIn
        }

        // MARK: - Declarations

        /// Fresh constants for a machine state, named after `name` (e.g. "s3"). Z3 gives one constant for one name, so
        /// the parts are joined by `!`, which no identifier holds: `s3!x!0` is no other state's or input's constant.
        package func state(_ name: String) -> State {
            State(
                location: context.constant("\(name)!location", context.intSort),
                values: spec.variables.enumerated().map { i, variable in
                    context.constant("\(name)!\(variable.name)!\(i)", variable.type == .bool ? context.boolSort : context.intSort)
                })
        }

        /// Fresh constants for one step's edge and event parameters.
        package func input(_ name: String) -> Input {
            var parameters: [Int: [Term]] = [:]
            for event in events where !event.parameters.isEmpty {
                parameters[event.index] = event.parameters.enumerated().map { i, parameter in
                    context.constant(
                        "\(name)!\(event.name)!\(parameter.name)!\(i)", parameter.type == .bool ? context.boolSort : context.intSort)
                }
            }
            return Input(selector: context.constant("\(name)!edge", context.intSort), parameters: parameters)
        }

        /// The state is one of the system's and its values are in their domains.
        package func domain(_ state: State) -> Term {
            var terms = [
                context.lessOrEqual(context.int(0), state.location), context.less(state.location, context.int(system.locations.count)),
            ]
            for (i, variable) in spec.variables.enumerated() where variable.type != .bool {
                terms.append(within(state.values[i], variable.type))
            }
            return context.and(terms)
        }

        /// Every combination of `event`'s parameter values as constant inputs, when there are at most `limit`.
        package func parameterInstances(of event: Int, upTo limit: Int) -> [Input]? {
            let declaration = spec.events[event]
            guard declaration.instanceCount <= limit else { return nil }
            return declaration.parameterCombinations.map { values in
                let terms = zip(declaration.parameters, values).map { parameter, value -> Term in
                    switch value {
                    case .bool(let b): context.bool(b)
                    case .int(let i): context.int(i)
                    case .enumCase: context.int(Machine.encode(value, as: parameter.type))
                    }
                }
                return constantInput(event, terms)
            }
        }

        /// An input that gives `event`'s parameters these values (and names no edge).
        private func constantInput(_ event: Int, _ values: [Term]) -> Input {
            Input(selector: context.int(-1), parameters: [event: values])
        }

        /// Some of `event`'s parameter values as constant inputs: every combination of each parameter's lowest and
        /// highest value (both bools, an enum's first and last case), at most `limit` of them. Where every value cannot
        /// be written out, these stand for them in a condition that may be weakened.
        package func boundaryInstances(of event: Int, upTo limit: Int) -> [Input] {
            let declaration = spec.events[event]
            var combinations: [[Term]] = [[]]
            for parameter in declaration.parameters {
                let values: [Term]
                switch parameter.type {
                case .bool: values = [context.bool(false), context.bool(true)]
                case .int(let minimum, let maximum): values = Set([minimum, maximum]).sorted().map { context.int($0) }
                case .enumeration(let cases): values = Set([0, max(0, cases.count - 1)]).sorted().map { context.int($0) }
                }
                combinations = Array(combinations.lazy.flatMap { prefix in values.map { prefix + [$0] } }.prefix(limit))
            }
            return combinations.map { constantInput(event, $0) }
        }

        /// The parameters (of every event, or of `only` one) are in their domains.
        package func domain(_ input: Input, only: Int? = nil) -> Term {
            var terms: [Term] = []
            // Only the events with parameters have inputs: a spec may have thousands of events without any.
            for index in only.map({ [$0] }) ?? input.parameters.keys.sorted() {
                guard let parameters = input.parameters[index] else { continue }
                for (i, parameter) in spec.events[index].parameters.enumerated() where parameter.type != .bool {
                    terms.append(within(parameters[i], parameter.type))
                }
            }
            return context.and(terms)
        }

        private func within(_ term: Term, _ type: ValueType) -> Term {
            let range = type.encodedRange
            return context.and([
                context.lessOrEqual(context.int(range.lowerBound), term), context.lessOrEqual(term, context.int(range.upperBound)),
            ])
        }

        // MARK: - The relation

        /// The start: the start's location and values.
        package func initial(_ state: State) -> Term {
            guard let location = system.startLocation, case .stable(_, let values) = system.start.outcome else {
                return context.bool(false)
            }
            let encoder = self.encoder(state)
            return context.and(
                [context.equal(state.location, context.int(location))]
                    + values.enumerated().map { i, value in equal(state.values[i], encoder.expression(value)) })
        }

        /// One step along a stable edge from `from` to `to`: in each location, one of its edges (named by the selector)
        /// with its conditions and effect. Grouped by location, so the solver splits on the location first.
        package func transition(from: State, input: Input, to: State) -> Term {
            context.substitute(
                templateTransition, replacing: constants(template.from) + constants(template.input) + constants(template.to),
                with: constants(from) + constants(input) + constants(to))
        }

        private func transitionEncoded(from: State, input: Input, to: State) -> Term {
            var byLocation = Array(repeating: [Term](), count: system.locations.count)
            for index in 0..<system.stableEdgeCount {
                let edge = system.edges[index]
                guard let target = edge.target, case .stable(_, let values) = edge.path.outcome else { continue }
                let encoder = self.encoder(from, input, event: edge.event)
                var effect = [
                    context.equal(input.selector, context.int(index)),
                    conditions(edge.path.conditions, from, input, event: edge.event), context.equal(to.location, context.int(target)),
                ]
                effect += values.enumerated().map { i, value in equal(to.values[i], encoder.expression(value)) }
                byLocation[edge.source].append(context.and(effect))
            }
            return context.and(
                byLocation.enumerated().map { l, steps in
                    context.implies(context.equal(from.location, context.int(l)), context.or(steps))
                })
        }

        /// Edge `index` is the one taken from `state`: its source and conditions hold (and the selector names it).
        package func taken(_ index: Int, from state: State, input: Input, selected: Bool = true) -> Term {
            let edge = system.edges[index]
            let template =
                templateTaken[index]
                ?? {
                    let encoded = conditions(edge.path.conditions, self.template.from, self.template.input, event: edge.event)
                    templateTaken[index] = encoded
                    return encoded
                }()
            var terms = [
                context.equal(state.location, context.int(edge.source)),
                context.substitute(
                    template, replacing: constants(self.template.from) + constants(self.template.input),
                    with: constants(state) + constants(input)),
            ]
            if selected { terms.insert(context.equal(input.selector, context.int(index)), at: 0) }
            return context.and(terms)
        }

        /// A state's or an input's constants, in one order for templates and steps alike.
        private func constants(_ state: State) -> [Term] { [state.location] + state.values }
        private func constants(_ input: Input) -> [Term] {
            [input.selector] + input.parameters.keys.sorted().flatMap { input.parameters[$0]! }
        }

        /// Conditions over the values of `state` and the parameters of `event` in `input`.
        package func conditions(_ formulas: [Formula], _ state: State, _ input: Input, event: Int) -> Term {
            let encoder = self.encoder(state, input, event: event)
            return context.and(formulas.map(encoder.formula))
        }

        /// Whether a state is active in `state`'s location.
        package func active(_ s: Int, in state: State) -> Term {
            context.or(activeIn[s].map { context.equal(state.location, context.int($0)) })
        }

        /// A bool expression holds over a state's values (and `in()` over its location).
        package func holds(_ e: TypedExpression, in state: State) -> Term {
            encoder(state).formula(.holds(e))
        }

        /// The encoder for expressions over `state`'s values and, when given, the parameters of `event` in `input`.
        package func encoder(_ state: State, _ input: Input? = nil, event: Int? = nil) -> ExpressionEncoder {
            let spec = spec
            let parameters = event.flatMap { input?.parameters[$0] }
            return ExpressionEncoder(
                context: context, variable: { state.values[$0] }, parameter: { i in parameters.flatMap { i < $0.count ? $0[i] : nil } },
                inState: { self.active($0, in: state) }, opaque: { _ in self.context.bool(false) },
                variableIsBool: { spec.variables[$0].type == .bool },
                parameterIsBool: { i in event.map { spec.events[$0].parameters[i].type == .bool } ?? false })
        }

        /// Equality of a value term with an encoded expression of the same type.
        private func equal(_ term: Term, _ encoded: ExpressionEncoder.Encoded) -> Term {
            context.equal(term, encoded.value)
        }
    }
#endif
