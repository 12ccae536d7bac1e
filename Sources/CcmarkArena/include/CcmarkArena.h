#ifndef GALLEY_CCMARK_ARENA_H
#define GALLEY_CCMARK_ARENA_H

#include <stddef.h>
#include <cmark-gfm.h>

/// A region that one cmark tree allocates from: its parser, nodes, text
/// and render buffers are carved from a few large chunks, and the whole
/// region is returned at once when the tree dies.
///
/// cmark's allocator functions take no context, so the region a call
/// allocates from is the one entered on the calling thread
/// (`galley_cmark_arena_enter`); with none entered they allocate from the
/// heap. Every block starts with a header saying which it came from, so a
/// free or realloc is right for either kind, whatever is entered then:
/// freeing a region block does nothing (the region goes whole), freeing a
/// heap block frees it.
typedef struct galley_cmark_arena galley_cmark_arena;

/// A new region whose first chunk holds about `expected` bytes; NULL when out of memory.
galley_cmark_arena *_Nullable galley_cmark_arena_new(size_t expected);

/// Returns every chunk of `arena` to the heap. Nothing allocated from it may be used afterwards.
void galley_cmark_arena_free(galley_cmark_arena *_Nonnull arena);

/// Makes `arena` (or NULL: the heap) the region this thread's cmark calls
/// allocate from, and returns the one entered before, to enter again after.
galley_cmark_arena *_Nullable galley_cmark_arena_enter(galley_cmark_arena *_Nullable arena);

/// The allocator to hand cmark (`cmark_parser_new_with_mem`,
/// `cmark_render_html_with_mem`, `cmark_node_new_with_mem`).
cmark_mem *_Nonnull galley_cmark_arena_allocator(void);

/// Bytes of chunks `arena` holds (for tests and measurements).
size_t galley_cmark_arena_capacity(const galley_cmark_arena *_Nonnull arena);

/// Heap blocks this allocator has made on the calling thread (because no
/// region was entered), and those it has freed there: for tests, which
/// make and free on one thread.
long galley_cmark_arena_heap_blocks_made(void);
long galley_cmark_arena_heap_blocks_freed(void);

#endif
