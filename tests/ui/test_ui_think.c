/* test_ui, part 6: the window while the calculator thinks (issue 37; see
 * test_ui.c for the fixture), each fault of the issue held by the pixels or
 * the session it showed in:
 *
 * - the Search panel and its what-if are cleared by New game, Undo, Load,
 *   and New game while the calculator thinks (they kept the abandoned
 *   game's tree, and the board showed its positions);
 * - the levels agree: the node searched now is said to be at the level of
 *   the column its row is drawn in, played by the side that column names
 *   (a depth-3 search said "level 4", and named the side to move at the
 *   node rather than the side that played into it);
 * - while the calculator searches, the board says it shows the search's
 *   working position (framed, the turn line naming the node), the
 *   last-move rings are not the last turn's, and the status line does not
 *   say "Your move";
 * - Pause at "Your move", then a click on a pit, stops at the first
 *   instruction of the answer; Node (F7) runs to the next node entered,
 *   Out (F8) until the node searched is finished;
 * - Step at "Your move" first says that the display would be taken as the
 *   move, and the next Step does just that, as the MK-61 does.
 * And the Search panel's teaching: nodes numbered in the order the machine
 * enters them, running bounds and windows as the program's own registers
 * hold them, "so far" only while the search runs, no gaps for empty pits,
 * the heading whole at 800x500, the height used with the debugger closed,
 * and the core's alpha-beta as an overlay.
 *
 * Expected values come from the machine (the return stack through the
 * tracker, the program's level, mover and best registers as
 * programs/kalah.md documents them: R7 = 15 + L, the mover of level L in
 * register 25 + L, 41 you and 91 the calculator, the best so far of level
 * L in register 20 + L, 10^6 in size before its first child), from the
 * reference core (the legal moves, the alpha-beta's node count), from the
 * order in which the machine enters the nodes, and from the theme's
 * colours where the layout puts things. */
#define _POSIX_C_SOURCE 200809L

#include "ui_harness.h"

#include "kalah_search.h"

#include <math.h>

static const ui_search *T(void)
{
    return &S->search;
}

static int node_now(void)
{
    return ui_search_current(T(), &S->x.m);
}

/* A register of the machine as a double. */
static double reg(int r)
{
    return vm_num_to_double(S->x.m.reg[r]);
}

/* The pixels of a design rectangle on screen. */
static int area(ui_rect r)
{
    ui_rect p = on_screen(r);
    return p.w * p.h;
}

/* The board's frame: its top edge in the current colour. */
static bool board_framed(void)
{
    ui_rect b = A->layout.board;
    ui_rect top = {b.x + 30, b.y, b.w - 60, 2};
    return pixels_in(top, UI_COL_CURRENT) == area(top);
}

/* A pit's ring: the middle of its left edge in the last move's colour. */
static bool ringed(int side, int i)
{
    ui_rect r = A->layout.pit[side][i];
    ui_rect edge = {r.x, r.y + r.h / 2 - 4, 2, 8};
    return pixels_in(edge, UI_COL_LASTMOVE) == area(edge);
}

static void turn_text(char *buf, size_t size)
{
    ui_session_state_text(S, buf, size);
}

/* The first legal pit of the person after which the calculator moves (no
 * extra turn), else the first legal one. */
static int first_pit(void)
{
    int pits[6], n = legal_pits(pits);
    ck_assert_int_gt(n, 0);
    for (int i = 0; i < n; i++) {
        kalah_pos b = board(), after = b;
        if (kalah_play(&S->x.rules, &after, pits[i], NULL, NULL) == KALAH_OK &&
            after.to_move != b.to_move)
            return pits[i];
    }
    return pits[0];
}

/* Pause at "Your move", then a click on pit: stopped at the answer's first
 * instruction. */
static void pause_then_click(int pit)
{
    ck_assert_int_eq(ui_session_turn(S), 1);
    type_key(SDLK_F6, KMOD_NONE);
    ck_assert(S->pause_at_start);
    int pc = S->x.m.pc;
    click(A->layout.pit[0][pit - 1]);
    settle();
    ck_assert(S->x.m.running && S->paused);
    ck_assert_int_eq(S->x.m.pc, pc);
    ck_assert_uint_eq(ui_session_since_move(S), 0);
}

/* Node (F7): runs to the next node entered, or the search's end. */
static int next_node(void)
{
    type_key(SDLK_F7, KMOD_NONE);
    settle();
    ck_assert(S->paused || !S->x.m.running);
    return node_now();
}

/* ---- the panel cleared with the game ----------------------------------------------- */

static void cleared(const char *how)
{
    ck_assert_msg(!T()->on, "%s: the panel still shows a search", how);
    ck_assert_int_eq(ui_search_pick(S, &A->layout, &A->look), -1);
    shot();
    ui_search_geom g = search_geometry();
    for (int k = 0; k <= UI_SEARCH_DEPTH_MAX; k++)
        if (g.band[k].w > 0)
            ck_assert_msg(pixels_in(g.band[k], UI_COL_GOOD) == 0, "%s: a tree is drawn", how);
    /* Not the what-if banner: the turn line is not filled in its colour. */
    ck_assert_int_lt(pixels_in(A->layout.turn, UI_COL_LASTMOVE), area(A->layout.turn) / 2);
}

/* A search shown, and a node of it picked "what if". */
static void search_and_pick(void)
{
    if (!S->x.game_on || ui_session_turn(S) != 1)
        new_game();
    play_pit(first_pit());
    ck_assert(T()->on);
    ui_search_geom g = search_geometry();
    int kids[XCHECK_PITS];
    ck_assert_int_gt(ui_search_children(T(), 0, kids), 0);
    click(ui_search_cell(&g, kids[0]));
    ck_assert_int_eq(ui_search_pick(S, &A->layout, &A->look), kids[0]);
    shot();
    ck_assert_int_gt(pixels_in(g.band[1], UI_COL_GOOD), 0);
}

START_TEST(panel_cleared_with_the_game)
{
    set_depth(2);
    type_key(SDLK_F4, KMOD_NONE);
    snprintf(A->game_path, sizeof A->game_path, "%s", scratch_file("cleared.game"));

    /* New game: at once, while its keys are still being pressed. */
    search_and_pick();
    click(A->layout.button[UI_BTN_NEW]);
    ck_assert(ui_session_busy(S));
    cleared("New game");
    settle();
    cleared("New game, settled");

    /* Undo. */
    search_and_pick();
    type_key(SDLK_z, KMOD_CTRL);
    ck_assert_int_eq(ui_session_turn(S), 1);
    cleared("Undo");

    /* Load: a game saved before the search. */
    type_key(SDLK_s, KMOD_CTRL);
    search_and_pick();
    type_key(SDLK_o, KMOD_CTRL);
    ck_assert_msg(strstr(S->status, "Loaded") != NULL, "%s", S->status);
    cleared("Load");

    /* New game while the calculator thinks (at the real pace). */
    search_and_pick();
    while (S->speed != UI_SPEED_REAL)
        type_key(SDLK_F12, KMOD_NONE);
    type_key(SDLK_ESCAPE, KMOD_NONE); /* back to the game from the what-if */
    click(A->layout.pit[0][first_pit() - 1]);
    for (int n = 0; n < 3000 && !(T()->on && T()->finished > 0 && node_now() >= 0); n++)
        ui_app_frame(A, 1000);
    ck_assert_msg(node_now() >= 0, "not searching: %s", S->status);
    click(A->layout.button[UI_BTN_NEW]);
    cleared("New game while thinking");
    while (S->speed != UI_SPEED_MAX)
        type_key(SDLK_F12, KMOD_NONE);
    settle();
    cleared("New game while thinking, settled");
}
END_TEST

/* ---- levels, numbers, bounds and windows, node by node ----------------------------- */

/* Column c's area in the columns, under its heading. */
static ui_rect column_rows(const ui_search_geom *g, int c)
{
    return (ui_rect){g->columns.x + c * g->col_w, g->columns.y + g->head_h, g->col_w - 6,
                     XCHECK_PITS * g->row_h};
}

/* Checks node k, just entered (the machine at its first instruction). */
static void check_entered(int k, int entered, bool draw)
{
    const ui_search *t = T();
    const ui_search_node *n = &t->node[k];
    int d = n->depth;
    /* Numbered in the order the machine enters the nodes. */
    ck_assert_int_eq(n->visit, entered);
    /* Its level: the program's (R7 = 15 + L, the root L = 1). */
    ck_assert_int_eq((int)reg(7), 16 + d);
    ck_assert_int_le(d, t->depth);
    char now[240], want[64];
    ui_search_now_text(t, &S->x.m, now, sizeof now);
    if (d > 0) {
        /* "level d", and the side that played into it: the mover of the
         * level above, register 25 + d (91 the calculator). */
        snprintf(want, sizeof want, "(level %d, ", d);
        ck_assert_msg(strstr(now, want) != NULL, "%s", now);
        bool calc = reg(25 + d) == 91;
        ck_assert_msg(strstr(now, calc ? "the calculator's move" : "your move") != NULL, "%s",
                      now);
        int focus[UI_SEARCH_DEPTH_MAX + 1], nf = ui_search_focus(t, &S->x.m, -1, focus);
        char head[96];
        ui_search_level_text(t, focus, nf, d - 1, false, head, sizeof head);
        snprintf(want, sizeof want, "level %d · %s", d, calc ? "the calculator" : "you");
        ck_assert_msg(strstr(head, want) == head, "%s against %s", head, want);
        ck_assert_ptr_nonnull(strstr(head, calc ? ": MAX" : ": MIN"));
        /* The running bound of its parent: the program's best of that
         * level (register 20 + d), once a child of it is finished. */
        double best = reg(20 + d), v;
        bool have = ui_search_bound(t, &S->x.m, ui_search_parent(k), &v);
        ck_assert(have == (fabs(best) < 1e6));
        if (have)
            ck_assert_msg(v == best, "bound %g, register %g", v, best);
    } else {
        ck_assert_ptr_nonnull(strstr(now, "the root"));
    }
    /* Its window: from the levels above, as the program reads them under
     * alpha-beta; none under minimax. */
    double alpha = -INFINITY, beta = INFINITY, a, b;
    for (int l = 1; t->alphabeta && l <= d; l++) {
        double best = reg(20 + l);
        if (fabs(best) >= 1e6)
            continue;
        if (reg(25 + l) == 91 && best > alpha)
            alpha = best;
        if (reg(25 + l) == 41 && best < beta)
            beta = best;
    }
    ui_search_window(t, &S->x.m, k, &a, &b);
    ck_assert_msg(a == alpha && b == beta, "node %d: window [%g, %g], the registers' [%g, %g]",
                  k, a, b, alpha, beta);
    if (!draw || d == 0)
        return;
    /* Its row is highlighted in its level's column, in no other. */
    shot();
    ui_search_geom g = search_geometry();
    ck_assert_int_gt(pixels_in(ui_search_row(&g, k), UI_COL_CURRENT), 0);
    for (int c = 0; c < t->depth; c++)
        if (c != d - 1)
            ck_assert_int_eq(pixels_in(column_rows(&g, c), UI_COL_CURRENT), 0);
}

/* A depth-3 search, node by node (by alpha-beta when ab). */
static void levels_numbers_bounds_windows(bool ab)
{
    for (int n = 0; n < 6 && !(S->depth == 3 && S->alphabeta == ab); n++)
        click(A->layout.button[UI_BTN_DEPTH]);
    ck_assert(S->depth == 3 && S->alphabeta == ab);
    new_game();
    type_key(SDLK_F4, KMOD_NONE);
    pause_then_click(first_pit());
    int entered = 0;
    for (int n = 0; n < 400; n++) {
        int k = next_node();
        if (k < 0)
            break;
        check_entered(k, ++entered, n < 40 || n % 25 == 0);
    }
    /* The whole search, every node entered once. */
    ck_assert_int_eq(node_now(), -1);
    ck_assert(T()->node[0].state == UI_NODE_DONE);
    ck_assert(T()->alphabeta == ab);
    ck_assert_int_eq(entered, ab ? T()->counts.alphabeta_drawn : T()->counts.minimax);
    ck_assert_int_eq(entered, T()->finished);
    if (ab)
        ck_assert_int_lt(entered, T()->counts.minimax);
    char now[240], counts[160];
    ui_search_now_text(T(), &S->x.m, now, sizeof now);
    ck_assert_msg(strstr(now, "finished") == now && !strstr(now, "so far"), "%s", now);
    for (int i = 0; i < 3; i++) {
        ui_search_counts_text(T(), i, counts, sizeof counts);
        ck_assert_msg(!strstr(counts, "so far"), "%s", counts);
    }
    type_key(SDLK_F5, KMOD_NONE);
    settle();
    ck_assert(S->checks[S->nchecks - 1].ok);
}

START_TEST(levels_by_minimax)
{
    levels_numbers_bounds_windows(false);
}
END_TEST

START_TEST(levels_by_alpha_beta)
{
    levels_numbers_bounds_windows(true);
}
END_TEST

/* ---- the board while the calculator searches --------------------------------------- */

START_TEST(board_says_it_is_working)
{
    set_depth(2);
    new_game();
    play_pit(first_pit());
    const ui_check_line *c = &S->checks[S->nchecks - 1];
    ck_assert_int_gt(c->ncalc, 0);
    int answer = c->calc[0];
    int seen = answer - 1; /* the layout's index of the calculator's own pit */
    shot();
    ck_assert(ringed(1, seen));
    ck_assert(!board_framed());

    /* Pause, then a pit: stopped before the answer's first instruction;
     * Pause is lit. */
    int pit = first_pit();
    pause_then_click(pit);
    ck_assert_msg(strstr(S->status, "first instruction") != NULL, "%s", S->status);
    shot();
    ui_rect pause = A->layout.button[UI_BTN_PAUSE];
    ck_assert_int_gt(pixels_in(pause, UI_COL_CURRENT), area(pause) / 2);
    /* Not in the search yet: the person's pit ringed, the last answer not. */
    ck_assert(ringed(0, pit - 1));
    ck_assert(!ringed(1, seen) || seen == pit - 1);
    ck_assert(!board_framed());
    char turn[320];
    turn_text(turn, sizeof turn);
    ck_assert_msg(strstr(turn, "thinking") != NULL, "%s", turn);

    /* In the search: framed, the turn line names the node, no rings. */
    for (int n = 0; n < 3; n++) {
        int k = next_node();
        ck_assert_int_ge(k, 0);
        shot();
        ck_assert(board_framed());
        char path[64], want[128];
        ui_search_path_name(T(), k, path, sizeof path);
        snprintf(want, sizeof want, "Searching %s (the board shows it)", path);
        turn_text(turn, sizeof turn);
        ck_assert_msg(strstr(turn, want) == turn, "%s", turn);
        for (int side = 0; side < 2; side++)
            for (int i = 0; i < XCHECK_PITS; i++)
                ck_assert_msg(!ringed(side, i), "a ring on pit %d of side %d", i + 1, side);
        ck_assert_msg(strncmp(S->status, "Your move:", 10) != 0, "%s", S->status);
    }
    /* At the real pace too, the status line says the calculator thinks. */
    while (S->speed != UI_SPEED_REAL)
        type_key(SDLK_F12, KMOD_NONE);
    type_key(SDLK_F5, KMOD_NONE);
    for (int n = 0; n < 10; n++)
        ui_app_frame(A, 1000);
    ck_assert_msg(strstr(S->status, "Your move") == NULL, "%s", S->status);
    while (S->speed != UI_SPEED_MAX)
        type_key(SDLK_F12, KMOD_NONE);
    settle();
    /* Answered: no frame, the new answer's rings. */
    c = &S->checks[S->nchecks - 1];
    ck_assert(c->ok);
    shot();
    ck_assert(!board_framed());
    if (c->ncalc > 0)
        ck_assert(ringed(1, c->calc[0] - 1));
}
END_TEST

START_TEST(node_and_out)
{
    set_depth(3);
    new_game();
    type_key(SDLK_F4, KMOD_NONE);
    pause_then_click(first_pit());
    /* Out outside the search: says so, runs nothing. */
    uint64_t at = S->x.m.executed;
    type_key(SDLK_F8, KMOD_NONE);
    settle();
    ck_assert_uint_eq(S->x.m.executed, at);
    ck_assert_msg(strstr(S->status, "not inside a node") != NULL, "%s", S->status);

    ck_assert_int_eq(next_node(), 0); /* the root */
    int kids[XCHECK_PITS];
    ck_assert_int_gt(ui_search_children(T(), 0, kids), 0);
    kalah_pos root = T()->node[0].pos; /* the calculator to move */
    int moves[KALAH_MAX_PITS];
    ck_assert_int_gt(kalah_moves(&S->x.rules, &root, moves), 0);
    int child = next_node(); /* the lowest legal pit first */
    ck_assert_int_eq(child, ui_search_index(&moves[0], 1));
    int grandchild = next_node();
    ck_assert_int_eq(ui_search_parent(grandchild), child);
    int rsp = S->x.m.rsp;

    /* Out: the grandchild finished, back in the child, one call less. */
    type_key(SDLK_F8, KMOD_NONE);
    settle();
    ck_assert(S->paused);
    ck_assert_int_eq(node_now(), child);
    ck_assert_int_eq(S->x.m.rsp, rsp - 1);
    ck_assert(T()->node[grandchild].state == UI_NODE_DONE);
    ck_assert(T()->node[child].state != UI_NODE_DONE);
    /* Out again: the child finished, back at the root. */
    type_key(SDLK_F8, KMOD_NONE);
    settle();
    ck_assert_int_eq(node_now(), 0);
    ck_assert(T()->node[child].state == UI_NODE_DONE);
    /* Node: the next child. */
    int second = next_node();
    ck_assert_int_eq(ui_search_parent(second), 0);
    ck_assert_int_eq(second, ui_search_index(&moves[1], 1));
    /* Out twice: the search is over. */
    type_key(SDLK_F8, KMOD_NONE);
    settle();
    type_key(SDLK_F8, KMOD_NONE);
    settle();
    ck_assert_int_eq(node_now(), -1);
    ck_assert(T()->node[0].state == UI_NODE_DONE);
    ck_assert(S->x.m.running && S->paused);
    type_key(SDLK_F5, KMOD_NONE);
    settle();
    ck_assert(S->checks[S->nchecks - 1].ok);
}
END_TEST

START_TEST(step_at_your_move_says_first)
{
    set_depth(1);
    new_game();
    play_pit(first_pit());
    ck_assert_int_eq(ui_session_turn(S), 1);
    uint64_t at = S->x.m.executed;
    vm_num shown = S->x.m.x;
    /* The first Step says what it would do, and does nothing. */
    type_key(SDLK_F10, KMOD_NONE);
    ck_assert(!S->x.m.running);
    ck_assert_uint_eq(S->x.m.executed, at);
    ck_assert_msg(strstr(S->status, "taken as your move") != NULL, "%s", S->status);
    shot();
    ui_rect pause = A->layout.button[UI_BTN_PAUSE];
    ck_assert_int_gt(pixels_in(pause, UI_COL_CURRENT), area(pause) / 2);
    /* The second does it, as С/П on the MK-61: the display is the move. */
    type_key(SDLK_F10, KMOD_NONE);
    ck_assert(S->x.m.running && S->paused);
    ck_assert_uint_eq(S->x.m.executed, at + 1);
    ck_assert(vm_num_eq(S->x.input[0], shown));
    type_key(SDLK_F5, KMOD_NONE);
    settle();
    ck_assert(S->checks[S->nchecks - 1].ok);

    /* A pit keyed first: Step starts at once (the display is the person's). */
    if (ui_session_turn(S) == 1) {
        char digit[2] = {(char)('0' + first_pit()), 0};
        at = S->x.m.executed;
        click_key(digit);
        type_key(SDLK_F10, KMOD_NONE);
        ck_assert(S->x.m.running && S->paused);
        ck_assert_uint_eq(S->x.m.executed, at + 1);
    }
}
END_TEST

/* ---- the panel's room ---------------------------------------------------------------- */

START_TEST(heading_whole_at_800x500)
{
    reopen(800, 500);
    set_depth(3);
    new_game();
    type_key(SDLK_F4, KMOD_NONE);
    pause_then_click(first_pit());
    while (next_node() >= 0 && T()->node[node_now()].depth < 3)
        ;
    ck_assert_int_eq(T()->node[node_now()].depth, 3);
    shot();
    /* Nothing reaches the panel's right margin: a line cut by the panel's
     * edge would run up to it. */
    ui_search_geom g = search_geometry();
    ui_rect p = g.panel;
    ui_rect margin = {p.x + p.w - 9, g.head_y, 6, g.now_y + 34 - g.head_y};
    ck_assert_int_eq(pixels_in(margin, UI_COL_PANEL), area(margin));
    /* And the columns' headings stay in their columns. */
    for (int c = 0; c + 1 < T()->depth; c++) {
        ui_rect gap = {g.columns.x + (c + 1) * g.col_w - 8, g.columns.y, 3, g.head_h - 2};
        ck_assert_int_eq(pixels_in(gap, UI_COL_PANEL), area(gap));
    }
}
END_TEST

START_TEST(height_used_with_the_debugger_closed)
{
    set_depth(3);
    new_game();
    type_key(SDLK_F4, KMOD_NONE);
    type_key(SDLK_F2, KMOD_NONE); /* the debugger closed */
    play_pit(first_pit());
    shot();
    ui_search_geom g = search_geometry();
    ui_rect p = g.panel;
    /* The lowest line drawn in the panel is near its bottom. */
    int lowest = p.y;
    for (int y = p.y + 4; y < p.y + p.h - 4; y++)
        if (pixels_in((ui_rect){p.x + 4, y, p.w - 8, 1}, UI_COL_PANEL) < p.w - 8)
            lowest = y;
    ck_assert_msg(p.y + p.h - lowest < 24, "%d empty at the bottom", p.y + p.h - lowest);
    /* The leaves are drawn wide in the zoom: a finished one is green over
     * 20 units and more. */
    ck_assert_int_ge(g.zoom_root, 0);
    int leaf = -1;
    for (int k = 0; k < UI_SEARCH_NODES && leaf < 0; k++)
        if (T()->node[k].legal && T()->node[k].depth == 3 &&
            ui_search_zoom_cell(&g, k).w > 0)
            leaf = k;
    ck_assert_int_ge(leaf, 0);
    ui_rect z = ui_search_zoom_cell(&g, leaf);
    ck_assert_int_ge(z.w, 20);
    ck_assert_int_gt(pixels_in((ui_rect){z.x, z.y + 1, z.w, 1}, UI_COL_GOOD), 12);
}
END_TEST

/* The focused node's children drawn without gaps: the rows of its legal
 * moves are the first ones, the others empty, for a node with an empty
 * pit before a legal one. */
START_TEST(no_gaps_for_empty_pits)
{
    set_depth(2);
    new_game();
    type_key(SDLK_F4, KMOD_NONE);
    int gappy = -1;
    for (int turn = 0; turn < 30 && gappy < 0 && S->x.game_on && !xcheck_over(&S->x); turn++) {
        play_pit(first_pit());
        /* A level-1 node whose moves skip an empty pit. */
        int kids[XCHECK_PITS], n = ui_search_children(T(), 0, kids);
        for (int i = 0; i < n && gappy < 0; i++) {
            int first = ui_search_child(kids[i]), m = 0, last = -1;
            for (int j = 0; j < XCHECK_PITS; j++)
                if (T()->node[first + j].legal) {
                    m++;
                    last = j;
                }
            if (m > 0 && last + 1 > m)
                gappy = kids[i];
        }
    }
    ck_assert_int_ge(gappy, 0);
    ui_search_geom g = search_geometry();
    click(ui_search_cell(&g, gappy)); /* the columns follow the picked node */
    g = search_geometry();
    shot();
    int kids[XCHECK_PITS], n = ui_search_children(T(), gappy, kids);
    for (int r = 0; r < XCHECK_PITS; r++) {
        ui_rect slot = {g.columns.x + g.col_w, g.columns.y + g.head_h + r * g.row_h, g.col_w - 6,
                        g.row_h};
        int blank = pixels_in(slot, UI_COL_PANEL);
        if (r < n)
            ck_assert_msg(blank < area(slot), "row %d of %d is empty", r + 1, n);
        else
            ck_assert_msg(blank == area(slot), "row %d past the %d moves is drawn", r + 1, n);
        if (r < n)
            ck_assert_int_eq(ui_search_row(&g, kids[r]).y, slot.y);
    }
}
END_TEST

/* The core's alpha-beta as an overlay: its count on its chip, the nodes it
 * skips faded when the chip is clicked, and back. */
START_TEST(overlay_of_the_cores_alpha_beta)
{
    set_depth(3);
    new_game();
    type_key(SDLK_F4, KMOD_NONE);
    play_pit(first_pit());
    const ui_search *t = T();
    kalah_player ab = {.algo = KALAH_ALPHABETA, .eval = KALAH_E1, .depth = 3};
    kalah_result res;
    kalah_error err;
    kalah_pos root = t->node[0].pos;
    ck_assert_int_eq(kalah_search(&S->x.rules, &root, &ab, NULL, &res, &err), KALAH_OK);
    ck_assert_int_eq(t->set_nodes[UI_SEARCH_SET_ORDERED], (long)res.nodes);
    ck_assert_int_lt(res.nodes, t->set_nodes[UI_SEARCH_SET_CALC]);
    ui_search_geom g = search_geometry();
    /* A leaf it skips, and one it visits. */
    int skipped = -1, visited = -1;
    for (int k = 0; k < UI_SEARCH_NODES; k++)
        if (t->node[k].legal && t->node[k].depth == 3 && t->node[k].ok) {
            if (ui_search_visits(t, k, UI_SEARCH_SET_ORDERED))
                visited = visited < 0 ? k : visited;
            else
                skipped = skipped < 0 ? k : skipped;
        }
    ck_assert(skipped >= 0 && visited >= 0);
    shot();
    ck_assert_int_gt(pixels_in(ui_search_cell(&g, skipped), UI_COL_GOOD), 0);
    click(g.chip[UI_SEARCH_SET_ORDERED]);
    ck_assert_int_eq(A->look.overlay, UI_SEARCH_SET_ORDERED);
    shot();
    ck_assert_int_eq(pixels_in(ui_search_cell(&g, skipped), UI_COL_GOOD), 0);
    ck_assert_int_gt(pixels_in(ui_search_cell(&g, visited), UI_COL_GOOD), 0);
    ui_rect chip = g.chip[UI_SEARCH_SET_ORDERED];
    ck_assert_int_gt(pixels_in(chip, UI_COL_CURRENT), area(chip) / 2);
    click(g.chip[UI_SEARCH_SET_ORDERED]);
    ck_assert_int_eq(A->look.overlay, UI_SEARCH_SET_CALC);
    shot();
    ck_assert_int_gt(pixels_in(ui_search_cell(&g, skipped), UI_COL_GOOD), 0);
}
END_TEST

/* ---- alpha-beta: cuts and skipped nodes, and the overlay of the same ---------------- */

static void set_search(int depth, bool ab)
{
    for (int n = 0; n < 6 && !(S->depth == depth && S->alphabeta == ab); n++)
        click(A->layout.button[UI_BTN_DEPTH]);
    ck_assert(S->depth == depth && S->alphabeta == ab);
}

/* A cell washed out: none of its pixels in the colours of a node drawn
 * plainly (not yet searched, agreeing, searched now). */
static bool washed(ui_rect c)
{
    return pixels_in(c, UI_COL_PANELEDGE) == 0 && pixels_in(c, UI_COL_GOOD) == 0 &&
           pixels_in(c, UI_COL_CURRENT) == 0;
}

/* The overview's cells against a set of nodes (entered[k]): each entered
 * node drawn plainly, each other legal node washed out. */
static void cells_against(const bool *in, const char *what)
{
    shot();
    ui_search_geom g = search_geometry();
    for (int k = 0; k < UI_SEARCH_NODES; k++) {
        if (!T()->node[k].legal)
            continue;
        ui_rect c = ui_search_cell(&g, k);
        char path[64];
        ui_search_path_name(T(), k, path, sizeof path);
        ck_assert_msg(washed(c) != in[k], "%s: %s is %s", what, path,
                      in[k] ? "washed out" : "drawn plainly");
    }
}

START_TEST(alpha_beta_cuts_and_skips)
{
    static bool entered[UI_SEARCH_NODES];
    memset(entered, 0, sizeof entered);
    set_search(3, true);
    new_game();
    type_key(SDLK_F4, KMOD_NONE);
    int pit = first_pit();
    pause_then_click(pit);
    ck_assert_int_eq(next_node(), 0);
    entered[0] = true;
    /* At the root nothing is washed out yet: the cuts have not happened. */
    shot();
    ui_search_geom g = search_geometry();
    for (int k = 1; k < UI_SEARCH_NODES; k++)
        if (T()->node[k].legal)
            ck_assert(!washed(ui_search_cell(&g, k)));
    int k;
    while ((k = next_node()) >= 0)
        entered[k] = true;
    ck_assert(T()->alphabeta);
    /* Every node the machine entered is drawn, every other one washed out. */
    cells_against(entered, "alpha-beta");
    long skipped = 0;
    for (k = 0; k < UI_SEARCH_NODES; k++)
        skipped += T()->node[k].legal && !entered[k];
    ck_assert_int_gt(skipped, 0);
    /* A cut after each node entered whose next legal sibling was not: a
     * tick over its cell's right edge; none where the next was entered. */
    g = search_geometry();
    int cuts = 0;
    for (k = 1; k < UI_SEARCH_NODES; k++) {
        if (!entered[k])
            continue;
        int sib[XCHECK_PITS], n = ui_search_children(T(), ui_search_parent(k), sib), i = 0;
        while (sib[i] != k)
            i++;
        if (i + 1 == n)
            continue;
        ui_rect c = ui_search_cell(&g, k);
        int bar = pixels_in((ui_rect){c.x + c.w - 1, c.y - 3, 1, 3}, UI_COL_CUT);
        if (entered[sib[i + 1]])
            ck_assert_int_eq(bar, 0);
        else
            ck_assert_msg(bar > 0, "no cut marked after node %d", k), cuts++;
    }
    ck_assert_int_gt(cuts, 0);
    type_key(SDLK_F5, KMOD_NONE);
    settle();
    ck_assert(S->checks[S->nchecks - 1].ok);

    /* The same position by minimax: the overlay "alpha-beta in this order"
     * washes out exactly the nodes the calculator's alpha-beta skipped. */
    set_search(3, false);
    new_game();
    play_pit(pit);
    ck_assert(!T()->alphabeta);
    ui_rect chip = search_geometry().chip[UI_SEARCH_SET_DRAWN];
    click(chip);
    ck_assert_int_eq(A->look.overlay, UI_SEARCH_SET_DRAWN);
    cells_against(entered, "the overlay");
    long n = 0;
    for (k = 0; k < UI_SEARCH_NODES; k++)
        n += entered[k];
    ck_assert_int_eq(T()->set_nodes[UI_SEARCH_SET_DRAWN], n);
}
END_TEST

/* The Depth button's alpha-beta depths, a game by alpha-beta, and a saved
 * one loaded back by alpha-beta. */
START_TEST(alpha_beta_by_the_depth_button)
{
    /* 1, 2, 3, then 1..3 by alpha-beta, and round again. */
    set_search(1, false);
    static const int want[][2] = {{2, 0}, {3, 0}, {1, 1}, {2, 1}, {3, 1}, {1, 0}};
    for (int i = 0; i < 6; i++) {
        click(A->layout.button[UI_BTN_DEPTH]);
        ck_assert(S->depth == want[i][0] && S->alphabeta == (want[i][1] != 0));
    }
    set_search(2, true);
    new_game();
    ck_assert_int_eq(S->x.algo, XCHECK_ALPHABETA);
    ck_assert_int_eq(S->x.depth, 2);
    play_pit(first_pit());
    ck_assert(T()->alphabeta);
    /* Saved with its depth key, 12, and loaded back by alpha-beta. */
    char *text = NULL, err[256];
    ck_assert(ui_session_save(S, &text, err, sizeof err));
    ck_assert_msg(strstr(text, "\nsettings 6 12 1\n") && strstr(text, "\nstart 6 12 1\n"), "%s",
                  text);
    free(text);
    snprintf(A->game_path, sizeof A->game_path, "%s", scratch_file("ab.game"));
    type_key(SDLK_s, KMOD_CTRL);
    set_search(1, false);
    new_game();
    type_key(SDLK_o, KMOD_CTRL);
    ck_assert_msg(strstr(S->status, "Loaded") != NULL, "%s", S->status);
    ck_assert(S->depth == 2 && S->alphabeta);
    ck_assert_int_eq(S->x.algo, XCHECK_ALPHABETA);
    play_pit(first_pit());
    ck_assert(T()->alphabeta);
    ck_assert_int_lt(T()->counts.calc, T()->counts.minimax);
}
END_TEST

void ui_think_cases(Suite *s)
{
    const ui_case cases[] = {
        {"think_cleared", panel_cleared_with_the_game, 300},
        {"think_levels", levels_by_minimax, 300},
        {"think_levels_ab", levels_by_alpha_beta, 300},
        {"think_board", board_says_it_is_working, 300},
        {"think_node_out", node_and_out, 120},
        {"think_step_warns", step_at_your_move_says_first, 120},
        {"think_800x500", heading_whole_at_800x500, 120},
        {"think_height", height_used_with_the_debugger_closed, 120},
        {"think_no_gaps", no_gaps_for_empty_pits, 300},
        {"think_overlay", overlay_of_the_cores_alpha_beta, 120},
        {"think_alpha_beta", alpha_beta_cuts_and_skips, 300},
        {"think_depth_ab", alpha_beta_by_the_depth_button, 300},
    };
    add_cases(s, cases, sizeof cases / sizeof cases[0]);
}
