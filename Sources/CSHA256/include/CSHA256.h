#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// The state of a SHA-256 (FIPS 180-4) computation: the hash so far, the
/// bytes of the block being filled, and how many bytes were given in all.
typedef struct {
    uint32_t state[8];
    uint8_t block[64];
    uint64_t length;
    size_t filled;
} csha256_context;

/// Starts a computation.
void csha256_init(csha256_context *context);
/// Adds `count` bytes at `bytes`.
void csha256_update(csha256_context *context, const void *bytes, size_t count);
/// Ends the computation: the 32 bytes of the digest into `digest`.
void csha256_final(csha256_context *context, uint8_t digest[32]);

#endif
