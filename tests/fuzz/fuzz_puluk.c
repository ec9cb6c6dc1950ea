/* Fuzz target: Pulúk's text notation and its moves (core/include/puluk.h,
 * docs/puluk.md). What parses formats, and the formatted text parses back
 * to the same rules and position; a parsed position is valid, and each
 * throw and each legal move from it gives a valid position again. */
#include "puluk.h"

#include "fuzz_util.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Rules compared field by field (their padding is not theirs to keep). */
static bool same_rules(const puluk_rules *a, const puluk_rules *b)
{
    return a->strips == b->strips && a->pieces == b->pieces && a->release == b->release &&
           a->count == b->count && a->bias == b->bias;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    kalah_error err;
    puluk_rules r, r2;
    char buf[PULUK_TEXT_MAX];
    if (puluk_rules_parse(text, &r, &err) == KALAH_OK) {
        if (puluk_rules_format(&r, buf, sizeof buf) >= (int)sizeof buf)
            abort(); /* PULUK_TEXT_MAX holds every rule set */
        if (puluk_rules_parse(buf, &r2, &err) != KALAH_OK || !same_rules(&r, &r2))
            abort();
    }
    puluk_pos p, p2;
    if (puluk_pos_parse(text, &r, &p, &err) == KALAH_OK) {
        if (puluk_pos_check(&r, &p, &err) != KALAH_OK)
            abort(); /* parse accepts only positions of the rules */
        if (puluk_pos_format(&r, &p, buf, sizeof buf) >= (int)sizeof buf)
            abort();
        if (puluk_pos_parse(buf, &r2, &p2, &err) != KALAH_OK || memcmp(&p, &p2, sizeof p) != 0 ||
            !same_rules(&r, &r2))
            abort();
        /* Every throw, every move: the result is a position of the rules,
         * and an illegal move leaves the position as it was. */
        for (int t = 1; t <= PULUK_MAX_THROW && !puluk_over(&r, &p); t++) {
            puluk_pos q = p;
            if (!q.thrown && puluk_throw(&r, &q, t, &err) != KALAH_OK)
                abort();
            int moves[PULUK_MAX_MOVES];
            int n = puluk_moves(&r, &q, moves);
            if (n < 1)
                abort(); /* a side with a free piece always has a move */
            for (int k = 0; k < n; k++) {
                puluk_pos after = q;
                if (puluk_play(&r, &after, moves[k], NULL, &err) != KALAH_OK ||
                    puluk_pos_check(&r, &after, &err) != KALAH_OK)
                    abort();
            }
            puluk_pos same = q;
            if (puluk_play(&r, &same, -1, NULL, &err) == KALAH_OK ||
                memcmp(&same, &q, sizeof q) != 0)
                abort();
            if (p.thrown)
                break; /* its own throw only */
        }
    }
    free(text);
    return 0;
}
