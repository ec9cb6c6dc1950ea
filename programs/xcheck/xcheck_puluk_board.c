/* The Pulúk program's board as its registers hold it (xcheck_puluk_board.h). */
#include "xcheck_puluk_board.h"

#include "vm_whole.h"

#include <stdio.h>
#include <string.h>

bool xcheck_puluk_declared(const vm_decl *decl)
{
    return decl && decl->board.declared && strncmp(decl->board.game, "puluk", 5) == 0;
}

bool xcheck_puluk_layout_find(const vm_decl *decl, xcheck_puluk_layout *lay, char *why,
                              size_t size)
{
    memset(lay, 0, sizeof *lay);
    if (!xcheck_puluk_declared(decl)) {
        snprintf(why, size, "the program declares no Pulúk board (.board game puluk, docs/asm.md)");
        return false;
    }
    const vm_board *b = &decl->board;
    kalah_error err;
    if (puluk_rules_parse(b->game, &lay->rules, &err) != KALAH_OK) {
        snprintf(why, size, ".board game %s: %s", b->game, err.message);
        return false;
    }
    if (lay->rules.release != PULUK_RELEASE_HOME) {
        snprintf(why, size, ".board game %s: the registers hold a column as its top and its "
                            "prisoners, which only the author's release rule keeps",
                 b->game);
        return false;
    }
    lay->ncells = lay->rules.strips + 2;
    if (b->ncells != lay->ncells) {
        snprintf(why, size, ".board cells: %d registers, but %s has %d cells (its strips and "
                            "the two towns)",
                 b->ncells, b->game, lay->ncells);
        return false;
    }
    if (b->throw_reg < 0) {
        snprintf(why, size, "the program declares no throw register (.board throw R)");
        return false;
    }
    memcpy(lay->cell, b->cell, (size_t)lay->ncells * sizeof lay->cell[0]);
    lay->throw_reg = b->throw_reg;
    return true;
}

int xcheck_puluk_square(const xcheck_puluk_layout *lay, bool person_white, int k)
{
    return person_white ? k : lay->ncells - 1 - k;
}

bool xcheck_puluk_throw(const vm_machine *m, const xcheck_puluk_layout *lay, int *t, bool *person,
                        bool *keyed)
{
    /* 2t or 2t + 1, so that the half of keyed throws is a whole number. */
    vm_num two = vm_num_from_int(2), v;
    if (vm_num_mul(m->reg[lay->throw_reg], two, &v) != VM_NUM_OK)
        return false;
    int d = vm_whole_in(v, -2 * PULUK_MAX_THROW - 1, 2 * PULUK_MAX_THROW + 1, 99);
    if (d == 99)
        return false;
    int a = d < 0 ? -d : d;
    *person = d > 0;
    *keyed = a % 2 == 1;
    *t = a / 2;
    return true;
}

/* The person's colour, and the calculator's. */
static int colour(bool person_white, bool person)
{
    return person == person_white ? PULUK_WHITE : PULUK_BLACK;
}

bool xcheck_puluk_read(const vm_machine *m, const xcheck_puluk_layout *lay, bool person_white,
                       puluk_pos *out, char *why, size_t size)
{
    const puluk_rules *r = &lay->rules;
    puluk_pos p = puluk_start(r);
    int last = lay->ncells - 1, limit = 2 * r->pieces;
    for (int k = 0; k <= last; k++) {
        int v = vm_whole_in(m->reg[lay->cell[k]], -limit, limit, 99);
        int s = xcheck_puluk_square(lay, person_white, k);
        if (v == 99) {
            snprintf(why, size, "cell %d (register %d) holds no count of pieces", k, lay->cell[k]);
            return false;
        }
        if (k == 0 || k == last) {
            int n = k == 0 ? v : -v;
            if (n < 0 || n > r->pieces) {
                snprintf(why, size, "%s town (cell %d) holds %d", k == 0 ? "your" : "its", k, v);
                return false;
            }
            p.town[colour(person_white, k == 0)] = (uint8_t)n;
            continue;
        }
        if (v == 0)
            continue;
        int top = colour(person_white, v > 0), h = v < 0 ? -v : v;
        /* The top, then h - 1 pieces of the other side: bit i of stack is
         * the colour of the i-th piece from the top. */
        unsigned bits = (unsigned)top;
        if (top == PULUK_WHITE)
            bits |= ((1u << (h - 1)) - 1u) << 1;
        p.stack[s] = (uint16_t)bits;
        p.height[s] = (uint8_t)h;
    }
    p.to_move = (uint8_t)colour(person_white, true);
    int t;
    bool person, keyed;
    if (xcheck_puluk_throw(m, lay, &t, &person, &keyed) && person && t >= 1)
        p.thrown = (uint8_t)t;
    kalah_error err;
    if (puluk_pos_check(r, &p, &err) != KALAH_OK) {
        /* A finished game reads too: its loser is to move, with no throw. */
        p.thrown = 0;
        if (puluk_pos_check(r, &p, &err) != KALAH_OK) {
            snprintf(why, size, "not a position: %s", err.message);
            return false;
        }
    }
    *out = p;
    return true;
}

int xcheck_puluk_cell(const xcheck_puluk_layout *lay, bool person_white, const puluk_pos *p,
                      int k)
{
    int last = lay->ncells - 1, s = xcheck_puluk_square(lay, person_white, k);
    int you = colour(person_white, true);
    if (k == 0)
        return p->town[you];
    if (k == last)
        return -(int)p->town[1 - you];
    int h = p->height[s];
    if (h == 0)
        return 0;
    return (int)(p->stack[s] & 1u) == you ? h : -h;
}
