/* test_ui_puluk: the window with programs/puluk.mk61, driven by real SDL
 * events in a hidden window (SDL_VIDEODRIVER=offscreen), its frames read
 * back as pixels: the Pulúk board appears, a click moves a piece, a
 * capture draws a column, the throw buttons key a throw, New game, Undo,
 * Save and Load, and the cross-check's ✓ and ✗. The helpers are test_ui's
 * (ui_harness.h); the fixture loads the Pulúk program instead. */
#define _POSIX_C_SOURCE 200809L

#include "ui_draw_puluk.h"
#include "ui_harness.h"

#include "vm_whole.h"

#include <unistd.h>

static char *puluk_text(void)
{
    return kalah61_program_file("puluk.mk61");
}

/* The window on the Pulúk program, or on text when not NULL (a mutant). */
static void open_window(const char *text)
{
    ck_assert_msg(SDL_Init(SDL_INIT_VIDEO) == 0, "SDL_Init: %s", SDL_GetError());
    ck_assert_msg(TTF_Init() == 0, "TTF_Init: %s", TTF_GetError());
    source = text ? strdup(text) : puluk_text();
    S = calloc(1, sizeof *S);
    A = calloc(1, sizeof *A);
    vm_program *prog = malloc(sizeof *prog);
    vm_decl *decl = malloc(sizeof *decl);
    ck_assert(S && A && prog && decl);
    asm_errors errs;
    ck_assert(asm_assemble(source, "puluk.mk61", prog, decl, &errs));
    ck_assert(ui_session_load_program(S, prog, decl, "puluk.mk61"));
    free(prog);
    free(decl);
    ck_assert_ptr_nonnull(S->puluk);
    char err[512];
    int code = 0;
    ck_assert_msg(ui_app_open(A, S, 1280, 800, true, err, sizeof err, &code), "%s", err);
    snprintf(A->game_path, sizeof A->game_path, "%s", scratch_file("puluk.game"));
    ui_app_frame(A, 0);
}

static void puluk_setup(void)
{
    open_window(NULL);
}

static int cell(int k)
{
    const xcheck_puluk_layout *l = &S->puluk->x.lay;
    return vm_whole_in(S->x.m.reg[l->cell[k]], -99, 99, 99);
}

static ui_rect cell_rect(int k)
{
    return ui_puluk_cell_rect(&A->layout, k, S->puluk->x.lay.ncells);
}

/* The mean row of the pixels near colour c in r (window pixels), -1 none. */
static double mean_row(ui_rect r, uint32_t c)
{
    ui_rect p = on_screen(r);
    double sum = 0;
    long n = 0;
    for (int y = p.y; y < p.y + p.h; y++)
        for (int x = p.x; x < p.x + p.w; x++)
            if (near(pixel(x, y), c, 12)) {
                sum += y;
                n++;
            }
    return n ? sum / (double)n : -1;
}

/* Pixels of a piece of the person's (stone) or the calculator's (blue). */
static int yours_in(ui_rect r)
{
    return count_near(r, rgb_of(UI_COL_STONE), 12);
}

static int its_in(ui_rect r)
{
    return count_near(r, rgb_of(UI_COL_BLUE), 12);
}

static void new_puluk_game(void)
{
    click(A->layout.button[UI_BTN_NEW]);
    ck_assert(ui_session_busy(S));
    settle();
    ck_assert_int_eq(ui_session_turn(S), 1);
}

/* A click on a movable cell of the person's, chosen by r. */
static int click_a_move(uint32_t r)
{
    int can[PULUK_MAX_STRIPS + 1], n = 0;
    for (int k = 0; k < S->puluk->x.lay.ncells - 1; k++)
        if (ui_puluk_movable(S, k))
            can[n++] = k;
    ck_assert_int_gt(n, 0);
    int k = can[r % (uint32_t)n];
    click(cell_rect(k));
    ck_assert(ui_session_busy(S));
    settle();
    return k;
}

START_TEST(board_appears)
{
    shot();
    /* No game yet: the towns drawn with their five pieces each, the strips
     * empty. */
    new_puluk_game();
    shot();
    int last = S->puluk->x.lay.ncells - 1;
    ck_assert_int_eq(cell(0), 5);
    ck_assert_int_gt(yours_in(cell_rect(0)), 5 * 100);
    ck_assert_int_eq(its_in(cell_rect(0)), 0);
    ck_assert_int_gt(its_in(cell_rect(last)), 4 * 100); /* it may have moved one */
    for (int k = 1; k < last; k++) {
        ck_assert_int_gt(count_near(cell_rect(k), rgb_of(UI_COL_PIT), 6), 1000);
        if (cell(k) == 0)
            ck_assert_int_eq(yours_in(cell_rect(k)) + its_in(cell_rect(k)), 0);
    }
    /* The turn line in the colour of the person's move, the cross-check's
     * ✓ in its panel. */
    ck_assert_int_gt(count_near(A->layout.turn, rgb_of(UI_COL_LASTMOVE), 20), 50);
    ck_assert_int_gt(count_near(A->layout.check, rgb_of(UI_COL_GOOD), 20), 0);
    ck_assert_int_eq(count_near(A->layout.check, rgb_of(UI_COL_BAD), 20), 0);
    /* One ✓ a checked stop: a move adds one. */
    int before = count_near(A->layout.check, rgb_of(UI_COL_GOOD), 20);
    click(cell_rect(0));
    settle();
    shot();
    ck_assert_int_gt(count_near(A->layout.check, rgb_of(UI_COL_GOOD), 20), before);
}
END_TEST

START_TEST(click_moves_a_piece)
{
    new_puluk_game();
    int t = S->puluk->x.pos.thrown;
    ck_assert_int_ge(t, 1);
    shot();
    ck_assert_int_eq(yours_in(cell_rect(t)), 0);
    /* A click on the person's town: the piece lands on strip t. */
    click(cell_rect(0));
    settle();
    ck_assert_int_eq(cell(0), 4);
    ck_assert_int_ge(cell(t), 1);
    shot();
    ck_assert_int_gt(yours_in(cell_rect(t)), 100);
    /* A click on an empty strip moves nothing, and says why. */
    int empty = 1;
    while (cell(empty) != 0)
        empty++;
    click(cell_rect(empty));
    ck_assert(!ui_session_busy(S));
    ck_assert_msg(strstr(S->status, "No legal move") || strstr(S->status, "Not your move"), "%s",
                  S->status);
}
END_TEST

START_TEST(capture_draws_a_column)
{
    new_puluk_game();
    uint32_t r = 7;
    int found = -1;
    for (int moves = 0; moves < 200 && found < 0; moves++) {
        if (ui_puluk_waiting(S) == XCHECK_PULUK_OVER)
            new_puluk_game();
        r = r * 1103515245u + 12345u;
        click_a_move(r >> 8);
        for (int k = 1; k < S->puluk->x.lay.ncells - 1; k++)
            if (abs(cell(k)) >= 2)
                found = k;
    }
    ck_assert_msg(found > 0, "no capture in 200 moves");
    shot();
    /* A column: both sides' pieces drawn in the strip, the top's colour
     * above the prisoner's. */
    ui_rect c = cell_rect(found);
    ck_assert_int_gt(yours_in(c), 100);
    ck_assert_int_gt(its_in(c), 100);
    double yours_y = mean_row(c, rgb_of(UI_COL_STONE)), its_y = mean_row(c, rgb_of(UI_COL_BLUE));
    if (abs(cell(found)) == 2)
        ck_assert_msg(cell(found) > 0 ? yours_y < its_y : its_y < yours_y,
                      "the top (%s) is not drawn above its prisoner: rows %.0f and %.0f",
                      cell(found) > 0 ? "yours" : "its", yours_y, its_y);
    /* The panel names the capture. */
    bool named = false;
    for (int i = 0; i < S->puluk->nlines; i++)
        named |= S->puluk->lines[i].calc_event >= XCHECK_PULUK_CAPTURE ||
                 S->puluk->lines[i].you_from >= 0;
    ck_assert(named);
}
END_TEST

START_TEST(throw_buttons_key_a_throw)
{
    click(A->layout.button[UI_BTN_STONES]); /* Throws: yours */
    ck_assert(S->puluk->keyed);
    new_puluk_game();
    ck_assert_int_eq(ui_puluk_waiting(S), XCHECK_PULUK_YOUR_THROW);
    shot();
    ui_rect b3 = ui_puluk_throw_rect(&A->layout, 3);
    ck_assert_int_gt(count_near(b3, rgb_of(UI_COL_BUTTON), 6), 200);
    click(b3);
    settle();
    ck_assert_int_eq(ui_puluk_waiting(S), XCHECK_PULUK_YOUR_MOVE);
    ck_assert_int_eq(S->puluk->x.pos.thrown, 3);
    click(cell_rect(0));
    settle();
    ck_assert_int_eq(cell(3), 1);
    ck_assert_int_eq(ui_puluk_waiting(S), XCHECK_PULUK_ITS_THROW);
    /* К СЧ: the calculator throws this once. */
    click(ui_puluk_throw_rect(&A->layout, 0));
    settle();
    ck_assert_int_eq(ui_puluk_waiting(S), XCHECK_PULUK_YOUR_THROW);
    ck_assert_int_eq(S->puluk->x.mismatches, 0);
}
END_TEST

START_TEST(undo_save_and_load)
{
    new_puluk_game();
    click_a_move(1);
    int before[PULUK_MAX_STRIPS + 2], n = S->puluk->x.lay.ncells;
    for (int k = 0; k < n; k++)
        before[k] = cell(k);
    click_a_move(2);
    int after[PULUK_MAX_STRIPS + 2];
    for (int k = 0; k < n; k++)
        after[k] = cell(k);
    int lines_after = S->puluk->nlines;
    click(A->layout.button[UI_BTN_UNDO]);
    for (int k = 0; k < n; k++)
        ck_assert_int_eq(cell(k), before[k]);
    /* Redo goes forward again to where the game was, its lines too. */
    click(A->layout.button[UI_BTN_REDO]);
    for (int k = 0; k < n; k++)
        ck_assert_int_eq(cell(k), after[k]);
    ck_assert_int_eq(S->puluk->nlines, lines_after);
    click(A->layout.button[UI_BTN_REDO]);
    ck_assert_msg(strstr(S->status, "Nothing to redo"), "%s", S->status);
    click(A->layout.button[UI_BTN_UNDO]);
    for (int k = 0; k < n; k++)
        ck_assert_int_eq(cell(k), before[k]);
    click_a_move(3);
    click(A->layout.button[UI_BTN_REDO]); /* a new move: nothing to redo */
    ck_assert_msg(strstr(S->status, "Nothing to redo"), "%s", S->status);
    for (int k = 0; k < n; k++)
        before[k] = cell(k);
    int lines = S->puluk->nlines;
    click(A->layout.button[UI_BTN_SAVE]);
    ck_assert_msg(strstr(S->status, "Saved"), "%s", S->status);
    click(A->layout.button[UI_BTN_NEW]);
    settle();
    click(A->layout.button[UI_BTN_LOAD]);
    ck_assert_msg(strstr(S->status, "Loaded"), "%s", S->status);
    for (int k = 0; k < n; k++)
        ck_assert_int_eq(cell(k), before[k]);
    ck_assert_int_eq(S->puluk->nlines, lines);
    ck_assert_int_eq(ui_puluk_waiting(S), XCHECK_PULUK_YOUR_MOVE);
    click_a_move(4); /* the game goes on, checked */
    ck_assert_int_eq(S->puluk->x.mismatches, 0);
}
END_TEST

/* A program with the carry weight changed: the panel shows ✗. */
START_TEST(a_mismatch_shows_a_cross)
{
    char *text = puluk_text();
    char *at = strstr(text, "\t1,5\n");
    ck_assert_ptr_nonnull(at);
    memcpy(at, "\t1,1\n", 5);
    teardown();
    open_window(text);
    free(text);
    new_puluk_game();
    uint32_t r = 11;
    for (int moves = 0; moves < 600 && S->puluk->x.mismatches == 0; moves++) {
        if (ui_puluk_waiting(S) != XCHECK_PULUK_YOUR_MOVE)
            new_puluk_game();
        r = r * 1103515245u + 12345u;
        click_a_move(r >> 8);
    }
    ck_assert_int_gt(S->puluk->x.mismatches, 0);
    shot();
    ck_assert_int_gt(count_near(A->layout.check, rgb_of(UI_COL_BAD), 20), 10);
}
END_TEST

int main(void)
{
    snprintf(scratch, sizeof scratch, "/tmp/kalah61-ui-puluk-XXXXXX");
    if (!mkdtemp(scratch))
        return EXIT_FAILURE;
    Suite *s = suite_create("ui_puluk");
    const struct {
        const char *name;
        const TTest *test;
    } cases[] = {{"board_appears", board_appears},
                 {"click_moves_a_piece", click_moves_a_piece},
                 {"capture_draws_a_column", capture_draws_a_column},
                 {"throw_buttons_key_a_throw", throw_buttons_key_a_throw},
                 {"undo_save_and_load", undo_save_and_load},
                 {"a_mismatch_shows_a_cross", a_mismatch_shows_a_cross}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TCase *tc = tcase_create(cases[i].name);
        tcase_add_checked_fixture(tc, puluk_setup, teardown);
        tcase_set_timeout(tc, 300);
        tcase_add_test(tc, cases[i].test);
        suite_add_tcase(s, tc);
    }
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    remove_scratch();
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
