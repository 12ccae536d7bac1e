//! Measures a field: a DocC snippet, which SwiftPM builds as an executable.
import Shapes

// snippet.hide
let unit = Rectangle(width: 1, height: 1)
// snippet.show
// snippet.measure
let field = Rectangle(width: 3, height: 5)
print(field.area) // Prints "15"
// snippet.end
print(field.area / unit.area) // Prints "15"
