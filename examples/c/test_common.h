/* The C API tests' shared state, check macros and helpers (defined in
 * test_ballistic.c), and the test functions each test_*.c defines. */
#ifndef BALLISTIC_TEST_COMMON_H
#define BALLISTIC_TEST_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ballistic.h"

extern int failures;
extern int checks;

/* The byte-flip loops' stride multiplier: 1, or more with
 * BALLISTIC_C_TEST_SPARSE=K (scripts/c-test runs the whole suite natively,
 * then under valgrind memcheck with K = 8: every code path, fewer bytes). */
extern size_t sparse;

#define EXPECT(call, expected)                                                 \
    do {                                                                       \
        int got_ = (call);                                                     \
        checks++;                                                              \
        if (got_ != (expected)) {                                              \
            failures++;                                                        \
            fprintf(stderr, "%s:%d: %s\n  returned %d (%s), expected %d (%s)\n", __FILE__, __LINE__, #call, got_, \
                    ballistic_status_message(got_), (expected), ballistic_status_message(expected));             \
        }                                                                      \
    } while (0)

#define CHECK(cond)                                                            \
    do {                                                                       \
        checks++;                                                              \
        if (!(cond)) {                                                         \
            failures++;                                                        \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                      \
    } while (0)

#define L(s) (const uint8_t *)(s), strlen(s)

void small_scalar(unsigned char out[32], unsigned char v);
/* Options with extra data and a message, in one of 8 static slots used in turn (so a
 * call may take several). */
const ballistic_options *opts_with(const uint8_t *extra, size_t extra_len, const uint8_t *message,
                                   size_t message_len);
extern const int SYSTEMS[3];
/* Hex to bytes (the pinned vectors); returns the length. */
size_t unhex(const char *hex, unsigned char *out);

/* test_range.c */
void test_commit(ballistic_context *ctx, size_t point_len);
void test_range(ballistic_context *ctx, int group, size_t point_len);
void test_batch(ballistic_context *ctx, size_t point_len);
void test_interval(ballistic_context *ctx, int group, size_t point_len);
/* test_recovery.c */
void test_recovery(ballistic_context *ctx, size_t point_len);
void test_extra(ballistic_context *ctx);
void test_recovery_message(ballistic_context *ctx, size_t point_len);
void test_options(ballistic_context *ctx);
/* test_grin.c */
void test_grin(ballistic_context *k, ballistic_context *other);
/* test_monero.c */
void test_monero(ballistic_context *e, ballistic_context *other);
/* test_assets.c */
void test_assets(ballistic_context *ctx, int group, size_t point_len);
/* test_circuit.c */
void test_circuit(ballistic_context *ctx, ballistic_context *other_group);
/* test_curve_tree.c */
void test_curve_tree(void);

#endif
