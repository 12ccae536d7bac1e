/// Decides whether a child view's inputs changed when its parent re-renders.
///
/// The rule (documented in the README):
/// 1. A view type that is `Equatable` is compared with `==`.
/// 2. Otherwise its stored properties are compared one by one, recursively:
///    `@State`, `@StateObject`, `@Environment` and `@EnvironmentObject` are
///    skipped (their values come from the graph, not the parent); a `Binding`
///    is equal when it points at the same storage and had the same value when
///    it was made; `@ObservedObject`, `@Bindable` and any class reference are
///    compared by identity; `Equatable` values with `==`; structs, enums,
///    tuples and optionals field by field; anything else (closures, say) is
///    treated as changed.
enum InputComparator {
    static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        guard type(of: lhs) == type(of: rhs) else { return false }
        if let comparable = lhs as? any InputComparable {
            return comparable.inputIsEqual(to: rhs)
        }
        if let equal = equatableEqual(lhs, rhs) {
            return equal
        }
        let left = Mirror(reflecting: lhs)
        let right = Mirror(reflecting: rhs)
        switch left.displayStyle {
        case .class:
            return (lhs as AnyObject) === (rhs as AnyObject)
        case .struct, .tuple, .optional, .enum:
            let leftChildren = Array(left.children)
            let rightChildren = Array(right.children)
            guard leftChildren.count == rightChildren.count else { return false }
            if leftChildren.isEmpty, left.displayStyle == .enum {
                return String(describing: lhs) == String(describing: rhs)
            }
            for (l, r) in zip(leftChildren, rightChildren) {
                guard l.label == r.label, isEqual(l.value, r.value) else { return false }
            }
            return true
        default:
            // Closures, metatypes and other opaque values: assume changed, as
            // SwiftUI does for a closure whose context is new.
            return false
        }
    }

    /// `==` when both values are the same `Equatable` type, nil when not `Equatable`.
    static func equatableEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
        guard let equatable = lhs as? any Equatable else { return nil }
        return equatable.isEqual(toAny: rhs)
    }
}

extension Equatable {
    func isEqual(toAny other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// Values with their own input-comparison rule (the property wrappers).
protocol InputComparable {
    func inputIsEqual(to other: Any) -> Bool
}
