/* test_ui_window: the window's frame loop (ui_app_run draws only what
 * changed, no faster than the display refreshes), Redo beside Undo (kept
 * by Save and Load), the game line copied to the clipboard, and a click on
 * the calculator's pits (issue 38). The frames are counted by the app
 * (a->drawn); no case asserts on how long anything takes. */
#define _POSIX_C_SOURCE 200809L

#include "ui_harness.h"

/* ---- frames ------------------------------------------------------------------------ */

/* Pushes e into SDL's queue, for ui_app_run to read. */
static void push(SDL_Event e)
{
    ck_assert_int_eq(SDL_PushEvent(&e), 1);
}

static SDL_Event motion_at(ui_rect r)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    int x, y;
    ui_app_centre(A, r, &x, &y);
    e.type = SDL_MOUSEMOTION;
    e.motion.windowID = SDL_GetWindowID(A->win);
    e.motion.x = x;
    e.motion.y = y;
    return e;
}

START_TEST(idle_frames)
{
    pump(); /* the window's own events of its opening */
    /* Idle: the first frame, then nothing for 40 refresh periods. */
    ui_app_run(A, 40);
    ck_assert_msg(A->drawn == 1, "an idle window drew %ld frames in 40 refreshes", A->drawn);

    /* The mouse onto a button: it lights up, one frame. */
    push(motion_at(A->layout.button[UI_BTN_UNDO]));
    A->drawn = 0;
    ui_app_run(A, 10);
    ck_assert_int_eq(A->look.hover_button, UI_BTN_UNDO);
    ck_assert_int_eq(A->drawn, 1);
    /* Within the same button: nothing changes, nothing is drawn. */
    SDL_Event e = motion_at(A->layout.button[UI_BTN_UNDO]);
    e.motion.x += 2;
    push(e);
    A->drawn = 0;
    ui_app_run(A, 10);
    ck_assert_int_eq(A->drawn, 0);

    /* A key typed: it is drawn pressed for a moment, then released, and
     * then the window is idle again. */
    SDL_Event t = text_event("7");
    push(t);
    A->drawn = 0;
    ui_app_run(A, 60);
    ck_assert_str_eq(num_text(S->x.m.x), "7");
    ck_assert_int_eq(A->look.mouse_key, -1);
    ck_assert_int_ge(A->drawn, 2);
    long after_key = A->drawn;
    ui_app_run(A, 30);
    ck_assert_int_eq(A->drawn, after_key);
}
END_TEST

/* ui_app_run's clock, for fastest_frames: a millisecond each time it is
 * read, so that the loop's turns, not the machine's speed, make time
 * pass. */
static Uint32 fake_ms;
static Uint32 fake_now(void)
{
    return ++fake_ms;
}

/* A program that never stops, running at the fastest speed: the loop ticks
 * it on every turn and draws it only once a refresh period (counted on a
 * clock of its turns, not the wall's). The old loop ticked and drew on
 * every turn, as many frames as ticks. */
START_TEST(fastest_frames)
{
    vm_program prog;
    vm_decl decl;
    ck_assert(asm_assemble("loop: 1\n      +\n      БП loop\n", "spin.mk61", &prog, &decl, NULL));
    ck_assert(ui_session_load_program(S, &prog, &decl, "spin.mk61"));
    ck_assert_int_eq(S->speed, UI_SPEED_MAX);
    ui_session_press(S, VM_KEY_RTN);
    ui_session_press(S, VM_KEY_RS);
    ck_assert(S->x.m.running);
    pump();
    uint64_t from = S->x.m.executed;
    A->now = fake_now;
    A->refresh_ms = 17; /* 60 Hz, whatever the offscreen display says */
    A->drawn = A->ticked = 0;
    ui_app_run(A, 3);
    ck_assert(S->x.m.running);
    ck_assert_uint_gt(S->x.m.executed - from, 0);
    ck_assert_int_ge(A->drawn, 1);
    ck_assert_int_le(A->drawn, 3);
    ck_assert_msg(A->ticked >= 4 * A->drawn, "%ld ticks for %ld frames", A->ticked, A->drawn);
}
END_TEST

/* ---- the calculator's pits ------------------------------------------------------------ */

START_TEST(calculator_pit_click)
{
    new_game();
    kalah_pos before = board();
    click(A->layout.pit[1][2]); /* C3, the top row */
    ck_assert(!ui_session_busy(S));
    ck_assert_msg(strstr(S->status, "C3 is the calculator's pit") != NULL, "%s", S->status);
    ck_assert_msg(strstr(S->status, "bottom row") != NULL, "%s", S->status);
    kalah_pos after = board();
    ck_assert(memcmp(&before, &after, sizeof before) == 0);
}
END_TEST

/* ---- the game line to the clipboard ------------------------------------------------------ */

START_TEST(copy_game_line)
{
    SDL_SetClipboardText("");
    type_key(SDLK_c, KMOD_LCTRL); /* no game yet */
    ck_assert_msg(strstr(S->status, "No game to copy") != NULL, "%s", S->status);
    new_game();
    play_pit(3);
    type_key(SDLK_c, KMOD_LCTRL);
    char want[4096];
    xcheck_game_line(&S->x, want, sizeof want);
    char *got = SDL_GetClipboardText();
    ck_assert(got != NULL);
    ck_assert_str_eq(got, want);
    /* The game line's key, then the core's game: kalah show takes it back
     * (tests/cli: cli_kalah_show_game_line). */
    ck_assert_msg(strncmp(got, "game (you S, C1..C6 = N6..N1): kalah-6-", 39) == 0, "%s", got);
    SDL_free(got);
    ck_assert_msg(strstr(S->status, "Copied") != NULL, "%s", S->status);
}
END_TEST

/* ---- Redo ------------------------------------------------------------------------------------- */

/* The session's state that Undo and Redo move between. */
typedef struct snapshot {
    kalah_pos board;
    int plies, nchecks, npoints;
} snapshot;

static snapshot snap(void)
{
    snapshot n = {board(), S->x.game.played, S->nchecks, S->npoints};
    return n;
}

static void same(snapshot a, snapshot b, const char *what)
{
    ck_assert_msg(memcmp(&a.board, &b.board, sizeof a.board) == 0, "%s: another board", what);
    ck_assert_msg(a.plies == b.plies && a.nchecks == b.nchecks && a.npoints == b.npoints,
                  "%s: plies %d/%d, lines %d/%d, points %d/%d", what, a.plies, b.plies,
                  a.nchecks, b.nchecks, a.npoints, b.npoints);
}

START_TEST(redo_after_undo)
{
    new_game();
    snapshot start = snap();
    play_pit(3);
    snapshot one = snap();
    play_pit(1);
    snapshot two = snap();
    ck_assert(!ui_session_redo(S)); /* nothing taken back yet */

    click(A->layout.button[UI_BTN_UNDO]);
    same(snap(), one, "undo");
    type_key(SDLK_z, KMOD_LCTRL);
    same(snap(), start, "undo twice");
    click(A->layout.button[UI_BTN_REDO]);
    same(snap(), one, "redo by its button");
    ck_assert_int_eq(S->nlast[0], 1);
    ck_assert_int_eq(S->last_moves[0][0], 3);
    type_key(SDLK_y, KMOD_LCTRL);
    same(snap(), two, "redo by Ctrl+Y");
    ck_assert(S->checks[S->nchecks - 1].ok && S->checks[S->nchecks - 1].person == 1);
    type_key(SDLK_y, KMOD_LCTRL);
    ck_assert_msg(strstr(S->status, "Nothing to redo") != NULL, "%s", S->status);
    same(snap(), two, "a redo too many");

    /* The game goes on from a redone point as from any other. */
    int pits[6], n = legal_pits(pits);
    ck_assert_int_gt(n, 0);
    play_pit(pits[0]);

    /* A new move after Undo forgets what Redo would have given. */
    click(A->layout.button[UI_BTN_UNDO]);
    ck_assert_int_eq(S->nredo, 1);
    n = legal_pits(pits);
    play_pit(pits[n - 1]);
    ck_assert_int_eq(S->nredo, 0);
    ck_assert(!ui_session_redo(S));
}
END_TEST

START_TEST(redo_kept_by_save_and_load)
{
    snprintf(A->game_path, sizeof A->game_path, "%s", scratch_file("redo.game"));
    new_game();
    play_pit(3);
    snapshot one = snap();
    play_pit(1);
    snapshot two = snap();
    click(A->layout.button[UI_BTN_UNDO]);
    click(A->layout.button[UI_BTN_SAVE]);
    ck_assert_msg(strstr(S->status, "Saved") != NULL, "%s", S->status);

    new_game(); /* something else, then the saved game back */
    ck_assert_int_eq(S->nredo, 0);
    click(A->layout.button[UI_BTN_LOAD]);
    ck_assert_msg(strstr(S->status, "Loaded") != NULL, "%s", S->status);
    same(snap(), one, "loaded");
    ck_assert_int_eq(S->nredo, 1);
    click(A->layout.button[UI_BTN_REDO]);
    same(snap(), two, "redo after load");
    /* Undo after the load goes back past the saved point too. */
    click(A->layout.button[UI_BTN_UNDO]);
    click(A->layout.button[UI_BTN_UNDO]);
    ck_assert_int_eq(S->x.game.played, 0);
}
END_TEST

/* ---- the buttons' row ------------------------------------------------------------------------ */

/* Every game button, Redo among them, in the board's width, in order, and
 * its label (at its longest value) inside it. */
START_TEST(game_buttons_fit)
{
    for (int b = UI_BTN_NEW; b < UI_BTN_FIRST_DEBUG; b++) {
        ui_rect r = A->layout.button[b];
        ck_assert_int_ge(r.x, A->layout.board.x);
        ck_assert_int_le(r.x + r.w, A->layout.board.x + A->layout.board.w);
        if (b > UI_BTN_NEW)
            ck_assert_int_gt(r.x, A->layout.button[b - 1].x + A->layout.button[b - 1].w);
        const char *label = b == UI_BTN_FIRST    ? "Calculator starts"
                            : b == UI_BTN_STONES ? "Stones: 6"
                            : b == UI_BTN_DEPTH  ? "Depth: 3"
                                                 : ui_button_label((ui_button)b);
        int w = ui_gfx_text_w(&A->gfx, UI_FONT_NORMAL, label);
        ck_assert_msg(w + 4 <= ui_view_len(&A->gfx.view, r.w), "'%s' is %d px in a button of %d",
                      label, w, ui_view_len(&A->gfx.view, r.w));
    }
}
END_TEST

void ui_window_cases(Suite *s)
{
    const ui_case cases[] = {
        {"idle_frames", idle_frames, 120},
        {"fastest_frames", fastest_frames, 120},
        {"calculator_pit_click", calculator_pit_click, 120},
        {"copy_game_line", copy_game_line, 120},
        {"redo_after_undo", redo_after_undo, 300},
        {"redo_kept_by_save_and_load", redo_kept_by_save_and_load, 300},
        {"game_buttons_fit", game_buttons_fit, 60},
    };
    add_cases(s, cases, sizeof cases / sizeof cases[0]);
}
