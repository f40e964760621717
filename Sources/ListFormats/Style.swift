/// The ANSI styles of everything listdsl colours: `show`, the change view and diagnostics.
package enum Style: String {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case cyan = "36"
    case error = "1;31"
    case warning = "1;35"
    case note = "1;36"
    case caret = "1;32"

    /// `text` wrapped in this style when `on`.
    package func apply(_ text: String, _ on: Bool) -> String {
        on ? "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" : text
    }
}
