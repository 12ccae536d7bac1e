#ifndef CSHAPES_H
#define CSHAPES_H

/// The area of a `width` × `height` rectangle, in C.
long cshapes_rectangle_area(long width, long height);

#endif
