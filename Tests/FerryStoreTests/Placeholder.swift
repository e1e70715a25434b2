import Ferry
import Testing
