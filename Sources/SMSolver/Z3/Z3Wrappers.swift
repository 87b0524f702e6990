#if Z3
    package import CZ3
    import Foundation

    /// A Z3 context with reference-counted terms (`Z3_mk_context_rc`). Z3's default error handler ends the process;
    /// this one records nothing, so errors surface as error codes that `check()` turns into Swift errors.
    ///
    /// After an interrupt (`Z3_interrupt`), Z3 4.8 can leave an engine cancelled for good: its destructor then rewrites
    /// terms, the rewrite throws, and a C++ exception in a destructor ends the process (seen with Spacer, interrupted at
    /// a verification's deadline, about once in 25 runs). So an interrupted context and the solvers, engines and models
    /// made in it are never released: they stay allocated until the process ends. Only a call that ran past its own
    /// time limit is interrupted (`interruptCallUnderWay`), which keeps that rare.
    package final class Z3Context {
        package let raw: Z3_context
        private let calls = NSLock()
        // Guarded by `calls`.
        private var callsUnderWay = 0
        private var interrupted = false

        package init() throws(SolverError) {
            let config = Z3_mk_config()
            Z3_set_param_value(config, "model", "true")
            guard let context = Z3_mk_context_rc(config) else {
                Z3_del_config(config)
                throw SolverError("Z3 could not create a context")
            }
            Z3_del_config(config)
            raw = context
            Z3_set_error_handler(raw) { _, _ in }
        }

        deinit { if !wasInterrupted { Z3_del_context(raw) } }

        /// Whether `interruptCallUnderWay` interrupted a call: then nothing of the context is released.
        package var wasInterrupted: Bool { calls.withLock { interrupted } }

        /// Makes one of Z3's long calls (a check, a query, a simplification), which `interruptCallUnderWay` may end.
        package func whileCalling<Result>(_ call: () -> Result) -> Result {
            calls.withLock { callsUnderWay += 1 }
            defer { calls.withLock { callsUnderWay -= 1 } }
            return call()
        }

        /// From any thread: makes the call under way, if there is one, return unknown as soon as it can.
        package func interruptCallUnderWay() {
            calls.withLock {
                guard callsUnderWay > 0 else { return }
                interrupted = true
                Z3_interrupt(raw)
            }
        }

        /// Throws the last error, if any, and clears it.
        package func check() throws(SolverError) {
            let code = Z3_get_error_code(raw)
            guard code != Z3_OK else { return }
            let message = String(cString: Z3_get_error_msg(raw, code))
            Z3_set_error(raw, Z3_OK)
            throw SolverError("Z3 error: \(message)")
        }

        package func symbol(_ name: String) -> Z3_symbol { Z3_mk_string_symbol(raw, name) }

        package var boolSort: Z3_sort { Z3_mk_bool_sort(raw) }
        package var intSort: Z3_sort { Z3_mk_int_sort(raw) }

        package func constant(_ name: String, _ sort: Z3_sort) -> Term { Term(self, Z3_mk_const(raw, symbol(name), sort)) }
        package func int(_ value: Int) -> Term { Term(self, Z3_mk_int64(raw, Int64(value), intSort)) }
        package func bool(_ value: Bool) -> Term { Term(self, value ? Z3_mk_true(raw) : Z3_mk_false(raw)) }

        package func and(_ terms: [Term]) -> Term {
            if terms.isEmpty { return bool(true) }
            if terms.count == 1 { return terms[0] }
            return withRaw(terms) { Term(self, Z3_mk_and(raw, UInt32($0.count), $0.baseAddress)) }
        }

        package func or(_ terms: [Term]) -> Term {
            if terms.isEmpty { return bool(false) }
            if terms.count == 1 { return terms[0] }
            return withRaw(terms) { Term(self, Z3_mk_or(raw, UInt32($0.count), $0.baseAddress)) }
        }

        package func not(_ t: Term) -> Term { Term(self, Z3_mk_not(raw, t.ast)) }
        package func implies(_ a: Term, _ b: Term) -> Term { Term(self, Z3_mk_implies(raw, a.ast, b.ast)) }
        package func equal(_ a: Term, _ b: Term) -> Term { Term(self, Z3_mk_eq(raw, a.ast, b.ast)) }
        package func ite(_ c: Term, _ a: Term, _ b: Term) -> Term { Term(self, Z3_mk_ite(raw, c.ast, a.ast, b.ast)) }
        package func less(_ a: Term, _ b: Term) -> Term { Term(self, Z3_mk_lt(raw, a.ast, b.ast)) }
        package func lessOrEqual(_ a: Term, _ b: Term) -> Term { Term(self, Z3_mk_le(raw, a.ast, b.ast)) }
        package func greater(_ a: Term, _ b: Term) -> Term { Term(self, Z3_mk_gt(raw, a.ast, b.ast)) }
        package func greaterOrEqual(_ a: Term, _ b: Term) -> Term { Term(self, Z3_mk_ge(raw, a.ast, b.ast)) }
        package func negate(_ a: Term) -> Term { Term(self, Z3_mk_unary_minus(raw, a.ast)) }
        package func div(_ a: Term, _ b: Term) -> Term { Term(self, Z3_mk_div(raw, a.ast, b.ast)) }

        package func add(_ a: Term, _ b: Term) -> Term { withRaw([a, b]) { Term(self, Z3_mk_add(raw, 2, $0.baseAddress)) } }
        package func subtract(_ a: Term, _ b: Term) -> Term { withRaw([a, b]) { Term(self, Z3_mk_sub(raw, 2, $0.baseAddress)) } }
        package func multiply(_ a: Term, _ b: Term) -> Term { withRaw([a, b]) { Term(self, Z3_mk_mul(raw, 2, $0.baseAddress)) } }

        /// `term` with each of `replacing` put in place of the term beside it in `with` (constants of the same sorts):
        /// one walk of the term's shared graph inside Z3, where encoding it again would walk every path of it.
        package func substitute(_ term: Term, replacing: [Term], with: [Term]) -> Term {
            precondition(replacing.count == with.count)
            return withRaw(replacing) { from in
                withRaw(with) { to in Term(self, Z3_substitute(raw, term.ast, UInt32(from.count), from.baseAddress, to.baseAddress)) }
            }
        }

        private func withRaw<T>(_ terms: [Term], _ body: (UnsafeBufferPointer<Z3_ast?>) -> T) -> T {
            let asts: [Z3_ast?] = terms.map(\.ast)
            return asts.withUnsafeBufferPointer(body)
        }
    }

    /// A Z3 term that keeps its context's reference count right for as long as it lives.
    package final class Term {
        package let context: Z3Context
        package let ast: Z3_ast

        package init(_ context: Z3Context, _ ast: Z3_ast?) {
            self.context = context
            // A failed construction returns NULL with an error code set; a constant stands in and `check()` reports it.
            self.ast = ast ?? Z3_mk_false(context.raw)
            Z3_inc_ref(context.raw, self.ast)
        }

        deinit { Z3_dec_ref(context.raw, ast) }
    }

    /// A solver with a time limit and a deterministic resource limit per check, used incrementally with push and pop.
    package final class Z3Solver {
        package let context: Z3Context
        package let raw: Z3_solver

        package enum Outcome {
            case satisfiable(Z3Model)
            case unsatisfiable
            case unknown(String)
        }

        package init(_ context: Z3Context, timeoutMilliseconds: UInt32, resourceLimit: UInt32) throws(SolverError) {
            self.context = context
            guard let solver = Z3_mk_simple_solver(context.raw) else { throw SolverError("Z3 could not create a solver") }
            raw = solver
            Z3_solver_inc_ref(context.raw, raw)
            setLimits(timeoutMilliseconds: timeoutMilliseconds, resourceLimit: resourceLimit)
            try context.check()
        }

        /// Sets the time and resource limit of the checks that follow.
        package func setLimits(timeoutMilliseconds: UInt32, resourceLimit: UInt32 = 0) {
            let params = Z3_mk_params(context.raw)
            Z3_params_inc_ref(context.raw, params)
            Z3_params_set_uint(context.raw, params, context.symbol("timeout"), timeoutMilliseconds)
            if resourceLimit > 0 { Z3_params_set_uint(context.raw, params, context.symbol("rlimit"), resourceLimit) }
            // Z3 would otherwise set its own SIGINT handler for each check and put the old one back after, from
            // whichever thread checks: that took a Ctrl-C meant for smcheck, or dropped it (putting back "ignore"
            // discards a pending signal). smcheck interrupts its calls itself (`Z3Watchdog`).
            Z3_params_set_bool(context.raw, params, context.symbol("ctrl_c"), false)
            Z3_solver_set_params(context.raw, raw, params)
            Z3_params_dec_ref(context.raw, params)
        }

        deinit { if !context.wasInterrupted { Z3_solver_dec_ref(context.raw, raw) } }

        package func push() { Z3_solver_push(context.raw, raw) }
        /// Leaves the innermost `levels` scopes; popping more than are open is a Z3 error, thrown like any other.
        package func pop(_ levels: Int = 1) throws(SolverError) {
            guard levels > 0 else { return }
            Z3_solver_pop(context.raw, raw, UInt32(levels))
            try context.check()
        }
        package func assert(_ term: Term) { Z3_solver_assert(context.raw, raw, term.ast) }

        package func check() throws(SolverError) -> Outcome {
            let result = context.whileCalling { Z3_solver_check(context.raw, raw) }
            try context.check()
            switch result {
            case Z3_L_TRUE:
                guard let model = Z3_solver_get_model(context.raw, raw) else { return .unknown("no model") }
                return .satisfiable(Z3Model(context, model))
            case Z3_L_FALSE:
                return .unsatisfiable
            default:
                return .unknown(String(cString: Z3_solver_get_reason_unknown(context.raw, raw)))
            }
        }
    }

    package final class Z3Model {
        package let context: Z3Context
        package let raw: Z3_model

        package init(_ context: Z3Context, _ raw: Z3_model) {
            self.context = context
            self.raw = raw
            Z3_model_inc_ref(context.raw, raw)
        }

        deinit { if !context.wasInterrupted { Z3_model_dec_ref(context.raw, raw) } }

        package func evaluate(_ term: Term) -> Term? {
            var result: Z3_ast?
            guard Z3_model_eval(context.raw, raw, term.ast, true, &result), let result else { return nil }
            return Term(context, result)
        }

        package func int(_ term: Term) -> Int? {
            guard let value = evaluate(term) else { return nil }
            var number: Int64 = 0
            return Z3_get_numeral_int64(context.raw, value.ast, &number) ? Int(number) : nil
        }

        package func bool(_ term: Term) -> Bool? {
            guard let value = evaluate(term) else { return nil }
            switch Z3_get_bool_value(context.raw, value.ast) {
            case Z3_L_TRUE: return true
            case Z3_L_FALSE: return false
            default: return nil
            }
        }
    }
#endif
