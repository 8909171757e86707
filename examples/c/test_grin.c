/* The C API tests of Grin's range proofs (secp256k1-zkp's format). */
#include "test_common.h"

/* Pinned by crates/ballistic/tests/integration/compat_grin/vectors.rs (c_api_vector_is_grins):
 * secp256k1-zkp's prover (Grin's code) gives these bytes for value 4200000000, blinding 0x11..11,
 * rewind nonce 0x22..22, private nonce 0x33..33, 64 bits, Grin's H, no extra data, no message. */
static const char GRIN_PROOF_HEX[] = "981a74e80199108547aef93d2aab5beff93c5f00bfe464fd4988ed26ce9f07363ce7028c3b1ef4cb61acc38ab7c4c7373a11e00b76e9bbfc3e133af7e0e1c37503ec9ad42da4de05ae66d1b1b6191711ac8a6abb76803a2976d07eff79dcb727ce266dd33a90bd8baa842defd091a533228c3756754f78e13ec485d4c1a982fad68afb4f5ddc479fd5e325eb6b858ddbd717ba882a8ab58328c99ab7f52504712541c2e37930c5e22ccf2980578fb9248b0dabf3133dab93b214969930f41c25d2a6c7766ac74063493a3c9826c4eb0a89ab6549d65cc61e155796677e2db1e3304b3a097b52f40487a72636e265b3efe0c246a7392ad4052e6850a2373cf3168d60f871ac1ece24995dbc43926fe16cff7fea57939e0d9eced7a650bbadc0a48ec203c471194ab62acd44b98eeafe8ffcf55b6e454f3ce98110760bfbf7746484571bddfe5246bb7ba02dd5518b45b0d4bfe82ce46c0142691ad6e1388c5c144c6003dfb8ca39bf694c5063d6af2d1d5799ecfc6939ffd33c99005c656b01fe7fa6681683c147c297cbec1615e74b3a2c728a3b64ad7cebe45fc9b42ac16075f20015e01493368fd531e991782212dee0c43cadeae8d188374007c6fa78487f2a1fb21e83451ef3328bacf05899d12066e0e8bcf0b1b6277ca0450db1b03feb4a97fd127d0670d32a38242005d06b6b0f0f5eec64028039bdd45b2d3f72d97653884676aca229fc3b470d4f89a32d5b4d28d3418b92091aa1b29844fcfd74170e59b46b12443838cb2ab86376efcb6df7f7e770b9dff7a498e526b3897e73077fdcfecc7912d6f06fcca11b378bf43af629ef4c318f9b267c2001b37427c1612219de9120d497f005de6da52ec705fc434c52ae8d8168e7a6ac81bf6df75d0a1678a40d54f255f0655ff2243fb085dd590aa5d3b8e987ed39c661daffec1543b56f04";
static const char GRIN_COMMITMENT_HEX[] = "0897c2dcd2814a9b243b0f28a35a34f95e1d91eb1cac03fcb3c5a65c6cf9ad6f0a";

void test_grin(ballistic_context *k, ballistic_context *other) {
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
