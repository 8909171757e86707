/*
 * ballistic's C API in a few steps: prove range proofs with every system,
 * verify them in one batch, see a tampered proof named, and prove and
 * verify an arithmetic circuit. Built and run (under valgrind) by
 * scripts/c-test; against an installed library:
 *
 *   cc example.c $(pkg-config --cflags --libs ballistic) -o example
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ballistic.h"

#define TRY(call)                                                              \
    do {                                                                       \
        int status_ = (call);                                                  \
        if (status_ != BALLISTIC_OK) {                                         \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,      \
                    ballistic_status_message(status_));                        \
            exit(1);                                                           \
        }                                                                      \
    } while (0)

/* A blinding: any 32 bytes below the group order (here: small, for the
 * example; a wallet draws them at random). */
static void blinding(unsigned char out[32], unsigned char seed) {
    memset(out, 0, 32);
    out[0] = seed;
    out[1] = 0x5a;
}

int main(void) {
    const char *label = "example: range proofs";
    const int systems[3] = {BALLISTIC_SYSTEM_BULLETPROOFS, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS,
                            BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS};
    const char *names[3] = {"Bulletproofs", "Bulletproofs+", "Bulletproofs++"};
    /* Generators for up to two 64-bit values per proof, on Ristretto255. */
    ballistic_context *ctx = ballistic_context_create(BALLISTIC_GROUP_RISTRETTO255, 64, 2);
    if (ctx == NULL) return 1;

    uint64_t values[2] = {1037578891u, 42u};
    unsigned char blindings[64];
    blinding(blindings, 1);
    blinding(blindings + 32, 2);

    unsigned char proofs[3][1024];
    unsigned char commitments[3][64];
    ballistic_range_item items[3];
    for (int i = 0; i < 3; i++) {
        size_t proof_len = sizeof proofs[i], commitments_len = sizeof commitments[i];
        TRY(ballistic_range_prove(ctx, systems[i], (const uint8_t *)label, strlen(label), values, 2, blindings,
                                  sizeof blindings, 64, proofs[i], &proof_len, commitments[i], &commitments_len, NULL));
        printf("%-15s 2 x 64-bit values: %zu-byte proof\n", names[i], proof_len);
        items[i] = (ballistic_range_item){systems[i], (const uint8_t *)label, strlen(label), proofs[i], proof_len,
                                          commitments[i], commitments_len, 2, 64, NULL};
    }

    size_t invalid[3], invalid_count = 0;
    TRY(ballistic_range_verify_batch(ctx, items, 3, invalid, &invalid_count));
    printf("batch of 3: all valid\n");

    proofs[1][40] ^= 1; /* tamper with the Bulletproofs+ proof */
    int status = ballistic_range_verify_batch(ctx, items, 3, invalid, &invalid_count);
    printf("batch with a tampered proof: %s; invalid:", ballistic_status_message(status));
    for (size_t k = 0; k < invalid_count; k++) printf(" #%zu", invalid[k]);
    printf("\n");
    if (status != BALLISTIC_ERR_VERIFICATION || invalid_count != 1 || invalid[0] != 1) return 1;

    /* A circuit: out = x * w, with x public and w secret. */
    const char *arith = "total 4\ninput 0\ninput 1\nnizkinput 2\nmul in 2 <1 2> out 1 <3>\noutput 3\n";
    const char *inputs = "0 1\n1 5\n2 7\n";
    ballistic_circuit *circuit = NULL;
    TRY(ballistic_circuit_parse((const uint8_t *)arith, strlen(arith), &circuit));
    uint8_t *proof_file = NULL;
    size_t proof_file_len = 0;
    TRY(ballistic_circuit_prove(ctx, circuit, (const uint8_t *)inputs, strlen(inputs),
                                (const uint8_t *)"example circuit", 15, &proof_file, &proof_file_len));
    TRY(ballistic_circuit_verify(ctx, circuit, proof_file, proof_file_len));
    printf("circuit proof file (%zu bytes) verifies\n", proof_file_len);

    ballistic_bytes_free(proof_file, proof_file_len);
    ballistic_circuit_destroy(circuit);
    ballistic_context_destroy(ctx);
    return 0;
}
