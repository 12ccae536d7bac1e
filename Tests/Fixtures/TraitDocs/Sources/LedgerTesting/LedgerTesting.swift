import Ledger

/// A ledger filled with sample entries, for tests.
public func sampleLedger(_ entries: Int...) -> Ledger {
    var ledger = Ledger()
    for entry in entries { ledger.add(entry) }
    return ledger
}
