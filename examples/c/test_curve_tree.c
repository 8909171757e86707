/* The C API tests of Curve Trees key ownership: key trees (built from a keys
 * file, written as JSON and loaded back), ownership proofs, single and
 * batch verification. Ten keys, secret keys 1..10, branching 4, 4.
 *
 * A proof costs about a second natively (the dev profile scripts/c-test
 * builds) and a minute under valgrind, a verification a tenth of that: under
 * valgrind (sparse > 1) two proofs are made, and the checks that only run
 * the same code paths again with other data are left to the native run. */
#include "test_common.h"

#define CONTEXT "example-forum/votes/2026"
#define MESSAGE "session 7f3a"

/* k·G for k = 1..11 (SEC1 compressed). Keys 1 and 6 go into the keys file
 * x-only (6·G has an odd y: the tree holds −6·G, which secret key 6 proves
 * for all the same); 11 stays out of the tree. */
static const char *PUBLIC[12] = {
    NULL,
    "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
    "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5",
    "02f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9",
    "02e493dbf1c10d80f3581e4904930b1404cc6c13900ee0758474fa94abe8c4cd13",
    "022f8bde4d1a07209355b4a7250a5c5128e88b84bddc619ab7cba8d569b240efe4",
    "03fff97bd5755eeea420453a14355235d382f6472f8568a18b2f057a1460297556",
    "025cbdf0646e5db4eaa398f365f2ea7a0e3d419b7e0330e39ce92bddedcac4f9bc",
    "022f01e5e15cca351daff3843fb70f3c2f0a1bdd05e5af888a67784ef3e10a2a01",
    "03acd484e2f0c7f65309ad178a9f559abde09796974c57e714c35f110dfc27ccbe",
    "03a0434d9e47f3c86235477c7b1ae6ae5d3442d49b1943c2b752a68e2a47e247c7",
    "03774ae7f858a9411e5ef4246b70c65aac5649980be5c17891bbec17895da008cb",
};

/* The keys file of keys first..last, one per line (x-only for 1 and 6). */
static size_t keys_file(char *out, int first, int last) {
    size_t len = 0;
    for (int k = first; k <= last; k++) {
        const char *hex = (k == 1 || k == 6) ? PUBLIC[k] + 2 : PUBLIC[k];
        len += (size_t)sprintf(out + len, "%s\n", hex);
    }
    return len;
}

/* A secret key k, 32 bytes big-endian. */
static void seckey(unsigned char out[32], unsigned char k) {
    memset(out, 0, 32);
    out[31] = k;
}

/* A proof file as a NUL-terminated copy (freed by the caller). */
static char *text_of(const uint8_t *file, size_t len) {
    char *text = malloc(len + 1);
    memcpy(text, file, len);
    text[len] = 0;
    return text;
}

/* The start of a JSON string field's value in `text`, or NULL. */
static char *field(char *text, const char *name) {
    char key[64];
    snprintf(key, sizeof key, "\"%s\": \"", name);
    char *at = strstr(text, key);
    return at ? at + strlen(key) : NULL;
}

/* Change one hex digit (to another hex digit); returns the digit it was. */
static char flip_digit(char *c) {
    char was = *c;
    *c = was == '0' ? '1' : '0';
    return was;
}

/* Verify `text` against the statement (root, 4 4, CONTEXT, MESSAGE). */
static int verify_text(const unsigned char root[33], const char *text, unsigned char image[32]) {
    const size_t branching[2] = {4, 4};
    return ballistic_ownership_verify(root, branching, 2, L(CONTEXT), L(MESSAGE), (const uint8_t *)text, strlen(text),
                                      image);
}

static void test_trees(ballistic_key_tree **tree_out, unsigned char root[33]) {
    char keys[12 * 70];
    size_t keys_len = keys_file(keys, 1, 10);
    const size_t b44[2] = {4, 4};
    ballistic_key_tree *tree = (ballistic_key_tree *)1;

    /* Refused: NULL pointers, a line that is not a key, a key twice, a key
     * and its negation, a shape out of range or too small for the keys. */
    EXPECT(ballistic_key_tree_build((const uint8_t *)keys, keys_len, b44, 2, NULL), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_key_tree_build(NULL, keys_len, b44, 2, &tree), BALLISTIC_ERR_NULL_POINTER);
    CHECK(tree == NULL);
    EXPECT(ballistic_key_tree_build((const uint8_t *)keys, keys_len, NULL, 2, &tree), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_key_tree_build(L("zz\n"), b44, 2, &tree), BALLISTIC_ERR_FILE);
    EXPECT(ballistic_key_tree_build(NULL, 0, b44, 2, &tree), BALLISTIC_ERR_FILE); /* no keys */
    char twice[4 * 70];
    size_t twice_len = keys_file(twice, 2, 4);
    twice_len += (size_t)sprintf(twice + twice_len, "%s\n", PUBLIC[3]);
    EXPECT(ballistic_key_tree_build((const uint8_t *)twice, twice_len, b44, 2, &tree), BALLISTIC_ERR_FILE);
    twice_len = keys_file(twice, 2, 4);
    twice_len += (size_t)sprintf(twice + twice_len, "03%s\n", PUBLIC[3] + 2); /* −3·G */
    EXPECT(ballistic_key_tree_build((const uint8_t *)twice, twice_len, b44, 2, &tree), BALLISTIC_ERR_FILE);
    const size_t b14[2] = {1, 4}, b22[2] = {2, 2}, deep[9] = {2, 2, 2, 2, 2, 2, 2, 2, 2};
    EXPECT(ballistic_key_tree_build((const uint8_t *)keys, keys_len, b14, 2, &tree), BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_key_tree_build((const uint8_t *)keys, keys_len, deep, 9, &tree), BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_key_tree_build((const uint8_t *)keys, keys_len, b22, 2, &tree), BALLISTIC_ERR_FILE);
    CHECK(tree == NULL);

    /* The library's default shape. */
    EXPECT(ballistic_key_tree_build((const uint8_t *)keys, keys_len, NULL, 0, &tree), BALLISTIC_OK);
    CHECK(tree != NULL);
    size_t shape[BALLISTIC_KEY_TREE_MAX_DEPTH], depth = BALLISTIC_KEY_TREE_MAX_DEPTH;
    EXPECT(ballistic_key_tree_root(tree, root, shape, &depth), BALLISTIC_OK);
    CHECK(depth >= 1 && depth <= BALLISTIC_KEY_TREE_MAX_DEPTH);
    ballistic_key_tree_destroy(tree);

    EXPECT(ballistic_key_tree_build((const uint8_t *)keys, keys_len, b44, 2, &tree), BALLISTIC_OK);
    CHECK(tree != NULL);
    if (tree == NULL) return;
    /* Root and shape: a depth query, a short array, then all of it. */
    depth = 0;
    memset(root, 0, 33);
    EXPECT(ballistic_key_tree_root(tree, root, NULL, &depth), BALLISTIC_ERR_BUFFER_TOO_SMALL);
    CHECK(depth == 2);
    depth = 1;
    EXPECT(ballistic_key_tree_root(tree, root, shape, &depth), BALLISTIC_ERR_BUFFER_TOO_SMALL);
    CHECK(depth == 2);
    depth = BALLISTIC_KEY_TREE_MAX_DEPTH;
    EXPECT(ballistic_key_tree_root(tree, root, shape, &depth), BALLISTIC_OK);
    CHECK(depth == 2 && shape[0] == 4 && shape[1] == 4);
    CHECK(root[0] == 0x02 || root[0] == 0x03);
    EXPECT(ballistic_key_tree_root(NULL, root, shape, &depth), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_key_tree_root(tree, NULL, shape, &depth), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_key_tree_root(tree, root, shape, NULL), BALLISTIC_ERR_NULL_POINTER);
    depth = 2;
    EXPECT(ballistic_key_tree_root(tree, root, NULL, &depth), BALLISTIC_ERR_NULL_POINTER);

    /* The tree file: a length query, a short buffer, then written; loaded
     * back it has the same root. */
    size_t json_len = 0;
    EXPECT(ballistic_key_tree_json(tree, NULL, &json_len), BALLISTIC_ERR_BUFFER_TOO_SMALL);
    CHECK(json_len > 10 * 66);
    uint8_t *json = malloc(json_len + 1);
    size_t short_len = json_len - 1;
    EXPECT(ballistic_key_tree_json(tree, json, &short_len), BALLISTIC_ERR_BUFFER_TOO_SMALL);
    CHECK(short_len == json_len);
    size_t written = json_len;
    EXPECT(ballistic_key_tree_json(tree, json, &written), BALLISTIC_OK);
    CHECK(written == json_len);
    EXPECT(ballistic_key_tree_json(NULL, json, &written), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_key_tree_json(tree, json, NULL), BALLISTIC_ERR_NULL_POINTER);
    ballistic_key_tree *loaded = (ballistic_key_tree *)1;
    EXPECT(ballistic_key_tree_load(json, json_len, &loaded), BALLISTIC_OK);
    unsigned char loaded_root[33];
    depth = 0;
    EXPECT(ballistic_key_tree_root(loaded, loaded_root, NULL, &depth), BALLISTIC_ERR_BUFFER_TOO_SMALL);
    CHECK(memcmp(root, loaded_root, 33) == 0);
    ballistic_key_tree_destroy(loaded);
    /* A key of the file changed (4·G for 11·G: still a point): its keys no
     * longer give its root. Then not JSON, and NULL pointers. */
    char *text = text_of(json, json_len);
    char *key4 = strstr(text, PUBLIC[4]);
    CHECK(key4 != NULL);
    if (key4) {
        memcpy(key4, PUBLIC[11], 66);
        EXPECT(ballistic_key_tree_load((const uint8_t *)text, json_len, &loaded), BALLISTIC_ERR_FILE);
        CHECK(loaded == NULL);
    }
    free(text);
    EXPECT(ballistic_key_tree_load(L("not json"), &loaded), BALLISTIC_ERR_FILE);
    EXPECT(ballistic_key_tree_load(json, json_len, NULL), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_key_tree_load(NULL, json_len, &loaded), BALLISTIC_ERR_NULL_POINTER);
    free(json);
    ballistic_key_tree_destroy(NULL);
    *tree_out = tree;
}

/* The key image a proof file claims (its "key_image", hex), as bytes. */
static void claimed_image(const uint8_t *file, size_t len, unsigned char image[32]) {
    char *text = text_of(file, len);
    char *hex = field(text, "key_image");
    memset(image, 0, 32);
    CHECK(hex != NULL && strlen(hex) > 2 * BALLISTIC_KEY_IMAGE_LEN && hex[2 * BALLISTIC_KEY_IMAGE_LEN] == '"');
    if (hex && strlen(hex) > 2 * BALLISTIC_KEY_IMAGE_LEN) {
        hex[2 * BALLISTIC_KEY_IMAGE_LEN] = 0;
        unhex(hex, image);
    }
    free(text);
}

/* Proves with key 3 for (CONTEXT, MESSAGE); the proof file is left in
 * *file_out, *len_out (for the batch). */
static void test_prove_verify(const ballistic_key_tree *tree, const unsigned char root[33], uint8_t **file_out,
                              size_t *len_out) {
    const size_t b44[2] = {4, 4};
    unsigned char key[32];
    uint8_t *file = NULL;
    size_t file_len = 0;
    seckey(key, 3);
    EXPECT(ballistic_ownership_prove(tree, key, L(CONTEXT), L(MESSAGE), &file, &file_len), BALLISTIC_OK);
    CHECK(file != NULL && file_len > 0);
    if (file == NULL) return;
    char *text = text_of(file, file_len);
    CHECK(strstr(text, "\"curve-tree-ownership\"") != NULL);

    /* The honest proof verifies and gives the file's key image. */
    unsigned char image[32] = {0}, expected[32] = {0};
    EXPECT(ballistic_ownership_verify(root, b44, 2, L(CONTEXT), L(MESSAGE), file, file_len, image), BALLISTIC_OK);
    claimed_image(file, file_len, expected);
    CHECK(memcmp(image, expected, 32) == 0);
    char *image_hex = field(text, "key_image");
    if (sparse == 1) {
        /* Another proof by the same key in the same context: a fresh proof,
         * the same image; in another context, another image. */
        uint8_t *again = NULL;
        size_t again_len = 0;
        EXPECT(ballistic_ownership_prove(tree, key, L(CONTEXT), L("another session"), &again, &again_len),
               BALLISTIC_OK);
        unsigned char again_image[32] = {0};
        EXPECT(ballistic_ownership_verify(root, b44, 2, L(CONTEXT), L("another session"), again, again_len,
                                          again_image),
               BALLISTIC_OK);
        CHECK(memcmp(image, again_image, 32) == 0);
        CHECK(again_len != file_len || memcmp(again, file, file_len) != 0);
        ballistic_bytes_free(again, again_len);
        EXPECT(ballistic_ownership_prove(tree, key, L("another context"), L(MESSAGE), &again, &again_len),
               BALLISTIC_OK);
        EXPECT(ballistic_ownership_verify(root, b44, 2, L("another context"), L(MESSAGE), again, again_len,
                                          again_image),
               BALLISTIC_OK);
        CHECK(memcmp(image, again_image, 32) != 0);
        ballistic_bytes_free(again, again_len);
    }

    /* The verifier's statement decides: another context, message, root or
     * shape refuses the proof (and writes no image). */
    unsigned char untouched[32];
    memset(untouched, 0xee, 32);
    EXPECT(ballistic_ownership_verify(root, b44, 2, L("another context"), L(MESSAGE), file, file_len, untouched),
           BALLISTIC_ERR_VERIFICATION);
    EXPECT(ballistic_ownership_verify(root, b44, 2, L(CONTEXT), L("another session"), file, file_len, untouched),
           BALLISTIC_ERR_VERIFICATION);
    EXPECT(ballistic_ownership_verify(root, b44, 2, L(CONTEXT), L(""), file, file_len, untouched),
           BALLISTIC_ERR_VERIFICATION);
    char nine[10 * 70];
    size_t nine_len = keys_file(nine, 1, 9);
    ballistic_key_tree *other = NULL;
    unsigned char other_root[33];
    size_t depth = 0;
    EXPECT(ballistic_key_tree_build((const uint8_t *)nine, nine_len, b44, 2, &other), BALLISTIC_OK);
    EXPECT(ballistic_key_tree_root(other, other_root, NULL, &depth), BALLISTIC_ERR_BUFFER_TOO_SMALL);
    CHECK(memcmp(root, other_root, 33) != 0);
    EXPECT(ballistic_ownership_verify(other_root, b44, 2, L(CONTEXT), L(MESSAGE), file, file_len, untouched),
           BALLISTIC_ERR_VERIFICATION);
    const size_t b28[2] = {2, 8};
    EXPECT(ballistic_ownership_verify(root, b28, 2, L(CONTEXT), L(MESSAGE), file, file_len, untouched),
           BALLISTIC_ERR_VERIFICATION);
    /* A root that is not a point; shapes out of range. */
    unsigned char bad_root[33];
    memset(bad_root, 0, 33);
    EXPECT(ballistic_ownership_verify(bad_root, b44, 2, L(CONTEXT), L(MESSAGE), file, file_len, untouched),
           BALLISTIC_ERR_STATEMENT);
    const size_t b14[2] = {1, 4}, deep[9] = {2, 2, 2, 2, 2, 2, 2, 2, 2};
    EXPECT(ballistic_ownership_verify(root, b14, 2, L(CONTEXT), L(MESSAGE), file, file_len, untouched),
           BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_ownership_verify(root, deep, 9, L(CONTEXT), L(MESSAGE), file, file_len, untouched),
           BALLISTIC_ERR_STATEMENT);
    EXPECT(ballistic_ownership_verify(root, NULL, 0, L(CONTEXT), L(MESSAGE), file, file_len, untouched),
           BALLISTIC_ERR_STATEMENT);
    /* The file rewritten to claim another statement: its proof does not
     * prove it (natively: under valgrind the digit changes below take this path). */
    char *ctx_at = strstr(text, "\"context\": \"" CONTEXT "\"");
    CHECK(ctx_at != NULL);
    if (ctx_at && sparse == 1) {
        char *year = strstr(ctx_at, "2026");
        year[3] = '7';
        EXPECT(ballistic_ownership_verify(root, b44, 2, L("example-forum/votes/2027"), L(MESSAGE),
                                          (const uint8_t *)text, file_len, untouched),
               BALLISTIC_ERR_VERIFICATION);
        year[3] = '6';
    }
    char *root_at = field(text, "root");
    CHECK(root_at != NULL);
    if (root_at && sparse == 1) {
        char saved[66];
        memcpy(saved, root_at, 66);
        for (int i = 0; i < 33; i++) sprintf(root_at + 2 * i, "%02x", other_root[i]);
        root_at[66] = '"';
        EXPECT(verify_text(other_root, text, untouched), BALLISTIC_ERR_VERIFICATION);
        memcpy(root_at, saved, 66);
    }
    CHECK(memcmp(untouched, "\xee\xee\xee\xee", 4) == 0);
    if (sparse == 1) EXPECT(verify_text(root, text, image), BALLISTIC_OK);

    /* Tampered: digits of the proof changed (each refused, at decoding or by
     * the equation), the key image claimed changed, the proof truncated, not JSON. */
    char *proof_hex = field(text, "proof");
    CHECK(proof_hex != NULL);
    if (proof_hex) {
        size_t hex_len = strcspn(proof_hex, "\"");
        int refused = 0, tried = 0;
        for (size_t i = 0; i < hex_len; i += 211 * sparse) {
            char was = flip_digit(&proof_hex[i]);
            int got = verify_text(root, text, untouched);
            tried++;
            /* A digit of the key image inside the proof: not the file's image. */
            refused += got == BALLISTIC_ERR_VERIFICATION || got == BALLISTIC_ERR_DECODE || got == BALLISTIC_ERR_FILE;
            proof_hex[i] = was;
        }
        CHECK(tried > 0 && refused == tried);
        /* Two digits short: valid hex, not a proof. */
        char *cut = text_of((const uint8_t *)text, file_len);
        char *cut_hex = field(cut, "proof");
        memmove(cut_hex, cut_hex + 2, strlen(cut_hex + 2) + 1);
        EXPECT(verify_text(root, cut, untouched), BALLISTIC_ERR_DECODE);
        free(cut);
    }
    if (image_hex) {
        char was = flip_digit(&image_hex[40]);
        EXPECT(verify_text(root, text, untouched), BALLISTIC_ERR_FILE);
        image_hex[40] = was;
    }
    EXPECT(ballistic_ownership_verify(root, b44, 2, L(CONTEXT), L(MESSAGE), file, file_len / 2, untouched),
           BALLISTIC_ERR_FILE);
    EXPECT(ballistic_ownership_verify(root, b44, 2, L(CONTEXT), L(MESSAGE), L("not json"), untouched),
           BALLISTIC_ERR_FILE);
    CHECK(memcmp(untouched, "\xee\xee\xee\xee", 4) == 0);

    /* Context and message: UTF-8, a context not empty. */
    EXPECT(ballistic_ownership_verify(root, b44, 2, (const uint8_t *)"\xff\xfe", 2, L(MESSAGE), file, file_len, image),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_ownership_verify(root, b44, 2, L(CONTEXT), (const uint8_t *)"\xc3", 1, file, file_len, image),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_ownership_verify(root, b44, 2, L(""), L(MESSAGE), file, file_len, image), BALLISTIC_ERR_ARGUMENT);
    uint8_t *none = NULL;
    size_t none_len = 0;
    EXPECT(ballistic_ownership_prove(tree, key, (const uint8_t *)"\xff\xfe", 2, L(MESSAGE), &none, &none_len),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_ownership_prove(tree, key, L(CONTEXT), (const uint8_t *)"\xc3", 1, &none, &none_len),
           BALLISTIC_ERR_ARGUMENT);
    EXPECT(ballistic_ownership_prove(tree, key, L(""), L(MESSAGE), &none, &none_len), BALLISTIC_ERR_ARGUMENT);

    /* Keys: not in the tree (11, and 11's tree proves nothing here), zero,
     * the group order, 2^256 − 1. */
    seckey(key, 11);
    EXPECT(ballistic_ownership_prove(tree, key, L(CONTEXT), L(MESSAGE), &none, &none_len), BALLISTIC_ERR_PROVER);
    seckey(key, 0);
    EXPECT(ballistic_ownership_prove(tree, key, L(CONTEXT), L(MESSAGE), &none, &none_len), BALLISTIC_ERR_PROVER);
    unhex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", key);
    EXPECT(ballistic_ownership_prove(tree, key, L(CONTEXT), L(MESSAGE), &none, &none_len), BALLISTIC_ERR_SCALAR);
    memset(key, 0xff, 32);
    EXPECT(ballistic_ownership_prove(tree, key, L(CONTEXT), L(MESSAGE), &none, &none_len), BALLISTIC_ERR_SCALAR);
    CHECK(none == NULL && none_len == 0);
    /* Key 10 proves in the tree of keys 1..9 never, in its own tree yes. */
    seckey(key, 10);
    EXPECT(ballistic_ownership_prove(other, key, L(CONTEXT), L(MESSAGE), &none, &none_len), BALLISTIC_ERR_PROVER);
    ballistic_key_tree_destroy(other);

    /* NULL pointers. */
    seckey(key, 3);
    EXPECT(ballistic_ownership_prove(NULL, key, L(CONTEXT), L(MESSAGE), &none, &none_len), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_ownership_prove(tree, NULL, L(CONTEXT), L(MESSAGE), &none, &none_len), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_ownership_prove(tree, key, NULL, 3, L(MESSAGE), &none, &none_len), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_ownership_prove(tree, key, L(CONTEXT), NULL, 3, &none, &none_len), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_ownership_prove(tree, key, L(CONTEXT), L(MESSAGE), NULL, &none_len), BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_ownership_prove(tree, key, L(CONTEXT), L(MESSAGE), &none, NULL), BALLISTIC_ERR_NULL_POINTER);
    CHECK(none == NULL && none_len == 0);
    EXPECT(ballistic_ownership_verify(NULL, b44, 2, L(CONTEXT), L(MESSAGE), file, file_len, image),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_ownership_verify(root, NULL, 2, L(CONTEXT), L(MESSAGE), file, file_len, image),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_ownership_verify(root, b44, 2, NULL, 3, L(MESSAGE), file, file_len, image),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_ownership_verify(root, b44, 2, L(CONTEXT), NULL, 3, file, file_len, image),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_ownership_verify(root, b44, 2, L(CONTEXT), L(MESSAGE), NULL, file_len, image),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_ownership_verify(root, b44, 2, L(CONTEXT), L(MESSAGE), file, file_len, NULL),
           BALLISTIC_ERR_NULL_POINTER);
    free(text);
    *file_out = file;
    *len_out = file_len;
}

/* `mine`: the proof file of key 3 for (CONTEXT, MESSAGE). */
static void test_batch_ownership(const ballistic_key_tree *tree, const unsigned char root[33], const uint8_t *mine,
                                 size_t mine_len) {
    const size_t b44[2] = {4, 4};
    unsigned char key[32];
    /* Key 6: x-only in the keys file, with an odd y (the tree holds −6·G). */
    uint8_t *six = NULL;
    size_t six_len = 0;
    seckey(key, 6);
    EXPECT(ballistic_ownership_prove(tree, key, L(CONTEXT), L(MESSAGE), &six, &six_len), BALLISTIC_OK);
    if (six == NULL) return;
    char *tampered = text_of(mine, mine_len);
    char *hex = field(tampered, "proof");
    flip_digit(&hex[strlen(hex) / 2]);
    unsigned char six_image[32], mine_image[32];
    claimed_image(six, six_len, six_image);
    claimed_image(mine, mine_len, mine_image);
    CHECK(memcmp(six_image, mine_image, 32) != 0);

    /* Two valid files: both images, in order. The same file again is one
     * key used twice in the context. */
    ballistic_ownership_item items[6] = {
        {six, six_len},
        {mine, mine_len},
        {six, six_len},
        {(const uint8_t *)tampered, mine_len},
        {NULL, 10},
        {(const uint8_t *)"not json", 8},
    };
    unsigned char images[6 * 32];
    size_t invalid[6], invalid_count = 99;
    int statuses[6];
    EXPECT(ballistic_ownership_verify_batch(root, b44, 2, L(CONTEXT), L(MESSAGE), items, 2, images, invalid,
                                            &invalid_count, statuses),
           BALLISTIC_OK);
    CHECK(invalid_count == 0 && statuses[0] == BALLISTIC_OK && statuses[1] == BALLISTIC_OK);
    CHECK(memcmp(images, six_image, 32) == 0 && memcmp(images + 32, mine_image, 32) == 0);

    /* All six: the invalid ones named, each with its reason; their images zeros. */
    memset(images, 0xee, sizeof images);
    EXPECT(ballistic_ownership_verify_batch(root, b44, 2, L(CONTEXT), L(MESSAGE), items, 6, images, invalid,
                                            &invalid_count, statuses),
           BALLISTIC_ERR_VERIFICATION);
    CHECK(invalid_count == 4 && invalid[0] == 2 && invalid[1] == 3 && invalid[2] == 4 && invalid[3] == 5);
    CHECK(statuses[0] == BALLISTIC_OK && statuses[1] == BALLISTIC_OK);
    CHECK(statuses[2] == BALLISTIC_ERR_KEY_IMAGE_REUSED);
    CHECK(statuses[3] == BALLISTIC_ERR_VERIFICATION || statuses[3] == BALLISTIC_ERR_DECODE ||
          statuses[3] == BALLISTIC_ERR_FILE);
    CHECK(statuses[4] == BALLISTIC_ERR_NULL_POINTER && statuses[5] == BALLISTIC_ERR_FILE);
    static const unsigned char zeros[32] = {0};
    CHECK(memcmp(images, six_image, 32) == 0 && memcmp(images + 32, mine_image, 32) == 0);
    for (int i = 2; i < 6; i++) CHECK(memcmp(images + 32 * i, zeros, 32) == 0);
    /* Without statuses (the two files refused before any verification). */
    invalid_count = 99;
    EXPECT(ballistic_ownership_verify_batch(root, b44, 2, L(CONTEXT), L(MESSAGE), items + 4, 2, images, invalid,
                                            &invalid_count, NULL),
           BALLISTIC_ERR_VERIFICATION);
    CHECK(invalid_count == 2 && invalid[0] == 0 && invalid[1] == 1);
    /* Another context: every file refused; none; NULL pointers. */
    EXPECT(ballistic_ownership_verify_batch(root, b44, 2, L("another context"), L(MESSAGE), items, 2, images, invalid,
                                            &invalid_count, statuses),
           BALLISTIC_ERR_VERIFICATION);
    CHECK(invalid_count == 2 && statuses[0] == BALLISTIC_ERR_VERIFICATION && statuses[1] == BALLISTIC_ERR_VERIFICATION);
    EXPECT(ballistic_ownership_verify_batch(root, b44, 2, L(CONTEXT), L(MESSAGE), NULL, 0, NULL, NULL, &invalid_count,
                                            NULL),
           BALLISTIC_OK);
    CHECK(invalid_count == 0);
    EXPECT(ballistic_ownership_verify_batch(root, b44, 2, (const uint8_t *)"\xff", 1, L(MESSAGE), items, 2, images,
                                            invalid, &invalid_count, statuses),
           BALLISTIC_ERR_ARGUMENT);
    CHECK(invalid_count == 0);
    EXPECT(ballistic_ownership_verify_batch(root, b44, 2, L(CONTEXT), L(MESSAGE), NULL, 2, images, invalid,
                                            &invalid_count, statuses),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_ownership_verify_batch(root, b44, 2, L(CONTEXT), L(MESSAGE), items, 2, NULL, invalid,
                                            &invalid_count, statuses),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_ownership_verify_batch(root, b44, 2, L(CONTEXT), L(MESSAGE), items, 2, images, NULL,
                                            &invalid_count, statuses),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_ownership_verify_batch(root, b44, 2, L(CONTEXT), L(MESSAGE), items, 2, images, invalid, NULL,
                                            statuses),
           BALLISTIC_ERR_NULL_POINTER);
    EXPECT(ballistic_ownership_verify_batch(NULL, b44, 2, L(CONTEXT), L(MESSAGE), items, 2, images, invalid,
                                            &invalid_count, statuses),
           BALLISTIC_ERR_NULL_POINTER);
    free(tampered);
    ballistic_bytes_free(six, six_len);
}

void test_curve_tree(void) {
    ballistic_key_tree *tree = NULL;
    unsigned char root[33];
    test_trees(&tree, root);
    if (tree == NULL) {
        CHECK(tree != NULL);
        return;
    }
    uint8_t *mine = NULL;
    size_t mine_len = 0;
    test_prove_verify(tree, root, &mine, &mine_len);
    if (mine != NULL) test_batch_ownership(tree, root, mine, mine_len);
    ballistic_bytes_free(mine, mine_len);
    ballistic_key_tree_destroy(tree);
}
