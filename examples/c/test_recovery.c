/* The C API tests of owner recovery, extra data, recovery messages and options. */
#include "test_common.h"

void test_recovery(ballistic_context *ctx, size_t point_len) {
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
void test_extra(ballistic_context *ctx) {
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
void test_recovery_message(ballistic_context *ctx, size_t point_len) {
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
void test_options(ballistic_context *ctx) {
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
