/*
 * Tests of every function of include/ballistic.h, including every error
 * code the API can return from valid calls (BALLISTIC_ERR_INTERNAL is a
 * caught panic, which no input is known to cause: only its message is
 * checked). Run by scripts/c-test under valgrind memcheck (no errors, no
 * leaks). Exit status 0 iff every check passes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ballistic.h"

static int failures = 0;
static int checks = 0;

/* The byte-flip loops' stride multiplier: 1, or more with
 * BALLISTIC_C_TEST_SPARSE=K (scripts/c-test runs the whole suite natively,
 * then under valgrind memcheck with K = 8: every code path, fewer bytes). */
static size_t sparse = 1;

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

static void small_scalar(unsigned char out[32], unsigned char v) {
    memset(out, 0, 32);
    out[0] = v;
    out[2] = 0x77;
}

/* Options with extra data and a message, in one of 8 static slots used in turn (so a
 * call may take several). */
static const ballistic_options *opts_with(const uint8_t *extra, size_t extra_len, const uint8_t *message,
                                          size_t message_len) {
    static ballistic_options slots[8];
    static unsigned next = 0;
    ballistic_options init = BALLISTIC_OPTIONS_INIT;
    ballistic_options *o = &slots[next++ % 8];
    *o = init;
    o->extra = extra;
    o->extra_len = extra_len;
    o->message = message;
    o->message_len = message_len;
    return o;
}

static const int SYSTEMS[3] = {BALLISTIC_SYSTEM_BULLETPROOFS, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS,
                               BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS};

static void test_status_messages(void) {
    for (int s = BALLISTIC_OK; s <= BALLISTIC_ERR_OPTIONS; s++) {
        const char *m = ballistic_status_message(s);
        CHECK(m != NULL && strlen(m) > 0 && strcmp(m, "unknown status code") != 0);
    }
    CHECK(strcmp(ballistic_status_message(999), "unknown status code") == 0);
    CHECK(strcmp(ballistic_status_message(-1), "unknown status code") == 0);
}

static void test_context(void) {
    CHECK(ballistic_context_create(0, 64, 1) == NULL);
    CHECK(ballistic_context_create(4, 64, 1) == NULL);
    CHECK(ballistic_context_create(BALLISTIC_GROUP_RISTRETTO255, 0, 1) == NULL);
    CHECK(ballistic_context_create(BALLISTIC_GROUP_RISTRETTO255, 64, 0) == NULL);
    CHECK(ballistic_context_create(BALLISTIC_GROUP_RISTRETTO255, (size_t)1 << 20, (size_t)1 << 20) == NULL);
    CHECK(ballistic_context_create(BALLISTIC_GROUP_RISTRETTO255, 512, 256) == NULL); /* 2^17 generators */
    CHECK(ballistic_context_clone(NULL) == NULL);
    ballistic_context_destroy(NULL);

    ballistic_context *a = ballistic_context_create(BALLISTIC_GROUP_SECP256K1, 8, 1);
    CHECK(a != NULL);
    ballistic_context *b = ballistic_context_clone(a);
    CHECK(b != NULL);
    ballistic_context_destroy(a);
    int group = 0;
    size_t point_len = 0;
    EXPECT(ballistic_context_group(b, &group, &point_len), BALLISTIC_OK);
    CHECK(group == BALLISTIC_GROUP_SECP256K1 && point_len == 33);
    EXPECT(ballistic_context_group(b, NULL, NULL), BALLISTIC_OK);
    EXPECT(ballistic_context_group(NULL, &group, &point_len), BALLISTIC_ERR_NULL_POINTER);
    ballistic_context_destroy(b);
}

static void test_sizes(void) {
    size_t len = 0, gens = 0, parties = 0;
    EXPECT(ballistic_range_proof_len(BALLISTIC_GROUP_RISTRETTO255, BALLISTIC_SYSTEM_BULLETPROOFS, 64, 1, &len), BALLISTIC_OK);
    CHECK(len == 672);
    EXPECT(ballistic_range_proof_len(BALLISTIC_GROUP_RISTRETTO255, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, 64, 1, &len), BALLISTIC_OK);
    CHECK(len == 576);
    EXPECT(ballistic_range_proof_len(BALLISTIC_GROUP_RISTRETTO255, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS, 64, 1, &len), BALLISTIC_OK);
    CHECK(len == 416);
    EXPECT(ballistic_range_proof_len(BALLISTIC_GROUP_SECP256K1, BALLISTIC_SYSTEM_BULLETPROOFS, 64, 1, &len), BALLISTIC_OK);
    CHECK(len > 672);
    EXPECT(ballistic_range_proof_len(9, BALLISTIC_SYSTEM_BULLETPROOFS, 64, 1, &len), BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_range_proof_len(BALLISTIC_GROUP_RISTRETTO255, 0, 64, 1, &len), BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_range_proof_len(BALLISTIC_GROUP_RISTRETTO255, BALLISTIC_SYSTEM_BULLETPROOFS, 65, 1, &len), BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_range_proof_len(BALLISTIC_GROUP_RISTRETTO255, BALLISTIC_SYSTEM_BULLETPROOFS, 64, 0, &len), BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_range_proof_len(BALLISTIC_GROUP_RISTRETTO255, BALLISTIC_SYSTEM_BULLETPROOFS, 64, 1, NULL), BALLISTIC_ERR_NULL_POINTER);

    EXPECT(ballistic_range_capacity(BALLISTIC_SYSTEM_BULLETPROOFS, 64, 3, &gens, &parties), BALLISTIC_OK);
    CHECK(gens == 64 && parties == 4);
    EXPECT(ballistic_range_capacity(BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS, 64, 1, &gens, &parties), BALLISTIC_OK);
    CHECK(gens >= 1 && parties >= 1);
    EXPECT(ballistic_range_capacity(7, 64, 1, &gens, &parties), BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_range_capacity(BALLISTIC_SYSTEM_BULLETPROOFS, 0, 1, &gens, &parties), BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_range_capacity(BALLISTIC_SYSTEM_BULLETPROOFS, 64, 1, NULL, &parties), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_range_capacity(BALLISTIC_SYSTEM_BULLETPROOFS, 64, 1, &gens, NULL), BALLISTIC_ERR_NULL_POINTER);

    EXPECT(ballistic_interval_proof_len(BALLISTIC_GROUP_RISTRETTO255, BALLISTIC_SYSTEM_BULLETPROOFS, 10, 20, &len), BALLISTIC_OK);
    CHECK(len > 0);
    EXPECT(ballistic_interval_proof_len(BALLISTIC_GROUP_RISTRETTO255, BALLISTIC_SYSTEM_BULLETPROOFS, 20, 10, &len), BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_interval_proof_len(5, BALLISTIC_SYSTEM_BULLETPROOFS, 10, 20, &len), BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_interval_proof_len(BALLISTIC_GROUP_RISTRETTO255, BALLISTIC_SYSTEM_BULLETPROOFS, 10, 20, NULL), BALLISTIC_ERR_NULL_POINTER);
}

static void test_commit(ballistic_context *ctx, size_t point_len) {
    unsigned char r[32] = {0}, c[33] = {0}, c2[33] = {0}, bad[32] = {0};
    size_t len = sizeof c;
    small_scalar(r, 3);
    EXPECT(ballistic_commit(ctx, 5, r, c, &len), BALLISTIC_OK);
    CHECK(len == point_len);
    len = sizeof c2;
    EXPECT(ballistic_commit(ctx, 6, r, c2, &len), BALLISTIC_OK);
    CHECK(memcmp(c, c2, point_len) != 0);
    len = point_len - 1;
    EXPECT(ballistic_commit(ctx, 5, r, c, &len), BALLISTIC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == point_len);
    memset(bad, 0xff, sizeof bad); /* 2^256 - 1: not canonical in either group */
    len = sizeof c;
    EXPECT(ballistic_commit(ctx, 5, bad, c, &len), BALLISTIC_ERR_SCALAR);
    EXPECT(ballistic_commit(NULL, 5, r, c, &len), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_commit(ctx, 5, NULL, c, &len), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_commit(ctx, 5, r, NULL, &len), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_commit(ctx, 5, r, c, NULL), BALLISTIC_ERR_NULL_POINTER);
    /* A size query: NULL buffer, length 0. */
    len = 0;
    EXPECT(ballistic_commit(ctx, 5, r, NULL, &len), BALLISTIC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == point_len);
}

/* Prove, verify and tamper with range proofs of each system. */
static void test_range(ballistic_context *ctx, int group, size_t point_len) {
    const uint64_t values[2] = {12345, 0xffffffffffffffffull};
    unsigned char blindings[64] = {0}, proof[1024] = {0}, commitments[66] = {0};
    small_scalar(blindings, 1);
    small_scalar(blindings + 32, 2);
    for (int s = 0; s < 3; s++) {
        int sys = SYSTEMS[s];
        size_t proof_len = sizeof proof, commitments_len = sizeof commitments, expected = 0;
        EXPECT(ballistic_range_proof_len(group, sys, 64, 2, &expected), BALLISTIC_OK);
        EXPECT(ballistic_range_prove(ctx, sys, L("c test"), values, 2, blindings, 64, 64, proof, &proof_len, commitments,
                                     &commitments_len, NULL),
               BALLISTIC_OK);
        CHECK(proof_len == expected && commitments_len == 2 * point_len);
        /* The commitments are value·B + blinding·B̃. */
        unsigned char c[33];
        size_t c_len = sizeof c;
        EXPECT(ballistic_commit(ctx, values[0], blindings, c, &c_len), BALLISTIC_OK);
        CHECK(memcmp(c, commitments, point_len) == 0);

        EXPECT(ballistic_range_verify(ctx, sys, L("c test"), proof, proof_len, commitments, commitments_len, 2, 64, NULL), BALLISTIC_OK);
        /* Wrong transcript, wrong commitments, wrong size, wrong system. */
        EXPECT(ballistic_range_verify(ctx, sys, L("c test!"), proof, proof_len, commitments, commitments_len, 2, 64, NULL),
               BALLISTIC_ERR_VERIFICATION);
        unsigned char swapped[66];
        memcpy(swapped, commitments + point_len, point_len);
        memcpy(swapped + point_len, commitments, point_len);
        EXPECT(ballistic_range_verify(ctx, sys, L("c test"), proof, proof_len, swapped, commitments_len, 2, 64, NULL),
               BALLISTIC_ERR_VERIFICATION);
        EXPECT(ballistic_range_verify(ctx, sys, L("c test"), proof, proof_len - 1, commitments, commitments_len, 2, 64, NULL),
               BALLISTIC_ERR_DECODE);
        EXPECT(ballistic_range_verify(ctx, sys, L("c test"), proof, proof_len, commitments, commitments_len, 2, 32, NULL),
               BALLISTIC_ERR_DECODE);
        EXPECT(ballistic_range_verify(ctx, sys, L("c test"), proof, proof_len, commitments, commitments_len - 1, 2, 64, NULL),
               BALLISTIC_ERR_ARGUMENT);
        /* Every 7th byte flipped is refused (a decode error or a failed check). */
        for (size_t i = 0; i < proof_len; i += 7 * sparse) {
            proof[i] ^= 0x10;
            int st = ballistic_range_verify(ctx, sys, L("c test"), proof, proof_len, commitments, commitments_len, 2, 64, NULL);
            CHECK(st == BALLISTIC_ERR_VERIFICATION || st == BALLISTIC_ERR_DECODE);
            proof[i] ^= 0x10;
        }
        EXPECT(ballistic_range_verify(ctx, sys, L("c test"), proof, proof_len, commitments, commitments_len, 2, 64, NULL), BALLISTIC_OK);
    }

    /* Prover errors. */
    size_t proof_len = sizeof proof, commitments_len = sizeof commitments;
    uint64_t too_big[1] = {256};
    EXPECT(ballistic_range_prove(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), too_big, 1, blindings, 32, 8, proof, &proof_len,
                                 commitments, &commitments_len, NULL),
           BALLISTIC_ERR_PROVER);
    EXPECT(ballistic_range_prove(ctx, 4, L("c"), values, 1, blindings, 32, 64, proof, &proof_len, commitments, &commitments_len, NULL),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_range_prove(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), values, 2, blindings, 32, 64, proof, &proof_len,
                                 commitments, &commitments_len, NULL),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_range_prove(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), values, 1, blindings, 32, 0, proof, &proof_len,
                                 commitments, &commitments_len, NULL),
           BALLISTIC_ERR_STATEMENT);
    const uint64_t eight[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    unsigned char eight_blindings[256];
    for (int j = 0; j < 8; j++) small_scalar(eight_blindings + 32 * j, (unsigned char)(j + 1));
    EXPECT(ballistic_range_prove(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), eight, 8, eight_blindings, 256, 64, proof, &proof_len,
                                 commitments, &commitments_len, NULL),
           BALLISTIC_ERR_CAPACITY);
    unsigned char bad[32];
    memset(bad, 0xff, 32);
    EXPECT(ballistic_range_prove(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), values, 1, bad, 32, 64, proof, &proof_len, commitments,
                                 &commitments_len, NULL),
           BALLISTIC_ERR_SCALAR);
    proof_len = 10;
    EXPECT(ballistic_range_prove(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), values, 1, blindings, 32, 64, proof, &proof_len,
                                 commitments, &commitments_len, NULL),
           BALLISTIC_ERR_BUFFER_TOO_SMALL);
    size_t expected = 0;
    EXPECT(ballistic_range_proof_len(group, BALLISTIC_SYSTEM_BULLETPROOFS, 64, 1, &expected), BALLISTIC_OK);
    CHECK(proof_len == expected);
    commitments_len = 1;
    proof_len = sizeof proof;
    EXPECT(ballistic_range_prove(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), values, 1, blindings, 32, 64, proof, &proof_len,
                                 commitments, &commitments_len, NULL),
           BALLISTIC_ERR_BUFFER_TOO_SMALL);
    CHECK(commitments_len == point_len);
    /* Both buffers too short: both lengths needed are reported (not only the proof's). */
    commitments_len = 1;
    proof_len = 10;
    EXPECT(ballistic_range_prove(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), values, 1, blindings, 32, 64, proof, &proof_len,
                                 commitments, &commitments_len, NULL),
           BALLISTIC_ERR_BUFFER_TOO_SMALL);
    CHECK(proof_len == expected && commitments_len == point_len);
    /* A zero blinding would make the commitment v·B, found by trying values: refused. */
    unsigned char zero_blinding[32] = {0};
    commitments_len = sizeof commitments;
    proof_len = sizeof proof;
    EXPECT(ballistic_range_prove(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), values, 1, zero_blinding, 32, 64, proof, &proof_len,
                                 commitments, &commitments_len, NULL),
           BALLISTIC_ERR_PROVER);
    commitments_len = sizeof commitments;
    EXPECT(ballistic_range_prove(NULL, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), values, 1, blindings, 32, 64, proof, &proof_len,
                                 commitments, &commitments_len, NULL),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_range_prove(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), NULL, 1, blindings, 32, 64, proof, &proof_len,
                                 commitments, &commitments_len, NULL),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_range_prove(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), values, 1, blindings, 32, 64, NULL, &proof_len,
                                 commitments, &commitments_len, NULL),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_range_prove(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, NULL, 3, values, 1, blindings, 32, 64, proof, &proof_len,
                                 commitments, &commitments_len, NULL),
           BALLISTIC_ERR_NULL_POINTER);
    static unsigned char long_label[1025];
    EXPECT(ballistic_range_prove(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, long_label, sizeof long_label, values, 1, blindings, 32, 64,
                                 proof, &proof_len, commitments, &commitments_len, NULL),
           BALLISTIC_ERR_ARGUMENT);

    /* Verifier statement and decode errors. */
    proof_len = sizeof proof;
    commitments_len = sizeof commitments;
    EXPECT(ballistic_range_prove(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), values, 1, blindings, 32, 64, proof, &proof_len,
                                 commitments, &commitments_len, NULL),
           BALLISTIC_OK);
    unsigned char not_a_point[33];
    memset(not_a_point, 0xff, sizeof not_a_point);
    EXPECT(ballistic_range_verify(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), proof, proof_len, not_a_point, point_len, 1, 64, NULL),
           BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_range_verify(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), proof, proof_len, commitments, point_len, 1, 65, NULL),
           BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_range_verify(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), proof, proof_len, NULL, 0, 0, 64, NULL),
           BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_range_verify(ctx, 0, L("c"), proof, proof_len, commitments, point_len, 1, 64, NULL), BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_range_verify(NULL, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), proof, proof_len, commitments, point_len, 1, 64, NULL),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_range_verify(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), NULL, proof_len, commitments, point_len, 1, 64, NULL),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_range_verify(ctx, BALLISTIC_SYSTEM_BULLETPROOFS, L("c"), proof, proof_len, commitments, point_len, 4, 64, NULL),
           BALLISTIC_ERR_ARGUMENT);
}

static void test_batch(ballistic_context *ctx, size_t point_len) {
    unsigned char proofs[4][1024] = {{0}}, commitments[4][33] = {{0}}, blinding[32] = {0};
    ballistic_range_item items[4];
    small_scalar(blinding, 9);
    for (int i = 0; i < 4; i++) {
        uint64_t v = (uint64_t)i * 1000 + 7;
        int sys = SYSTEMS[i % 3];
        size_t proof_len = sizeof proofs[i], commitments_len = sizeof commitments[i];
        EXPECT(ballistic_range_prove(ctx, sys, L("batch"), &v, 1, blinding, 32, 32, proofs[i], &proof_len, commitments[i],
                                     &commitments_len, NULL),
               BALLISTIC_OK);
        items[i] = (ballistic_range_item){sys, (const uint8_t *)"batch", 5, proofs[i], proof_len, commitments[i],
                                          commitments_len, 1, 32, NULL};
    }
    size_t invalid[4] = {99, 99, 99, 99}, count = 99;
    EXPECT(ballistic_range_verify_batch(ctx, items, 4, invalid, &count), BALLISTIC_OK);
    CHECK(count == 0);
    EXPECT(ballistic_range_verify_batch(ctx, NULL, 0, NULL, &count), BALLISTIC_OK);
    CHECK(count == 0);

    /* Tamper with #1, give #3 the wrong commitment: exactly those are named. */
    proofs[1][point_len + 3] ^= 1;
    items[3].commitments = commitments[0];
    EXPECT(ballistic_range_verify_batch(ctx, items, 4, invalid, &count), BALLISTIC_ERR_VERIFICATION);
    CHECK(count == 2 && invalid[0] == 1 && invalid[1] == 3);
    proofs[1][point_len + 3] ^= 1;
    items[3].commitments = commitments[3];

    /* Malformed items are named too: unknown system, NULL proof, truncated proof. */
    items[0].system = 42;
    items[2].proof = NULL;
    items[3].proof_len -= 1;
    EXPECT(ballistic_range_verify_batch(ctx, items, 4, invalid, &count), BALLISTIC_ERR_VERIFICATION);
    CHECK(count == 3 && invalid[0] == 0 && invalid[1] == 2 && invalid[2] == 3);
    items[0].system = SYSTEMS[0];

    /* An item beyond the context's generators is named; the others are verified. */
    items[2].proof = proofs[2];
    items[3].proof_len += 1;
    unsigned char eight[8 * 33];
    for (int j = 0; j < 8; j++) memcpy(eight + j * point_len, commitments[1], point_len);
    items[1].m = 8;
    items[1].bits = 64;
    items[1].commitments_len = 8 * point_len;
    items[1].commitments = eight;
    EXPECT(ballistic_range_verify_batch(ctx, items, 4, invalid, &count), BALLISTIC_ERR_VERIFICATION);
    CHECK(count == 1 && invalid[0] == 1);
    count = 7;
    EXPECT(ballistic_range_verify_batch(ctx, items, 4, invalid, NULL), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_range_verify_batch(ctx, items, 0, NULL, &count), BALLISTIC_OK);
    CHECK(count == 0);

    EXPECT(ballistic_range_verify_batch(NULL, items, 4, invalid, &count), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_range_verify_batch(ctx, NULL, 4, invalid, &count), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_range_verify_batch(ctx, items, 4, NULL, &count), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_range_verify_batch(ctx, items, 4, invalid, NULL), BALLISTIC_ERR_NULL_POINTER);
}

static void test_interval(ballistic_context *ctx, int group, size_t point_len) {
    unsigned char blinding[32], proof[1024], commitment[33];
    memset(proof, 0, sizeof proof);
    memset(commitment, 0, sizeof commitment);
    small_scalar(blinding, 4);
    for (int s = 0; s < 3; s++) {
        int sys = SYSTEMS[s];
        size_t proof_len = sizeof proof, commitment_len = sizeof commitment, expected = 0;
        EXPECT(ballistic_interval_proof_len(group, sys, 18, 65, &expected), BALLISTIC_OK);
        EXPECT(ballistic_interval_prove(ctx, sys, L("age"), 21, blinding, 18, 65, proof, &proof_len, commitment, &commitment_len, NULL),
               BALLISTIC_OK);
        CHECK(proof_len == expected && commitment_len == point_len);
        EXPECT(ballistic_interval_verify(ctx, sys, L("age"), proof, proof_len, commitment, commitment_len, 18, 65, NULL), BALLISTIC_OK);
        EXPECT(ballistic_interval_verify(ctx, sys, L("age"), proof, proof_len, commitment, commitment_len, 22, 65, NULL),
               BALLISTIC_ERR_VERIFICATION);
        EXPECT(ballistic_interval_verify(ctx, sys, L("age?"), proof, proof_len, commitment, commitment_len, 18, 65, NULL),
               BALLISTIC_ERR_VERIFICATION);
        EXPECT(ballistic_interval_verify(ctx, sys, L("age"), proof, proof_len - 1, commitment, commitment_len, 18, 65, NULL),
               BALLISTIC_ERR_DECODE);
        EXPECT(ballistic_interval_verify(ctx, sys, L("age"), proof, proof_len, commitment, commitment_len, 65, 18, NULL),
               BALLISTIC_ERR_STATEMENT);
        proof[5] ^= 4;
        int st = ballistic_interval_verify(ctx, sys, L("age"), proof, proof_len, commitment, commitment_len, 18, 65, NULL);
        CHECK(st == BALLISTIC_ERR_VERIFICATION || st == BALLISTIC_ERR_DECODE);
        proof[5] ^= 4;
        EXPECT(ballistic_interval_prove(ctx, sys, L("age"), 17, blinding, 18, 65, proof, &proof_len, commitment, &commitment_len, NULL),
               BALLISTIC_ERR_PROVER);
    }
    size_t proof_len = sizeof proof, commitment_len = sizeof commitment;
    EXPECT(ballistic_interval_prove(ctx, 0, L("age"), 21, blinding, 18, 65, proof, &proof_len, commitment, &commitment_len, NULL),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_interval_prove(ctx, SYSTEMS[0], L("age"), 21, blinding, 65, 18, proof, &proof_len, commitment, &commitment_len, NULL),
           BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_interval_prove(ctx, SYSTEMS[0], L("age"), 21, NULL, 18, 65, proof, &proof_len, commitment, &commitment_len, NULL),
           BALLISTIC_ERR_NULL_POINTER);
    proof_len = 3;
    EXPECT(ballistic_interval_prove(ctx, SYSTEMS[0], L("age"), 21, blinding, 18, 65, proof, &proof_len, commitment, &commitment_len, NULL),
           BALLISTIC_ERR_BUFFER_TOO_SMALL);
    unsigned char bad[32];
    memset(bad, 0xff, 32);
    proof_len = sizeof proof;
    EXPECT(ballistic_interval_prove(ctx, SYSTEMS[0], L("age"), 21, bad, 18, 65, proof, &proof_len, commitment, &commitment_len, NULL),
           BALLISTIC_ERR_SCALAR);
    memset(bad, 0, 32);
    EXPECT(ballistic_interval_prove(ctx, SYSTEMS[0], L("age"), 21, bad, 18, 65, proof, &proof_len, commitment, &commitment_len, NULL),
           BALLISTIC_ERR_PROVER);
    EXPECT(ballistic_interval_verify(NULL, SYSTEMS[0], L("age"), proof, proof_len, commitment, commitment_len, 18, 65, NULL),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_interval_verify(ctx, 9, L("age"), proof, proof_len, commitment, commitment_len, 18, 65, NULL), BALLISTIC_ERR_ARGUMENT);
    proof_len = sizeof proof;
    commitment_len = sizeof commitment;
    EXPECT(ballistic_interval_prove(ctx, SYSTEMS[1], L("age"), 21, blinding, 18, 65, proof, &proof_len, commitment, &commitment_len, NULL),
           BALLISTIC_OK);
    EXPECT(ballistic_interval_verify(ctx, SYSTEMS[1], L("age"), proof, proof_len, commitment, commitment_len + 1, 18, 65, NULL),
           BALLISTIC_ERR_ARGUMENT);
    ballistic_context *small = ballistic_context_create(group, 8, 1);
    EXPECT(ballistic_interval_verify(small, SYSTEMS[1], L("age"), proof, proof_len, commitment, commitment_len, 18, 65, NULL),
           BALLISTIC_ERR_CAPACITY);
    EXPECT(ballistic_interval_prove(small, SYSTEMS[1], L("age"), 21, blinding, 18, 65, proof, &proof_len, commitment, &commitment_len, NULL),
           BALLISTIC_ERR_CAPACITY);
    ballistic_context_destroy(small);
}

static void test_recovery(ballistic_context *ctx, size_t point_len) {
    const uint64_t values[2] = {777, 1u << 20};
    unsigned char seed[32] = {0}, proof[1024] = {0}, commitments[66] = {0}, blindings[64] = {0};
    uint64_t got[2] = {0, 0};
    memset(seed, 0x42, sizeof seed);
    size_t proof_len = sizeof proof, commitments_len = sizeof commitments;
    EXPECT(ballistic_range_prove_recoverable(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet"), values, 2, 32, seed,
                                             L("tx 1, output 0"), proof, &proof_len, commitments, &commitments_len, NULL),
           BALLISTIC_OK);
    CHECK(commitments_len == 2 * point_len);
    EXPECT(ballistic_range_verify(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet"), proof, proof_len, commitments,
                                  commitments_len, 2, 32, NULL),
           BALLISTIC_OK);
    EXPECT(ballistic_range_recover(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet"), proof, proof_len, commitments,
                                   commitments_len, 2, 32, seed, L("tx 1, output 0"), got, blindings, NULL, NULL, NULL),
           BALLISTIC_OK);
    CHECK(got[0] == values[0] && got[1] == values[1]);
    /* The recovered blinding opens the commitment. */
    unsigned char c[33];
    size_t c_len = sizeof c;
    EXPECT(ballistic_commit(ctx, got[1], blindings + 32, c, &c_len), BALLISTIC_OK);
    CHECK(memcmp(c, commitments + point_len, point_len) == 0);
    EXPECT(ballistic_commit(ctx, got[0], blindings, c, &c_len), BALLISTIC_OK);
    CHECK(memcmp(c, commitments, point_len) == 0);

    /* A wrong seed, output id or label recovers nothing, and writes nothing. */
    uint64_t untouched[2] = {5, 5};
    memset(blindings, 0xaa, sizeof blindings);
    unsigned char other[32];
    memset(other, 0x43, sizeof other);
    EXPECT(ballistic_range_recover(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet"), proof, proof_len, commitments,
                                   commitments_len, 2, 32, other, L("tx 1, output 0"), untouched, blindings, NULL, NULL, NULL),
           BALLISTIC_ERR_RECOVERY);
    EXPECT(ballistic_range_recover(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet"), proof, proof_len, commitments,
                                   commitments_len, 2, 32, seed, L("tx 1, output 1"), untouched, blindings, NULL, NULL, NULL),
           BALLISTIC_ERR_RECOVERY);
    EXPECT(ballistic_range_recover(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet?"), proof, proof_len, commitments,
                                   commitments_len, 2, 32, seed, L("tx 1, output 0"), untouched, blindings, NULL, NULL, NULL),
           BALLISTIC_ERR_RECOVERY);
    CHECK(untouched[0] == 5 && untouched[1] == 5);
    for (size_t i = 0; i < sizeof blindings; i++) CHECK(blindings[i] == 0xaa);
    EXPECT(ballistic_range_recover(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet"), proof, proof_len, commitments,
                                   commitments_len, 2, 32, seed, NULL, 0, got, blindings, NULL, NULL, NULL),
           BALLISTIC_ERR_ARGUMENT);
    /* Prover errors: more than 3 values, a value out of range, a short buffer, too few generators. */
    const uint64_t four[4] = {1, 2, 3, 4};
    size_t pl = sizeof proof, cl = sizeof commitments;
    EXPECT(ballistic_range_prove_recoverable(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet"), four, 4, 32, seed, L("id"),
                                             proof, &pl, commitments, &cl, NULL),
           BALLISTIC_ERR_STATEMENT);
    const uint64_t big[1] = {(uint64_t)1 << 32};
    EXPECT(ballistic_range_prove_recoverable(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet"), big, 1, 32, seed, L("id"),
                                             proof, &pl, commitments, &cl, NULL),
           BALLISTIC_ERR_PROVER);
    pl = 0;
    EXPECT(ballistic_range_prove_recoverable(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet"), values, 1, 32, seed, L("id"),
                                             NULL, &pl, commitments, &cl, NULL),
           BALLISTIC_ERR_BUFFER_TOO_SMALL);
    CHECK(pl > 0);
    ballistic_context *small = ballistic_context_create(point_len == 32 ? BALLISTIC_GROUP_RISTRETTO255 : BALLISTIC_GROUP_SECP256K1, 8, 1);
    pl = sizeof proof;
    EXPECT(ballistic_range_prove_recoverable(small, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet"), values, 1, 32, seed, L("id"),
                                             proof, &pl, commitments, &cl, NULL),
           BALLISTIC_ERR_CAPACITY);
    ballistic_context_destroy(small);
    /* Bulletproofs++: the sealed payload makes the proof 48 bytes longer; it recovers like the others. */
    {
        unsigned char ppp[1024];
        size_t ppp_len = sizeof ppp, plain_len = 0, cl2 = sizeof commitments;
        uint64_t back[2] = {0, 0};
        EXPECT(ballistic_range_prove_recoverable(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS, L("wallet"), values, 2, 32, seed,
                                                 L("id"), ppp, &ppp_len, commitments, &cl2, NULL),
               BALLISTIC_OK);
        EXPECT(ballistic_range_proof_len(point_len == 32 ? BALLISTIC_GROUP_RISTRETTO255 : BALLISTIC_GROUP_SECP256K1,
                                         BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS, 32, 2, &plain_len),
               BALLISTIC_OK);
        CHECK(ppp_len == plain_len + 48);
        EXPECT(ballistic_range_verify(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS, L("wallet"), ppp, ppp_len, commitments, cl2, 2, 32, NULL),
               BALLISTIC_OK);
        EXPECT(ballistic_range_recover(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS, L("wallet"), ppp, ppp_len, commitments, cl2, 2,
                                       32, seed, L("id"), back, blindings, NULL, NULL, NULL),
               BALLISTIC_OK);
        CHECK(back[0] == values[0] && back[1] == values[1]);
        EXPECT(ballistic_range_recover(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS, L("wallet"), ppp, ppp_len, commitments, cl2, 2,
                                       32, other, L("id"), back, blindings, NULL, NULL, NULL),
               BALLISTIC_ERR_RECOVERY);
        /* Without its sealed payload the proof is a plain one that no longer verifies, and recovers nothing. */
        EXPECT(ballistic_range_verify(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS, L("wallet"), ppp, plain_len, commitments, cl2, 2,
                                      32, NULL),
               BALLISTIC_ERR_VERIFICATION);
        EXPECT(ballistic_range_recover(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS, L("wallet"), ppp, plain_len, commitments, cl2, 2,
                                       32, seed, L("id"), back, blindings, NULL, NULL, NULL),
               BALLISTIC_ERR_RECOVERY);
    }
    /* Bad output ids, bad pointers. */
    EXPECT(ballistic_range_prove_recoverable(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet"), values, 2, 32, seed, NULL, 0,
                                             proof, &proof_len, commitments, &commitments_len, NULL),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_range_prove_recoverable(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet"), values, 2, 32, NULL, L("id"),
                                             proof, &proof_len, commitments, &commitments_len, NULL),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_range_recover(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet"), proof, proof_len, commitments,
                                   commitments_len, 2, 32, seed, L("tx 1, output 0"), NULL, blindings, NULL, NULL, NULL),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_range_recover(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet"), proof, proof_len - 1, commitments,
                                   commitments_len, 2, 32, seed, L("tx 1, output 0"), got, blindings, NULL, NULL, NULL),
           BALLISTIC_ERR_DECODE);
    EXPECT(ballistic_range_recover(ctx, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("wallet"), proof, proof_len, commitments,
                                   commitments_len, 2, 0, seed, L("tx 1, output 0"), got, blindings, NULL, NULL, NULL),
           BALLISTIC_ERR_STATEMENT);
}

/* Extra data bound into the transcript, with every system. */
static void test_extra(ballistic_context *ctx) {
    const uint64_t values[1] = {200};
    unsigned char blinding[32], proof[1024], commitments[33];
    small_scalar(blinding, 9);
    for (int k = 0; k < 3; k++) {
        size_t proof_len = sizeof proof, commitments_len = sizeof commitments;
        EXPECT(ballistic_range_prove(ctx, SYSTEMS[k], L("app"), values, 1, blinding, 32, 8, proof, &proof_len,
                                        commitments, &commitments_len, opts_with(L("tx 42"), NULL, 0)),
               BALLISTIC_OK);
        EXPECT(ballistic_range_verify(ctx, SYSTEMS[k], L("app"), proof, proof_len, commitments, commitments_len, 1, 8, opts_with(L("tx 42"), NULL, 0)),
               BALLISTIC_OK);
        EXPECT(ballistic_range_verify(ctx, SYSTEMS[k], L("app"), proof, proof_len, commitments, commitments_len, 1, 8, opts_with(L("tx 43"), NULL, 0)),
               BALLISTIC_ERR_VERIFICATION);
        EXPECT(ballistic_range_verify(ctx, SYSTEMS[k], L("app"), proof, proof_len, commitments, commitments_len, 1, 8, NULL),
               BALLISTIC_ERR_VERIFICATION);
        /* No extra data (NULL, 0) is ballistic_range_verify's transcript. */
        EXPECT(ballistic_range_prove(ctx, SYSTEMS[k], L("app"), values, 1, blinding, 32, 8, proof, &proof_len,
                                        commitments, &commitments_len, opts_with(NULL, 0, NULL, 0)),
               BALLISTIC_OK);
        EXPECT(ballistic_range_verify(ctx, SYSTEMS[k], L("app"), proof, proof_len, commitments, commitments_len, 1, 8, NULL),
               BALLISTIC_OK);
    }
    /* A batch of proofs with their own extra data names the one given the wrong bytes. */
    {
        unsigned char bproofs[3][1024], bcommitments[3][33];
        size_t bproof_len[3], bcommitments_len[3];
        const char *extras[3] = {"a", "", "ccc"};
        ballistic_range_item items[3];
        for (int k = 0; k < 3; k++) {
            bproof_len[k] = sizeof bproofs[k];
            bcommitments_len[k] = sizeof bcommitments[k];
            EXPECT(ballistic_range_prove(ctx, SYSTEMS[k], L("app"), values, 1, blinding, 32, 8, bproofs[k], &bproof_len[k],
                                         bcommitments[k], &bcommitments_len[k], opts_with(L(extras[k]), NULL, 0)),
                   BALLISTIC_OK);
            ballistic_range_item item = {SYSTEMS[k], L("app"), bproofs[k], bproof_len[k], bcommitments[k], bcommitments_len[k],
                                         1, 8, opts_with(L(extras[k]), NULL, 0)};
            items[k] = item;
        }
        size_t invalid[3], count = 99;
        EXPECT(ballistic_range_verify_batch(ctx, items, 3, invalid, &count), BALLISTIC_OK);
        CHECK(count == 0);
        items[2].opts = opts_with((const uint8_t *)"ccc", 2, NULL, 0);
        EXPECT(ballistic_range_verify_batch(ctx, items, 3, invalid, &count), BALLISTIC_ERR_VERIFICATION);
        CHECK(count == 1 && invalid[0] == 2);
        items[0].opts = opts_with(NULL, 1, NULL, 0); /* NULL with a length: that item is invalid */
        EXPECT(ballistic_range_verify_batch(ctx, items, 3, invalid, &count), BALLISTIC_ERR_VERIFICATION);
        CHECK(count == 2 && invalid[0] == 0 && invalid[1] == 2);
        /* Options with a bad magic, or a message (which a verifier does not take): that item is invalid. */
        ballistic_options bad_magic = BALLISTIC_OPTIONS_INIT;
        bad_magic.magic[3] = 0x02;
        items[0].opts = opts_with(L("a"), NULL, 0);
        items[2].opts = &bad_magic;
        EXPECT(ballistic_range_verify_batch(ctx, items, 3, invalid, &count), BALLISTIC_ERR_VERIFICATION);
        CHECK(count == 1 && invalid[0] == 2);
        items[2].opts = opts_with(L("ccc"), L("memo"));
        EXPECT(ballistic_range_verify_batch(ctx, items, 3, invalid, &count), BALLISTIC_ERR_VERIFICATION);
        CHECK(count == 1 && invalid[0] == 2);
        items[2].opts = opts_with(L("ccc"), NULL, 0);
        EXPECT(ballistic_range_verify_batch(ctx, items, 3, invalid, &count), BALLISTIC_OK);
        CHECK(count == 0);
        /* An item without options: the one proved with empty extra data verifies, the others do not. */
        items[0].opts = NULL;
        items[1].opts = NULL;
        EXPECT(ballistic_range_verify_batch(ctx, items, 3, invalid, &count), BALLISTIC_ERR_VERIFICATION);
        CHECK(count == 1 && invalid[0] == 0);
        EXPECT(ballistic_range_verify_batch(ctx, items, 3, NULL, &count), BALLISTIC_ERR_NULL_POINTER);
        EXPECT(ballistic_range_verify_batch(ctx, NULL, 0, NULL, &count), BALLISTIC_OK);
    }
    /* Interval proofs with extra data, every system. */
    for (int k = 0; k < 3; k++) {
        unsigned char iproof[1024], icommitment[33];
        size_t iproof_len = sizeof iproof, icommitment_len = sizeof icommitment;
        EXPECT(ballistic_interval_prove(ctx, SYSTEMS[k], L("age"), 42, blinding, 18, 130, iproof, &iproof_len,
                                           icommitment, &icommitment_len, opts_with(L("session 1"), NULL, 0)),
               BALLISTIC_OK);
        EXPECT(ballistic_interval_verify(ctx, SYSTEMS[k], L("age"), iproof, iproof_len, icommitment,
                                            icommitment_len, 18, 130, opts_with(L("session 1"), NULL, 0)),
               BALLISTIC_OK);
        EXPECT(ballistic_interval_verify(ctx, SYSTEMS[k], L("age"), iproof, iproof_len, icommitment,
                                            icommitment_len, 18, 130, opts_with(L("session 2"), NULL, 0)),
               BALLISTIC_ERR_VERIFICATION);
        EXPECT(ballistic_interval_verify(ctx, SYSTEMS[k], L("age"), iproof, iproof_len, icommitment, icommitment_len, 18, 130, NULL),
               BALLISTIC_ERR_VERIFICATION);
    }
    static unsigned char long_extra[1025];
    {
        unsigned char iproof[1024], icommitment[33];
        size_t iproof_len = sizeof iproof, icommitment_len = sizeof icommitment;
        EXPECT(ballistic_interval_prove(ctx, SYSTEMS[0], L("age"), 42, blinding, 18, 130, iproof,
                                           &iproof_len, icommitment, &icommitment_len, opts_with(long_extra, sizeof long_extra, NULL, 0)),
               BALLISTIC_ERR_ARGUMENT);
        EXPECT(ballistic_interval_verify(ctx, SYSTEMS[0], L("age"), iproof, iproof_len, icommitment,
                                            icommitment_len, 18, 130, opts_with(long_extra, sizeof long_extra, NULL, 0)),
               BALLISTIC_ERR_ARGUMENT);
    }
    size_t proof_len = sizeof proof, commitments_len = sizeof commitments;
    EXPECT(ballistic_range_prove(ctx, SYSTEMS[0], L("app"), values, 1, blinding, 32, 8, proof,
                                    &proof_len, commitments, &commitments_len, opts_with(long_extra, sizeof long_extra, NULL, 0)),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_range_verify(ctx, SYSTEMS[0], L("app"), proof, proof_len, commitments,
                                     commitments_len, 1, 8, opts_with(long_extra, sizeof long_extra, NULL, 0)),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_range_verify(ctx, SYSTEMS[0], L("app"), proof, proof_len, commitments, commitments_len, 1, 8, opts_with(NULL, 3, NULL, 0)),
           BALLISTIC_ERR_NULL_POINTER);
}

/* Owner recovery with a message and extra data, for every system. */
static void test_recovery_message(ballistic_context *ctx, size_t point_len) {
    const uint64_t values[2] = {31337, 5};
    unsigned char seed[32], proof[1024], commitments[66], blindings[64], message[BALLISTIC_MAX_MESSAGE_LEN];
    memset(seed, 0x17, sizeof seed);
    const char *memo = "fourteen bytes";
    for (int k = 0; k < 3; k++) {
        int system = SYSTEMS[k];
        size_t proof_len = sizeof proof, commitments_len = sizeof commitments;
        EXPECT(ballistic_range_prove_recoverable(ctx, system, L("wallet"), values, 2, 16, seed, L("out 7"),
                                                    proof, &proof_len, commitments, &commitments_len, opts_with(L("ctx"), L(memo))),
               BALLISTIC_OK);
        EXPECT(ballistic_range_verify(ctx, system, L("wallet"), proof, proof_len, commitments, commitments_len, 2, 16, opts_with(L("ctx"), NULL, 0)),
               BALLISTIC_OK);
        uint64_t got[2] = {0, 0};
        size_t message_len = sizeof message;
        EXPECT(ballistic_range_recover(ctx, system, L("wallet"), proof, proof_len, commitments, commitments_len, 2, 16,
                                          seed, L("out 7"), got, blindings, message, &message_len, opts_with(L("ctx"), NULL, 0)),
               BALLISTIC_OK);
        CHECK(got[0] == values[0] && got[1] == values[1]);
        CHECK(message_len == strlen(memo) && memcmp(message, memo, message_len) == 0);
        unsigned char c[33];
        size_t c_len = sizeof c;
        EXPECT(ballistic_commit(ctx, got[0], blindings, c, &c_len), BALLISTIC_OK);
        CHECK(memcmp(c, commitments, point_len) == 0);
        /* The plain function recovers the same openings (the message is not returned). */
        uint64_t plain[2] = {0, 0};
        EXPECT(ballistic_range_recover(ctx, system, L("wallet"), proof, proof_len, commitments, commitments_len, 2, 16, seed,
                                       L("out 7"), plain, blindings, NULL, NULL, NULL),
               BALLISTIC_ERR_RECOVERY); /* no extra data: another transcript */
        /* A short message buffer: the length needed, nothing else written. */
        uint64_t untouched[2] = {1, 1};
        message_len = 3;
        EXPECT(ballistic_range_recover(ctx, system, L("wallet"), proof, proof_len, commitments, commitments_len, 2, 16,
                                          seed, L("out 7"), untouched, blindings, message, &message_len, opts_with(L("ctx"), NULL, 0)),
               BALLISTIC_ERR_BUFFER_TOO_SMALL);
        CHECK(message_len == strlen(memo) && untouched[0] == 1 && untouched[1] == 1);
        /* Wrong extra data or seed: nothing recovered. */
        message_len = sizeof message;
        EXPECT(ballistic_range_recover(ctx, system, L("wallet"), proof, proof_len, commitments, commitments_len, 2, 16,
                                          seed, L("out 7"), untouched, blindings, message, &message_len, opts_with(L("ctx2"), NULL, 0)),
               BALLISTIC_ERR_RECOVERY);
        CHECK(untouched[0] == 1 && untouched[1] == 1);
        EXPECT(ballistic_range_recover(ctx, system, L("wallet"), proof, proof_len, commitments, commitments_len, 2, 16,
                                          seed, NULL, 0, got, blindings, message, &message_len, opts_with(L("ctx"), NULL, 0)),
               BALLISTIC_ERR_ARGUMENT);
        EXPECT(ballistic_range_recover(ctx, system, L("wallet"), proof, proof_len, commitments, commitments_len, 2, 16,
                                          seed, L("out 7"), got, blindings, NULL, &message_len, opts_with(L("ctx"), NULL, 0)),
               BALLISTIC_ERR_NULL_POINTER);
        /* No message buffer (message_len NULL): the openings only. */
        got[0] = got[1] = 0;
        EXPECT(ballistic_range_recover(ctx, system, L("wallet"), proof, proof_len, commitments, commitments_len, 2, 16,
                                       seed, L("out 7"), got, blindings, NULL, NULL, opts_with(L("ctx"), NULL, 0)),
               BALLISTIC_OK);
        CHECK(got[0] == values[0] && got[1] == values[1]);
        EXPECT(ballistic_range_recover(ctx, system, L("wallet"), proof, proof_len - 1, commitments, commitments_len, 2,
                                          16, seed, L("out 7"), got, blindings, message, &message_len, opts_with(L("ctx"), NULL, 0)),
               BALLISTIC_ERR_DECODE);
        EXPECT(ballistic_range_recover(ctx, system, L("wallet"), proof, proof_len, commitments, commitments_len, 2, 0,
                                          seed, L("out 7"), got, blindings, message, &message_len, opts_with(L("ctx"), NULL, 0)),
               BALLISTIC_ERR_STATEMENT);
        /* A message too long for two values (14 bytes), extra data too long. */
        EXPECT(ballistic_range_prove_recoverable(ctx, system, L("wallet"), values, 2, 16, seed, L("out 7"), proof, &proof_len, commitments, &commitments_len, opts_with(NULL, 0, L("fifteen bytes!!"))),
               BALLISTIC_ERR_ARGUMENT);
        static unsigned char long_extra[1025];
        EXPECT(ballistic_range_prove_recoverable(ctx, system, L("wallet"), values, 2, 16, seed,
                                                    L("out 7"), proof, &proof_len, commitments, &commitments_len, opts_with(long_extra, sizeof long_extra, NULL, 0)),
               BALLISTIC_ERR_ARGUMENT);
        /* One value carries 22 bytes. */
        const char *long_memo = "twenty-two bytes, max.";
        proof_len = sizeof proof;
        commitments_len = sizeof commitments;
        EXPECT(ballistic_range_prove_recoverable(ctx, system, L("wallet"), values, 1, 16, seed, L("out 8"),
                                                    proof, &proof_len, commitments, &commitments_len, opts_with(NULL, 0, L(long_memo))),
               BALLISTIC_OK);
        message_len = sizeof message;
        EXPECT(ballistic_range_recover(ctx, system, L("wallet"), proof, proof_len, commitments, commitments_len, 1, 16,
                                          seed, L("out 8"), got, blindings, message, &message_len, opts_with(NULL, 0, NULL, 0)),
               BALLISTIC_OK);
        CHECK(message_len == 22 && memcmp(message, long_memo, 22) == 0);
    }
}

/* ballistic_options: a bad magic is refused by every function that takes options, before
 * anything else is read; a field a function does not take is refused, not ignored. */
static void test_options(ballistic_context *ctx) {
    const uint64_t values[1] = {200};
    unsigned char blinding[32], seed[32], proof[1024], commitments[33], blindings[32];
    uint64_t got[1];
    small_scalar(blinding, 9);
    memset(seed, 0x21, sizeof seed);
    ballistic_options bad = BALLISTIC_OPTIONS_INIT;
    bad.magic[0] ^= 1;
    ballistic_options v2 = BALLISTIC_OPTIONS_INIT;
    v2.magic[3] = 0x02; /* a later version this library does not know */
    ballistic_options ok = BALLISTIC_OPTIONS_INIT;
    const ballistic_options *refused[2] = {&bad, &v2};
    size_t proof_len = sizeof proof, commitments_len = sizeof commitments;
    EXPECT(ballistic_range_prove(ctx, SYSTEMS[0], L("o"), values, 1, blinding, 32, 8, proof, &proof_len, commitments,
                                 &commitments_len, &ok),
           BALLISTIC_OK);
    EXPECT(ballistic_range_verify(ctx, SYSTEMS[0], L("o"), proof, proof_len, commitments, commitments_len, 1, 8, &ok), BALLISTIC_OK);
    EXPECT(ballistic_range_verify(ctx, SYSTEMS[0], L("o"), proof, proof_len, commitments, commitments_len, 1, 8, NULL), BALLISTIC_OK);
    for (int r = 0; r < 2; r++) {
        const ballistic_options *o = refused[r];
        size_t pl = sizeof proof, cl = sizeof commitments, ml = 0;
        EXPECT(ballistic_range_prove(ctx, SYSTEMS[0], L("o"), values, 1, blinding, 32, 8, proof, &pl, commitments, &cl, o),
               BALLISTIC_ERR_OPTIONS);
        EXPECT(ballistic_range_verify(ctx, SYSTEMS[0], L("o"), proof, proof_len, commitments, commitments_len, 1, 8, o),
               BALLISTIC_ERR_OPTIONS);
        pl = sizeof proof;
        cl = sizeof commitments;
        EXPECT(ballistic_interval_prove(ctx, SYSTEMS[0], L("o"), 5, blinding, 1, 10, proof, &pl, commitments, &cl, o),
               BALLISTIC_ERR_OPTIONS);
        EXPECT(ballistic_interval_verify(ctx, SYSTEMS[0], L("o"), proof, proof_len, commitments, commitments_len, 1, 10, o),
               BALLISTIC_ERR_OPTIONS);
        pl = sizeof proof;
        cl = sizeof commitments;
        EXPECT(ballistic_range_prove_recoverable(ctx, SYSTEMS[0], L("o"), values, 1, 8, seed, L("id"), proof, &pl, commitments,
                                                 &cl, o),
               BALLISTIC_ERR_OPTIONS);
        EXPECT(ballistic_range_recover(ctx, SYSTEMS[0], L("o"), proof, proof_len, commitments, commitments_len, 1, 8, seed, L("id"),
                                       got, blindings, NULL, &ml, o),
               BALLISTIC_ERR_OPTIONS);
    }
    /* The proof above still verifies: nothing was written by the refused calls' verification. */
    EXPECT(ballistic_range_verify(ctx, SYSTEMS[0], L("o"), proof, proof_len, commitments, commitments_len, 1, 8, NULL), BALLISTIC_OK);
    /* A message is taken only by the recoverable prover. */
    const ballistic_options *with_message = opts_with(NULL, 0, L("memo"));
    size_t pl = sizeof proof, cl = sizeof commitments;
    EXPECT(ballistic_range_prove(ctx, SYSTEMS[0], L("o"), values, 1, blinding, 32, 8, proof, &pl, commitments, &cl, with_message),
           BALLISTIC_ERR_UNSUPPORTED);
    EXPECT(ballistic_range_verify(ctx, SYSTEMS[0], L("o"), proof, proof_len, commitments, commitments_len, 1, 8, with_message),
           BALLISTIC_ERR_UNSUPPORTED);
    EXPECT(ballistic_interval_prove(ctx, SYSTEMS[0], L("o"), 5, blinding, 1, 10, proof, &pl, commitments, &cl, with_message),
           BALLISTIC_ERR_UNSUPPORTED);
    EXPECT(ballistic_interval_verify(ctx, SYSTEMS[0], L("o"), proof, proof_len, commitments, commitments_len, 1, 10, with_message),
           BALLISTIC_ERR_UNSUPPORTED);
    EXPECT(ballistic_range_recover(ctx, SYSTEMS[0], L("o"), proof, proof_len, commitments, commitments_len, 1, 8, seed, L("id"), got,
                                   blindings, NULL, NULL, with_message),
           BALLISTIC_ERR_UNSUPPORTED);
    /* Lengths are checked before pointers are read: a message over 22 bytes, NULL with a length. */
    static unsigned char long_message[BALLISTIC_MAX_MESSAGE_LEN + 1];
    EXPECT(ballistic_range_prove_recoverable(ctx, SYSTEMS[0], L("o"), values, 1, 8, seed, L("id"), proof, &pl, commitments, &cl,
                                             opts_with(NULL, 0, long_message, sizeof long_message)),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_range_prove_recoverable(ctx, SYSTEMS[0], L("o"), values, 1, 8, seed, L("id"), proof, &pl, commitments, &cl,
                                             opts_with(NULL, 0, NULL, 4)),
           BALLISTIC_ERR_NULL_POINTER);
}

/* Hex to bytes (the pinned vectors); returns the length. */
static size_t unhex(const char *hex, unsigned char *out) {
    size_t n = strlen(hex) / 2;
    for (size_t i = 0; i < n; i++) {
        unsigned int b = 0;
        sscanf(hex + 2 * i, "%2x", &b);
        out[i] = (unsigned char)b;
    }
    return n;
}

/* Pinned by crates/ballistic/tests/compat_grin.rs (c_api_vector_is_grins): secp256k1-zkp's
 * prover (Grin's code) gives these bytes for value 4200000000, blinding 0x11..11, rewind nonce
 * 0x22..22, private nonce 0x33..33, 64 bits, Grin's H, no extra data, no message. */
static const char GRIN_PROOF_HEX[] = "981a74e80199108547aef93d2aab5beff93c5f00bfe464fd4988ed26ce9f07363ce7028c3b1ef4cb61acc38ab7c4c7373a11e00b76e9bbfc3e133af7e0e1c37503ec9ad42da4de05ae66d1b1b6191711ac8a6abb76803a2976d07eff79dcb727ce266dd33a90bd8baa842defd091a533228c3756754f78e13ec485d4c1a982fad68afb4f5ddc479fd5e325eb6b858ddbd717ba882a8ab58328c99ab7f52504712541c2e37930c5e22ccf2980578fb9248b0dabf3133dab93b214969930f41c25d2a6c7766ac74063493a3c9826c4eb0a89ab6549d65cc61e155796677e2db1e3304b3a097b52f40487a72636e265b3efe0c246a7392ad4052e6850a2373cf3168d60f871ac1ece24995dbc43926fe16cff7fea57939e0d9eced7a650bbadc0a48ec203c471194ab62acd44b98eeafe8ffcf55b6e454f3ce98110760bfbf7746484571bddfe5246bb7ba02dd5518b45b0d4bfe82ce46c0142691ad6e1388c5c144c6003dfb8ca39bf694c5063d6af2d1d5799ecfc6939ffd33c99005c656b01fe7fa6681683c147c297cbec1615e74b3a2c728a3b64ad7cebe45fc9b42ac16075f20015e01493368fd531e991782212dee0c43cadeae8d188374007c6fa78487f2a1fb21e83451ef3328bacf05899d12066e0e8bcf0b1b6277ca0450db1b03feb4a97fd127d0670d32a38242005d06b6b0f0f5eec64028039bdd45b2d3f72d97653884676aca229fc3b470d4f89a32d5b4d28d3418b92091aa1b29844fcfd74170e59b46b12443838cb2ab86376efcb6df7f7e770b9dff7a498e526b3897e73077fdcfecc7912d6f06fcca11b378bf43af629ef4c318f9b267c2001b37427c1612219de9120d497f005de6da52ec705fc434c52ae8d8168e7a6ac81bf6df75d0a1678a40d54f255f0655ff2243fb085dd590aa5d3b8e987ed39c661daffec1543b56f04";
static const char GRIN_COMMITMENT_HEX[] = "0897c2dcd2814a9b243b0f28a35a34f95e1d91eb1cac03fcb3c5a65c6cf9ad6f0a";

static void test_grin(ballistic_context *k, ballistic_context *other) {
    unsigned char blind[32], rewind[32], priv[32], proof[1024], commitment[33], expected[1024], expected_c[33];
    memset(blind, 0x11, 32);
    memset(rewind, 0x22, 32);
    memset(priv, 0x33, 32);
    const uint64_t value[1] = {4200000000u};
    size_t len = 0;
    EXPECT(ballistic_grin_proof_len(64, 1, &len), BALLISTIC_OK);
    CHECK(len == 675);
    EXPECT(ballistic_grin_proof_len(64, 2, &len), BALLISTIC_OK);
    CHECK(len == 739);
    EXPECT(ballistic_grin_proof_len(3, 1, &len), BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_grin_proof_len(64, 4, &len), BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_grin_proof_len(64, 1, NULL), BALLISTIC_ERR_NULL_POINTER);

    /* Byte-exact: the pinned vector. */
    size_t proof_len = sizeof proof, commitment_len = sizeof commitment;
    EXPECT(ballistic_grin_prove(k, value, 1, 64, blind, 32, rewind, priv, NULL, NULL, proof, &proof_len, commitment,
                                &commitment_len, NULL),
           BALLISTIC_OK);
    size_t expected_len = unhex(GRIN_PROOF_HEX, expected);
    CHECK(unhex(GRIN_COMMITMENT_HEX, expected_c) == 33);
    CHECK(proof_len == 675 && expected_len == 675 && memcmp(proof, expected, 675) == 0);
    CHECK(commitment_len == 33 && memcmp(commitment, expected_c, 33) == 0);
    EXPECT(ballistic_grin_verify(k, expected, expected_len, expected_c, 33, 1, 64, NULL, NULL, NULL), BALLISTIC_OK);

    /* Refusals: a flipped byte, truncated, extended, a wrong commitment, a wrong shape, extra data. */
    for (size_t i = 0; i < proof_len; i += 5 * sparse) {
        proof[i] ^= 0x04;
        int st = ballistic_grin_verify(k, proof, proof_len, commitment, 33, 1, 64, NULL, NULL, NULL);
        CHECK(st == BALLISTIC_ERR_VERIFICATION || st == BALLISTIC_ERR_DECODE);
        proof[i] ^= 0x04;
    }
    proof[31] ^= 0x01; /* the first scalar's low bit (big-endian): decodes, does not verify */
    EXPECT(ballistic_grin_verify(k, proof, proof_len, commitment, 33, 1, 64, NULL, NULL, NULL), BALLISTIC_ERR_VERIFICATION);
    proof[31] ^= 0x01;
    EXPECT(ballistic_grin_verify(k, proof, proof_len - 1, commitment, 33, 1, 64, NULL, NULL, NULL), BALLISTIC_ERR_DECODE);
    EXPECT(ballistic_grin_verify(k, proof, proof_len + 1, commitment, 33, 1, 64, NULL, NULL, NULL), BALLISTIC_ERR_DECODE);
    unsigned char other_c[33];
    size_t other_len = sizeof other_c, other_proof_len = sizeof expected;
    const uint64_t other_value[1] = {4200000001u};
    EXPECT(ballistic_grin_prove(k, other_value, 1, 64, blind, 32, rewind, priv, NULL, NULL, expected, &other_proof_len, other_c,
                                &other_len, NULL),
           BALLISTIC_OK);
    EXPECT(ballistic_grin_verify(k, proof, proof_len, other_c, 33, 1, 64, NULL, NULL, NULL), BALLISTIC_ERR_VERIFICATION);
    EXPECT(ballistic_grin_verify(k, proof, proof_len, commitment, 33, 1, 32, NULL, NULL, NULL), BALLISTIC_ERR_DECODE);
    EXPECT(ballistic_grin_verify(k, proof, proof_len, commitment, 33, 1, 3, NULL, NULL, NULL), BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_grin_verify(k, proof, proof_len, commitment, 32, 1, 64, NULL, NULL, NULL), BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_grin_verify(k, proof, proof_len, commitment, 33, 1, 64, NULL, NULL, opts_with(L("kernel"), NULL, 0)),
           BALLISTIC_ERR_VERIFICATION);
    unsigned char not_a_point[33];
    memset(not_a_point, 0xff, sizeof not_a_point);
    EXPECT(ballistic_grin_verify(k, proof, proof_len, not_a_point, 33, 1, 64, NULL, NULL, NULL), BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_grin_verify(k, proof, proof_len, commitment, 33, 1, 64, not_a_point, NULL, NULL), BALLISTIC_ERR_STATEMENT);
    /* A minimum value the prover did not use. */
    const uint64_t min500[1] = {500};
    EXPECT(ballistic_grin_verify(k, proof, proof_len, commitment, 33, 1, 64, NULL, min500, NULL), BALLISTIC_ERR_VERIFICATION);
    /* Context, NULL pointers, options. */
    EXPECT(ballistic_grin_verify(other, proof, proof_len, commitment, 33, 1, 64, NULL, NULL, NULL), BALLISTIC_ERR_WRONG_GROUP);
    EXPECT(ballistic_grin_verify(NULL, proof, proof_len, commitment, 33, 1, 64, NULL, NULL, NULL), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_grin_verify(k, NULL, proof_len, commitment, 33, 1, 64, NULL, NULL, NULL), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_grin_verify(k, proof, proof_len, NULL, 33, 1, 64, NULL, NULL, NULL), BALLISTIC_ERR_NULL_POINTER);
    ballistic_options bad = BALLISTIC_OPTIONS_INIT;
    bad.magic[1] = 0;
    EXPECT(ballistic_grin_verify(k, proof, proof_len, commitment, 33, 1, 64, NULL, NULL, &bad), BALLISTIC_ERR_OPTIONS);
    EXPECT(ballistic_grin_verify(k, proof, proof_len, commitment, 33, 1, 64, NULL, NULL, opts_with(NULL, 0, L("memo"))),
           BALLISTIC_ERR_UNSUPPORTED);

    /* Prover refusals. */
    size_t pl = sizeof proof, cl = sizeof commitment;
    const uint64_t big[1] = {256};
    EXPECT(ballistic_grin_prove(k, big, 1, 8, blind, 32, rewind, priv, NULL, NULL, proof, &pl, commitment, &cl, NULL),
           BALLISTIC_ERR_PROVER);
    unsigned char zero[32] = {0}, high[32];
    memset(high, 0xff, 32);
    EXPECT(ballistic_grin_prove(k, value, 1, 64, zero, 32, rewind, priv, NULL, NULL, proof, &pl, commitment, &cl, NULL),
           BALLISTIC_ERR_PROVER);
    EXPECT(ballistic_grin_prove(k, value, 1, 64, high, 32, rewind, priv, NULL, NULL, proof, &pl, commitment, &cl, NULL),
           BALLISTIC_ERR_SCALAR);
    EXPECT(ballistic_grin_prove(k, value, 1, 64, blind, 31, rewind, priv, NULL, NULL, proof, &pl, commitment, &cl, NULL),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_grin_prove(k, value, 1, 64, blind, 32, rewind, priv, NULL, NULL, proof, &pl, commitment, &cl,
                                opts_with(NULL, 0, L("short"))),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_grin_prove(k, value, 3, 64, blind, 96, rewind, priv, NULL, NULL, proof, &pl, commitment, &cl, NULL),
           BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_grin_prove(other, value, 1, 64, blind, 32, rewind, priv, NULL, NULL, proof, &pl, commitment, &cl, NULL),
           BALLISTIC_ERR_WRONG_GROUP);
    EXPECT(ballistic_grin_prove(k, value, 1, 64, blind, 32, NULL, priv, NULL, NULL, proof, &pl, commitment, &cl, NULL),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_grin_prove(k, value, 1, 64, blind, 32, rewind, priv, NULL, NULL, proof, &pl, commitment, &cl, &bad),
           BALLISTIC_ERR_OPTIONS);
    pl = 10;
    EXPECT(ballistic_grin_prove(k, value, 1, 64, blind, 32, rewind, priv, NULL, NULL, proof, &pl, commitment, &cl, NULL),
           BALLISTIC_ERR_BUFFER_TOO_SMALL);
    CHECK(pl == 675);
    /* Both buffers too short: both lengths needed are reported. */
    pl = 10;
    cl = 1;
    EXPECT(ballistic_grin_prove(k, value, 1, 64, blind, 32, rewind, priv, NULL, NULL, proof, &pl, commitment, &cl, NULL),
           BALLISTIC_ERR_BUFFER_TOO_SMALL);
    CHECK(pl == 675 && cl == 33);

    /* Extra data and a message; rewind gives back the value, the message and (same nonces) the blinding. */
    const char *memo = "twenty bytes of note";
    pl = sizeof proof;
    cl = sizeof commitment;
    EXPECT(ballistic_grin_prove(k, value, 1, 64, blind, 32, rewind, rewind, NULL, NULL, proof, &pl, commitment, &cl,
                                opts_with(L("kernel"), L(memo))),
           BALLISTIC_OK);
    EXPECT(ballistic_grin_verify(k, proof, pl, commitment, 33, 1, 64, NULL, NULL, opts_with(L("kernel"), NULL, 0)), BALLISTIC_OK);
    EXPECT(ballistic_grin_verify(k, proof, pl, commitment, 33, 1, 64, NULL, NULL, opts_with(L("kernel2"), NULL, 0)),
           BALLISTIC_ERR_VERIFICATION);
    EXPECT(ballistic_grin_verify(k, proof, pl, commitment, 33, 1, 64, NULL, NULL, NULL), BALLISTIC_ERR_VERIFICATION);
    uint64_t got = 0;
    unsigned char got_blind[32], message[20];
    int has_blinding = -1;
    EXPECT(ballistic_grin_rewind(k, proof, pl, commitment, NULL, 0, rewind, &got, got_blind, &has_blinding, message,
                                 opts_with(L("kernel"), NULL, 0)),
           BALLISTIC_OK);
    CHECK(got == value[0] && has_blinding == 1 && memcmp(got_blind, blind, 32) == 0 && memcmp(message, memo, 20) == 0);
    got = 7;
    EXPECT(ballistic_grin_rewind(k, proof, pl, commitment, NULL, 0, priv, &got, got_blind, &has_blinding, message,
                                 opts_with(L("kernel"), NULL, 0)),
           BALLISTIC_ERR_RECOVERY);
    EXPECT(ballistic_grin_rewind(k, proof, pl, commitment, NULL, 0, rewind, &got, got_blind, &has_blinding, message, NULL),
           BALLISTIC_ERR_RECOVERY);
    CHECK(got == 7);
    EXPECT(ballistic_grin_rewind(k, proof, pl, commitment, NULL, 0, rewind, NULL, got_blind, &has_blinding, message, NULL),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_grin_rewind(k, proof, pl, commitment, NULL, 0, rewind, &got, got_blind, &has_blinding, message, &bad),
           BALLISTIC_ERR_OPTIONS);
    EXPECT(ballistic_grin_rewind(other, proof, pl, commitment, NULL, 0, rewind, &got, got_blind, &has_blinding, message, NULL),
           BALLISTIC_ERR_WRONG_GROUP);
    EXPECT(ballistic_grin_rewind(k, proof, pl - 1, commitment, NULL, 0, rewind, &got, got_blind, &has_blinding, message, NULL),
           BALLISTIC_ERR_DECODE);
    /* The pinned proof: different nonces, so the value and no blinding. */
    EXPECT(ballistic_grin_rewind(k, expected, other_proof_len, other_c, NULL, 0, rewind, &got, got_blind, &has_blinding, message,
                                 NULL),
           BALLISTIC_OK);
    CHECK(got == other_value[0] && has_blinding == 0);

    /* NULL and empty extra data differ, as in Grin. */
    static const uint8_t empty[1] = {0};
    pl = sizeof proof;
    EXPECT(ballistic_grin_prove(k, value, 1, 64, blind, 32, rewind, priv, NULL, NULL, proof, &pl, commitment, &cl,
                                opts_with(empty, 0, NULL, 0)),
           BALLISTIC_OK);
    EXPECT(ballistic_grin_verify(k, proof, pl, commitment, 33, 1, 64, NULL, NULL, opts_with(empty, 0, NULL, 0)), BALLISTIC_OK);
    EXPECT(ballistic_grin_verify(k, proof, pl, commitment, 33, 1, 64, NULL, NULL, NULL), BALLISTIC_ERR_VERIFICATION);

    /* A minimum value (single values). */
    const uint64_t v1000[1] = {1000};
    pl = sizeof proof;
    EXPECT(ballistic_grin_prove(k, v1000, 1, 64, blind, 32, rewind, priv, NULL, min500, proof, &pl, commitment, &cl, NULL),
           BALLISTIC_OK);
    EXPECT(ballistic_grin_verify(k, proof, pl, commitment, 33, 1, 64, NULL, min500, NULL), BALLISTIC_OK);
    EXPECT(ballistic_grin_verify(k, proof, pl, commitment, 33, 1, 64, NULL, NULL, NULL), BALLISTIC_ERR_VERIFICATION);
    const uint64_t min2000[1] = {2000};
    EXPECT(ballistic_grin_prove(k, v1000, 1, 64, blind, 32, rewind, priv, NULL, min2000, proof, &pl, commitment, &cl, NULL),
           BALLISTIC_ERR_PROVER);

    /* Two values in one proof. */
    const uint64_t two[2] = {5, 6};
    unsigned char blinds2[64], proof2[1024], commitments2[66];
    memset(blinds2, 0x11, 32);
    memset(blinds2 + 32, 0x12, 32);
    size_t pl2 = sizeof proof2, cl2 = sizeof commitments2;
    EXPECT(ballistic_grin_prove(k, two, 2, 32, blinds2, 64, rewind, priv, NULL, NULL, proof2, &pl2, commitments2, &cl2, NULL),
           BALLISTIC_OK);
    CHECK(cl2 == 66);
    EXPECT(ballistic_grin_verify(k, proof2, pl2, commitments2, 66, 2, 32, NULL, NULL, NULL), BALLISTIC_OK);
    EXPECT(ballistic_grin_verify(k, proof2, pl2, commitments2, 33, 1, 64, NULL, NULL, NULL), BALLISTIC_ERR_VERIFICATION);

    /* A batch names exactly the bad items. */
    unsigned char bproofs[4][700], bcommitments[4][33];
    ballistic_grin_item items[4];
    for (int i = 0; i < 4; i++) {
        uint64_t v = 1000u * (uint64_t)i + 1;
        size_t bl = sizeof bproofs[i], bc = sizeof bcommitments[i];
        rewind[0] = (unsigned char)i;
        EXPECT(ballistic_grin_prove(k, &v, 1, 64, blind, 32, rewind, priv, NULL, NULL, bproofs[i], &bl, bcommitments[i], &bc,
                                    i == 2 ? opts_with(L("tx"), NULL, 0) : NULL),
               BALLISTIC_OK);
        ballistic_grin_item item = {bproofs[i], bl, bcommitments[i], bc, 1, 64, NULL, NULL,
                                    i == 2 ? opts_with(L("tx"), NULL, 0) : NULL};
        items[i] = item;
    }
    size_t invalid[4], count = 99;
    EXPECT(ballistic_grin_verify_batch(k, items, 4, invalid, &count), BALLISTIC_OK);
    CHECK(count == 0);
    bproofs[1][200] ^= 1;
    items[3].commitments = bcommitments[0];
    EXPECT(ballistic_grin_verify_batch(k, items, 4, invalid, &count), BALLISTIC_ERR_VERIFICATION);
    CHECK(count == 2 && invalid[0] == 1 && invalid[1] == 3);
    bproofs[1][200] ^= 1;
    items[3].commitments = bcommitments[3];
    items[0].proof_len -= 1;
    items[2].opts = &bad;
    EXPECT(ballistic_grin_verify_batch(k, items, 4, invalid, &count), BALLISTIC_ERR_VERIFICATION);
    CHECK(count == 2 && invalid[0] == 0 && invalid[1] == 2);
    items[0].proof_len += 1;
    items[2].opts = NULL; /* its extra data missing */
    EXPECT(ballistic_grin_verify_batch(k, items, 4, invalid, &count), BALLISTIC_ERR_VERIFICATION);
    CHECK(count == 1 && invalid[0] == 2);
    EXPECT(ballistic_grin_verify_batch(k, NULL, 0, NULL, &count), BALLISTIC_OK);
    EXPECT(ballistic_grin_verify_batch(k, items, 4, NULL, &count), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_grin_verify_batch(other, items, 4, invalid, &count), BALLISTIC_ERR_WRONG_GROUP);
}

/* Pinned by crates/ballistic/tests/compat_monero.rs (c_api_vector_is_monero_s): a Bulletproofs+
 * proof of one output made by monero-oxide, which Monero accepts. */
static const char MONERO_PROOF_HEX[] = "318bfc30c8ebdfa99d2aa256f9f37a95445036a77b572cabe659ca9f59b5c314ba97c35317b5b35dd161a3197cfff1f988feb09740244f8e63db5a7bb9b4601b06308bb8c930c3f9ca53a60fb682ab2ee58c58893c31976feceaacb9ec4fc5f00c07f656b6f125a94fb7b4ca47b7b916333702721670b269ee1e4ab886328d06a6d21f464c5dd9b50cc91a59232c6f9eb6602d75b2b5db33d4d4cabe068e3404de41b6efae44a79d54503dd67fb11738a93069ae61facf36dbeda851e17fac040661abc6e1932e42a3be9a5a0c03a3e750db79650936695711451b5731fabcb19f1cbc35d75d2dcaf73600925fd209f7bd35a52931ef95f8ecfd699047f91fd369c7e30149bcb5eb0885950969d5df5f7fcd3553e58803fb15f80f093adc5755cf7ff005d6643154ce560eace0b383c68aaa89e170870df9710df5c5fedb6541f2e132308f4e2c969e7bf1669eddd5008fb7579ed893ed6ed2f4a4c3a620a6e1288a98271453dc26db95449f52fdd349c22485f694c8562561e0f093a6afa862560659feedc14b506c901cf4317223602ef702b9ee6466ede0e84bf81b37d63781f8c404fe2ada0171b1347aee8d6510c94d77ca786962bf01df878074f11431f2bb654698cd5987807a90aa6a1904c0b62decedda04681ed5509a61fa47c3a04fa4b99da7c940e9209a6bc5a1be1241d318df15fedf295468f0a217075dfc7f5a099b1baa7b3c0cf424121e0f458e8a29569835e7bfd148509463edd17841e1c25a03cd4f25f7d93e5a9e2d07eb548f4187fc673dcc77c3f948e3f7d4bbad6eb97c";
static const char MONERO_COMMITMENT_HEX[] = "7f9f070b0142dc3f0049b93569d6289051fcf6543b882881e1d770dd83cca982";
/* Monero's H (pinned by compat_monero.rs's generators_are_monero_s) and Ed25519's base point G. */
static const char MONERO_H_HEX[] = "8b655970153799af2aeadc9ff1add0ea6c7251d54154cfa92c173a0dd39c1f94";
static const char ED25519_G_HEX[] = "5866666666666666666666666666666666666666666666666666666666666666";

static void test_monero(ballistic_context *e, ballistic_context *other) {
    unsigned char proof[1024], commitments[64], pinned[1024], pinned_c[32], h[32], g[32];
    size_t pinned_len = unhex(MONERO_PROOF_HEX, pinned);
    CHECK(unhex(MONERO_COMMITMENT_HEX, pinned_c) == 32);
    unhex(MONERO_H_HEX, h);
    unhex(ED25519_G_HEX, g);
    size_t len = 0;
    EXPECT(ballistic_monero_proof_len(BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, 1, &len), BALLISTIC_OK);
    CHECK(len == 578 && pinned_len == 578);
    EXPECT(ballistic_monero_proof_len(BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, 17, &len), BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_monero_proof_len(BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS, 1, &len), BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_monero_proof_len(BALLISTIC_SYSTEM_BULLETPROOFS, 1, NULL), BALLISTIC_ERR_NULL_POINTER);

    /* Monero's own proof verifies, in both modes; a flipped byte, truncated, extended, another commitment do not. */
    EXPECT(ballistic_monero_verify(e, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_MONERO_STRICT, pinned, pinned_len, pinned_c, 32, 1,
                                   NULL),
           BALLISTIC_OK);
    EXPECT(ballistic_monero_verify(e, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_MONERO_CONSENSUS, pinned, pinned_len, pinned_c, 32,
                                   1, NULL),
           BALLISTIC_OK);
    for (size_t i = 0; i < pinned_len; i += 5 * sparse) {
        pinned[i] ^= 0x02;
        int st = ballistic_monero_verify(e, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_MONERO_STRICT, pinned, pinned_len, pinned_c,
                                         32, 1, NULL);
        CHECK(st == BALLISTIC_ERR_VERIFICATION || st == BALLISTIC_ERR_DECODE);
        pinned[i] ^= 0x02;
    }
    EXPECT(ballistic_monero_verify(e, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_MONERO_STRICT, pinned, pinned_len - 1, pinned_c,
                                   32, 1, NULL),
           BALLISTIC_ERR_DECODE);
    EXPECT(ballistic_monero_verify(e, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_MONERO_STRICT, pinned, pinned_len + 1, pinned_c,
                                   32, 1, NULL),
           BALLISTIC_ERR_DECODE);
    EXPECT(ballistic_monero_verify(e, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_MONERO_STRICT, pinned, pinned_len, h, 32, 1, NULL),
           BALLISTIC_ERR_VERIFICATION);
    /* Wrong shape: as the original system, or two outputs. */
    EXPECT(ballistic_monero_verify(e, BALLISTIC_SYSTEM_BULLETPROOFS, BALLISTIC_MONERO_STRICT, pinned, pinned_len, pinned_c, 32, 1,
                                   NULL),
           BALLISTIC_ERR_DECODE);
    unsigned char two_c[64];
    memcpy(two_c, pinned_c, 32);
    memcpy(two_c + 32, h, 32);
    EXPECT(ballistic_monero_verify(e, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_MONERO_STRICT, pinned, pinned_len, two_c, 64, 2,
                                   NULL),
           BALLISTIC_ERR_VERIFICATION);
    EXPECT(ballistic_monero_verify(e, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_MONERO_STRICT, pinned, pinned_len, pinned_c, 31,
                                   1, NULL),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_monero_verify(e, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, 0, pinned, pinned_len, pinned_c, 32, 1, NULL),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_monero_verify(e, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS, BALLISTIC_MONERO_STRICT, pinned, pinned_len, pinned_c,
                                   32, 1, NULL),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_monero_verify(e, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_MONERO_STRICT, pinned, pinned_len, pinned_c, 0,
                                   0, NULL),
           BALLISTIC_ERR_STATEMENT);
    /* Monero binds no extra data: refused, not ignored. Bad magic, NULLs, another group. */
    EXPECT(ballistic_monero_verify(e, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_MONERO_STRICT, pinned, pinned_len, pinned_c, 32, 1,
                                   opts_with(L("tx"), NULL, 0)),
           BALLISTIC_ERR_UNSUPPORTED);
    ballistic_options bad = BALLISTIC_OPTIONS_INIT;
    bad.magic[2] = 0;
    EXPECT(ballistic_monero_verify(e, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_MONERO_STRICT, pinned, pinned_len, pinned_c, 32, 1,
                                   &bad),
           BALLISTIC_ERR_OPTIONS);
    EXPECT(ballistic_monero_verify(NULL, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_MONERO_STRICT, pinned, pinned_len, pinned_c, 32,
                                   1, NULL),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_monero_verify(e, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_MONERO_STRICT, NULL, pinned_len, pinned_c, 32, 1,
                                   NULL),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_monero_verify(other, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_MONERO_STRICT, pinned, pinned_len, pinned_c,
                                   32, 1, NULL),
           BALLISTIC_ERR_WRONG_GROUP);

    /* Proving, both systems: commitments are mask·G + amount·H, byte for byte (mask 0, amount 1: H;
     * mask 1, amount 0: G). */
    const uint64_t amounts[2] = {1, 0};
    unsigned char masks[64] = {0};
    masks[32] = 1;
    const int systems[2] = {BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_SYSTEM_BULLETPROOFS};
    unsigned char bproofs[4][1024], bcommitments[4][32];
    size_t bproof_len[4];
    for (int s = 0; s < 2; s++) {
        size_t pl = sizeof proof, cl = sizeof commitments, expected = 0;
        EXPECT(ballistic_monero_proof_len(systems[s], 2, &expected), BALLISTIC_OK);
        EXPECT(ballistic_monero_prove(e, systems[s], amounts, 2, masks, 64, proof, &pl, commitments, &cl, NULL), BALLISTIC_OK);
        CHECK(pl == expected && cl == 64);
        CHECK(memcmp(commitments, h, 32) == 0 && memcmp(commitments + 32, g, 32) == 0);
        EXPECT(ballistic_monero_verify(e, systems[s], BALLISTIC_MONERO_STRICT, proof, pl, commitments, 64, 2, NULL), BALLISTIC_OK);
        unsigned char swapped[64];
        memcpy(swapped, commitments + 32, 32);
        memcpy(swapped + 32, commitments, 32);
        EXPECT(ballistic_monero_verify(e, systems[s], BALLISTIC_MONERO_STRICT, proof, pl, swapped, 64, 2, NULL),
               BALLISTIC_ERR_VERIFICATION);
        proof[pl - 1] ^= 0x01;
        int st = ballistic_monero_verify(e, systems[s], BALLISTIC_MONERO_STRICT, proof, pl, commitments, 64, 2, NULL);
        CHECK(st == BALLISTIC_ERR_VERIFICATION || st == BALLISTIC_ERR_DECODE);
        proof[pl - 1] ^= 0x01;
        /* Refusals. */
        size_t pl2 = sizeof proof, cl2 = sizeof commitments;
        unsigned char high[32];
        memset(high, 0xff, 32);
        EXPECT(ballistic_monero_prove(e, systems[s], amounts, 1, high, 32, proof, &pl2, commitments, &cl2, NULL), BALLISTIC_ERR_SCALAR);
        EXPECT(ballistic_monero_prove(e, systems[s], amounts, 2, masks, 32, proof, &pl2, commitments, &cl2, NULL),
               BALLISTIC_ERR_ARGUMENT);
        EXPECT(ballistic_monero_prove(e, systems[s], amounts, 0, masks, 0, proof, &pl2, commitments, &cl2, NULL),
               BALLISTIC_ERR_STATEMENT);
        EXPECT(ballistic_monero_prove(e, systems[s], amounts, 1, masks, 32, proof, &pl2, commitments, &cl2,
                                      opts_with(NULL, 0, L("memo"))),
               BALLISTIC_ERR_UNSUPPORTED);
        EXPECT(ballistic_monero_prove(e, systems[s], amounts, 1, masks, 32, proof, &pl2, commitments, &cl2, &bad),
               BALLISTIC_ERR_OPTIONS);
        EXPECT(ballistic_monero_prove(other, systems[s], amounts, 1, masks, 32, proof, &pl2, commitments, &cl2, NULL),
               BALLISTIC_ERR_WRONG_GROUP);
        EXPECT(ballistic_monero_prove(e, systems[s], NULL, 1, masks, 32, proof, &pl2, commitments, &cl2, NULL),
               BALLISTIC_ERR_NULL_POINTER);
        pl2 = 1;
        EXPECT(ballistic_monero_prove(e, systems[s], amounts, 1, masks, 32, proof, &pl2, commitments, &cl2, NULL),
               BALLISTIC_ERR_BUFFER_TOO_SMALL);
        CHECK(pl2 > 1);
        /* Both buffers too short: both lengths needed are reported (not only the proof's). */
        size_t needed_pl = 0;
        EXPECT(ballistic_monero_proof_len(systems[s], 1, &needed_pl), BALLISTIC_OK);
        pl2 = 1;
        cl2 = 1;
        EXPECT(ballistic_monero_prove(e, systems[s], amounts, 1, masks, 32, proof, &pl2, commitments, &cl2, NULL),
               BALLISTIC_ERR_BUFFER_TOO_SMALL);
        CHECK(pl2 == needed_pl && cl2 == 32);
        /* Two single-output proofs of this system for the batch below. */
        for (int j = 0; j < 2; j++) {
            int i = 2 * s + j;
            uint64_t amount = 77u + (uint64_t)i;
            unsigned char mask[32];
            small_scalar(mask, (unsigned char)(i + 3));
            size_t bl = sizeof bproofs[i], bc = sizeof bcommitments[i];
            EXPECT(ballistic_monero_prove(e, systems[s], &amount, 1, mask, 32, bproofs[i], &bl, bcommitments[i], &bc, NULL),
                   BALLISTIC_OK);
            bproof_len[i] = bl;
        }
    }
    ballistic_monero_item items[5];
    for (int i = 0; i < 4; i++) {
        ballistic_monero_item item = {systems[i / 2], BALLISTIC_MONERO_STRICT, bproofs[i], bproof_len[i], bcommitments[i], 32, 1, NULL};
        items[i] = item;
    }
    ballistic_monero_item pinned_item = {BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, BALLISTIC_MONERO_CONSENSUS, pinned, pinned_len, pinned_c,
                                         32, 1, NULL};
    items[4] = pinned_item;
    size_t invalid[5], count = 99;
    EXPECT(ballistic_monero_verify_batch(e, items, 5, invalid, &count), BALLISTIC_OK);
    CHECK(count == 0);
    bproofs[0][40] ^= 1;              /* Bulletproofs+ #0 tampered */
    items[3].commitments = bcommitments[2]; /* original #3 on another commitment */
    EXPECT(ballistic_monero_verify_batch(e, items, 5, invalid, &count), BALLISTIC_ERR_VERIFICATION);
    CHECK(count == 2 && invalid[0] == 0 && invalid[1] == 3);
    bproofs[0][40] ^= 1;
    items[3].commitments = bcommitments[3];
    items[1].opts = &bad;
    items[4].proof_len += 1;
    EXPECT(ballistic_monero_verify_batch(e, items, 5, invalid, &count), BALLISTIC_ERR_VERIFICATION);
    CHECK(count == 2 && invalid[0] == 1 && invalid[1] == 4);
    items[1].opts = NULL;
    items[4].proof_len -= 1;
    items[2].system = BALLISTIC_SYSTEM_BULLETPROOFS_PLUS; /* the wrong system */
    EXPECT(ballistic_monero_verify_batch(e, items, 5, invalid, &count), BALLISTIC_ERR_VERIFICATION);
    CHECK(count == 1 && invalid[0] == 2);
    EXPECT(ballistic_monero_verify_batch(e, NULL, 0, NULL, &count), BALLISTIC_OK);
    EXPECT(ballistic_monero_verify_batch(e, items, 5, NULL, &count), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_monero_verify_batch(other, items, 5, invalid, &count), BALLISTIC_ERR_WRONG_GROUP);
}

static const int ASSET_SYSTEMS[4] = {BALLISTIC_MULTI_ASSET_NATIVE, BALLISTIC_MULTI_ASSET_RECOMMITTED_BULLETPROOFS,
                                     BALLISTIC_MULTI_ASSET_RECOMMITTED_BULLETPROOFS_PLUS,
                                     BALLISTIC_MULTI_ASSET_RECOMMITTED_BULLETPROOFS_PLUS_PLUS};

static void test_assets(ballistic_context *ctx, int group, size_t point_len) {
    unsigned char btc[33], eth[33], tag[33], gens[66], swapped_gens[66], r[32], blindings[64];
    size_t n = sizeof btc;
    EXPECT(ballistic_asset_generator(ctx, L("BTC"), btc, &n), BALLISTIC_OK);
    CHECK(n == point_len);
    n = sizeof eth;
    EXPECT(ballistic_asset_generator(ctx, L("ETH"), eth, &n), BALLISTIC_OK);
    CHECK(memcmp(btc, eth, point_len) != 0);
    small_scalar(r, 5);
    n = sizeof tag;
    EXPECT(ballistic_blinded_asset_generator(ctx, btc, point_len, r, tag, &n), BALLISTIC_OK);
    CHECK(n == point_len && memcmp(tag, btc, point_len) != 0);
    static unsigned char long_id[1025];
    n = sizeof eth;
    EXPECT(ballistic_asset_generator(ctx, long_id, sizeof long_id, eth, &n), BALLISTIC_ERR_ARGUMENT);
    unsigned char not_a_point[33];
    memset(not_a_point, 0xff, sizeof not_a_point);
    n = sizeof tag;
    EXPECT(ballistic_blinded_asset_generator(ctx, not_a_point, point_len, r, tag, &n), BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_blinded_asset_generator(ctx, btc, point_len, NULL, tag, &n), BALLISTIC_ERR_NULL_POINTER);
    n = 1;
    EXPECT(ballistic_asset_generator(ctx, L("ETH"), eth, &n), BALLISTIC_ERR_BUFFER_TOO_SMALL);
    CHECK(n == point_len);
    n = sizeof eth;
    EXPECT(ballistic_asset_generator(ctx, L("ETH"), eth, &n), BALLISTIC_OK);

    memcpy(gens, tag, point_len);
    memcpy(gens + point_len, eth, point_len);
    memcpy(swapped_gens, eth, point_len);
    memcpy(swapped_gens + point_len, tag, point_len);
    small_scalar(blindings, 1);
    small_scalar(blindings + 32, 2);
    const uint64_t values[2] = {21000000, 4242};
    unsigned char proofs[4][1600], commitments[4][66];
    size_t proof_lens[4];
    for (int s = 0; s < 4; s++) {
        int sys = ASSET_SYSTEMS[s];
        size_t expected = 0, gc = 0, pc = 0;
        EXPECT(ballistic_multi_asset_proof_len(group, sys, 32, 2, &expected, &gc, &pc), BALLISTIC_OK);
        CHECK(gc >= 1 && pc >= 1 && expected <= sizeof proofs[s]);
        size_t pl = sizeof proofs[s], cl = sizeof commitments[s];
        EXPECT(ballistic_multi_asset_prove(ctx, sys, L("assets"), values, 2, blindings, 64, gens, 2 * point_len, 32, proofs[s], &pl,
                                           commitments[s], &cl, opts_with(L("tx 9"), NULL, 0)),
               BALLISTIC_OK);
        CHECK(pl == expected && cl == 2 * point_len);
        proof_lens[s] = pl;
        const unsigned char *p = proofs[s], *c = commitments[s];
        const ballistic_options *extra = opts_with(L("tx 9"), NULL, 0);
        EXPECT(ballistic_multi_asset_verify(ctx, sys, L("assets"), p, pl, c, cl, gens, 2 * point_len, 2, 32, extra), BALLISTIC_OK);
        /* Other generators, label, extra data; a wrong commitment; a flipped byte; truncated; extended; another shape. */
        EXPECT(ballistic_multi_asset_verify(ctx, sys, L("assets"), p, pl, c, cl, swapped_gens, 2 * point_len, 2, 32, extra),
               BALLISTIC_ERR_VERIFICATION);
        EXPECT(ballistic_multi_asset_verify(ctx, sys, L("assets!"), p, pl, c, cl, gens, 2 * point_len, 2, 32, extra),
               BALLISTIC_ERR_VERIFICATION);
        EXPECT(ballistic_multi_asset_verify(ctx, sys, L("assets"), p, pl, c, cl, gens, 2 * point_len, 2, 32, NULL),
               BALLISTIC_ERR_VERIFICATION);
        unsigned char wrong_c[66];
        memcpy(wrong_c, c, 2 * point_len);
        memcpy(wrong_c, c + point_len, point_len);
        EXPECT(ballistic_multi_asset_verify(ctx, sys, L("assets"), p, pl, wrong_c, cl, gens, 2 * point_len, 2, 32, extra),
               BALLISTIC_ERR_VERIFICATION);
        for (size_t i = 0; i < pl; i += 11 * sparse) {
            proofs[s][i] ^= 0x08;
            int st = ballistic_multi_asset_verify(ctx, sys, L("assets"), p, pl, c, cl, gens, 2 * point_len, 2, 32, extra);
            CHECK(st == BALLISTIC_ERR_VERIFICATION || st == BALLISTIC_ERR_DECODE);
            proofs[s][i] ^= 0x08;
        }
        EXPECT(ballistic_multi_asset_verify(ctx, sys, L("assets"), p, pl - 1, c, cl, gens, 2 * point_len, 2, 32, extra),
               BALLISTIC_ERR_DECODE);
        EXPECT(ballistic_multi_asset_verify(ctx, sys, L("assets"), p, pl + 1, c, cl, gens, 2 * point_len, 2, 32, extra),
               BALLISTIC_ERR_DECODE);
        /* Bulletproofs++'s proofs of (16, 2) and (32, 2) have the same length: that one decodes and fails. */
        EXPECT(ballistic_multi_asset_verify(ctx, sys, L("assets"), p, pl, c, cl, gens, 2 * point_len, 2, 16, extra),
               sys == BALLISTIC_MULTI_ASSET_RECOMMITTED_BULLETPROOFS_PLUS_PLUS ? BALLISTIC_ERR_VERIFICATION : BALLISTIC_ERR_DECODE);
        EXPECT(ballistic_multi_asset_verify(ctx, sys, L("assets"), p, pl, c, cl, gens, 2 * point_len, 2, 65, extra),
               BALLISTIC_ERR_STATEMENT);
        EXPECT(ballistic_multi_asset_verify(ctx, sys, L("assets"), p, pl, c, cl, gens, point_len, 2, 32, extra), BALLISTIC_ERR_ARGUMENT);
        unsigned char bad_gens[66];
        memcpy(bad_gens, gens, 2 * point_len);
        memset(bad_gens + point_len, 0xff, point_len);
        EXPECT(ballistic_multi_asset_verify(ctx, sys, L("assets"), p, pl, c, cl, bad_gens, 2 * point_len, 2, 32, extra),
               BALLISTIC_ERR_STATEMENT);
        EXPECT(ballistic_multi_asset_verify(ctx, sys, L("assets"), p, pl, c, cl, gens, 2 * point_len, 2, 32,
                                            opts_with(L("tx 9"), L("memo"))),
               BALLISTIC_ERR_UNSUPPORTED);
        EXPECT(ballistic_multi_asset_verify(NULL, sys, L("assets"), p, pl, c, cl, gens, 2 * point_len, 2, 32, extra),
               BALLISTIC_ERR_NULL_POINTER);
        EXPECT(ballistic_multi_asset_verify(ctx, sys, L("assets"), NULL, pl, c, cl, gens, 2 * point_len, 2, 32, extra),
               BALLISTIC_ERR_NULL_POINTER);
        EXPECT(ballistic_multi_asset_verify(ctx, 9, L("assets"), p, pl, c, cl, gens, 2 * point_len, 2, 32, extra), BALLISTIC_ERR_ARGUMENT);
        ballistic_options bad = BALLISTIC_OPTIONS_INIT;
        bad.magic[0] = 0;
        EXPECT(ballistic_multi_asset_verify(ctx, sys, L("assets"), p, pl, c, cl, gens, 2 * point_len, 2, 32, &bad),
               BALLISTIC_ERR_OPTIONS);
        /* Prover refusals. */
        size_t pl2 = sizeof proofs[s], cl2 = sizeof commitments[s];
        unsigned char scratch[1600], scratch_c[66];
        const uint64_t too_big[2] = {(uint64_t)1 << 32, 1};
        EXPECT(ballistic_multi_asset_prove(ctx, sys, L("assets"), too_big, 2, blindings, 64, gens, 2 * point_len, 32, scratch, &pl2,
                                           scratch_c, &cl2, NULL),
               BALLISTIC_ERR_PROVER);
        EXPECT(ballistic_multi_asset_prove(ctx, sys, L("assets"), values, 2, blindings, 64, bad_gens, 2 * point_len, 32, scratch, &pl2,
                                           scratch_c, &cl2, NULL),
               BALLISTIC_ERR_STATEMENT);
        EXPECT(ballistic_multi_asset_prove(ctx, sys, L("assets"), values, 2, blindings, 32, gens, 2 * point_len, 32, scratch, &pl2,
                                           scratch_c, &cl2, NULL),
               BALLISTIC_ERR_ARGUMENT);
        EXPECT(ballistic_multi_asset_prove(ctx, sys, L("assets"), values, 2, blindings, 64, gens, 2 * point_len, 32, scratch, &pl2,
                                           scratch_c, &cl2, &bad),
               BALLISTIC_ERR_OPTIONS);
        EXPECT(ballistic_multi_asset_prove(ctx, sys, L("assets"), values, 2, blindings, 64, NULL, 2 * point_len, 32, scratch, &pl2,
                                           scratch_c, &cl2, NULL),
               BALLISTIC_ERR_NULL_POINTER);
        pl2 = 3;
        EXPECT(ballistic_multi_asset_prove(ctx, sys, L("assets"), values, 2, blindings, 64, gens, 2 * point_len, 32, scratch, &pl2,
                                           scratch_c, &cl2, NULL),
               BALLISTIC_ERR_BUFFER_TOO_SMALL);
        CHECK(pl2 == expected);
        /* Both buffers too short: both lengths needed are reported. */
        pl2 = 3;
        cl2 = 1;
        EXPECT(ballistic_multi_asset_prove(ctx, sys, L("assets"), values, 2, blindings, 64, gens, 2 * point_len, 32, scratch, &pl2,
                                           scratch_c, &cl2, NULL),
               BALLISTIC_ERR_BUFFER_TOO_SMALL);
        CHECK(pl2 == expected && cl2 == 2 * point_len);
        /* A zero blinding would make the commitment v·H_j, found by trying values: refused. */
        unsigned char zero_second[64];
        memcpy(zero_second, blindings, 32);
        memset(zero_second + 32, 0, 32);
        pl2 = sizeof scratch;
        cl2 = sizeof scratch_c;
        EXPECT(ballistic_multi_asset_prove(ctx, sys, L("assets"), values, 2, zero_second, 64, gens, 2 * point_len, 32, scratch,
                                           &pl2, scratch_c, &cl2, NULL),
               BALLISTIC_ERR_PROVER);
    }
    size_t expected = 0;
    EXPECT(ballistic_multi_asset_proof_len(group, 0, 32, 2, &expected, NULL, NULL), BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_multi_asset_proof_len(group, BALLISTIC_MULTI_ASSET_NATIVE, 0, 2, &expected, NULL, NULL), BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_multi_asset_proof_len(group, BALLISTIC_MULTI_ASSET_NATIVE, 32, 2, NULL, NULL, NULL), BALLISTIC_ERR_NULL_POINTER);

    /* A batch of every construction names exactly the bad items. */
    ballistic_multi_asset_item items[4];
    for (int s = 0; s < 4; s++) {
        ballistic_multi_asset_item item = {ASSET_SYSTEMS[s], L("assets"), proofs[s], proof_lens[s], commitments[s], 2 * point_len,
                                           gens, 2 * point_len, 2, 32, opts_with(L("tx 9"), NULL, 0)};
        items[s] = item;
    }
    size_t invalid[4], count = 99;
    EXPECT(ballistic_multi_asset_verify_batch(ctx, items, 4, invalid, &count), BALLISTIC_OK);
    CHECK(count == 0);
    proofs[1][point_len + 2] ^= 1;
    items[3].value_generators = swapped_gens;
    EXPECT(ballistic_multi_asset_verify_batch(ctx, items, 4, invalid, &count), BALLISTIC_ERR_VERIFICATION);
    CHECK(count == 2 && invalid[0] == 1 && invalid[1] == 3);
    proofs[1][point_len + 2] ^= 1;
    items[3].value_generators = gens;
    ballistic_options bad = BALLISTIC_OPTIONS_INIT;
    bad.magic[3] = 9;
    items[0].opts = &bad;
    items[2].opts = NULL;
    EXPECT(ballistic_multi_asset_verify_batch(ctx, items, 4, invalid, &count), BALLISTIC_ERR_VERIFICATION);
    CHECK(count == 2 && invalid[0] == 0 && invalid[1] == 2);
    EXPECT(ballistic_multi_asset_verify_batch(ctx, NULL, 0, NULL, &count), BALLISTIC_OK);
    EXPECT(ballistic_multi_asset_verify_batch(ctx, items, 4, invalid, NULL), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_multi_asset_verify_batch(NULL, items, 4, invalid, &count), BALLISTIC_ERR_NULL_POINTER);
}

static void test_circuit(ballistic_context *ctx, ballistic_context *other_group) {
    const char *arith = "total 4\ninput 0\ninput 1\nnizkinput 2\nmul in 2 <1 2> out 1 <3>\noutput 3\n";
    ballistic_circuit *circuit = (ballistic_circuit *)1;
    EXPECT(ballistic_circuit_parse(L("total 4\ninput 0\nfoo in 1 <0> out 1 <1>\n"), &circuit), BALLISTIC_ERR_CIRCUIT);
    CHECK(circuit == NULL);
    EXPECT(ballistic_circuit_parse(L(arith), NULL), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_circuit_parse(NULL, 10, &circuit), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_circuit_parse(L(arith), &circuit), BALLISTIC_OK);
    CHECK(circuit != NULL);

    uint8_t *file = NULL;
    size_t file_len = 0;
    EXPECT(ballistic_circuit_prove(ctx, circuit, L("0 1\n1 5\n2 7\n"), L("circuit"), &file, &file_len), BALLISTIC_OK);
    char *text = malloc(file_len + 1);
    memcpy(text, file, file_len);
    text[file_len] = 0;
    CHECK(file_len > 0 && strstr(text, "\"r1cs\"") != NULL);
    EXPECT(ballistic_circuit_verify(ctx, circuit, file, file_len), BALLISTIC_OK);
    EXPECT(ballistic_circuit_verify(other_group, circuit, file, file_len), BALLISTIC_ERR_WRONG_GROUP);
    /* Another output (0x23 = 35 is 5 · 7): the proof does not prove it. */
    char *out = strstr(text, "\"outputs\"");
    char *value = out ? strstr(out, "23\"") : NULL;
    CHECK(value != NULL);
    if (value) {
        value[1] = '4';
        EXPECT(ballistic_circuit_verify(ctx, circuit, (const uint8_t *)text, file_len), BALLISTIC_ERR_VERIFICATION);
        value[1] = '3';
    }
    /* A proof two hex digits short: valid JSON and hex, not a proof. */
    char *hex = strstr(text, "\"proof\": \"");
    CHECK(hex != NULL);
    if (hex) {
        hex += strlen("\"proof\": \"");
        memmove(hex, hex + 2, strlen(hex + 2) + 1);
        EXPECT(ballistic_circuit_verify(ctx, circuit, (const uint8_t *)text, strlen(text)), BALLISTIC_ERR_DECODE);
    }
    free(text);
    EXPECT(ballistic_circuit_verify(ctx, circuit, L("{\"system\": \"r1cs\"}")), BALLISTIC_ERR_CIRCUIT);
    EXPECT(ballistic_circuit_verify(ctx, circuit, L("not json")), BALLISTIC_ERR_CIRCUIT);
    EXPECT(ballistic_circuit_verify(NULL, circuit, file, file_len), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_circuit_verify(ctx, NULL, file, file_len), BALLISTIC_ERR_NULL_POINTER);
    ballistic_bytes_free(file, file_len);
    ballistic_bytes_free(NULL, 0);

    EXPECT(ballistic_circuit_prove(ctx, circuit, L("0 1\n1 5\n"), L("circuit"), &file, &file_len), BALLISTIC_ERR_CIRCUIT);
    EXPECT(ballistic_circuit_prove(ctx, circuit, L("0 1\n1 5\n2 7\n"), (const uint8_t *)"\xff\xfe", 2, &file, &file_len),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_circuit_prove(ctx, circuit, L("0 1\n1 5\n2 7\n"), L("circuit"), NULL, &file_len), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_circuit_prove(ctx, NULL, L("0 1\n1 5\n2 7\n"), L("circuit"), &file, &file_len), BALLISTIC_ERR_NULL_POINTER);
    ballistic_circuit_destroy(circuit);
    ballistic_circuit_destroy(NULL);
}

int main(void) {
    const char *k_env = getenv("BALLISTIC_C_TEST_SPARSE");
    if (k_env != NULL && atoi(k_env) > 0) sparse = (size_t)atoi(k_env);
    test_status_messages();
    test_context();
    test_sizes();
    ballistic_context *r = ballistic_context_create(BALLISTIC_GROUP_RISTRETTO255, 64, 4);
    ballistic_context *k = ballistic_context_create(BALLISTIC_GROUP_SECP256K1, 64, 4);
    ballistic_context *e = ballistic_context_create(BALLISTIC_GROUP_ED25519, 64, 4);
    if (r == NULL || k == NULL || e == NULL) {
        fprintf(stderr, "context creation failed\n");
        return 1;
    }
    ballistic_context *contexts[3] = {r, k, e};
    const int groups[3] = {BALLISTIC_GROUP_RISTRETTO255, BALLISTIC_GROUP_SECP256K1, BALLISTIC_GROUP_ED25519};
    for (int g = 0; g < 3; g++) {
        size_t point_len = 0;
        EXPECT(ballistic_context_group(contexts[g], NULL, &point_len), BALLISTIC_OK);
        test_commit(contexts[g], point_len);
        test_range(contexts[g], groups[g], point_len);
        test_batch(contexts[g], point_len);
        test_interval(contexts[g], groups[g], point_len);
        test_recovery(contexts[g], point_len);
        test_recovery_message(contexts[g], point_len);
        test_extra(contexts[g]);
        test_options(contexts[g]);
        test_assets(contexts[g], groups[g], point_len);
    }
    test_grin(k, r);
    test_monero(e, r);
    test_circuit(r, k);
    test_circuit(k, r);
    ballistic_context_destroy(r);
    ballistic_context_destroy(k);
    ballistic_context_destroy(e);
    printf("C API: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
