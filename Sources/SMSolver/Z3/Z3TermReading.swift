#if Z3
    internal import CZ3

    /// A Z3 term read back as a tree, for showing what Z3 found (an inductive invariant) in the spec's own words.
    package indirect enum Z3Reading: Sendable, Equatable {
        /// A bound variable by de Bruijn index (an argument of the relation the invariant is about).
        case bound(Int)
        case constant(String)
        case integer(String)
        case boolean(Bool)
        case operation(Operator, [Z3Reading])
        /// Anything else, as SMT-LIB text.
        case other(String)

        package enum Operator: String, Sendable {
            case and = "&&", or = "||", not = "!", implies = "=>", equal = "==", distinct = "!=", ite = "ite"
            case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
            case add = "+", subtract = "-", multiply = "*", negate = "neg", divide = "div", modulo = "mod", remainder = "rem"
            /// The spec format's truncating remainder and division; never produced by Z3 itself (see the symbolic
            /// verifier's reading).
            case truncatedRemainder = "%", truncatedDivide = "/"
        }
    }

    extension Z3Context {
        /// The term as a tree, to a bounded depth (deeper parts as text).
        package func read(_ term: Term, depth: Int = 64) -> Z3Reading { read(term.ast, depth: depth) }

        private func read(_ ast: Z3_ast, depth: Int) -> Z3Reading {
            let text = { String(cString: Z3_ast_to_string(self.raw, ast)) }
            guard depth > 0 else { return .other(text()) }
            switch Z3_get_ast_kind(raw, ast) {
            case Z3_VAR_AST: return .bound(Int(Z3_get_index_value(raw, ast)))
            case Z3_NUMERAL_AST: return .integer(String(cString: Z3_get_numeral_string(raw, ast)))
            case Z3_APP_AST:
                let app = Z3_to_app(raw, ast)
                let declaration = Z3_get_app_decl(raw, app)
                let count = Int(Z3_get_app_num_args(raw, app))
                let arguments = { (0..<count).map { self.read(Z3_get_app_arg(self.raw, app, UInt32($0))!, depth: depth - 1) } }
                let op: Z3Reading.Operator
                switch Z3_get_decl_kind(raw, declaration) {
                case Z3_OP_TRUE: return .boolean(true)
                case Z3_OP_FALSE: return .boolean(false)
                case Z3_OP_UNINTERPRETED where count == 0:
                    return .constant(String(cString: Z3_get_symbol_string(raw, Z3_get_decl_name(raw, declaration))))
                case Z3_OP_AND: op = .and
                case Z3_OP_OR: op = .or
                case Z3_OP_NOT: op = .not
                case Z3_OP_IMPLIES: op = .implies
                case Z3_OP_EQ: op = .equal
                case Z3_OP_DISTINCT: op = .distinct
                case Z3_OP_ITE: op = .ite
                case Z3_OP_LT: op = .less
                case Z3_OP_LE: op = .lessOrEqual
                case Z3_OP_GT: op = .greater
                case Z3_OP_GE: op = .greaterOrEqual
                case Z3_OP_ADD: op = .add
                case Z3_OP_SUB: op = .subtract
                case Z3_OP_MUL: op = .multiply
                case Z3_OP_UMINUS: op = .negate
                case Z3_OP_IDIV: op = .divide
                case Z3_OP_MOD: op = .modulo
                case Z3_OP_REM: op = .remainder
                default: return .other(text())
                }
                return .operation(op, arguments())
            default:
                return .other(text())
            }
        }
    }
#endif
