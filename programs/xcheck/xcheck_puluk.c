/* The cross-check of the Pulúk program against the core (xcheck_puluk.h). */
#include "xcheck_puluk.h"

#include "vm_keys.h"
#include "vm_whole.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* ---- reports --------------------------------------------------------------- */

int xcheck_puluk_game_line(const xcheck_puluk *x, char *buf, size_t size)
{
    char rules[PULUK_TEXT_MAX];
    puluk_rules_format(&x->rules, rules, sizeof rules);
    size_t used = 0;
    int need = snprintf(buf, size, "%s, you %s, throws %s:", rules,
                        x->person_white ? "White" : "Black", x->keyed ? "keyed" : "by К СЧ");
    for (int i = 0; i < x->plies; i++) {
        const xcheck_puluk_ply *p = &x->ply[i];
        int side = (i % 2 == 0) ? PULUK_WHITE : PULUK_BLACK;
        char from[8];
        if (p->from == puluk_town_square(&x->rules, side))
            snprintf(from, sizeof from, "h");
        else
            snprintf(from, sizeof from, "%d", p->from);
        used = need < 0 ? 0 : (size_t)need < size ? (size_t)need : size;
        need += snprintf(buf + used, size - used, " %c%d %s", side == PULUK_WHITE ? 'W' : 'B',
                         p->throw_value, from);
    }
    return need;
}

static bool mismatch(xcheck_puluk *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Records a mismatch (the first one's details are kept); false. */
static bool mismatch(xcheck_puluk *x, const char *fmt, ...)
{
    x->mismatches++;
    if (x->report[0])
        return false;
    char what[512], game[4096], core[PULUK_TEXT_MAX], prog[PULUK_TEXT_MAX] = "?", xs[32];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    xcheck_puluk_game_line(x, game, sizeof game);
    puluk_pos_format(&x->rules, &x->pos, core, sizeof core);
    puluk_pos read;
    char why[160];
    if (xcheck_puluk_read(&x->m, &x->lay, x->person_white, &read, why, sizeof why))
        puluk_pos_format(&x->rules, &read, prog, sizeof prog);
    else
        snprintf(prog, sizeof prog, "(%s)", why);
    vm_num_format(x->m.x, xs, sizeof xs);
    snprintf(x->report, sizeof x->report,
             "mismatch: %.400s\n"
             "  game:     %.1800s\n"
             "  core:     %s\n"
             "  program:  %s\n"
             "  machine:  pc %d, halt %d, X %s, %llu instructions executed, К СЧ state "
             "%016llX at the start-up\n"
             "  replay:   mk61 run programs/puluk.mk61 --keys \"%.1000s%s\"%s\n",
             what, game, core, prog, x->m.pc, (int)x->m.halt, xs,
             (unsigned long long)x->m.executed, (unsigned long long)x->rng0, x->keys,
             strlen(x->keys) > 1000 ? " ..." : "",
             ", after setting К СЧ's state above (its throws)");
    return false;
}

/* ---- runs ---------------------------------------------------------------- */

/* The look before every step of a run: the caller's watcher, then the
 * calculator's throw the moment the program sets it (the throw register
 * going negative), with the board as it is then. */
bool xcheck_puluk_look(void *ctx, const vm_machine *m)
{
    xcheck_puluk *x = ctx;
    if (x->watch && !x->watch(x->watch_ctx, m))
        return false;
    int t;
    bool person, keyed;
    if (!x->thrown_seen && xcheck_puluk_throw(m, &x->lay, &t, &person, &keyed) && !person &&
        t >= 1) {
        x->thrown_seen = true;
        x->seen_throw = t;
        x->seen_keyed = keyed;
        for (int k = 0; k < x->lay.ncells; k++)
            x->seen_board[k] = m->reg[x->lay.cell[k]];
    }
    return true;
}

static xcheck_puluk_wait expect_after(xcheck_puluk *x, xcheck_puluk_wait before, bool *ok,
                                      bool *refused);

static void begin_run(xcheck_puluk *x)
{
    /* What a refused input must leave as it is. */
    for (int k = 0; k < x->lay.ncells; k++)
        x->guard[k] = x->m.reg[x->lay.cell[k]];
    x->guard_throw = x->m.reg[x->lay.throw_reg];
    x->input = x->m.x;
    x->from_start = x->prog && x->m.pc == x->prog->start;
    x->thrown_seen = false;
    x->seen_throw = 0;
    x->run_steps = x->run_ms = 0;
}

static void add_keys(xcheck_puluk *x, const char *keys)
{
    size_t n = strlen(x->keys);
    snprintf(x->keys + n, sizeof x->keys - n, "%s%s", n ? " " : "", keys);
}

/* Keys what the person types before С/П, then С/П, runs the program to its
 * stop under the look, and checks the stop. */
static bool key_and_check(xcheck_puluk *x, const char *keys, bool *refused)
{
    xcheck_runner r = {&x->m, x->budget, xcheck_puluk_look, x, &x->port};
    char why[256];
    bool dummy;
    if (!refused)
        refused = &dummy;
    add_keys(x, keys);
    add_keys(x, "С/П");
    if (!xcheck_press(&r, keys, NULL, NULL, why, sizeof why))
        return mismatch(x, "%s", why);
    begin_run(x);
    if (!xcheck_press(&r, "С/П", &x->run_steps, &x->run_ms, why, sizeof why))
        return mismatch(x, "%s", why);
    bool ok;
    expect_after(x, x->wait, &ok, refused);
    return ok;
}

/* ---- the stops ----------------------------------------------------------- */


static bool shows(xcheck_puluk *x, int want, const char *state)
{
    int got = vm_whole_in(x->m.x, -99999999, 99999999, 100000000);
    x->shown = got;
    if (got == want)
        return true;
    char a[32];
    vm_num_format(x->m.x, a, sizeof a);
    return mismatch(x, "the display shows %s, but %s: %d", a, state, want);
}

/* The board the program holds is the core's position (to_move and the
 * throw aside: the program keeps no side to move). */
static bool board_is(xcheck_puluk *x, const puluk_pos *want, const char *when)
{
    for (int k = 0; k < x->lay.ncells; k++) {
        int cell = xcheck_puluk_cell(&x->lay, x->person_white, want, k);
        if (!vm_num_eq(x->m.reg[x->lay.cell[k]], vm_num_from_int(cell))) {
            char a[32];
            vm_num_format(x->m.reg[x->lay.cell[k]], a, sizeof a);
            return mismatch(x, "%s, cell %d (register %d) holds %s, the core's position %d", when,
                            k, x->lay.cell[k], a, cell);
        }
    }
    return true;
}

/* The throw register holds a throw of the side and mode expected; *t gets
 * it (1..5). */
static bool throw_is(xcheck_puluk *x, bool person, int want, int *t)
{
    bool p, keyed;
    if (!xcheck_puluk_throw(&x->m, &x->lay, t, &p, &keyed) || p != person || keyed != x->keyed ||
        *t < 1 || (want && *t != want)) {
        char a[32];
        vm_num_format(x->m.reg[x->lay.throw_reg], a, sizeof a);
        return mismatch(x, "the throw register holds %s, not %s's throw%s", a,
                        person ? "the person" : "the calculator",
                        x->keyed ? " with the half of keyed throws" : "");
    }
    return true;
}

static void add_ply(xcheck_puluk *x, int t, int from, bool calc)
{
    if (x->plies < PULUK_MAX_PLIES)
        x->ply[x->plies++] = (xcheck_puluk_ply){(uint8_t)t, (uint8_t)from, calc};
}

/* The event a move makes, as the display codes it. */
static int event_of(const puluk_move_info *mi)
{
    return mi->town ? XCHECK_PULUK_FAR
                    : mi->captured ? XCHECK_PULUK_CAPTURE + mi->freed : XCHECK_PULUK_PLAIN;
}

/* The stop that waits for the person's move: the board, the person's
 * throw (read from the machine when it threw: *t_in 0), and the sign. */
static bool your_move(xcheck_puluk *x, int t_in)
{
    int t;
    if (!board_is(x, &x->pos, "waiting for the person's move") || !throw_is(x, true, t_in, &t))
        return false;
    if (!t_in)
        x->throws[t]++; /* the program's К СЧ for the person */
    x->pos.thrown = (uint8_t)t;
    x->checked++;
    return shows(x, x->last * 10 + t, "the person's move: LAST x 10 + the throw");
}

/* After a run in which the calculator moved with throw t (its К СЧ's when
 * random): its choice by the core, the board and what waits next. */
static xcheck_puluk_wait calc_moved(xcheck_puluk *x, int t, bool random, bool *ok)
{
    x->pos.thrown = (uint8_t)t;
    if (random)
        x->throws[t]++;
    int from = puluk_god_choose(&x->rules, &x->pos, &puluk_quetzalcoatl, 0);
    puluk_move_info mi;
    kalah_error err;
    if (from < 0 || puluk_play(&x->rules, &x->pos, from, &mi, &err) != KALAH_OK) {
        *ok = mismatch(x, "the core has no move for the calculator");
        return x->wait;
    }
    add_ply(x, t, from, true);
    x->moves++;
    x->calc_moves++;
    if (x->turns < x->turns_cap) {
        x->turn_steps[x->turns] = x->run_steps;
        x->turn_ms[x->turns] = x->run_ms;
    }
    x->turns++;
    int cell = xcheck_puluk_square(&x->lay, x->person_white, from);
    x->last = cell * 100 + t * 10 + event_of(&mi);
    x->checked++;
    if (!board_is(x, &x->pos, "after the calculator's move")) {
        *ok = false;
        return x->wait;
    }
    if (mi.won) {
        *ok = shows(x, XCHECK_PULUK_IT_WON, "the calculator won (-8)");
        return XCHECK_PULUK_OVER;
    }
    if (x->keyed) {
        int tt;
        *ok = throw_is(x, false, t, &tt) && shows(x, x->last, "the person's throw: LAST");
        return XCHECK_PULUK_YOUR_THROW;
    }
    *ok = your_move(x, 0);
    return XCHECK_PULUK_YOUR_MOVE;
}

/* The calculator's throw of this run: the one the look saw the program
 * set, held against LAST as the display shows it. */
static int calc_throw(xcheck_puluk *x, int keyed_value)
{
    if (x->thrown_seen)
        return x->seen_throw;
    if (keyed_value)
        return keyed_value;
    /* A watcher without the look (the window): LAST's tens digit. */
    int v = x->keyed ? vm_whole_in(x->m.x, 0, 99999999, -1)
                     : vm_whole_in(x->m.x, 0, 99999999, -10) / 10;
    return v < 0 ? 0 : v / 10 % 10;
}

/* The board after the person's move, as the look saw it when the
 * calculator's throw was set. */
static bool seen_board_is(xcheck_puluk *x, const puluk_pos *want)
{
    if (!x->thrown_seen)
        return true;
    for (int k = 0; k < x->lay.ncells; k++)
        if (!vm_num_eq(x->seen_board[k],
                       vm_num_from_int(xcheck_puluk_cell(&x->lay, x->person_white, want, k))))
            return mismatch(x, "after the person's move (when the calculator threw), cell %d "
                               "differs from the core's position",
                            k);
    x->checked++;
    return true;
}

/* A refused input: nothing changed, -1 shown. */
static bool refusal(xcheck_puluk *x, const char *what)
{
    for (int k = 0; k < x->lay.ncells; k++)
        if (!vm_num_eq(x->m.reg[x->lay.cell[k]], x->guard[k]))
            return mismatch(x, "%s changed cell %d (register %d)", what, k, x->lay.cell[k]);
    if (!vm_num_eq(x->m.reg[x->lay.throw_reg], x->guard_throw))
        return mismatch(x, "%s changed the throw register", what);
    if (!shows(x, XCHECK_PULUK_REFUSED, "the input was refused (-1)"))
        return false;
    x->refusals++;
    return true;
}

/* The start-up's stop, N taken from the input. */
static xcheck_puluk_wait started(xcheck_puluk *x, bool *ok)
{
    int n = vm_whole_in(x->input, 0, 3, -1);
    if (n < 0) {
        *ok = shows(x, XCHECK_PULUK_REFUSED, "a start-up other than 0..3 is refused (-1)");
        if (*ok)
            x->refusals++;
        return XCHECK_PULUK_START;
    }
    x->person_white = n < 2;
    x->keyed = n % 2 == 1;
    x->pos = puluk_start(&x->rules);
    x->plies = 0;
    x->last = 0;
    if (!x->person_white) {
        if (x->keyed) {
            *ok = board_is(x, &x->pos, "at the start") && shows(x, 0, "its throw at a new game: 0");
            return XCHECK_PULUK_ITS_THROW;
        }
        return calc_moved(x, calc_throw(x, 0), true, ok);
    }
    if (x->keyed) {
        int t;
        bool person, keyed;
        *ok = board_is(x, &x->pos, "at the start") &&
              (xcheck_puluk_throw(&x->m, &x->lay, &t, &person, &keyed) && keyed && t == 0
                   ? true
                   : mismatch(x, "the throw register does not hold 0.5 (keyed, no throw yet)")) &&
              shows(x, 0, "the person's throw at a new game: 0");
        return XCHECK_PULUK_YOUR_THROW;
    }
    *ok = your_move(x, 0);
    return XCHECK_PULUK_YOUR_MOVE;
}

/* What the program waits for after the run that started when it waited
 * for `before`, checked against the core; the core's game follows. */
static xcheck_puluk_wait expect_after(xcheck_puluk *x, xcheck_puluk_wait before, bool *ok,
                                      bool *refused)
{
    *ok = true;
    *refused = false;
    if (x->m.halt != VM_HALT_STOP) {
        char why[160];
        xcheck_halt_text(&x->m, why, sizeof why);
        *ok = mismatch(x, "the program halted: %s", why);
        return x->wait;
    }
    if (x->from_start) {
        x->wait = started(x, ok);
        return x->wait;
    }
    switch (before) {
    case XCHECK_PULUK_START: /* after a refused start-up: N again */
        x->wait = started(x, ok);
        return x->wait;
    case XCHECK_PULUK_OVER:
        *ok = board_is(x, &x->pos, "after the end") &&
              shows(x, x->shown, "the game is over: the same sign again");
        return x->wait;
    case XCHECK_PULUK_YOUR_THROW: {
        int t = vm_whole_in(x->input, 0, PULUK_MAX_THROW, -1);
        if (t < 0) {
            *refused = true;
            *ok = refusal(x, "a refused throw");
            return x->wait;
        }
        *ok = your_move(x, t);
        return x->wait = XCHECK_PULUK_YOUR_MOVE;
    }
    case XCHECK_PULUK_ITS_THROW: {
        int t = vm_whole_in(x->input, 0, PULUK_MAX_THROW, -1);
        if (t < 0) {
            *refused = true;
            *ok = refusal(x, "a refused throw");
            return x->wait;
        }
        int used = calc_throw(x, t);
        if (t && used != t) {
            *ok = mismatch(x, "the calculator moved with the throw %d, but %d was keyed", used, t);
            return x->wait;
        }
        return x->wait = calc_moved(x, used, t == 0, ok);
    }
    case XCHECK_PULUK_YOUR_MOVE: {
        int q = vm_whole_in(x->input, 0, x->lay.ncells - 1, -1);
        int from = q < 0 ? -1 : xcheck_puluk_square(&x->lay, x->person_white, q);
        int moves[PULUK_MAX_MOVES], n = puluk_moves(&x->rules, &x->pos, moves), legal = 0;
        for (int i = 0; i < n; i++)
            legal |= moves[i] == from;
        if (!legal) {
            *refused = true;
            char what[64], xs[32];
            vm_num_format(x->input, xs, sizeof xs);
            snprintf(what, sizeof what, "the illegal move %s", xs);
            *ok = refusal(x, what);
            return x->wait;
        }
        int t = x->pos.thrown;
        puluk_move_info mi;
        puluk_play(&x->rules, &x->pos, from, &mi, NULL);
        add_ply(x, t, from, false);
        x->moves++;
        if (mi.won) {
            *ok = board_is(x, &x->pos, "after the person's winning move") &&
                  shows(x, XCHECK_PULUK_YOU_WON, "the person won (8)");
            return x->wait = XCHECK_PULUK_OVER;
        }
        if (x->keyed) {
            x->checked++;
            *ok = board_is(x, &x->pos, "after the person's move") &&
                  shows(x, event_of(&mi), "its throw: the event of the person's move");
            return x->wait = XCHECK_PULUK_ITS_THROW;
        }
        if (!seen_board_is(x, &x->pos)) {
            *ok = false;
            return x->wait;
        }
        return x->wait = calc_moved(x, calc_throw(x, 0), true, ok);
    }
    }
    return x->wait;
}

/* ---- playing whole games ------------------------------------------------ */

bool xcheck_puluk_over(const xcheck_puluk *x)
{
    return x->wait == XCHECK_PULUK_OVER;
}

bool xcheck_puluk_start(xcheck_puluk *x, const vm_program *prog, const vm_decl *decl,
                        bool person_first, bool keyed, uint64_t rng0, uint64_t budget,
                        kalah_rng *rng)
{
    memset(x, 0, offsetof(xcheck_puluk, turn_steps));
    x->report[0] = '\0';
    x->keys[0] = '\0';
    x->prog = prog;
    x->budget = budget;
    char why[256];
    if (!xcheck_puluk_layout_find(decl, &x->lay, why, sizeof why)) {
        snprintf(x->report, sizeof x->report, "%s\n", why);
        x->mismatches++;
        return false;
    }
    x->rules = x->lay.rules;
    vm_load(&x->m, prog);
    x->rng0 = x->m.rng = rng0;
    xcheck_portable_init(&x->port, prog->length);
    x->port.decimals = x->port.random = true;
    x->wait = XCHECK_PULUK_START;
    /* Now and then a start-up the program must refuse first: it waits in
     * its refusal, and the next С/П goes on there. */
    static const char *const bad[] = {"4", "7", "1 /-/", "0 , 5", "1 ВП 5 0"};
    char keys[32];
    int n = (person_first ? 0 : 2) + (keyed ? 1 : 0);
    bool refused;
    if (kalah_rng_below(rng, 4) == 0) {
        snprintf(keys, sizeof keys, "%s В/О", bad[kalah_rng_below(rng, 5)]);
        if (!key_and_check(x, keys, &refused))
            return false;
        if (x->wait != XCHECK_PULUK_START)
            return mismatch(x, "the start-up '%s' was not refused", keys);
        snprintf(keys, sizeof keys, "%d", n);
    } else {
        snprintf(keys, sizeof keys, "%d В/О", n);
    }
    return key_and_check(x, keys, &refused);
}

/* Keys a count the program must refuse at a throw. */
static bool bad_throw(xcheck_puluk *x, kalah_rng *rng)
{
    static const char *const bad[] = {"6", "9", "1 /-/", "2 , 5", "1 ВП 5 0", "1 0"};
    bool refused;
    const char *k = bad[kalah_rng_below(rng, 6)];
    if (!key_and_check(x, k, &refused))
        return false;
    return refused ? true : mismatch(x, "the throw '%s' was not refused", k);
}

/* Keys a move the program must refuse: out of range, not whole, or a cell
 * the core has no legal move from. */
static bool bad_move(xcheck_puluk *x, kalah_rng *rng)
{
    char k[32];
    static const char *const bad[] = {"1 0", "1 1", "3 /-/", "2 , 5", "1 ВП 5 0"};
    int moves[PULUK_MAX_MOVES], n = puluk_moves(&x->rules, &x->pos, moves);
    int illegal[PULUK_MAX_STRIPS + 2], ni = 0;
    for (int q = 0; q < x->lay.ncells - 1; q++) {
        int from = xcheck_puluk_square(&x->lay, x->person_white, q), legal = 0;
        for (int i = 0; i < n; i++)
            legal |= moves[i] == from;
        if (!legal)
            illegal[ni++] = q;
    }
    if (ni && kalah_rng_below(rng, 2))
        snprintf(k, sizeof k, "%d", illegal[kalah_rng_below(rng, ni)]);
    else
        snprintf(k, sizeof k, "%s", bad[kalah_rng_below(rng, 5)]);
    bool refused;
    if (!key_and_check(x, k, &refused))
        return false;
    return refused ? true : mismatch(x, "the move '%s' was not refused", k);
}

bool xcheck_puluk_play(xcheck_puluk *x, const puluk_player *opp, kalah_rng *rng)
{
    for (int turn = 0; x->wait != XCHECK_PULUK_OVER; turn++) {
        if (x->plies >= PULUK_MAX_PLIES)
            return true; /* unfinished: as the core stops its games */
        bool tests = turn % 3 == 1;
        char k[16];
        switch (x->wait) {
        case XCHECK_PULUK_START:
            return mismatch(x, "no game after the start-up");
        case XCHECK_PULUK_ITS_THROW:
        case XCHECK_PULUK_YOUR_THROW: {
            if (tests && !bad_throw(x, rng))
                return false;
            /* Now and then 0: the calculator throws this once. */
            int t = kalah_rng_below(rng, 8) == 0 ? 0 : puluk_throw_random(&x->rules, rng);
            snprintf(k, sizeof k, "%d", t);
            if (!key_and_check(x, k, NULL))
                return false;
            break;
        }
        case XCHECK_PULUK_YOUR_MOVE: {
            if (tests && !bad_move(x, rng))
                return false;
            /* The throws of the game so far, this one last (Centeotl's). */
            puluk_memory mem = {0};
            for (int i = x->plies > PULUK_MEMORY ? x->plies - PULUK_MEMORY : 0; i < x->plies; i++)
                puluk_memory_add(&mem, x->ply[i].throw_value);
            puluk_memory_add(&mem, x->pos.thrown);
            puluk_choice ch;
            kalah_error err;
            if (puluk_choose(&x->rules, &x->pos, opp, &mem, rng, &ch, &err) != KALAH_OK)
                return mismatch(x, "the opponent failed: %s", err.message);
            snprintf(k, sizeof k, "%d", xcheck_puluk_square(&x->lay, x->person_white, ch.move));
            if (!key_and_check(x, k, NULL))
                return false;
            break;
        }
        case XCHECK_PULUK_OVER:
            break;
        }
    }
    /* After the end: С/П shows the same and changes nothing. */
    return key_and_check(x, "", NULL);
}

/* ---- watching --------------------------------------------------------------- */

bool xcheck_puluk_watch_init(xcheck_puluk *x, const vm_program *prog, const vm_decl *decl)
{
    vm_machine m = x->m;
    memset(x, 0, sizeof *x);
    x->m = m;
    x->prog = prog;
    x->budget = UINT64_MAX;
    char why[256];
    if (!xcheck_puluk_layout_find(decl, &x->lay, why, sizeof why)) {
        snprintf(x->report, sizeof x->report, "%s\n", why);
        return false;
    }
    x->rules = x->lay.rules;
    x->pos = puluk_start(&x->rules);
    x->wait = XCHECK_PULUK_START;
    return true;
}

void xcheck_puluk_watch_run(xcheck_puluk *x)
{
    begin_run(x);
}

xcheck_puluk_wait xcheck_puluk_watch_stop(xcheck_puluk *x, bool *ok, bool *refused)
{
    xcheck_puluk_wait before = x->from_start ? XCHECK_PULUK_START : x->wait;
    x->report[0] = '\0';
    x->wait = expect_after(x, x->wait, ok, refused);
    return before;
}

bool xcheck_puluk_last_calc(const xcheck_puluk *x, int *from, int *throw_value)
{
    for (int i = x->plies - 1; i >= 0; i--)
        if (x->ply[i].calc) {
            *from = x->ply[i].from;
            *throw_value = x->ply[i].throw_value;
            return true;
        }
    return false;
}
