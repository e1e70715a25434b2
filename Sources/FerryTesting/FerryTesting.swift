// FerryTesting: virtual time, marbles and blocking helpers. The parts an app can link too (marble layout, the
// virtual-time executor and clock) are in FerryMarbles, re-exported here.
import Ferry
@_exported import FerryMarbles
