// The Combine-era seed screens (001, 002, 004) migrated onto Ferry's stores through FerryCombine's adapters, one
// folder per screen: each `Combine<Screen>Forms.swift` lists the forms the root's behavioural suites and
// `ferry-combine-demo` run, from the Combine form to the root's migrated store.
