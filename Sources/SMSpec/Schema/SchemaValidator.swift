import Foundation

/// A validator for the subset of JSON Schema 2020-12 that `SpecSchema` uses: `type`, `properties`,
/// `additionalProperties`, `required`, `propertyNames`, `minProperties`, `items`, `minItems`, `uniqueItems`,
/// `enum`, `const`, `oneOf`, `anyOf`, `$ref` to `#/$defs/...`, `minimum`, `maximum`, `minLength`, `pattern`.
///
/// It exists so the tests can check every spec in `Specs/` against the committed schema through the same JSON
/// reader the loader uses, without a third-party validator.
package struct SchemaValidator {
    package struct Failure: Hashable, Sendable, CustomStringConvertible {
        package var pointer: JSONPointer
        package var line: Int
        package var column: Int
        package var message: String
        package var description: String { "\(line):\(column) \(pointer): \(message)" }
    }

    private let root: JSONNode

    package init(schema: JSONNode) { self.root = schema }

    package func validate(_ instance: JSONNode) -> [Failure] {
        var failures: [Failure] = []
        validate(instance, against: root, at: .root, into: &failures)
        return failures
    }

    private func resolve(_ reference: String) -> JSONNode? {
        guard reference.hasPrefix("#/") else { return nil }
        var node = root
        for token in JSONPointer(parsing: String(reference.dropFirst())).tokens {
            guard let next = node[token] else { return nil }
            node = next
        }
        return node
    }

    private func fail(_ message: String, _ instance: JSONNode, _ pointer: JSONPointer, _ failures: inout [Failure]) {
        failures.append(Failure(pointer: pointer, line: instance.position.line, column: instance.position.column, message: message))
    }

    private func validate(_ instance: JSONNode, against schema: JSONNode, at pointer: JSONPointer, into failures: inout [Failure]) {
        if let b = schema.boolValue {
            if !b { fail("no value is allowed here", instance, pointer, &failures) }
            return
        }
        if let reference = schema["$ref"]?.stringValue {
            guard let target = resolve(reference) else { fail("unresolvable $ref \(reference)", instance, pointer, &failures); return }
            validate(instance, against: target, at: pointer, into: &failures)
        }
        if let type = schema["type"] {
            let allowed = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue ?? ""]
            if !allowed.contains(where: { matches(instance, type: $0) }) {
                fail("expected \(allowed.joined(separator: " or ")), found \(instance.typeName)", instance, pointer, &failures)
                return
            }
        }
        if let constant = schema["const"], constant.withoutPositions != instance.withoutPositions {
            fail("expected \(JSONWriter.string(constant, style: .compact))", instance, pointer, &failures)
        }
        if let options = schema["enum"]?.arrayValue, !options.contains(where: { $0.withoutPositions == instance.withoutPositions }) {
            fail(
                "expected one of \(options.map { JSONWriter.string($0, style: .compact) }.joined(separator: ", "))", instance, pointer,
                &failures)
        }
        if let variants = schema["oneOf"]?.arrayValue {
            let passing = variants.filter { variant in
                var scratch: [Failure] = []
                validate(instance, against: variant, at: pointer, into: &scratch)
                return scratch.isEmpty
            }.count
            if passing != 1 {
                fail(
                    passing == 0 ? "matches none of the allowed forms" : "matches \(passing) forms where exactly one is allowed",
                    instance, pointer, &failures)
            }
        }
        if let variants = schema["anyOf"]?.arrayValue {
            let anyPasses = variants.contains { variant in
                var scratch: [Failure] = []
                validate(instance, against: variant, at: pointer, into: &scratch)
                return scratch.isEmpty
            }
            if !anyPasses { fail("matches none of the allowed forms", instance, pointer, &failures) }
        }
        switch instance.value {
        case .object(let members): validateObject(instance, members, schema, pointer, &failures)
        case .array(let elements): validateArray(instance, elements, schema, pointer, &failures)
        case .string(let s):
            if let minimum = schema["minLength"]?.integerValue, s.unicodeScalars.count < minimum {
                fail("shorter than \(minimum) characters", instance, pointer, &failures)
            }
            if let pattern = schema["pattern"]?.stringValue, !Self.matches(s, pattern: pattern) {
                fail("does not match the pattern \(pattern)", instance, pointer, &failures)
            }
        case .number(let n):
            if let minimum = schema["minimum"], case .number(let m) = minimum.value, n.doubleValue < m.doubleValue {
                fail("less than the minimum \(m.text)", instance, pointer, &failures)
            }
            if let maximum = schema["maximum"], case .number(let m) = maximum.value, n.doubleValue > m.doubleValue {
                fail("greater than the maximum \(m.text)", instance, pointer, &failures)
            }
        default: break
        }
    }

    private func validateObject(
        _ instance: JSONNode, _ members: [JSONMember], _ schema: JSONNode, _ pointer: JSONPointer,
        _ failures: inout [Failure]
    ) {
        let properties = schema["properties"]?.objectValue ?? []
        for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where !members.contains(where: { $0.key == key }) {
            fail("missing required property \(JSONWriter.quoted(key))", instance, pointer, &failures)
        }
        if let minimum = schema["minProperties"]?.integerValue, members.count < minimum {
            fail("needs at least \(minimum) properties", instance, pointer, &failures)
        }
        for member in members {
            let at = pointer / member.key
            if let names = schema["propertyNames"] {
                var scratch: [Failure] = []
                validate(JSONNode(.string(member.key), at: member.keyPosition), against: names, at: at, into: &scratch)
                if !scratch.isEmpty {
                    failures.append(
                        Failure(
                            pointer: at, line: member.keyPosition.line, column: member.keyPosition.column,
                            message: "property name \(JSONWriter.quoted(member.key)) is not allowed"))
                }
            }
            if let property = properties.first(where: { $0.key == member.key }) {
                validate(member.value, against: property.value, at: at, into: &failures)
            } else if let additional = schema["additionalProperties"] {
                if additional.boolValue == false {
                    failures.append(
                        Failure(
                            pointer: at, line: member.keyPosition.line, column: member.keyPosition.column,
                            message: "property \(JSONWriter.quoted(member.key)) is not allowed"))
                } else {
                    validate(member.value, against: additional, at: at, into: &failures)
                }
            }
        }
    }

    private func validateArray(
        _ instance: JSONNode, _ elements: [JSONNode], _ schema: JSONNode, _ pointer: JSONPointer,
        _ failures: inout [Failure]
    ) {
        if let minimum = schema["minItems"]?.integerValue, elements.count < minimum {
            fail("needs at least \(minimum) items", instance, pointer, &failures)
        }
        if schema["uniqueItems"]?.boolValue == true, Set(elements.map(\.withoutPositions)).count != elements.count {
            fail("items must be unique", instance, pointer, &failures)
        }
        if let items = schema["items"] {
            for (i, element) in elements.enumerated() { validate(element, against: items, at: pointer / i, into: &failures) }
        }
    }

    private func matches(_ instance: JSONNode, type: String) -> Bool {
        switch (type, instance.value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null), ("number", .number): true
        case ("integer", .number(let n)): n.integerValue != nil
        default: false
        }
    }

    private static func matches(_ string: String, pattern: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        return regex.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil
    }
}
