/*
 * Tests of every function of include/ballistic.h, including every error
 * code the API can return from valid calls (BALLISTIC_ERR_INTERNAL is a
 * caught panic, which no input is known to cause: only its message is
 * checked). Run by scripts/c-test under valgrind memcheck (no errors, no
 * leaks). Exit status 0 iff every check passes.
 *
 * This file holds the shared state and helpers (declared in test_common.h),
 * the status, context and size tests, and main; test_range.c,
 * test_recovery.c, test_grin.c, test_monero.c, test_assets.c,
 * test_circuit.c and test_curve_tree.c hold the tests of each format.
 */
#include "test_common.h"

int failures = 0;
int checks = 0;

/* The byte-flip loops' stride multiplier: 1, or more with
 * BALLISTIC_C_TEST_SPARSE=K (scripts/c-test runs the whole suite natively,
 * then under valgrind memcheck with K = 8: every code path, fewer bytes, and
 * the per-group checks on one group of each point length, ristretto255 (32
 * bytes) and secp256k1 (33): the bindings' buffer handling depends on the
 * group only through that length, ed25519's and secq256k1's calls reach the
 * same code through the same dispatch, and their arithmetic is safe Rust,
 * checked natively). */
size_t sparse = 1;

/* BALLISTIC_C_TEST_PART=1 or 2: one of two halves of the suite (scripts/c-test
 * runs the halves as two valgrind processes side by side); unset: all of it. */
static int part = 0;

static int in_part(int half) { return part == 0 || part == half; }

void small_scalar(unsigned char out[32], unsigned char v) {
    memset(out, 0, 32);
    out[0] = v;
    out[2] = 0x77;
}

/* Options with extra data and a message, in one of 8 static slots used in turn (so a
 * call may take several). */
const ballistic_options *opts_with(const uint8_t *extra, size_t extra_len, const uint8_t *message,
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

const int SYSTEMS[3] = {BALLISTIC_SYSTEM_BULLETPROOFS, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS,
                        BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS};

/* Hex to bytes (the pinned vectors); returns the length. */
size_t unhex(const char *hex, unsigned char *out) {
    size_t n = strlen(hex) / 2;
    for (size_t i = 0; i < n; i++) {
        unsigned int b = 0;
        sscanf(hex + 2 * i, "%2x", &b);
        out[i] = (unsigned char)b;
    }
    return n;
}

static void test_status_messages(void) {
    for (int s = BALLISTIC_OK; s <= BALLISTIC_ERR_KEY_IMAGE_REUSED; s++) {
        const char *m = ballistic_status_message(s);
        CHECK(m != NULL && strlen(m) > 0 && strcmp(m, "unknown status code") != 0);
    }
    CHECK(strcmp(ballistic_status_message(999), "unknown status code") == 0);
    CHECK(strcmp(ballistic_status_message(-1), "unknown status code") == 0);
}

static void test_context(void) {
    CHECK(ballistic_context_create(0, 64, 1) == NULL);
    CHECK(ballistic_context_create(5, 64, 1) == NULL);
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
    ballistic_context *q = ballistic_context_create(BALLISTIC_GROUP_SECQ256K1, 8, 1);
    CHECK(q != NULL);
    EXPECT(ballistic_context_group(q, &group, &point_len), BALLISTIC_OK);
    CHECK(group == BALLISTIC_GROUP_SECQ256K1 && point_len == 33);
    ballistic_context_destroy(q);
}

/* One chain of 2^10 generators or more comes from the generator store
 * (BALLISTIC_GENERATOR_CACHE; scripts/c-test points it into the build
 * tree): the file is there once the context is made (written by the first
 * run, read by the later ones), and the context proves and verifies. */
static void test_generator_store(void) {
    ballistic_context *c = ballistic_context_create(BALLISTIC_GROUP_SECP256K1, 1024, 1);
    CHECK(c != NULL);
    if (c == NULL) return;
    const char *dir = getenv("BALLISTIC_GENERATOR_CACHE");
    if (dir != NULL && dir[0] == '/') {
        char path[4096];
        snprintf(path, sizeof path, "%s/secp256k1-1024.v1.gens", dir);
        FILE *f = fopen(path, "rb");
        CHECK(f != NULL);
        if (f != NULL) {
            /* "ballistic generators v1 secp256k1 1024\n", then 2 x 1024 points of 64 bytes. */
            CHECK(fseek(f, 0, SEEK_END) == 0 && ftell(f) == 39 + 2 * 1024 * 64);
            fclose(f);
        }
    }
    const uint64_t value[1] = {77};
    unsigned char blinding[32], proof[1024] = {0}, commitment[33] = {0};
    small_scalar(blinding, 3);
    size_t proof_len = sizeof proof, commitment_len = sizeof commitment;
    EXPECT(ballistic_range_prove(c, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("store"), value, 1, blinding, 32, 64, proof,
                                 &proof_len, commitment, &commitment_len, NULL),
           BALLISTIC_OK);
    EXPECT(ballistic_range_verify(c, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("store"), proof, proof_len, commitment,
                                  commitment_len, 1, 64, NULL),
           BALLISTIC_OK);
    proof[proof_len / 2] ^= 1;
    CHECK(ballistic_range_verify(c, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS, L("store"), proof, proof_len, commitment,
                                 commitment_len, 1, 64, NULL) != BALLISTIC_OK);
    ballistic_context_destroy(c);
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

int main(void) {
    const char *k_env = getenv("BALLISTIC_C_TEST_SPARSE");
    if (k_env != NULL && atoi(k_env) > 0) sparse = (size_t)atoi(k_env);
    const char *part_env = getenv("BALLISTIC_C_TEST_PART");
    if (part_env != NULL && (atoi(part_env) == 1 || atoi(part_env) == 2)) part = atoi(part_env);
    test_status_messages();
    test_context();
    test_generator_store();
    test_sizes();
    ballistic_context *r = ballistic_context_create(BALLISTIC_GROUP_RISTRETTO255, 64, 4);
    ballistic_context *k = ballistic_context_create(BALLISTIC_GROUP_SECP256K1, 64, 4);
    ballistic_context *e = ballistic_context_create(BALLISTIC_GROUP_ED25519, 64, 4);
    ballistic_context *q = ballistic_context_create(BALLISTIC_GROUP_SECQ256K1, 64, 4);
    if (r == NULL || k == NULL || e == NULL || q == NULL) {
        fprintf(stderr, "context creation failed\n");
        return 1;
    }
    ballistic_context *contexts[4] = {r, k, e, q};
    const int groups[4] = {BALLISTIC_GROUP_RISTRETTO255, BALLISTIC_GROUP_SECP256K1, BALLISTIC_GROUP_ED25519,
                           BALLISTIC_GROUP_SECQ256K1};
    /* Half 1: Curve Trees key ownership (two proofs: about 135 s of
     * valgrind), Grin, circuits proved on ristretto255; half 2: the
     * per-group checks, Monero, circuits proved on secp256k1 (about 150 s;
     * measured 2026-12-02). Under valgrind (sparse > 1) the group loop
     * skips ed25519 and secq256k1 (see `sparse`). */
    for (int g = 0; g < 4; g++) {
        if (!in_part(2)) continue;
        if (sparse > 1 && (groups[g] == BALLISTIC_GROUP_ED25519 || groups[g] == BALLISTIC_GROUP_SECQ256K1)) continue;
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
    if (in_part(1)) {
        test_grin(k, r);
        test_circuit(r, k);
        test_curve_tree();
    }
    if (in_part(2)) {
        test_monero(e, r);
        test_circuit(k, r);
    }
    ballistic_context_destroy(r);
    ballistic_context_destroy(k);
    ballistic_context_destroy(e);
    ballistic_context_destroy(q);
    printf("C API: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
