// FerryTesting: virtual time, marbles and blocking helpers.
import Ferry
