import Examples

// The forms each screen's suite runs against. Here: every form in `Examples/Migrated`. The nested package
// `Tests/FerryOpenCombine` compiles the same suites against its Combine forms, with its own `SuiteForms.swift`.

/// The TODO list's forms.
typealias TodoSuiteForm = TodoForm
/// The place repository's forms.
typealias RepositorySuiteForm = RepositoryForm
/// The dashboard's forms.
typealias LargeScreenSuiteForm = LargeScreenForm
