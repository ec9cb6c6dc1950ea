/* The Kalah program's board as its registers hold it (xcheck_board.h). */
#include "xcheck_board.h"

#include "vm_whole.h"

#include <stdio.h>
#include <string.h>

#define COUNT_MAX 254 /* a count of stones; kalah_pos holds 0..255 */

int xcheck_calc_seen(int k)
{
    return XCHECK_PITS + 1 - k;
}

const char *xcheck_pit_key(bool person_first, char *buf, size_t size)
{
    snprintf(buf, size, person_first ? "you S, C1..C6 = N6..N1" : "you N, C1..C6 = S6..S1");
    return buf;
}

const char *xcheck_calc_pit(int k, int calc_side, char *buf, size_t size)
{
    snprintf(buf, size, "C%d = %c%d", xcheck_calc_seen(k), calc_side == KALAH_SOUTH ? 'S' : 'N',
             k);
    return buf;
}

int xcheck_sign_over(int margin)
{
    return margin >= 0 ? XCHECK_SIGN_OVER + margin : margin - XCHECK_SIGN_OVER;
}

/* ---- the layout ------------------------------------------------------------ */

/* Finds register `name`; false, with why, when the program has none. */
static bool need(const char (*reg_name)[VM_LABEL_MAX], const char *name, int *slot, char *why,
                 size_t size)
{
    for (int r = 0; r < VM_MAX_REGS; r++)
        if (strcmp(reg_name[r], name) == 0) {
            *slot = r;
            return true;
        }
    snprintf(why, size, "the program declares no register named %s (.name)", name);
    return false;
}

bool xcheck_layout_find(const char (*reg_name)[VM_LABEL_MAX], xcheck_layout *lay, char *why,
                        size_t size)
{
    char name[16];
    for (int i = 0; i < XCHECK_PITS; i++) {
        snprintf(name, sizeof name, "P%d", i + 1);
        if (!need(reg_name, name, &lay->person[i], why, size))
            return false;
        snprintf(name, sizeof name, "C%d", xcheck_calc_seen(i + 1));
        if (!need(reg_name, name, &lay->calc[i], why, size))
            return false;
    }
    return need(reg_name, "PK", &lay->person_store, why, size) &&
           need(reg_name, "CK", &lay->calc_store, why, size) &&
           need(reg_name, "STATE", &lay->state, why, size) &&
           need(reg_name, "LAST", &lay->last, why, size);
}

/* ---- reading the board ---------------------------------------------------- */

int xcheck_count(const vm_machine *m, int reg)
{
    return vm_whole_in(m->reg[reg], 0, COUNT_MAX, -1);
}

/* A count as kalah_pos holds it: 255 for what is not one. */
static uint8_t count_in(const vm_machine *m, int reg)
{
    int v = xcheck_count(m, reg);
    return (uint8_t)(v < 0 ? COUNT_MAX + 1 : v);
}

kalah_pos xcheck_read_board(const vm_machine *m, const xcheck_layout *lay, bool person_first)
{
    kalah_pos p;
    memset(&p, 0, sizeof p);
    int ps = person_first ? KALAH_SOUTH : KALAH_NORTH, cs = ps ^ 1;
    for (int i = 0; i < XCHECK_PITS; i++) {
        p.pit[ps][i] = count_in(m, lay->person[i]);
        p.pit[cs][i] = count_in(m, lay->calc[i]);
    }
    p.store[ps] = count_in(m, lay->person_store);
    p.store[cs] = count_in(m, lay->calc_store);
    p.to_move = (uint8_t)ps;
    return p;
}
