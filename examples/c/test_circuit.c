/* The C API tests of arithmetic circuits. */
#include "test_common.h"

void test_circuit(ballistic_context *ctx, ballistic_context *other_group) {
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
