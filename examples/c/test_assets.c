/* The C API tests of multi-asset proofs. */
#include "test_common.h"

static const int ASSET_SYSTEMS[4] = {BALLISTIC_MULTI_ASSET_NATIVE, BALLISTIC_MULTI_ASSET_RECOMMITTED_BULLETPROOFS,
                                     BALLISTIC_MULTI_ASSET_RECOMMITTED_BULLETPROOFS_PLUS,
                                     BALLISTIC_MULTI_ASSET_RECOMMITTED_BULLETPROOFS_PLUS_PLUS};

void test_assets(ballistic_context *ctx, int group, size_t point_len) {
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
