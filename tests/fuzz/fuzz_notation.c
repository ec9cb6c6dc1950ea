/* Fuzz target: the core's text notation: rules, positions and games
 * (docs/notation.md), and the lines of the opening book (kalah_solve.h).
 * What parses formats, and the formatted text parses back to the same
 * thing; the text as a whole book is probed. */
#include "kalah.h"
#include "kalah_solve.h"

#include <stdbool.h>
#include "fuzz_util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    kalah_error err;
    kalah_rules r, r2;
    char buf[KALAH_TEXT_MAX];
    if (kalah_rules_parse(text, &r, &err) == KALAH_OK) {
        kalah_rules_format(&r, buf, sizeof buf);
        if (kalah_rules_parse(buf, &r2, &err) != KALAH_OK || !kalah_rules_same(&r, &r2))
            abort();
    }
    kalah_pos p, p2;
    if (kalah_pos_parse(text, &r, &p, &err) == KALAH_OK) {
        kalah_pos_format(&r, &p, buf, sizeof buf);
        if (kalah_pos_parse(buf, &r2, &p2, &err) != KALAH_OK || memcmp(&p, &p2, sizeof p) != 0)
            abort();
        if (kalah_total_stones(&r, &p) != kalah_rules_total(&r))
            abort();
    }
    kalah_game g;
    memset(&g, 0, sizeof g);
    if (kalah_game_parse(text, &g, &err) == KALAH_OK) {
        int need = kalah_game_format(&g, NULL, 0);
        char *back = malloc((size_t)need + 1);
        kalah_game g2;
        memset(&g2, 0, sizeof g2);
        if (back) {
            kalah_game_format(&g, back, (size_t)need + 1);
            if (kalah_game_parse(back, &g2, &err) != KALAH_OK || g2.played != g.played ||
                (g.played > 0 && memcmp(g2.moves, g.moves, (size_t)g.played) != 0))
                abort();
            kalah_game_free(&g2);
            free(back);
        }
        kalah_game_free(&g);
    }
    int v[KALAH_MAX_PITS], v2[KALAH_MAX_PITS];
    if (kalah_book_line_parse(text, &r, &p, v, &err) == KALAH_OK) {
        char line[KALAH_TEXT_MAX + 8 * KALAH_MAX_PITS];
        kalah_book_line_format(&r, &p, v, line, sizeof line);
        if (kalah_book_line_parse(line, &r2, &p2, v2, &err) != KALAH_OK ||
            memcmp(&p, &p2, sizeof p) != 0 || memcmp(v, v2, (size_t)r.pits * sizeof *v) != 0)
            abort();
    }
    /* The whole text as a book: probing it must not fail, found or not. */
    if (kalah_pos_parse(text, &r, &p, &err) == KALAH_OK ||
        kalah_book_line_parse(text, &r, &p, v, &err) == KALAH_OK)
        kalah_book_probe(text, &r, &p, v2);
    free(text);
    return 0;
}
