#include "CShapes.h"

long cshapes_rectangle_area(long width, long height) {
    return width * height;
}
