/* test_ui, part 4: the Search panel (emulator/ui/ui_search.h; see test_ui.c
 * for the fixture): it opens and closes by its button and its key (F4, in
 * assets/keymap.txt), it draws the calculator's tree as it is searched, its
 * highlighted node goes down a level when the program calls its search (ПП)
 * and back when that returns (В/О), and a click on a node shows the node's
 * position on the board marked "what if". At the real MK-61 pace (a tick
 * of a second runs some five steps) the tree grows node by node and is
 * whole at the end, as at the fastest speed.
 *
 * Expected values come from the program's documented search
 * (programs/kalah.md: a minimax through ПП S that tries the mover's pits 1..6
 * in turn, so the first child searched is the lowest legal pit), from the
 * reference core (the legal moves, the position after a move, its minimax
 * node count), from the machine's return stack (a call pushes, a return
 * pops) and from the theme's colours; where things are drawn comes from the
 * panel's geometry (ui_search_geometry, ui_search_cell), as other tests take
 * it from the layout. No wall clock: steps are keyed one at a time, or
 * time is let pass in frames of a given length. */
#define _POSIX_C_SOURCE 200809L

#include "ui_harness.h"

#include "kalah_search.h"
#include "ui_search_layout.h"
#include "vm_isa.h"

static ui_search_geom geometry(void)
{
    return search_geometry();
}

START_TEST(panel_opens_by_button_and_key)
{
    /* Between the debugger's state panel and the cross-check panel there is
     * a strip of the window's background; the Search panel covers it. */
    ui_rect p = A->layout.panel[UI_PANEL_SEARCH];
    ui_rect strip = {A->layout.state.x + 10, A->layout.state.y + A->layout.state.h + 2,
                     A->layout.state.w - 20, A->layout.check.y - A->layout.state.y -
                                                 A->layout.state.h - 4};
    ck_assert_int_gt(strip.h, 0);
    ck_assert(ui_rect_has(p, strip.x, strip.y));
    ui_rect button = A->layout.button[UI_BTN_SEARCH];
    shot();
    ck_assert_int_eq(pixels_in(strip, UI_COL_WINDOW), strip.w * strip.h);
    ck_assert_int_eq(pixels_in(button, UI_COL_CURRENT), 0);

    click(button);
    shot();
    ck_assert_int_eq(pixels_in(strip, UI_COL_PANEL), strip.w * strip.h);
    ck_assert_int_gt(pixels_in(button, UI_COL_CURRENT), button.w * button.h / 2);

    type_key(SDLK_F4, KMOD_NONE); /* closes */
    shot();
    ck_assert_int_eq(pixels_in(strip, UI_COL_WINDOW), strip.w * strip.h);
    type_key(SDLK_F4, KMOD_NONE); /* opens */
    shot();
    ck_assert_int_eq(pixels_in(strip, UI_COL_PANEL), strip.w * strip.h);

    /* With the debugger closed the panel takes the lower right. */
    type_key(SDLK_F2, KMOD_NONE);
    p = A->layout.panel[UI_PANEL_SEARCH];
    ck_assert_int_gt(p.w, 800);
    shot();
    ck_assert_int_gt(pixels_in(p, UI_COL_PANEL), p.w * p.h / 2);
    type_key(SDLK_F2, KMOD_NONE);

    /* A whole depth-2 search drawn: the root and every legal move of the
     * first level finished, agreeing with the core (green), none red; the
     * calculator searched as many nodes as the core's minimax. */
    set_depth(2);
    new_game();
    play_pit(3);
    const ui_search *t = &S->search;
    ck_assert(t->on);
    ck_assert(!t->tree.missed); /* fed every step at the fastest speed */
    ck_assert_int_eq(t->mismatches, 0);
    ck_assert_int_gt(t->finished, 6);
    ck_assert_int_eq(t->counts.calc, t->finished);
    kalah_player mm = {.algo = KALAH_MINIMAX, .eval = KALAH_E1, .depth = 2};
    kalah_result res;
    kalah_error err;
    ck_assert_int_eq(kalah_search(&S->x.rules, &t->node[0].pos, &mm, NULL, &res, &err), KALAH_OK);
    ck_assert_int_eq((long)res.nodes, t->finished);
    shot();
    ui_search_geom g = geometry();
    ck_assert_int_gt(pixels_in(ui_search_cell(&g, 0), UI_COL_GOOD), 0);
    int moves[KALAH_MAX_PITS], n = kalah_moves(&S->x.rules, &t->node[0].pos, moves);
    for (int i = 0; i < n; i++) {
        ui_rect c = ui_search_cell(&g, ui_search_index(&moves[i], 1));
        ck_assert_msg(pixels_in(c, UI_COL_GOOD) > 0, "move %d is not drawn finished", moves[i]);
    }
    for (int k = 0; k <= 2; k++)
        ck_assert_int_eq(pixels_in(g.band[k], UI_COL_BAD), 0);
}
END_TEST

/* Steps (F10) until what() holds; false when it does not within max. */
static bool step_until(bool (*what)(void), int max)
{
    for (int n = 0; n < max && !what(); n++)
        type_key(SDLK_F10, KMOD_NONE);
    return what();
}

/* The search routine's address, and the return stack's depth at the root. */
static int search_at, root_rsp;

/* The next instruction is ПП S. */
static bool at_call_of_search(void)
{
    const vm_machine *m = &S->x.m;
    return m->prog[m->pc] == VM_OP_GSB && vm_cell_address(m, m->prog[m->pc + 1]) == search_at;
}

static bool back_at_root(void)
{
    return S->x.m.rsp == root_rsp;
}

/* Where the highlight (the debugger's current colour) is in the overview:
 * the band holding its pixels, -1 none, -2 more than one band. */
static int highlighted_band(const ui_search_geom *g)
{
    int band = -1;
    for (int k = 0; k <= S->search.depth; k++)
        if (pixels_in(g->band[k], UI_COL_CURRENT) > 0)
            band = band == -1 ? k : -2;
    return band;
}

START_TEST(highlight_follows_the_calls)
{
    set_depth(1);
    new_game();
    search_at = label_address("S");
    ui_session_toggle_break(S, search_at);
    type_key(SDLK_F4, KMOD_NONE);
    click(A->layout.pit[0][2]); /* pit 3: the calculator's turn follows */
    settle();
    /* Paused at the search's entry: the root is being searched. */
    ck_assert_int_eq(S->x.m.pc, search_at);
    ck_assert(S->paused);
    root_rsp = S->x.m.rsp;
    ck_assert_int_ge(root_rsp, 1);
    kalah_pos root = board();
    root.to_move = S->search.node[0].pos.to_move; /* board() has the person to move */
    shot();
    ui_search_geom g = geometry();
    ck_assert_int_eq(highlighted_band(&g), 0);
    ck_assert_int_gt(pixels_in(ui_search_cell(&g, 0), UI_COL_CURRENT), 0);

    /* Step to the first ПП S: the highlight stays at the root until it
     * executes, then moves down to the first legal move's node. */
    ck_assert(step_until(at_call_of_search, 2000));
    shot();
    ck_assert_int_eq(highlighted_band(&g), 0);
    type_key(SDLK_F10, KMOD_NONE);
    ck_assert_int_eq(S->x.m.rsp, root_rsp + 1);
    ck_assert_int_eq(S->x.m.pc, search_at);
    int moves[KALAH_MAX_PITS];
    ck_assert_int_gt(kalah_moves(&S->x.rules, &root, moves), 0);
    int first = ui_search_index(&moves[0], 1);
    shot();
    ck_assert_int_eq(highlighted_band(&g), 1);
    ui_rect cell = ui_search_cell(&g, first);
    ck_assert_int_gt(pixels_in(cell, UI_COL_CURRENT), 0);
    ck_assert_int_eq(pixels_in(g.band[1], UI_COL_CURRENT), pixels_in(cell, UI_COL_CURRENT));
    /* The columns mark the same node's row. */
    ck_assert_int_gt(pixels_in(ui_search_row(&g, first), UI_COL_CURRENT), 0);

    /* Step to its В/О: back at the root, the node finished and agreeing. */
    ck_assert(step_until(back_at_root, 2000));
    ck_assert_int_eq(S->x.m.rsp, root_rsp);
    shot();
    ck_assert_int_eq(highlighted_band(&g), 0);
    ck_assert_int_eq(pixels_in(cell, UI_COL_CURRENT), 0);
    ck_assert_int_gt(pixels_in(cell, UI_COL_GOOD), 0);

    /* The next ПП S goes down to the second legal move. */
    ck_assert(step_until(at_call_of_search, 5000));
    type_key(SDLK_F10, KMOD_NONE);
    shot();
    ck_assert_int_eq(highlighted_band(&g), 1);
    ck_assert_int_gt(pixels_in(ui_search_cell(&g, ui_search_index(&moves[1], 1)), UI_COL_CURRENT),
                     0);
}
END_TEST

START_TEST(a_click_shows_what_if)
{
    set_depth(2);
    new_game();
    type_key(SDLK_F4, KMOD_NONE);
    /* A move after which the calculator answers with one move (no extra
     * turn), so the latest search's root is the position after this move. */
    int pit = 0;
    kalah_pos root;
    for (int p = 1; p <= 6 && !pit; p++) {
        kalah_pos b = board();
        kalah_pos after = b;
        if (kalah_play(&S->x.rules, &after, p, NULL, NULL) != KALAH_OK ||
            after.to_move == b.to_move)
            continue;
        pit = p;
        root = after;
    }
    ck_assert_int_gt(pit, 0);
    play_pit(pit);
    ck_assert_int_eq(S->checks[S->nchecks - 1].ncalc, 1);
    const ui_search *t = &S->search;
    ck_assert(memcmp(&t->node[0].pos, &root, sizeof root) == 0);

    /* Click the second level's first legal node. */
    int moves[KALAH_MAX_PITS], replies[KALAH_MAX_PITS];
    ck_assert_int_gt(kalah_moves(&S->x.rules, &root, moves), 0);
    kalah_pos child = root;
    ck_assert_int_eq(kalah_play(&S->x.rules, &child, moves[0], NULL, NULL), KALAH_OK);
    ck_assert_int_gt(kalah_moves(&S->x.rules, &child, replies), 0);
    kalah_pos grandchild = child;
    ck_assert_int_eq(kalah_play(&S->x.rules, &grandchild, replies[0], NULL, NULL), KALAH_OK);
    int path[2] = {moves[0], replies[0]};
    int k = ui_search_index(path, 2);
    shot();
    long long game_board = channel_sum(A->layout.board);
    ck_assert_int_lt(pixels_in(A->layout.turn, UI_COL_LASTMOVE),
                     A->layout.turn.w * A->layout.turn.h / 2);
    ui_search_geom g = geometry();
    click(ui_search_cell(&g, k));
    ck_assert_int_eq(ui_search_pick(S, &A->layout, &A->look), k);
    ck_assert(memcmp(&t->node[k].pos, &grandchild, sizeof grandchild) == 0);
    /* The board shows it, marked: the turn line is the what-if banner. */
    shot();
    ck_assert_int_gt(pixels_in(A->layout.turn, UI_COL_LASTMOVE),
                     A->layout.turn.w * A->layout.turn.h / 2);
    ck_assert(channel_sum(A->layout.board) != game_board);
    /* The core's value for it, beside: a leaf at depth 2 is worth the
     * calculator's store minus the person's. */
    int calc = S->x.person_first ? KALAH_NORTH : KALAH_SOUTH;
    int margin = grandchild.store[calc] - grandchild.store[calc ^ 1];
    ck_assert(t->node[k].core == (kalah_over(&S->x.rules, &grandchild) ? 100 * margin : margin));

    /* Clicking it again goes back to the game. */
    click(ui_search_cell(&g, k));
    ck_assert_int_eq(ui_search_pick(S, &A->layout, &A->look), -1);
    shot();
    ck_assert(channel_sum(A->layout.board) == game_board);

    /* A click on a pit while a what-if is shown ends it and plays nothing. */
    click(ui_search_cell(&g, k));
    ck_assert_int_eq(ui_search_pick(S, &A->layout, &A->look), k);
    int played = S->x.game.played;
    click(A->layout.pit[0][0]);
    ck_assert(!ui_session_busy(S));
    ck_assert_int_eq(S->x.game.played, played);
    ck_assert_int_eq(ui_search_pick(S, &A->layout, &A->look), -1);
}
END_TEST

START_TEST(keeps_up_at_the_real_pace)
{
    set_depth(1);
    new_game();
    type_key(SDLK_F4, KMOD_NONE);
    while (S->speed != UI_SPEED_REAL)
        type_key(SDLK_F12, KMOD_NONE);
    click(A->layout.pit[0][2]);
    /* A second at a time, about five steps a second: the tree grows node
     * by node, the node searched now drawn in the overview. */
    int frames = 0, highlighted = 0;
    long grown = 0;
    for (; frames < 5000 && ui_session_busy(S); frames++) {
        long before = S->search.finished;
        /* Drawn every 25th frame (drawing every one would take minutes). */
        if (frames % 25 == 0)
            ui_app_frame(A, 1000);
        else
            ui_session_tick(S, 1000);
        if (S->search.finished > before)
            grown++;
        if (frames % 25 == 0 && ui_search_current(&S->search, &S->x.m) >= 0) {
            shot();
            ui_search_geom g = geometry();
            if (highlighted_band(&g) >= 0)
                highlighted++;
        }
    }
    ck_assert(!ui_session_busy(S));
    const ui_search *t = &S->search;
    ck_assert(!t->tree.missed);
    ck_assert_int_eq(t->mismatches, 0);
    ck_assert_int_eq(t->finished, t->counts.minimax);
    /* Nodes were finished in many frames, not all at once. */
    ck_assert_int_gt(grown, 3);
    ck_assert_int_gt(highlighted, 3);
}
END_TEST

START_TEST(a_program_without_a_search)
{
    /* A program that declares no search: the panel opens and says so, and
     * the program runs as before. */
    vm_program *prog = malloc(sizeof *prog);
    vm_decl *decl = malloc(sizeof *decl);
    asm_errors errs;
    ck_assert(prog && decl &&
              asm_assemble(".profile mk61x\nst: В↑\n+\nС/П\n", "plain.mk61", prog, decl, &errs));
    ck_assert(ui_session_load_program(S, prog, decl, "plain.mk61"));
    free(prog);
    free(decl);
    ck_assert(!S->search.tracking);
    ck_assert_ptr_nonnull(strstr(S->search.why, "declares no search"));
    type_key(SDLK_F4, KMOD_NONE);
    click_keys("2 С/П");
    settle();
    ck_assert_str_eq(num_text(S->x.m.x), "4"); /* 2 В↑ + */
    shot();
    ui_rect p = A->layout.panel[UI_PANEL_SEARCH];
    ck_assert_int_gt(pixels_in(p, UI_COL_PANEL), p.w * p.h / 2);
    ck_assert_int_eq(pixels_in(p, UI_COL_GOOD), 0);
    ck_assert_int_eq(ui_search_current(&S->search, &S->x.m), -1);
}
END_TEST

void ui_search_cases(Suite *s)
{
    const ui_case cases[] = {
        {"search_opens", panel_opens_by_button_and_key, 120},
        {"search_highlight", highlight_follows_the_calls, 120},
        {"search_whatif", a_click_shows_what_if, 120},
        {"search_real_pace", keeps_up_at_the_real_pace, 300},
        {"search_none", a_program_without_a_search, 60},
    };
    add_cases(s, cases, sizeof cases / sizeof cases[0]);
}
