#include "CcmarkArena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Every block, from a region or the heap, follows a 16-byte header: the
// block's usable size and where it came from. 16 keeps blocks aligned as
// malloc's are.
typedef struct {
    size_t size;
    size_t kind;
} header;

enum { KIND_REGION = 0x6761726e, KIND_HEAP = 0x68656170 };
// Blocks are carved from chunks: the first sized by the caller (at least
// FIRST_MIN), then FOLLOW_UP each; a block over LARGE that does not fit has
// a chunk of its own.
enum { ALIGN = 16, FIRST_MIN = 16 * 1024, FOLLOW_UP = 32 * 1024, LARGE = 8 * 1024 };

typedef struct chunk {
    struct chunk *next;
    size_t capacity;
    size_t used;
    size_t padding;  // the chunk's blocks start 16-byte aligned
} chunk;

struct galley_cmark_arena {
    chunk *current;
    size_t total;
};

// Initial-exec: read straight from the thread pointer, not through
// __tls_get_addr on every allocation (this code is linked into executables).
#define THREAD_LOCAL _Thread_local __attribute__((tls_model("initial-exec")))

static THREAD_LOCAL galley_cmark_arena *entered;
// Heap blocks made and freed on this thread (for tests, which stay on one thread).
static THREAD_LOCAL long heap_made, heap_freed;

static size_t rounded(size_t size) { return (size + (ALIGN - 1)) & ~(size_t)(ALIGN - 1); }

static chunk *chunk_new(size_t capacity) {
    chunk *c = malloc(sizeof(chunk) + capacity);
    if (c == NULL) return NULL;
    c->next = NULL;
    c->capacity = capacity;
    c->used = 0;
    return c;
}

galley_cmark_arena *galley_cmark_arena_new(size_t expected) {
    galley_cmark_arena *arena = malloc(sizeof *arena);
    if (arena == NULL) return NULL;
    size_t capacity = rounded(expected < FIRST_MIN ? FIRST_MIN : expected);
    arena->current = chunk_new(capacity);
    if (arena->current == NULL) {
        free(arena);
        return NULL;
    }
    arena->total = capacity;
    return arena;
}

void galley_cmark_arena_free(galley_cmark_arena *arena) {
    if (entered == arena) entered = NULL;
    chunk *c = arena->current;
    while (c != NULL) {
        chunk *next = c->next;
        free(c);
        c = next;
    }
    free(arena);
}

galley_cmark_arena *galley_cmark_arena_enter(galley_cmark_arena *arena) {
    galley_cmark_arena *before = entered;
    entered = arena;
    return before;
}

size_t galley_cmark_arena_capacity(const galley_cmark_arena *arena) { return arena->total; }

long galley_cmark_arena_heap_blocks_made(void) { return heap_made; }

long galley_cmark_arena_heap_blocks_freed(void) { return heap_freed; }

static unsigned char *payload(chunk *c) { return (unsigned char *)(c + 1); }

// A block of `size` usable bytes (not zeroed) from `arena`, or NULL when out of memory.
static void *region_alloc(galley_cmark_arena *arena, size_t size) {
    size_t need = sizeof(header) + rounded(size);
    chunk *c = arena->current;
    if (c->capacity - c->used < need) {
        // A large block gets a chunk of its own, behind the current one,
        // which goes on serving small blocks; a small one, a new current
        // chunk. What is left of the old one is not used again: less than
        // a large block, a quarter of a follow-up chunk.
        int own = need > LARGE;
        chunk *fresh = chunk_new(own ? need : FOLLOW_UP);
        if (fresh == NULL) return NULL;
        arena->total += fresh->capacity;
        if (own) {
            fresh->next = c->next;
            c->next = fresh;
        } else {
            fresh->next = c;
            arena->current = fresh;
        }
        c = fresh;
    }
    header *h = (header *)(payload(c) + c->used);
    c->used += need;
    h->size = rounded(size);
    h->kind = KIND_REGION;
    return h + 1;
}

static void *heap_alloc(size_t size) {
    header *h = malloc(sizeof(header) + size);
    if (h == NULL) return NULL;
    h->size = size;
    h->kind = KIND_HEAP;
    heap_made += 1;
    return h + 1;
}

static void *allocate(size_t size) {
    if (size > SIZE_MAX / 2) return NULL;  // no size computation below can overflow
    return entered != NULL ? region_alloc(entered, size) : heap_alloc(size);
}

static void *arena_calloc(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / 2 / size) return NULL;
    void *block = allocate(count * size);
    if (block != NULL) memset(block, 0, count * size);
    return block;
}

// Whether `h`'s block is the last one carved from the chunk `c`.
static int is_last(chunk *c, header *h) {
    return (unsigned char *)(h + 1) + h->size == payload(c) + c->used;
}

static void *arena_realloc(void *block, size_t size) {
    if (block == NULL) return allocate(size);
    header *h = (header *)block - 1;
    if (h->kind == KIND_HEAP) {
        if (size > SIZE_MAX / 2) return NULL;
        header *moved = realloc(h, sizeof(header) + size);
        if (moved == NULL) return NULL;
        moved->size = size;
        return moved + 1;
    }
    if (size <= h->size) return block;
    // The last block of the entered region's current chunk grows where it is.
    if (entered != NULL) {
        chunk *c = entered->current;
        size_t extra = rounded(size) - h->size;
        if (is_last(c, h) && c->capacity - c->used >= extra) {
            c->used += extra;
            h->size = rounded(size);
            return block;
        }
    }
    void *moved = allocate(size);
    if (moved == NULL) return NULL;
    memcpy(moved, block, h->size);
    return moved;
}

static void arena_free(void *block) {
    if (block == NULL) return;
    header *h = (header *)block - 1;
    if (h->kind == KIND_HEAP) {
        heap_freed += 1;
        free(h);
        return;
    }
    // A region block goes with its region; the last one of the entered
    // region's chunk is given back now (buffers freed as soon as used).
    if (entered != NULL) {
        chunk *c = entered->current;
        if (is_last(c, h)) c->used -= sizeof(header) + h->size;
    }
}

static cmark_mem allocator = {arena_calloc, arena_realloc, arena_free};

cmark_mem *galley_cmark_arena_allocator(void) { return &allocator; }
