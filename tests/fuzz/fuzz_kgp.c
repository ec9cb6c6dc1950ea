/* Fuzz target: the KGP line parser, board literals and record lines
 * (core/net). Every input is tried as all three; whatever parses must
 * satisfy the parser's promises. */
#include "kgp.h"

#include "fuzz_util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static kgp_msg m;
    kalah_error err;
    const char *text = (const char *)data;
    if (kgp_parse(text, size, &m, &err) == KALAH_OK) {
        /* A parsed message: a name of letters and digits, arguments within
         * bounds, boards that go on to the board parser. */
        if (m.name[0] == '\0' || m.argc > KGP_MAX_ARGS)
            abort();
        for (int k = 0; k < m.argc; k++) {
            if (strlen(m.argv[k].text) > size)
                abort();
            if (m.argv[k].type == KGP_BOARD) {
                kalah_rules r;
                kalah_pos p;
                if (kgp_board_parse(m.argv[k].text, &r, &p, &err) == KALAH_OK) {
                    char back[256];
                    kgp_board_format(&r, &p, back, sizeof back);
                    kalah_rules r2;
                    kalah_pos p2;
                    /* What is formatted parses back to the same board. */
                    if (kgp_board_parse(back, &r2, &p2, &err) != KALAH_OK ||
                        memcmp(&p, &p2, sizeof p) != 0)
                        abort();
                }
            }
        }
    }
    /* The same bytes as a board and as a record line. */
    char *copy = fuzz_text(data, size);
    kalah_rules r;
    kalah_pos p;
    kgp_board_parse(copy, &r, &p, &err);
    kgp_record rec;
    if (kgp_record_parse(copy, size, &rec, &err) == KALAH_OK)
        kalah_game_free(&rec.game);
    free(copy);
    return 0;
}
