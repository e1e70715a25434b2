// The migrated forms of the seed screens: one folder per screen. Swift 6 language mode.
import Ferry
import FerryStore
