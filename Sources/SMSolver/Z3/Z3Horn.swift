#if Z3
    package import CZ3

    // What the symbolic verifier needs beyond the guard queries: uninterpreted relations, quantifiers, Z3's
    // fixedpoint engine (Spacer, for constrained Horn clauses), simplification, and reading terms back.

    /// A function (relation) declaration, kept alive with the context's reference counting.
    package final class FunctionDeclaration {
        package let raw: Z3_func_decl
        private let keepAlive: Term

        init(_ context: Z3Context, _ raw: Z3_func_decl) {
            self.raw = raw
            keepAlive = Term(context, Z3_func_decl_to_ast(context.raw, raw))
        }
    }

    extension Z3Context {
        /// A relation (a function to bool) over the given sorts.
        package func relation(_ name: String, _ domain: [Z3_sort?]) -> FunctionDeclaration {
            var sorts = domain
            return FunctionDeclaration(self, Z3_mk_func_decl(raw, symbol(name), UInt32(sorts.count), &sorts, boolSort))
        }

        package func apply(_ declaration: FunctionDeclaration, _ arguments: [Term]) -> Term {
            var asts: [Z3_ast?] = arguments.map(\.ast)
            return Term(self, Z3_mk_app(raw, declaration.raw, UInt32(asts.count), &asts))
        }

        /// `∀ bound: body`; the bound terms must be constants.
        package func forall(_ bound: [Term], _ body: Term) -> Term {
            guard !bound.isEmpty else { return body }
            var apps: [Z3_app?] = bound.map { Z3_to_app(raw, $0.ast) }
            return Term(self, Z3_mk_forall_const(raw, 0, UInt32(apps.count), &apps, 0, nil, body.ast))
        }

        package func simplify(_ term: Term) -> Term { Term(self, whileCalling { Z3_simplify(raw, term.ast) }) }

        /// SMT-LIB text of a term.
        package func text(_ term: Term) -> String { String(cString: Z3_ast_to_string(raw, term.ast)) }
    }

    /// Z3's fixedpoint engine with Spacer: rules are constrained Horn clauses over registered relations; a query asks
    /// whether a relation is derivable.
    package final class Z3Fixedpoint {
        package let context: Z3Context
        private let raw: Z3_fixedpoint

        package enum Outcome {
            /// The queried relation is derivable (the bad state is reachable).
            case derivable
            /// It is not: the rules' least model leaves it empty; `coverDelta` gives the inductive invariant found.
            case underivable
            case unknown(String)
        }

        package init(_ context: Z3Context, timeoutMilliseconds: UInt32) throws(SolverError) {
            self.context = context
            guard let fixedpoint = Z3_mk_fixedpoint(context.raw) else { throw SolverError("Z3 could not create a fixedpoint engine") }
            raw = fixedpoint
            Z3_fixedpoint_inc_ref(context.raw, raw)
            let params = Z3_mk_params(context.raw)
            Z3_params_inc_ref(context.raw, params)
            Z3_params_set_symbol(context.raw, params, context.symbol("engine"), context.symbol("spacer"))
            Z3_params_set_uint(context.raw, params, context.symbol("timeout"), timeoutMilliseconds)
            // Slicing drops the arguments no rule constrains (a variable nothing reads); Z3 4.8 then crashes in
            // Z3_fixedpoint_get_cover_delta on such a relation (a null dereference), so the invariants are asked of the
            // relations as they were declared.
            Z3_params_set_bool(context.raw, params, context.symbol("xform.slice"), false)
            Z3_fixedpoint_set_params(context.raw, raw, params)
            Z3_params_dec_ref(context.raw, params)
            try context.check()
        }

        deinit { if !context.wasInterrupted { Z3_fixedpoint_dec_ref(context.raw, raw) } }

        package func register(_ relation: FunctionDeclaration) { Z3_fixedpoint_register_relation(context.raw, raw, relation.raw) }

        /// Adds a Horn clause (universally quantified over its variables).
        package func add(rule: Term, named name: String) { Z3_fixedpoint_add_rule(context.raw, raw, rule.ast, context.symbol(name)) }

        package func query(_ relation: FunctionDeclaration) throws(SolverError) -> Outcome {
            var declaration: Z3_func_decl? = relation.raw
            let result = context.whileCalling { Z3_fixedpoint_query_relations(context.raw, raw, 1, &declaration) }
            try context.check()
            switch result {
            case Z3_L_TRUE: return .derivable
            case Z3_L_FALSE: return .underivable
            default: return .unknown(String(cString: Z3_fixedpoint_get_reason_unknown(context.raw, raw)))
            }
        }

        /// After an underivable query: the invariant found for a relation, over bound variables for its arguments.
        package func invariant(of relation: FunctionDeclaration) -> Term? {
            guard let ast = Z3_fixedpoint_get_cover_delta(context.raw, raw, -1, relation.raw) else { return nil }
            return Term(context, ast)
        }
    }
#endif
