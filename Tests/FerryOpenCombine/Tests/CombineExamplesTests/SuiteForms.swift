import CombineExamples
import Examples

// The forms the root's suites (linked here from `Tests/ExamplesTests`) run against in this package: the Combine
// forms of each screen, ending on the root's migrated store.

/// The TODO list's forms.
typealias TodoSuiteForm = CombineTodoForm
/// The place repository's forms.
typealias RepositorySuiteForm = CombineRepositoryForm
/// The dashboard's forms.
typealias LargeScreenSuiteForm = CombineLargeScreenForm
