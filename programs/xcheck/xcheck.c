/* The cross-check between the Kalah program and the reference core. */
#include "xcheck.h"

#include "vm_keys.h"
#include "vm_whole.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reading the machine ---------------------------------------------------- */

/* STATE: XCHECK_STATE_*, or -1 when it holds something else. */
static int state_of(const xcheck *x)
{
    return vm_whole_in(x->m.reg[x->lay.state], 0, 999, -1);
}

static int person_side(bool person_first)
{
    return person_first ? KALAH_SOUTH : KALAH_NORTH;
}

kalah_pos xcheck_read(const xcheck *x)
{
    return xcheck_read_board(&x->m, &x->lay, x->person_first);
}

int xcheck_game_line(const xcheck *x, char *buf, size_t size)
{
    char key[32];
    int used = snprintf(buf, size, "game (%s): ", xcheck_pit_key(x->person_first, key, sizeof key));
    size_t at = (size_t)used < size ? (size_t)used : size;
    return used + kalah_game_format(&x->game, size ? buf + at : NULL, size - at);
}

void xcheck_halt_text(const vm_machine *m, char *buf, size_t size)
{
    /* Only the halts every version of the machine has are named: the
     * others (emulator/include/vm.h) go by their number and code. */
    switch (m->halt) {
    case VM_HALT_NONE:
        snprintf(buf, size, "running at %03d", m->pc);
        return;
    case VM_HALT_STOP:
        snprintf(buf, size, "stopped by С/П at %03d", m->halt_pc);
        return;
    case VM_HALT_BUDGET:
        snprintf(buf, size, "held after its step budget at %03d", m->pc);
        return;
    case VM_HALT_ERROR:
        snprintf(buf, size, "ЕГГОГ at %03d: %s", m->halt_pc,
                 m->num_error == VM_NUM_OVERFLOW   ? "overflow"
                 : m->num_error == VM_NUM_DIV_ZERO ? "division by zero"
                                                   : "an argument outside the function's domain");
        return;
    default:
        snprintf(buf, size, "ЕГГОГ at %03d: the machine's halt %d (code %02X)", m->halt_pc,
                 (int)m->halt, (unsigned)m->halt_code);
        return;
    }
}

/* ---- reports ---------------------------------------------------------------- */

static bool mismatch(xcheck *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Records a mismatch (the first one's details are kept) and returns false. */
static bool mismatch(xcheck *x, const char *fmt, ...)
{
    x->mismatches++;
    if (x->report[0])
        return false;
    char what[512], rules[KALAH_TEXT_MAX], core[KALAH_TEXT_MAX], prog[KALAH_TEXT_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    kalah_rules_format(&x->rules, rules, sizeof rules);
    kalah_pos read = xcheck_read(x);
    kalah_pos_format(&x->rules, kalah_game_pos(&x->game), core, sizeof core);
    kalah_pos_format(&x->rules, &read, prog, sizeof prog);
    int need = kalah_game_format(&x->game, NULL, 0);
    char *game = malloc((size_t)need + 1);
    if (game)
        kalah_game_format(&x->game, game, (size_t)need + 1);
    char xs[32], key[32];
    vm_num_format(x->m.x, xs, sizeof xs);
    snprintf(x->report, sizeof x->report,
             "mismatch: %s\n"
             "  rules:    %s, %s e1 depth %d, the person moves %s (%s)\n"
             "  game:     %s\n"
             "  pits:     %s (the game's numbers are each mover's own pits)\n"
             "  core:     %s\n"
             "  program:  %s (side to move not read)\n"
             "  machine:  pc %d, halt %d, X %s, %llu instructions executed\n"
             "  replay:   mk61 run kalah.mk61 --keys \"%d В↑ %d В↑ %d В/О С/П ...\"\n",
             what, rules, x->algo == XCHECK_ALPHABETA ? "alpha-beta (mk61ab)" : "minimax",
             x->depth, x->person_first ? "first" : "second",
             x->person_first ? "South" : "North", game ? game : "?",
             xcheck_pit_key(x->person_first, key, sizeof key), core, prog, x->m.pc,
             (int)x->m.halt, xs, (unsigned long long)x->m.executed, x->stones,
             xcheck_depth_key(x->depth, x->algo), x->person_first ? 1 : 0);
    free(game);
    return false;
}

/* ---- running the program ---------------------------------------------------- */

/* What run's look before each step keeps: the portability check's
 * finding, and the real machine's milliseconds so far. The caller's
 * watcher, when there is one, is given the machine there too: before a
 * step it sees the machine after the one before (and run gives it the
 * last). */
typedef struct run_look {
    const xcheck *x;
    bool watch_stopped; /* the watcher stopped the run */
    uint64_t ms;
    char why[160];
} run_look;

static bool look(void *ctx, const vm_machine *m)
{
    run_look *l = ctx;
    xcheck *x = (xcheck *)l->x;
    if (x->watch && !x->watch(x->watch_ctx, m)) {
        l->watch_stopped = true;
        return false;
    }
    if (!xcheck_portable_step(&x->port, m, l->why, sizeof l->why))
        return false;
    l->ms += vm_next_ms(m);
    return true;
}

/* Runs the started program to its next stop, counting instructions and the
 * real machine's milliseconds. */
static bool run(xcheck *x, uint64_t *steps, uint64_t *ms)
{
    run_look l = {.x = x};
    uint64_t before = x->m.executed;
    vm_halt h = vm_run_watched(&x->m, x->budget, look, &l);
    if (x->watch)
        x->watch(x->watch_ctx, &x->m);
    if (h == VM_HALT_NONE) {
        x->m.running = false;
        if (l.watch_stopped)
            return mismatch(x, "the watcher of the runs stopped the program at %03d", x->m.pc);
        return mismatch(x, "the program leans on a difference from the real MK-61 %s", l.why);
    }
    if (h == VM_HALT_BUDGET) {
        x->m.running = false;
        x->m.halt = VM_HALT_NONE;
        return mismatch(x, "the program did not stop within %llu instructions",
                        (unsigned long long)x->budget);
    }
    if (h != VM_HALT_STOP) {
        char why[160];
        xcheck_halt_text(&x->m, why, sizeof why);
        return mismatch(x, "the program halted: %s", why);
    }
    if (steps)
        *steps = x->m.executed - before;
    if (ms)
        *ms = l.ms;
    return true;
}

/* Presses the named keys, running the program whenever one starts it. */
static bool press(xcheck *x, const char *keys, uint64_t *steps, uint64_t *ms)
{
    uint64_t total_steps = 0, total_ms = 0;
    int key, got;
    size_t len;
    while ((got = vm_key_next(&keys, &key, &len)) != 0) {
        if (got < 0)
            return mismatch(x, "the cross-check pressed an unknown key '%.*s'", (int)len, keys);
        vm_press(&x->m, (vm_key)key);
        if (x->m.running)
            xcheck_portable_run(&x->port);
        uint64_t s = 0, m = 0;
        if (x->m.running && !run(x, &s, &m))
            return false;
        total_steps += s;
        total_ms += m;
    }
    if (steps)
        *steps = total_steps;
    if (ms)
        *ms = total_ms;
    return true;
}

/* ---- checking ------------------------------------------------------------ */

/* The calculator's moves by the core, played on the core's game: its whole
 * turn while it is to move. Returns how many. */
static int core_turn(xcheck *x, int moves[64])
{
    int n = 0;
    const int cs = person_side(x->person_first) ^ 1;
    while (!kalah_over(&x->rules, kalah_game_pos(&x->game)) &&
           kalah_game_pos(&x->game)->to_move == cs && n < 64) {
        kalah_result res;
        kalah_search(&x->rules, kalah_game_pos(&x->game), &x->calc, NULL, &res, NULL);
        kalah_game_play(&x->game, res.move, NULL, NULL);
        moves[n++] = res.move;
    }
    return n;
}

/* X at a stop is `want`: the sign of the state. */
static bool shows(xcheck *x, vm_num want, const char *state)
{
    x->shown = x->m.x;
    if (vm_num_eq(x->m.x, want))
        return true;
    char a[32], b[32];
    vm_num_format(x->m.x, a, sizeof a);
    vm_num_format(want, b, sizeof b);
    return mismatch(x, "the display shows %s, but %s: %s", a, state, b);
}

/* The sign of a game over, by the core: the calculator's final margin. */
static int over_sign(const xcheck *x)
{
    int south = kalah_margin(&x->rules, kalah_game_pos(&x->game));
    return xcheck_sign_over(x->person_first ? -south : south);
}

/* After a stop: LAST holds exactly the moves (as the person sees the pits),
 * the board, the stores and the state agree with the core, and X shows the
 * state's sign. start: the stop ends a start-up. */
static bool check(xcheck *x, const int *moves, int n, bool start)
{
    x->checked++;
    x->calc_moves += n;
    x->moves += n;
    vm_num want = vm_num_zero(), ten = vm_num_from_int(10);
    for (int k = 0; k < n && k < XCHECK_LAST_MAX; k++) {
        vm_num_mul(want, ten, &want);
        vm_num_add(want, vm_num_from_int(xcheck_calc_seen(moves[k])), &want);
    }
    vm_num last = x->m.reg[x->lay.last];
    if (!vm_num_eq(last, want)) {
        char a[32], b[32];
        vm_num_format(last, a, sizeof a);
        vm_num_format(want, b, sizeof b);
        return mismatch(x, "the calculator's moves: LAST holds %s, the core chose %s (as the "
                           "person sees the pits)", a, b);
    }
    const kalah_pos *core = kalah_game_pos(&x->game);
    kalah_pos read = xcheck_read(x);
    if (memcmp(read.pit, core->pit, sizeof read.pit) != 0 ||
        memcmp(read.store, core->store, sizeof read.store) != 0)
        return mismatch(x, "the board differs");
    int state = state_of(x);
    bool over = kalah_over(&x->rules, core);
    if (state != (over ? XCHECK_STATE_OVER : XCHECK_STATE_ON))
        return mismatch(x, "STATE is %d, but the game is %s", state, over ? "over" : "on");
    if (!over && core->to_move != person_side(x->person_first))
        return mismatch(x, "the program waits for the person, but the core has the "
                           "calculator to move");
    if (over)
        return shows(x, vm_num_from_int(over_sign(x)), "the game is over (8, the margin)");
    if (n > 0)
        return shows(x, want, "the calculator moved (its moves)");
    if (start && x->algo == XCHECK_ALPHABETA)
        return shows(x, vm_num_from_int(XCHECK_SIGN_NEW_AB + 100 * x->stones + x->depth),
                     "a new game by alpha-beta waits for the person (9, n, 1, d)");
    if (start)
        return shows(x, vm_num_from_int(XCHECK_SIGN_NEW + 10 * x->stones + x->depth),
                     "a new game waits for the person (9, n, d)");
    return shows(x, vm_num_zero(), "the person has an extra turn (0)");
}

int xcheck_depth_key(int depth, xcheck_algo algo)
{
    return algo == XCHECK_ALPHABETA ? XCHECK_KEY_AB + depth : depth;
}

/* The core's side of a new game: the rules, the player the program must
 * match (the level mk61-d or mk61ab-d) and an empty game (x->game must be
 * free). */
static bool new_game(xcheck *x, int stones, int depth, xcheck_algo algo, bool person_first,
                     kalah_error *err)
{
    x->stones = stones;
    x->depth = depth;
    x->algo = algo;
    x->person_first = person_first;
    char level[16];
    snprintf(level, sizeof level, "%s-%d", algo == XCHECK_ALPHABETA ? "mk61ab" : "mk61", depth);
    if (kalah_level(level, 0, &x->calc, err) != KALAH_OK)
        return false;
    x->rules = kalah_rules_default();
    x->rules.stones = stones;
    return kalah_game_init(&x->game, &x->rules, NULL, err) == KALAH_OK;
}

static void record_turn(xcheck *x, uint64_t steps, uint64_t ms)
{
    if (x->turns < x->turns_cap) {
        x->turn_steps[x->turns] = steps;
        x->turn_ms[x->turns] = ms;
    }
    x->turns++;
}

/* Keys what the person types, runs the program to its stop, lets the core
 * play the calculator's turn, and checks the two agree. */
static bool keys_and_check(xcheck *x, const char *keys, bool start)
{
    uint64_t s, t;
    if (!press(x, keys, &s, &t))
        return false;
    int moves[64], n = core_turn(x, moves);
    if (n)
        record_turn(x, s, t);
    return check(x, moves, n, start);
}

bool xcheck_start(xcheck *x, const vm_program *prog, const vm_decl *decl, int stones, int depth,
                  xcheck_algo algo, bool person_first, uint64_t budget)
{
    memset(x, 0, offsetof(xcheck, turn_steps)); /* turns go on accumulating */
    x->report[0] = '\0';
    x->prog = prog;
    x->budget = budget;
    char why[128];
    if (!xcheck_layout_find(decl->reg_name, &x->lay, why, sizeof why)) {
        snprintf(x->report, sizeof x->report, "%s\n", why);
        x->mismatches++;
        return false;
    }
    if (!new_game(x, stones, depth, algo, person_first, NULL)) {
        snprintf(x->report, sizeof x->report, "no core game for %d stones, depth %d\n", stones,
                 depth);
        x->mismatches++;
        return false;
    }
    vm_load(&x->m, prog);
    xcheck_portable_init(&x->port, prog->length);
    char keys[64];
    int key = xcheck_depth_key(depth, algo);
    if (key >= 10)
        snprintf(keys, sizeof keys, "%d В↑ %d %d В↑ %d В/О С/П", stones, key / 10, key % 10,
                 person_first ? 1 : 0);
    else
        snprintf(keys, sizeof keys, "%d В↑ %d В↑ %d В/О С/П", stones, key, person_first ? 1 : 0);
    return keys_and_check(x, keys, true);
}

void xcheck_free(xcheck *x)
{
    kalah_game_free(&x->game);
}

bool xcheck_over(const xcheck *x)
{
    return kalah_over(&x->rules, kalah_game_pos(&x->game));
}

bool xcheck_person_move(xcheck *x, int pit)
{
    kalah_error err;
    if (kalah_game_play(&x->game, pit, NULL, &err) != KALAH_OK) {
        x->mismatches++;
        snprintf(x->report, sizeof x->report, "the cross-check asked for an illegal move %d: %s\n",
                 pit, err.message);
        return false;
    }
    x->moves++;
    char keys[16];
    snprintf(keys, sizeof keys, "%d С/П", pit);
    return keys_and_check(x, keys, false);
}

/* The registers a refused input must leave alone. */
static int guarded(const xcheck *x, int regs[XCHECK_GUARDED])
{
    const xcheck_layout *l = &x->lay;
    int n = 0;
    for (int i = 0; i < XCHECK_PITS; i++) {
        regs[n++] = l->person[i];
        regs[n++] = l->calc[i];
    }
    regs[n++] = l->person_store;
    regs[n++] = l->calc_store;
    regs[n++] = l->state;
    regs[n++] = l->last;
    return n;
}

/* Nothing the program guards may have changed. */
static bool unchanged(xcheck *x, const char *what)
{
    int regs[XCHECK_GUARDED], n = guarded(x, regs);
    for (int k = 0; k < n; k++)
        if (!vm_num_eq(x->guard[k], x->m.reg[regs[k]]))
            return mismatch(x, "%s changed register %d", what, regs[k]);
    return true;
}

/* Keeps what a refused input must leave. */
static void keep_guarded(xcheck *x)
{
    int regs[XCHECK_GUARDED], n = guarded(x, regs);
    for (int k = 0; k < n; k++)
        x->guard[k] = x->m.reg[regs[k]];
}

bool xcheck_try_illegal(xcheck *x, const char *keys)
{
    keep_guarded(x);
    char all[64];
    snprintf(all, sizeof all, "%s С/П", keys);
    if (!press(x, all, NULL, NULL))
        return false;
    char what[64];
    snprintf(what, sizeof what, "the illegal input '%s'", keys);
    if (!unchanged(x, what) ||
        !shows(x, vm_num_from_int(XCHECK_SIGN_REFUSED), "the input was refused (-1)"))
        return false;
    x->refusals++;
    return true;
}

/* STATE is 2 and X -2: no game. */
static bool no_game(xcheck *x, const char *after)
{
    int state = state_of(x);
    if (state != XCHECK_STATE_NO_GAME)
        return mismatch(x, "STATE is %d after %s, not 2 (no game)", state, after);
    char what[96];
    snprintf(what, sizeof what, "%s (the start-up sign -2)", after);
    return shows(x, vm_num_from_int(XCHECK_SIGN_NO_GAME), what);
}

bool xcheck_start_refused(xcheck *x, const vm_program *prog, const vm_decl *decl,
                          const char *keys, uint64_t budget)
{
    memset(x, 0, offsetof(xcheck, turn_steps));
    x->report[0] = '\0';
    x->prog = prog;
    x->budget = budget;
    char why[128];
    if (!new_game(x, XCHECK_STONES_DEFAULT, XCHECK_DEPTH_DEFAULT, XCHECK_MINIMAX, true, NULL)) {
        snprintf(x->report, sizeof x->report, "out of memory\n");
        x->mismatches++;
        return false;
    }
    if (!xcheck_layout_find(decl->reg_name, &x->lay, why, sizeof why)) {
        snprintf(x->report, sizeof x->report, "%s\n", why);
        x->mismatches++;
        return false;
    }
    vm_load(&x->m, prog);
    xcheck_portable_init(&x->port, prog->length);
    char all[96];
    snprintf(all, sizeof all, "%s В/О С/П", keys);
    if (!press(x, all, NULL, NULL))
        return false;
    snprintf(all, sizeof all, "the start-up '%s'", keys);
    if (!no_game(x, all))
        return false;
    keep_guarded(x);
    if (!press(x, "3 С/П", NULL, NULL) || !unchanged(x, "a move after a refused start-up"))
        return false;
    return no_game(x, "a move after a refused start-up");
}

/* ---- watching ----------------------------------------------------------- */

bool xcheck_watch_init(xcheck *x, const vm_program *prog, const vm_decl *decl)
{
    vm_machine m = x->m;
    memset(x, 0, sizeof *x);
    x->m = m;
    x->prog = prog;
    x->budget = UINT64_MAX;
    x->rules = kalah_rules_default();
    char why[128];
    if (!xcheck_layout_find(decl->reg_name, &x->lay, why, sizeof why)) {
        snprintf(x->report, sizeof x->report, "%s\n", why);
        return false;
    }
    return kalah_game_init(&x->game, &x->rules, NULL, NULL) == KALAH_OK;
}

void xcheck_watch_run(xcheck *x)
{
    x->input[0] = x->m.x;
    x->input[1] = x->m.y;
    x->input[2] = x->m.z;
    if (x->prog && x->m.pc == x->prog->start)
        x->watching = XCHECK_RUN_START;
    else if (x->game_on)
        x->watching = xcheck_over(x) ? XCHECK_RUN_IDLE : XCHECK_RUN_MOVE;
    else
        x->watching = x->start_refused ? XCHECK_RUN_IDLE : XCHECK_RUN_NONE;
    keep_guarded(x);
}

/* v as a start-up number 0..max, else -1. */
static int start_number(vm_num v, int max)
{
    return vm_whole_in(v, 0, max, -1);
}

/* The stop after a start-up: a game the program plays, or its refusal.
 * The depth key is d (minimax) or XCHECK_KEY_AB + d (alpha-beta), d 0..3,
 * 0 standing for the default depth. */
static bool watch_start(xcheck *x, int moves[64], int *n)
{
    int w = start_number(x->input[0], 1),
        key = start_number(x->input[1], XCHECK_KEY_AB + XCHECK_DEPTH_MAX),
        st = start_number(x->input[2], XCHECK_STONES_MAX);
    int d = key % XCHECK_KEY_AB;
    xcheck_algo algo = key >= XCHECK_KEY_AB ? XCHECK_ALPHABETA : XCHECK_MINIMAX;
    x->game_on = false;
    x->start_refused = w < 0 || key < 0 || d > XCHECK_DEPTH_MAX || st < 0;
    if (x->start_refused)
        return no_game(x, "a start-up the program cannot play");
    kalah_game_free(&x->game);
    kalah_error err;
    if (!new_game(x, st ? st : XCHECK_STONES_DEFAULT, d ? d : XCHECK_DEPTH_DEFAULT, algo, w != 0,
                  &err))
        return mismatch(x, "the core has no game with %d stones: %s", x->stones, err.message);
    x->game_on = true;
    *n = core_turn(x, moves);
    return check(x, moves, *n, true);
}

int xcheck_watch_stop(xcheck *x, bool *ok, int moves[64], int *n)
{
    int kind = x->watching;
    x->watching = XCHECK_RUN_NONE;
    *n = 0;
    *ok = true;
    x->report[0] = '\0';
    if (kind == XCHECK_RUN_NONE)
        return kind;
    if (x->m.halt != VM_HALT_STOP) {
        char why[160];
        xcheck_halt_text(&x->m, why, sizeof why);
        *ok = mismatch(x, "the program halted: %s", why);
        return kind;
    }
    if (kind == XCHECK_RUN_START) {
        *ok = watch_start(x, moves, n);
        return kind;
    }
    if (kind == XCHECK_RUN_IDLE) {
        if (!x->game_on)
            *ok = unchanged(x, "a С/П after a refused start-up") &&
                  no_game(x, "a С/П after a refused start-up");
        else
            *ok = unchanged(x, "a С/П after the end of the game") &&
                  shows(x, vm_num_from_int(over_sign(x)), "the game is over (8, the margin)");
        return kind;
    }
    int pit = vm_whole_in(x->input[0], 1, XCHECK_PITS, 0);
    const kalah_pos *p = kalah_game_pos(&x->game);
    int ps = person_side(x->person_first);
    if (pit == 0 || p->pit[ps][pit - 1] == 0) {
        char xs[32];
        vm_num_format(x->input[0], xs, sizeof xs);
        char what[64];
        snprintf(what, sizeof what, "the refused input %s", xs);
        if ((*ok = unchanged(x, what) && shows(x, vm_num_from_int(XCHECK_SIGN_REFUSED),
                                                 "the input was refused (-1)")))
            x->refusals++;
        return kind;
    }
    kalah_game_play(&x->game, pit, NULL, NULL);
    x->moves++;
    *n = core_turn(x, moves);
    *ok = check(x, moves, *n, false);
    return kind;
}

bool xcheck_play(xcheck *x, const kalah_player *opp, kalah_rng *rng)
{
    int ps = person_side(x->person_first);
    for (int ply = 0; !xcheck_over(x); ply++) {
        const kalah_pos *p = kalah_game_pos(&x->game);
        if (p->to_move != ps)
            return false; /* check() has already reported this */
        if (ply % 4 == 1) {
            /* Illegal inputs: out of range, not whole, an empty pit. */
            static const char *const bad[] = {"0", "7", "2 , 5", "1 ВП 5 0", "3 /-/"};
            if (!xcheck_try_illegal(x, bad[kalah_rng_below(rng, 5)]))
                return false;
            for (int i = 0; i < XCHECK_PITS; i++)
                if (p->pit[ps][i] == 0) {
                    char key[4] = {(char)('1' + i), 0};
                    if (!xcheck_try_illegal(x, key))
                        return false;
                    break;
                }
        }
        kalah_result res;
        kalah_error err;
        if (kalah_search(&x->rules, p, opp, rng, &res, &err) != KALAH_OK) {
            x->mismatches++;
            snprintf(x->report, sizeof x->report, "the opponent failed: %s\n", err.message);
            return false;
        }
        if (!xcheck_person_move(x, res.move))
            return false;
    }
    return true;
}
