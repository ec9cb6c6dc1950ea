/* Rule sets and the starting position. */
#include "kalah.h"

#include <stdio.h>
#include <string.h>

static kalah_status fail(kalah_error *err, kalah_status code, const char *msg)
{
    if (err) {
        err->code = code;
        err->pos = -1;
        snprintf(err->message, sizeof err->message, "%s", msg);
    }
    return code;
}

kalah_rules kalah_rules_default(void)
{
    return (kalah_rules){.pits = 6, .stones = 6};
}

kalah_status kalah_rules_check(const kalah_rules *r, kalah_error *err)
{
    if (r->pits < 1 || r->pits > KALAH_MAX_PITS)
        return fail(err, KALAH_EINVAL, "pits per side must be 1..8");
    if (r->stones < 1 || r->stones > KALAH_MAX_STONES)
        return fail(err, KALAH_EINVAL, "stones per pit must be 1..12");
    return KALAH_OK;
}

kalah_pos kalah_start(const kalah_rules *r)
{
    kalah_pos p;
    memset(&p, 0, sizeof p);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < r->pits; i++)
            p.pit[s][i] = (uint8_t)r->stones;
    return p;
}

int kalah_total_stones(const kalah_rules *r, const kalah_pos *p)
{
    int total = p->store[0] + p->store[1];
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < r->pits; i++)
            total += p->pit[s][i];
    return total;
}
