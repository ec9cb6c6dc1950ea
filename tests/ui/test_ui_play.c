/* test_ui, part 2: whole games by clicking pits, undo, saved games, and
 * thousands of random events (see test_ui.c). */
#define _POSIX_C_SOURCE 200809L

#include "../vm_holdable.h"
#include "ui_harness.h"

#include "kalah_solve.h"

/* ---- 5. whole games by clicking pits --------------------------------------------- */

/* The strong level's judgements of the game's lines: the move judged is the
 * calculator's first, no value beats the best, the text says what kind of
 * judgement it is, and an exact one agrees with a solver of its own run to
 * the end on the same position. */
static void check_judgements(void)
{
    kalah_solve_config cfg = {.tt_bytes = (size_t)16 << 20};
    kalah_solver *solver;
    ck_assert_int_eq(kalah_solver_new(&S->x.rules, &cfg, &solver, NULL), KALAH_OK);
    int judged = 0;
    for (int i = 0; i < S->nchecks; i++) {
        const ui_check_line *c = &S->checks[i];
        char text[96];
        ui_check_judgement_text(c, text, sizeof text);
        if (!c->judged) {
            ck_assert_str_eq(text, "");
            continue;
        }
        judged++;
        const xcheck_judgement *j = &c->judgement;
        ck_assert_int_eq(j->move, c->calc[0]);
        ck_assert_int_ge(j->best, j->value);
        const char *how = j->exact ? "(exact)" : j->depth > 0 ? "(depth " : "(estimate)";
        ck_assert_msg(strstr(text, how) != NULL, "%s", text);
        if (!j->exact)
            continue;
        kalah_solution sol;
        ck_assert_int_eq(kalah_solver_run(solver, &c->from, true, NULL, &sol, NULL), KALAH_OK);
        ck_assert(sol.exact);
        int best = sol.values[0];
        for (int k = 0; k < sol.count; k++) {
            if (sol.values[k] > best)
                best = sol.values[k];
            if (sol.moves[k] == j->move)
                ck_assert_int_eq(sol.values[k], j->value);
            if (sol.moves[k] == j->best_move)
                ck_assert_int_eq(sol.values[k], j->best);
        }
        ck_assert_int_eq(best, j->best);
    }
    ck_assert_int_gt(judged, 0);
    kalah_solver_free(solver);
}

static void whole_game(uint64_t seed)
{
    new_game();
    rng_state = seed;
    int moves = 0;
    while (ui_session_turn(S) != -1) {
        ck_assert_int_lt(moves, 200);
        int pits[6], n = legal_pits(pits);
        ck_assert_int_gt(n, 0);
        play_pit(pits[rnd_to(n)]);
        moves++;
    }
    ck_assert(S->x.game_on);
    ck_assert(xcheck_over(&S->x));
    ck_assert_int_ge(S->nchecks, 3);
    for (int i = 0; i < S->nchecks; i++)
        ck_assert_msg(S->checks[i].ok, "check line %d: %s", i, S->checks[i].text);
    check_judgements();

    /* The display: the game-over sign 8 before the calculator's final
     * margin (its stones minus the person's, as the core scores the game),
     * the whole negative when the person won (programs/kalah.md). */
    const kalah_pos *end = kalah_game_pos(&S->x.game);
    int south = kalah_margin(&S->x.rules, end);
    int calc = S->x.person_first ? -south : south;
    int cs = end->store[person_side() ^ 1], ps = end->store[person_side()];
    ck_assert_int_eq(kalah_total_stones(&S->x.rules, end), 12 * S->stones);
    ck_assert_int_eq(cs - ps, calc); /* everything is in the stores */
    char want[32];
    snprintf(want, sizeof want, "%s8%02d.", calc < 0 ? "-" : "", calc < 0 ? -calc : calc);
    ck_assert_str_eq(display_trimmed(), want);
    ck_assert_int_eq(ui_session_state(S), UI_STATE_OVER);
    /* The board on screen: the stores' counts are the core's. */
    kalah_pos b = board();
    ck_assert_int_eq(b.store[person_side()], ps);
    ck_assert_int_eq(b.store[person_side() ^ 1], cs);

    /* The cross-check panel: ticks, and nothing in the bad colour. */
    shot();
    ck_assert_int_gt(count_near(A->layout.check, rgb_of(UI_COL_GOOD), 10), 0);
    ck_assert_int_eq(count_near(A->layout.check, rgb_of(UI_COL_BAD), 10), 0);
    /* A click on a pit now does nothing. */
    click(A->layout.pit[0][0]);
    ck_assert(!ui_session_busy(S));
}

START_TEST(games_by_clicking_pits)
{
    for (int n = 0; n < 20 && S->stones != 3; n++)
        click(A->layout.button[UI_BTN_STONES]);
    for (int n = 0; n < 20 && S->depth != 1; n++)
        click_queued(A->layout.button[UI_BTN_DEPTH]);
    ck_assert_int_eq(S->stones, 3);
    ck_assert_int_eq(S->depth, 1);
    ck_assert(S->person_first);

    whole_game(12345);
    ck_assert(S->x.person_first);
    ck_assert_int_eq(S->x.stones, 3);
    ck_assert_int_eq(S->x.depth, 1);

    /* The calculator first. */
    click(A->layout.button[UI_BTN_FIRST]);
    ck_assert(!S->person_first);
    whole_game(987654321);
    ck_assert(!S->x.person_first);
    ck_assert_int_ge(S->checks[0].ncalc, 1); /* it moved at the start */
}
END_TEST

/* ---- 6. undo, save and load -------------------------------------------------------- */

typedef struct snapshot {
    kalah_pos board;
    int played, nchecks, pc;
    vm_num reg[VM_MAX_REGS], stack[5];
} snapshot;

static snapshot take(void)
{
    snapshot t;
    memset(&t, 0, sizeof t);
    t.board = board();
    t.played = S->x.game.played;
    t.nchecks = S->nchecks;
    t.pc = S->x.m.pc;
    memcpy(t.reg, S->x.m.reg, sizeof t.reg);
    vm_num st[5] = {S->x.m.x, S->x.m.y, S->x.m.z, S->x.m.t, S->x.m.x1};
    memcpy(t.stack, st, sizeof st);
    return t;
}

static void same(const snapshot *a, const snapshot *b, bool checks)
{
    ck_assert_mem_eq(&a->board, &b->board, sizeof a->board);
    ck_assert_int_eq(a->played, b->played);
    if (checks)
        ck_assert_int_eq(a->nchecks, b->nchecks);
    ck_assert_int_eq(a->pc, b->pc);
    for (int r = 0; r < VM_MAX_REGS; r++)
        ck_assert_msg(vm_num_eq(a->reg[r], b->reg[r]), "register %d: %s, %s", r,
                      num_text(a->reg[r]), num_text(b->reg[r]));
    for (int k = 0; k < 5; k++)
        ck_assert_msg(vm_num_eq(a->stack[k], b->stack[k]), "stack %d: %s, %s", k,
                      num_text(a->stack[k]), num_text(b->stack[k]));
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char *buf = malloc(1 << 20);
    ck_assert_ptr_nonnull(buf);
    *len = fread(buf, 1, (1 << 20) - 1, f);
    fclose(f);
    buf[*len] = '\0';
    return buf;
}

START_TEST(undo_save_load)
{
    char saved[256], damaged[256];
    snprintf(saved, sizeof saved, "%s", scratch_file("saved.game"));
    snprintf(damaged, sizeof damaged, "%s", scratch_file("damaged.game"));

    new_game();
    snapshot start = take();
    int pits[6];
    ck_assert_int_gt(legal_pits(pits), 0);
    play_pit(pits[0]);
    snapshot one = take();
    ck_assert(one.played > start.played);
    ck_assert(one.nchecks > start.nchecks);
    ck_assert_int_gt(legal_pits(pits), 0);
    play_pit(pits[legal_pits(pits) - 1]);
    snapshot two = take();
    ck_assert(two.played > one.played);
    ck_assert(two.nchecks > one.nchecks);
    ck_assert(memcmp(&two.board, &one.board, sizeof two.board) != 0);

    /* Undo: the board after the first move, the second move's line gone. */
    click(A->layout.button[UI_BTN_UNDO]);
    snapshot undone = take();
    same(&one, &undone, true);
    ck_assert_int_eq(ui_session_turn(S), 1);
    ck_assert(S->nchecks < two.nchecks);
    /* The undone position plays on, checked. */
    ck_assert_int_gt(legal_pits(pits), 0);
    play_pit(pits[0]);
    ck_assert_msg(S->checks[S->nchecks - 1].ok, "%s", S->checks[S->nchecks - 1].text);

    /* Save, play on, load (the Load button, from the window's game path). */
    char err[1024];
    snapshot at_save = take();
    ck_assert_msg(ui_save_game(S, saved, err, sizeof err), "%s", err);
    ck_assert_int_gt(legal_pits(pits), 0);
    play_pit(pits[0]);
    snapshot later = take();
    ck_assert(later.played > at_save.played);
    snprintf(A->game_path, sizeof A->game_path, "%s", saved);
    click(A->layout.button[UI_BTN_LOAD]);
    ck_assert_msg(strstr(S->status, "Loaded") != NULL, "%s", S->status);
    snapshot loaded = take();
    same(&at_save, &loaded, true);
    for (int i = 0; i < S->nchecks; i++) {
        ck_assert(S->checks[i].ok);
        /* The replay judged the calculator's moves again. */
        ck_assert_int_eq(S->checks[i].judged, S->checks[i].ncalc > 0);
    }
    ck_assert_ptr_nonnull(S->judge.solver);
    ck_assert_int_eq(ui_session_turn(S), 1);
    /* The loaded game goes on, checked. */
    ck_assert_int_gt(legal_pits(pits), 0);
    play_pit(pits[0]);
    ck_assert_msg(S->checks[S->nchecks - 1].ok, "%s", S->checks[S->nchecks - 1].text);
    snapshot before_bad = take();

    /* One byte of the body changed: refused, by the checksum, and the
     * session stays as it was. */
    size_t len;
    char *text = slurp(saved, &len);
    char *body = strchr(text, '\n');
    ck_assert_ptr_nonnull(body);
    body = strchr(body + 1, '\n');
    ck_assert_ptr_nonnull(body);
    body++;
    size_t at = (size_t)(body - text) + (len - (size_t)(body - text)) / 2;
    text[at] ^= 0x01;
    FILE *f = fopen(damaged, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fwrite(text, 1, len, f), len);
    fclose(f);
    free(text);
    ck_assert(!ui_load_game(S, damaged, err, sizeof err));
    ck_assert_msg(strstr(err, "checksum") != NULL, "%s", err);
    snapshot after_bad = take();
    same(&before_bad, &after_bad, true);
    /* The same through the window: the message lands in the status line. */
    snprintf(A->game_path, sizeof A->game_path, "%s", damaged);
    type_key(SDLK_o, KMOD_LCTRL);
    ck_assert_msg(strstr(S->status, "checksum") != NULL, "%s", S->status);
    after_bad = take();
    same(&before_bad, &after_bad, true);

    /* Ctrl+S writes the window's game path; it loads back. */
    snprintf(A->game_path, sizeof A->game_path, "%s", saved);
    type_key(SDLK_s, KMOD_LCTRL);
    ck_assert_msg(strstr(S->status, "Saved") != NULL, "%s", S->status);
    ck_assert_int_gt(legal_pits(pits), 0);
    play_pit(pits[0]);
    type_key(SDLK_o, KMOD_LCTRL);
    snapshot reloaded = take();
    same(&before_bad, &reloaded, true);

}
END_TEST

/* A game saved while the program is paused mid-run loads back, and goes
 * on: with no game (the program started away from its start address) and
 * in a game (the person's move under way, paused by Step). */
START_TEST(save_load_while_running)
{
    char path[256], err[1024];
    snprintf(path, sizeof path, "%s", scratch_file("running.game"));

    click_key("ШГ→");
    ck_assert_int_eq(S->x.m.pc, 1);
    click(A->layout.button[UI_BTN_STEP]);
    ck_assert(S->x.m.running && S->paused);
    snapshot before = take();
    ck_assert_msg(ui_save_game(S, path, err, sizeof err), "%s", err);
    click_key("Сx"); /* nothing while running; */
    click(A->layout.button[UI_BTN_STEP]); /* a step on */
    ck_assert_msg(ui_load_game(S, path, err, sizeof err), "a paused run saved with no game: %s",
                  err);
    ck_assert(S->x.m.running && S->paused);
    snapshot after = take();
    same(&before, &after, true);

    new_game();
    click_key("3");
    click(A->layout.button[UI_BTN_STEP]);
    ck_assert(S->x.m.running && S->paused);
    ck_assert_msg(ui_save_game(S, path, err, sizeof err), "%s", err);
    int lines = S->nchecks;
    click(A->layout.button[UI_BTN_RUN]);
    settle();
    ck_assert_int_eq(S->nchecks, lines + 1);
    ck_assert_msg(ui_load_game(S, path, err, sizeof err), "a paused move: %s", err);
    ck_assert_int_eq(S->nchecks, lines);
    ck_assert(S->x.m.running && S->paused);
    click(A->layout.button[UI_BTN_RUN]);
    settle();
    ck_assert_int_eq(S->nchecks, lines + 1);
    const ui_check_line *c = &S->checks[S->nchecks - 1];
    ck_assert_msg(c->ok, "%s", c->text);
    ck_assert_int_eq(c->person, 3);
    ck_assert_int_eq(ui_session_turn(S), 1);
}
END_TEST

/* ---- 7. hammering ------------------------------------------------------------------ */

/* What must hold after every event and frame, whatever was pressed: the
 * machine's fields in their ranges (vm.h, vm_num.h: the counter 0..159 on
 * mk61, a number one a register can hold: vm_holdable), the session's counters
 * within their arrays. */
static void check_invariants(long event)
{
    const vm_machine *m = &S->x.m;
    require(m->steps > 0 && m->steps <= VM_MAX_STEPS, "event %ld: steps %d", event, m->steps);
    /* The counter goes on past the last step (105..159 name cells 0..47
     * again on mk61: vm_cell). */
    require(m->pc >= 0 && m->pc < vm_pc_end(m), "event %ld: pc %d", event, m->pc);
    require(m->rsp >= 0 && m->rsp <= VM_RSTACK, "event %ld: rsp %d", event, m->rsp);
    for (int i = 0; i < m->rsp; i++)
        require(m->rstack[i] >= 0 && m->rstack[i] < vm_pc_end(m), "event %ld: rstack[%d] %d",
                event, i, m->rstack[i]);
    const vm_num stack[5] = {m->x, m->y, m->z, m->t, m->x1};
    for (int i = 0; i < 5; i++)
        require(vm_holdable(stack[i]), "event %ld: stack %d {%X, %d, %d, hex %d}", event, i,
                (unsigned)stack[i].mant, (int)stack[i].exp, (int)stack[i].neg, (int)stack[i].hex);
    for (int r = 0; r < VM_MAX_REGS; r++)
        require(vm_holdable(m->reg[r]), "event %ld: register %d {%X, %d, %d, hex %d}", event, r,
                (unsigned)m->reg[r].mant, (int)m->reg[r].exp, (int)m->reg[r].neg,
                (int)m->reg[r].hex);
    size_t nd = strnlen(m->digits, sizeof m->digits);
    require(nd <= 8, "event %ld: %zu digits typed", event, nd);
    require(m->exp_count >= 0 && m->exp_count <= 2, "event %ld: exp_count %d", event,
            m->exp_count);
    require(m->mode == VM_MODE_AUTO || m->mode == VM_MODE_PROG, "event %ld: mode %d", event,
            (int)m->mode);
    require(m->prefix >= VM_PREFIX_NONE && m->prefix <= VM_PREFIX_K, "event %ld: prefix %d",
            event, (int)m->prefix);
    require(m->halt >= VM_HALT_NONE && m->halt <= VM_HALT_BUDGET, "event %ld: halt %d", event,
            (int)m->halt);
    require(m->pending == -1 || m->pending == VM_ACT_GOTO || (m->pending >= 0 && m->pending <= 0xFF),
            "event %ld: pending %d", event, m->pending);

    require(S->nchecks >= 0 && S->nchecks <= UI_CHECKS_MAX, "event %ld: nchecks %d", event,
            S->nchecks);
    require(S->npoints >= 0 && S->npoints <= UI_HISTORY_MAX, "event %ld: npoints %d", event,
            S->npoints);
    require(S->qpos >= 0 && S->qpos <= S->qlen && S->qlen <= UI_QUEUE_MAX,
            "event %ld: queue %d/%d", event, S->qpos, S->qlen);
    for (int i = 0; i < S->npoints; i++)
        require(S->points[i].checks >= 0 && S->points[i].checks <= S->nchecks,
                "event %ld: undo point %d: %d lines of %d", event, i, S->points[i].checks,
                S->nchecks);
    require(S->key_down >= -1 && S->key_down < VM_KEY_COUNT, "event %ld: key_down %d", event,
            S->key_down);
    require(S->speed >= 0 && S->speed < UI_SPEED_COUNT, "event %ld: speed %d", event,
            (int)S->speed);
    require(A->look.mouse_key >= -1 && A->look.mouse_key < VM_KEY_COUNT,
            "event %ld: mouse_key %d", event, A->look.mouse_key);
    require(A->look.top_line >= 0 && A->look.top_line <= m->steps,
            "event %ld: the listing's top %d", event, A->look.top_line);
    require(!A->quit, "event %ld: the window quit (%s)", event, S->status);
}

/* A random window pixel inside the design rectangle r. */
static void inside(ui_rect r, int *x, int *y)
{
    ui_rect p = on_screen(r);
    *x = p.x + (p.w > 0 ? rnd_to(p.w) : 0);
    *y = p.y + (p.h > 0 ? rnd_to(p.h) : 0);
}

/* Where a mouse event goes: anywhere, or into one of the window's parts. */
static void random_point(int *x, int *y)
{
    const ui_layout *l = &A->layout;
    int w, h;
    SDL_GetWindowSize(A->win, &w, &h);
    switch (rnd_to(9)) {
    case 0:
    case 1:
        *x = rnd_to(w + 40) - 20;
        *y = rnd_to(h + 40) - 20;
        return;
    case 2:
        inside(l->key[rnd_to(VM_KEY_COUNT)], x, y);
        return;
    case 3:
        inside(l->pit[rnd_to(2)][rnd_to(6)], x, y);
        return;
    case 4:
        inside(l->button[rnd_to(UI_BTN_COUNT)], x, y);
        return;
    case 5:
        inside(l->lines > 0 ? l->line[rnd_to(l->lines)] : l->check, x, y);
        return;
    case 6:
        inside(rnd_to(2) ? l->power : l->angle, x, y);
        return;
    case 7:
        inside(l->display, x, y);
        return;
    default:
        inside(l->pit[0][rnd_to(6)], x, y);
        return;
    }
}

/* A click through the window's own path (no SDL queue) at a random point
 * of a design rectangle. */
static void click_inside(ui_rect r)
{
    int x, y;
    inside(r, &x, &y);
    mouse(SDL_MOUSEBUTTONDOWN, x, y);
    mouse(SDL_MOUSEBUTTONUP, x, y);
}

/* The keymap's characters and named keys (but not the quit key). */
typedef struct keys_in_map {
    const char *texts[UI_KEYMAP_MAX];
    SDL_Keycode named[UI_KEYMAP_MAX];
    Uint16 named_mod[UI_KEYMAP_MAX];
    int ntexts, nnamed;
} keys_in_map;

static SDL_Event random_key(const keys_in_map *km)
{
    static const SDL_Keycode others[] = {
        SDLK_F1,  SDLK_F2,     SDLK_F3,       SDLK_F4,   SDLK_F5,   SDLK_F6,    SDLK_F7,
        SDLK_F8,  SDLK_F9,     SDLK_F10,      SDLK_F11,  SDLK_F12,  SDLK_UP,    SDLK_DOWN,
        SDLK_TAB, SDLK_ESCAPE, SDLK_PAGEDOWN, SDLK_HOME, SDLK_KP_5, SDLK_SPACE, SDLK_a};
    int nothers = (int)(sizeof others / sizeof others[0]);
    if (rnd_to(2)) {
        int i = rnd_to(km->nnamed);
        return key_event(km->named[i], km->named_mod[i]);
    }
    if (rnd_to(3))
        return key_event(others[rnd_to(nothers)], rnd_to(5) ? KMOD_NONE : KMOD_LSHIFT);
    SDL_Keycode k = SDLK_a + rnd_to(26);
    if (k == SDLK_q)
        k = SDLK_z; /* Ctrl+Q quits */
    return key_event(k, KMOD_LCTRL);
}

/* One random event of any kind (resizing aside); *e.type 0 when it was
 * sent already. */
static void chaos_event(const keys_in_map *km, SDL_Event *e)
{
    int x, y, kind = rnd_to(100);
    memset(e, 0, sizeof *e);
    if (kind < 30) { /* a click, half of one, or another button */
        random_point(&x, &y);
        int part = rnd_to(5);
        if (part < 3) {
            mouse(SDL_MOUSEBUTTONDOWN, x, y);
            if (part < 2)
                mouse(SDL_MOUSEBUTTONUP, x, y);
        } else {
            e->type = part == 3 ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
            e->button.windowID = SDL_GetWindowID(A->win);
            e->button.button = rnd_to(4) ? SDL_BUTTON_LEFT : SDL_BUTTON_RIGHT;
            e->button.x = x;
            e->button.y = y;
        }
    } else if (kind < 42) {
        random_point(&x, &y);
        e->type = SDL_MOUSEMOTION;
        e->motion.windowID = SDL_GetWindowID(A->win);
        e->motion.x = x;
        e->motion.y = y;
    } else if (kind < 65) {
        char t[8] = {0};
        if (rnd_to(3))
            snprintf(t, sizeof t, "%s", km->texts[rnd_to(km->ntexts)]);
        else
            t[0] = (char)(32 + rnd_to(95));
        *e = text_event(t);
    } else if (kind < 88) {
        *e = random_key(km);
    } else {
        /* The wheel, up or down (a wheel event with no vertical part is
         * the test listing_wheel's). */
        int dy = rnd_to(2) ? 1 + rnd_to(3) : -1 - rnd_to(3);
        int dx = rnd_to(3) - 1; /* drawn after dy: the same sequence of events */
        *e = wheel_event(dx, dy);
    }
}

/* One event of a game being played: mostly the person's pits (empty ones
 * too: refused inputs), now and then Undo, Save, Load or New game. */
static void play_event(SDL_Event *e)
{
    int kind = rnd_to(100);
    memset(e, 0, sizeof *e);
    if (S->x.m.running && S->paused)
        click(A->layout.button[UI_BTN_RUN]); /* Over may have paused it */
    if (S->speed != UI_SPEED_MAX)
        click(A->layout.button[UI_BTN_SPEED]); /* a load brings its speed back */
    if (ui_session_busy(S) && kind < 70) {
        ui_app_frame(A, 50 + rnd_to(250));
        return;
    }
    if (kind < 70)
        click_inside(A->layout.pit[0][rnd_to(6)]);
    else if (kind < 78)
        *e = key_event(SDLK_z, KMOD_LCTRL); /* Undo */
    else if (kind < 83)
        *e = key_event(SDLK_s, KMOD_LCTRL);
    else if (kind < 87)
        *e = key_event(SDLK_o, KMOD_LCTRL);
    else if (kind < 92)
        click_inside(A->layout.button[rnd_to(2) ? UI_BTN_NEW : UI_BTN_UNDO]);
    else
        click_inside(A->layout.button[UI_BTN_STONES + rnd_to(3)]);
}

/* For a phase of play: no breakpoints (the one thing set directly: the
 * chaos clicked listing lines at random), and through the window the help
 * closed, the program going at the fastest speed, power on. */
static void calm_down(void)
{
    memset(S->breakpoint, 0, sizeof S->breakpoint);
    type_key(SDLK_ESCAPE, KMOD_NONE);
    for (int n = 0; n < UI_SPEED_COUNT && S->speed != UI_SPEED_MAX; n++)
        click(A->layout.button[UI_BTN_SPEED]);
    if (!S->power)
        click(A->layout.power);
    if (S->x.m.running && S->paused)
        click(A->layout.button[UI_BTN_RUN]);
    if (S->x.m.mode == VM_MODE_PROG)
        click_keys("F /-/"); /* F АВТ */
}

START_TEST(hammering)
{
    /* SDL's software renderer: what is hammered is the window's logic and
     * drawing code, the same with every renderer; the default one here is
     * OpenGL on Mesa's software rasteriser, which takes some 2..100 ms a
     * frame (the help overlay is the slow one), and thousands of frames
     * would take minutes. The other tests use the default renderer. */
    ui_app_close(A);
    SDL_SetHintWithPriority(SDL_HINT_RENDER_DRIVER, "software", SDL_HINT_OVERRIDE);
    char err[512];
    int code;
    ck_assert_msg(ui_app_open(A, S, 1280, 800, true, err, sizeof err, &code), "%s", err);
    SDL_RendererInfo info;
    ck_assert_int_eq(SDL_GetRendererInfo(A->ren, &info), 0);
    ck_assert_str_eq(info.name, "software");
    snprintf(A->game_path, sizeof A->game_path, "%s", scratch_file("hammer.game"));
    rng_state = 0x9E3779B97F4A7C15ull;

    keys_in_map km;
    memset(&km, 0, sizeof km);
    for (int i = 0; i < A->theme.binds; i++) {
        const ui_keybind *b = &A->theme.bind[i];
        if (b->text)
            km.texts[km.ntexts++] = b->name;
        else if (b->action != UI_ACT_QUIT) {
            km.named[km.nnamed] = A->keycode[i];
            km.named_mod[km.nnamed++] = b->ctrl ? KMOD_LCTRL : KMOD_NONE;
        }
    }
    ck_assert_int_gt(km.ntexts, 10);
    ck_assert_int_gt(km.nnamed, 10);

    /* Phases of 150 events: chaos (every kind of event) or play (a game
     * under way, with undo, save and load). */
    const long events = 4000;
    int frames = 0, resizes = 0, most_checks = 0, refused = 0, loads = 0;
    bool chaos = true;
    for (long ev = 0; ev < events; ev++) {
        if (ev % 150 == 0) {
            chaos = rnd_to(2) == 0;
            if (!chaos)
                calm_down();
        }
        SDL_Event e;
        bool queued = rnd_to(4) == 0;
        if (rnd_to(100) < 30) {
            ui_app_frame(A, rnd_to(301));
            frames++;
            check_invariants(ev);
            continue;
        }
        if (chaos && rnd_to(200) == 0) {
            int w = 320 + rnd_to(1300), h = 200 + rnd_to(800);
            SDL_SetWindowSize(A->win, w, h);
            pump(); /* SDL's own window events */
            e = size_event(w, h);
            resizes++;
        } else if (chaos) {
            chaos_event(&km, &e);
        } else {
            play_event(&e);
        }
        if (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_o && (e.key.keysym.mod & KMOD_CTRL))
            loads++;
        if (e.type != 0) {
            if (queued) {
                ck_assert_int_eq(SDL_PushEvent(&e), 1);
                pump();
            } else {
                ui_app_event(A, &e);
            }
        }
        check_invariants(ev);
        if (S->nchecks > most_checks)
            most_checks = S->nchecks;
        for (int i = 0; i < S->nchecks; i++)
            if (S->checks[i].refused)
                refused++;
        if (ev % 500 == 0) {
            /* The frame reads back at the window's size. */
            shot();
            int w, h;
            SDL_GetRendererOutputSize(A->ren, &w, &h);
            ck_assert_int_eq(pw, w);
            ck_assert_int_eq(ph, h);
        }
    }
    ck_assert_int_gt(frames, events / 4);
    ck_assert_int_gt(resizes, 2);
    ck_assert_int_gt(loads, 5);
    ck_assert_int_ge(most_checks, 5); /* games did get going */
    ck_assert_int_gt(refused, 0);

    /* The window still works: back to its size, a new game plays and is
     * checked. */
    SDL_SetWindowSize(A->win, 1280, 800);
    pump();
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_WINDOWEVENT;
    e.window.event = SDL_WINDOWEVENT_SIZE_CHANGED;
    ui_app_event(A, &e);
    memset(S->breakpoint, 0, sizeof S->breakpoint);
    calm_down();
    settle();
    for (int n = 0; n < 20 && S->stones != 3; n++)
        click(A->layout.button[UI_BTN_STONES]);
    for (int n = 0; n < 20 && S->depth != 1; n++)
        click(A->layout.button[UI_BTN_DEPTH]);
    new_game();
    int pits[6];
    ck_assert_int_gt(legal_pits(pits), 0);
    play_pit(pits[0]);
    ck_assert_msg(S->checks[S->nchecks - 1].ok, "%s", S->checks[S->nchecks - 1].text);
}
END_TEST

/* Adds this file's cases to s, each with the window fixture. */
void ui_play_cases(Suite *s)
{
    const ui_case cases[] = {
        {"games", games_by_clicking_pits, 600}, {"undo_save_load", undo_save_load, 600},
        {"hammering", hammering, 800},      {"save_running", save_load_while_running, 300},
    };
    add_cases(s, cases, sizeof cases / sizeof cases[0]);
}
