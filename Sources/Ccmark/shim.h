#ifndef GALLEY_CCMARK_SHIM_H
#define GALLEY_CCMARK_SHIM_H

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

#endif
