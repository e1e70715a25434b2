import FerryTesting
import Testing
