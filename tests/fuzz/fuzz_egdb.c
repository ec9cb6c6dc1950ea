/* Fuzz target: an endgame database file (docs/egdb.md), header and values:
 * the bytes are written to a file and opened; a file that opens is probed
 * at positions of its rules. */
#define _POSIX_C_SOURCE 200809L
#include "kalah_search.h"
#include "kalah_solve.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    if (!path[0]) {
        snprintf(path, sizeof path, "/tmp/kalah61-fuzz-egdb-%ld", (long)getpid());
    }
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    kalah_egdb *db = NULL;
    kalah_error err;
    if (kalah_egdb_open(path, NULL, &db, &err) == KALAH_OK) {
        kalah_egdb_info info;
        kalah_egdb_describe(db, &info);
        /* Probe positions of up to the database's stones on its board. */
        kalah_rng g = kalah_rng_seed(size);
        for (int k = 0; k < 64; k++) {
            kalah_pos p;
            memset(&p, 0, sizeof p);
            int left = kalah_rng_below(&g, info.max_stones + 1);
            for (; left > 0; left--) {
                int side = kalah_rng_below(&g, 2), pit = kalah_rng_below(&g, info.rules.pits);
                p.pit[side][pit]++;
            }
            int gain;
            kalah_egdb_probe(db, &p, &gain);
        }
        kalah_egdb_free(db);
    }
    unlink(path);
    return 0;
}
