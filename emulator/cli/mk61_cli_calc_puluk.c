/* mk61 calc with a program that declares a Pulúk board: the board drawn
 * after every stop, each stop cross-checked (mk61_cli_calc_puluk.h). */
#include "mk61_cli_calc_puluk.h"

#include "vm_whole.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct calc_puluk {
    xcheck_puluk x;    /* the watcher: x.m is a copy of the calculator, taken
                          at each run's start and stop */
    bool open;         /* a watched run is under way */
    bool ok, refused;
    xcheck_puluk_wait before; /* what the last checked run answered */
};

calc_puluk *calc_puluk_open(const vm_program *p, const vm_decl *d, const vm_machine *m)
{
    if (!xcheck_puluk_declared(d))
        return NULL;
    calc_puluk *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->x.m = *m;
    c->ok = true;
    if (!xcheck_puluk_watch_init(&c->x, p, d)) {
        printf("  The program declares a board the cross-check cannot read: %s", c->x.report);
        free(c);
        return NULL;
    }
    return c;
}

void calc_puluk_close(calc_puluk *c)
{
    free(c);
}

void calc_puluk_step(void *ctx, const vm_machine *m)
{
    xcheck_puluk_look(&((calc_puluk *)ctx)->x, m);
}

void calc_puluk_run_starts(calc_puluk *c, const vm_machine *m)
{
    if (c->open)
        return;
    c->x.m = *m;
    xcheck_puluk_watch_run(&c->x);
    c->open = true;
}

/* The cell's column, top down: o yours, x the calculator's; "." empty. */
static void column(int v, int row, char out[3])
{
    int h = v < 0 ? -v : v;
    if (row >= h) {
        snprintf(out, 3, "%s", row == 0 ? "." : " ");
        return;
    }
    bool yours = (v > 0) == (row == 0);
    snprintf(out, 3, "%c", yours ? 'o' : 'x');
}

/* What the stop means (programs/puluk.md, "The display"). */
static void state_line(const calc_puluk *c)
{
    const xcheck_puluk *x = &c->x;
    if (x->m.halt != VM_HALT_STOP && x->m.halt != VM_HALT_NONE) {
        char why[160];
        xcheck_halt_text(&x->m, why, sizeof why);
        printf("  The calculator halted: %s.\n", why);
        return;
    }
    switch (x->wait) {
    case XCHECK_PULUK_START:
        printf("  %sNo game: key N rtn rs; N = 0: you first, the calculator throws (К СЧ); 1: "
               "you key the throws; 2, 3: the same, the calculator first.\n",
               c->refused ? "Refused (-1). " : "");
        return;
    case XCHECK_PULUK_YOUR_THROW:
        printf("  %sYour throw: throw four kernels and key the count of marked sides, 1..5 "
               "(none: 5; 0: the calculator throws), then rs.\n",
               c->refused ? "Refused (-1). " : "");
        return;
    case XCHECK_PULUK_ITS_THROW:
        printf("  %sIts throw: throw the kernels for the calculator and key the count (0: it "
               "throws), then rs.\n",
               c->refused ? "Refused (-1). " : "");
        return;
    case XCHECK_PULUK_YOUR_MOVE:
        printf("  %sYour move with %d: the square your piece leaves (0: your town, 1..9 a "
               "strip), then rs.\n",
               c->refused ? "Refused (-1): not a legal move. " : "", x->pos.thrown);
        return;
    case XCHECK_PULUK_OVER:
        printf("  Game over: %s.\n", x->shown > 0 ? "you won (8)" : "the calculator won (-8)");
        return;
    }
}

void calc_puluk_draw(const calc_puluk *c)
{
    const xcheck_puluk *x = &c->x;
    const xcheck_puluk_layout *l = &x->lay;
    int cell[PULUK_MAX_STRIPS + 2] = {0}, last = l->ncells - 1, height = 1;
    for (int k = 0; k <= last; k++) {
        cell[k] = vm_whole_in(x->m.reg[l->cell[k]], -99, 99, 0);
        if (k > 0 && k < last && abs(cell[k]) > height)
            height = abs(cell[k]);
    }
    if (x->wait != XCHECK_PULUK_START) {
        printf("\n  you           ");
        for (int k = 1; k < last; k++)
            printf("%-3d", k);
        printf("  the calculator\n  home %-2d       ", cell[0]);
        for (int row = 0; row < height; row++) {
            if (row)
                printf("                ");
            for (int k = 1; k < last; k++) {
                char s[3];
                column(cell[k], row, s);
                printf("%-3s", s);
            }
            if (row == 0)
                printf("  home %d", -cell[last]);
            printf("\n");
        }
        int from, t, e = x->last % 10;
        if (xcheck_puluk_last_calc(x, &from, &t))
            printf("  Its last move: from %d with %d, %s (o yours, x its; a column top down).\n",
                   xcheck_puluk_square(l, x->person_white, from), t,
                   e == XCHECK_PULUK_FAR       ? "into your town"
                   : e == XCHECK_PULUK_PLAIN   ? "a plain move"
                   : e == XCHECK_PULUK_CAPTURE ? "taking your piece"
                                               : "taking your piece and freeing its own");
        char line[4096];
        xcheck_puluk_game_line(x, line, sizeof line);
        printf("  %s\n", line);
    }
    state_line(c);
    if (!c->ok)
        printf("  The cross-check found a difference:\n%s", x->report);
}

void calc_puluk_run_ends(calc_puluk *c, const vm_machine *m)
{
    if (!c->open || m->halt == VM_HALT_BUDGET)
        return;
    c->open = false;
    c->x.m = *m;
    bool ok, refused;
    c->before = xcheck_puluk_watch_stop(&c->x, &ok, &refused);
    c->ok = ok;
    c->refused = refused;
    calc_puluk_draw(c);
}
