// FerryStore (actor-isolated stores) arrives with its own issue; the target exists so the product is declared.
import Ferry
