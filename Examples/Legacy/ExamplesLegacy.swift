// The legacy forms of the seed screens: one folder per screen. Swift 5 language mode, as the apps compiled them.
import Ferry
