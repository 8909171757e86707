/* The C API tests of commitments, range proofs, batch verification and intervals. */
#include "test_common.h"

void test_commit(ballistic_context *ctx, size_t point_len) {
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
void test_range(ballistic_context *ctx, int group, size_t point_len) {
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

void test_batch(ballistic_context *ctx, size_t point_len) {
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

void test_interval(ballistic_context *ctx, int group, size_t point_len) {
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
