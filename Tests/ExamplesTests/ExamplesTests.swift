// One behavioural suite per seed screen, run against every form of it: one folder per screen.
import Testing
