import Foundation

/// Amounts in cents, with an optional audit log.
public struct Ledger {
    /// The entries, in cents.
    public private(set) var entries: [Int] = []

    /// An empty ledger.
    public init() {}

    /// Adds an entry and prints it to the audit log, unless the `Silent` trait is on.
    public mutating func add(_ cents: Int) {
        entries.append(cents)
        #if !Silent
            print("audit: \(cents)")
        #endif
    }

    #if Export
        /// The entries as one CSV line (the `Export` trait).
        public func csv() -> String {
            entries.map(String.init).joined(separator: ",")
        }
    #endif
}
