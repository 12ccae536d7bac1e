import Shapes

let rectangle = Rectangle(width: 2, height: 3)
print(rectangle.area)
