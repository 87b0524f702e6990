// Stand-ins for names that Apple's app frameworks declare and that Linux lacks (SwiftUI, ObjectiveC, Combine,
// SwiftData), so that SMAppImportTests can show here too that no smcheck module declares one of them.
//
// They are a module of their own because a clash is between modules: a type declared in the test target itself
// would shadow an imported one of the same name instead of making the name ambiguous, and prove nothing. Imported
// beside smcheck's modules, `State` (say) compiles unqualified only while no smcheck module exports a `State`.
// Foundation, Testing, XCTest and Observation exist on Linux and are imported for real.

// MARK: SwiftUI

public struct State {}
public struct Binding {}
public struct Bindable {}
public struct Environment {}
public struct FocusState {}
public struct Namespace {}
public struct Text {}
public struct Label {}
public struct Button {}
public struct Toggle {}
public struct Picker {}
public struct List {}
public struct Group {}
public struct Section {}
public struct Form {}
public struct Menu {}
public struct Table {}
public struct Grid {}
public struct Color {}
public struct Font {}
public struct Image {}
public struct Path {}
public struct Edge {}
public struct Axis {}
public struct Alignment {}
public struct Animation {}
public struct Transition {}
public struct Layout {}
public struct Scene {}
public struct Window {}
public struct View {}
public struct App {}

// MARK: ObjectiveC

public struct Method {}
public struct Ivar {}
public struct Category {}
public struct Selector {}

// MARK: Combine

public struct Publisher {}
public struct Subscriber {}
public struct Subscription {}
public struct Published {}
public struct Just {}
public struct Future {}
public struct Record {}
public struct AnyCancellable {}

// MARK: SwiftData

public struct Schema {}
public struct Model {}
public struct Query {}
public struct ModelContext {}
