/* The C API tests of Monero's Bulletproofs+ (monero-oxide's format). */
#include "test_common.h"

/* Pinned by crates/ballistic/tests/integration/compat_monero.rs (c_api_vector_is_monero_s): a Bulletproofs+
 * proof of one output made by monero-oxide, which Monero accepts. */
static const char MONERO_PROOF_HEX[] = "318bfc30c8ebdfa99d2aa256f9f37a95445036a77b572cabe659ca9f59b5c314ba97c35317b5b35dd161a3197cfff1f988feb09740244f8e63db5a7bb9b4601b06308bb8c930c3f9ca53a60fb682ab2ee58c58893c31976feceaacb9ec4fc5f00c07f656b6f125a94fb7b4ca47b7b916333702721670b269ee1e4ab886328d06a6d21f464c5dd9b50cc91a59232c6f9eb6602d75b2b5db33d4d4cabe068e3404de41b6efae44a79d54503dd67fb11738a93069ae61facf36dbeda851e17fac040661abc6e1932e42a3be9a5a0c03a3e750db79650936695711451b5731fabcb19f1cbc35d75d2dcaf73600925fd209f7bd35a52931ef95f8ecfd699047f91fd369c7e30149bcb5eb0885950969d5df5f7fcd3553e58803fb15f80f093adc5755cf7ff005d6643154ce560eace0b383c68aaa89e170870df9710df5c5fedb6541f2e132308f4e2c969e7bf1669eddd5008fb7579ed893ed6ed2f4a4c3a620a6e1288a98271453dc26db95449f52fdd349c22485f694c8562561e0f093a6afa862560659feedc14b506c901cf4317223602ef702b9ee6466ede0e84bf81b37d63781f8c404fe2ada0171b1347aee8d6510c94d77ca786962bf01df878074f11431f2bb654698cd5987807a90aa6a1904c0b62decedda04681ed5509a61fa47c3a04fa4b99da7c940e9209a6bc5a1be1241d318df15fedf295468f0a217075dfc7f5a099b1baa7b3c0cf424121e0f458e8a29569835e7bfd148509463edd17841e1c25a03cd4f25f7d93e5a9e2d07eb548f4187fc673dcc77c3f948e3f7d4bbad6eb97c";
static const char MONERO_COMMITMENT_HEX[] = "7f9f070b0142dc3f0049b93569d6289051fcf6543b882881e1d770dd83cca982";
/* Monero's H (pinned by compat_monero.rs's generators_are_monero_s) and Ed25519's base point G. */
static const char MONERO_H_HEX[] = "8b655970153799af2aeadc9ff1add0ea6c7251d54154cfa92c173a0dd39c1f94";
static const char ED25519_G_HEX[] = "5866666666666666666666666666666666666666666666666666666666666666";

void test_monero(ballistic_context *e, ballistic_context *other) {
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
