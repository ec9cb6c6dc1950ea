/* test_ui_faults: the window's small faults of issue 25, each held by the
 * pixels or the session it showed in:
 *
 * - the cross-check panel's ✓ and ✗ counts stay visible past the 10th
 *   check, at the design size and a larger one, and a ✗ is counted in the
 *   bad colour (they used to be left out when they did not fit beside the
 *   title);
 * - the F1 help keeps within its panel (the F9 line ran off the right);
 * - a program without a Kalah board says so in one line (the cross-check's
 *   message ended in a line break, drawn as a box glyph);
 * - a store full of stones leaves its name clear ("calc." was covered);
 * - the listing's columns are named, the source line's included;
 * - the start-up hint has no double space;
 * - the instructions since the person's move survive a save and a load
 *   (they started again at 0).
 *
 * Expected values come from the theme's colours, the layout's rectangles
 * and the session's own counts before the save. */
#define _POSIX_C_SOURCE 200809L

#include "ui_harness.h"

/* Pixels of colour c (within tol) in the cross-check panel's title row,
 * in the w design pixels left of its right end. */
static int title_row_near(int w, ui_colour c, int tol)
{
    ui_rect p = A->layout.check;
    return count_near((ui_rect){p.x + p.w - 10 - w, p.y + 8, w, 20}, rgb_of(c), tol);
}

/* Plays the first legal pit until the panel holds n checks. */
static void play_until(int n)
{
    int pits[6];
    while (S->nchecks < n) {
        ck_assert_msg(legal_pits(pits) > 0, "the game ended after %d checks", S->nchecks);
        play_pit(pits[0]);
    }
}

START_TEST(counts_stay_visible)
{
    new_game();
    play_until(11);
    /* "11 ✓" and "0 ✗" in the dim colour, at both sizes. */
    const int sizes[][2] = {{1280, 800}, {1600, 1000}};
    for (int k = 0; k < 2; k++) {
        reopen(sizes[k][0], sizes[k][1]);
        int ticks = title_row_near(30, UI_COL_DIM, 12), all = title_row_near(90, UI_COL_DIM, 12);
        ck_assert_msg(ticks > 5, "no ✗ count at %dx%d (%d pixels)", pw, ph, ticks);
        ck_assert_msg(all > ticks + 10, "no ✓ count at %dx%d (%d pixels)", pw, ph, all - ticks);
    }
    /* A board changed by hand: the next check is a ✗, counted in red. */
    ck_assert_int_eq(title_row_near(30, UI_COL_BAD, 40), 0);
    int pits[6];
    ck_assert_int_gt(legal_pits(pits), 0);
    vm_num n;
    ck_assert(vm_num_parse("7", &n));
    S->x.m.reg[S->x.lay.calc_store] = n;
    int lines = S->nchecks;
    click(A->layout.pit[0][pits[0] - 1]);
    settle();
    ck_assert_int_gt(S->nchecks, lines);
    ck_assert(!S->checks[S->nchecks - 1].ok);
    shot();
    ck_assert_msg(title_row_near(30, UI_COL_BAD, 40) > 5, "no ✗ count in the bad colour");
    /* The smallest window still shows the ✗ count. */
    reopen(320, 200);
    ck_assert_msg(title_row_near(30, UI_COL_BAD, 60) > 0, "no ✗ count at 320x200");
}
END_TEST

START_TEST(help_keeps_within_its_panel)
{
    type_key(SDLK_F1, KMOD_NONE);
    ck_assert(A->layout.open[UI_PANEL_HELP]);
    shot();
    /* The panel's right margin, under the title, is all panel colour. */
    int margin = UI_HELP_MARGIN;
    ui_rect p = A->layout.panel[UI_PANEL_HELP];
    ui_rect strip = {p.x + p.w - margin + 2, p.y + 56, margin - 6, p.h - 56 - 14};
    ui_rect s = on_screen(strip);
    int total = s.w * s.h, clear = count_near(strip, rgb_of(UI_COL_PANEL), 4);
    ck_assert_msg(clear == total, "%d of %d pixels of the help's right margin are drawn on",
                  total - clear, total);
    /* And the help is there: text in the panel. */
    ck_assert_int_gt(count_near((ui_rect){p.x, p.y + 56, p.w, p.h - 70}, rgb_of(UI_COL_TEXT), 8),
                     1000);
}
END_TEST

START_TEST(no_board_in_one_line)
{
    ui_session *t = calloc(1, sizeof *t);
    vm_program *prog = malloc(sizeof *prog);
    vm_decl *decl = malloc(sizeof *decl);
    asm_errors errs;
    ck_assert(t && prog && decl && asm_assemble("Сx\nС/П\n", "plain.mk61", prog, decl, &errs));
    ck_assert(ui_session_load_program(t, prog, decl, "plain.mk61"));
    ck_assert(!t->checking);
    ck_assert_msg(strstr(t->status, "no Kalah board") != NULL, "%s", t->status);
    for (const char *c = t->status; *c; c++)
        ck_assert_msg((unsigned char)*c >= 0x20, "a control character in '%s'", t->status);
    size_t n = strlen(t->status);
    ck_assert_msg(n > 2 && t->status[n - 1] == ')' && t->status[n - 2] != ' ', "'%s'", t->status);
    ui_session_free(t);
    free(t);
    free(prog);
    free(decl);
    /* The hint of the Kalah program: single spaces. */
    ck_assert_msg(strstr(S->status, "  ") == NULL, "'%s'", S->status);
}
END_TEST

START_TEST(full_store_leaves_its_name)
{
    /* The most stones a store can hold, 72 (Kalah(6,6)), in both stores. */
    vm_num n;
    ck_assert(vm_num_parse("72", &n));
    S->x.m.reg[S->x.lay.calc_store] = n;
    S->x.m.reg[S->x.lay.person_store] = n;
    shot();
    for (int side = 0; side < 2; side++) {
        ui_rect r = A->layout.store[side];
        /* The name's band at the foot (from 16 above the edge), and the
         * stones above it. */
        ui_rect band = {r.x + 4, r.y + r.h - 17, r.w - 8, 13};
        ui_rect heap = {r.x + 4, r.y + 30, r.w - 8, r.h - 50};
        ck_assert_int_gt(count_near(heap, rgb_of(UI_COL_STONE), 8), 200);
        ck_assert_msg(count_near(band, rgb_of(UI_COL_STONE), 30) == 0 &&
                          count_near(band, rgb_of(UI_COL_STONEEDGE), 12) == 0,
                      "stones over the name of store %d", side);
        ck_assert_int_gt(count_near(band, rgb_of(UI_COL_DIM), 30), 5); /* the name */
    }
}
END_TEST

START_TEST(listing_columns_named)
{
    shot();
    ck_assert(A->layout.open[UI_PANEL_DEBUGGER]);
    /* Over the first line, at its right end (the source line's column),
     * and at its left (the address): names in the dim colour. */
    ui_rect first = A->layout.line[0];
    ui_rect right = {first.x + first.w - 80, first.y - 16, 80, 15};
    ui_rect left = {first.x, first.y - 16, 60, 15};
    ck_assert_msg(count_near(right, rgb_of(UI_COL_DIM), 10) > 10, "the source line is unnamed");
    ck_assert_msg(count_near(left, rgb_of(UI_COL_DIM), 10) > 10, "the address is unnamed");
}
END_TEST

START_TEST(since_move_survives_a_load)
{
    char path[256], err[1024];
    snprintf(path, sizeof path, "%s", scratch_file("since.game"));
    new_game();
    int pits[6];
    ck_assert_int_gt(legal_pits(pits), 0);
    play_pit(pits[0]);
    /* After the answer. */
    uint64_t answered = ui_session_since_move(S);
    ck_assert_uint_gt(answered, 100);
    ck_assert_msg(ui_save_game(S, path, err, sizeof err), "%s", err);
    ck_assert_msg(ui_load_game(S, path, err, sizeof err), "%s", err);
    ck_assert_uint_eq(ui_session_since_move(S), answered);
    /* In the middle of an answer: paused at a breakpoint (231, the move
     * subroutine's first step). */
    ck_assert_int_gt(legal_pits(pits), 0);
    S->breakpoint[231] = true;
    click(A->layout.pit[0][pits[0] - 1]);
    settle();
    ck_assert(S->paused);
    uint64_t midway = ui_session_since_move(S);
    ck_assert_uint_gt(midway, 10);
    ck_assert_msg(ui_save_game(S, path, err, sizeof err), "%s", err);
    ck_assert_msg(ui_load_game(S, path, err, sizeof err), "%s", err);
    ck_assert_uint_eq(ui_session_since_move(S), midway);
    /* And it counts on from there. */
    S->breakpoint[231] = false;
    ui_session_step(S);
    ck_assert_uint_eq(ui_session_since_move(S), midway + 1);
}
END_TEST

/* The panels' keys are bound first, in the table's order, before the
 * keymap's own lines; a keymap that binds one of them again, or names an
 * action no panel or window has, is refused with its line. */
START_TEST(panel_keys_come_from_their_table)
{
    const ui_theme *t = &A->theme;
    for (int p = 0; p < UI_PANEL_COUNT; p++) {
        ck_assert_int_eq(t->bind[p].action, p);
        ck_assert_int_eq(t->bind[p].key, -1);
        ck_assert_str_eq(t->bind[p].name, ui_panel_table[p].key);
        ck_assert_int_eq(ui_panel_table[p].id, p);
        ck_assert_int_eq(ui_panel_table[p].action, p);
        ck_assert_int_eq(ui_button_panel(ui_panel_table[p].button), p);
    }
    ck_assert_str_eq(ui_panel_table[UI_PANEL_HELP].key, "F1");
    ck_assert_str_eq(ui_panel_table[UI_PANEL_DEBUGGER].key, "F2");
    ck_assert_str_eq(ui_panel_table[UI_PANEL_SEARCH].key, "F4");
    ck_assert_int_eq(ui_button_panel(UI_BTN_LOAD), -1);
    ck_assert_int_eq(ui_button_panel(UI_BTN_STEP), -1);
    static const char colours[] = "colour body 1 2 3\n";
    static ui_theme mine;
    char err[256];
    /* The theme is checked first: one colour is not all of them. */
    ck_assert(!ui_theme_parse(&mine, colours, "", err, sizeof err));
    ck_assert_msg(strstr(err, "is missing") != NULL, "%s", err);
    /* The real theme with keymaps of our own. */
    extern const char ui_asset_theme[];
    ck_assert_msg(ui_theme_parse(&mine, ui_asset_theme, "@new key F3\n", err, sizeof err), "%s",
                  err);
    ck_assert_int_eq(mine.binds, UI_PANEL_COUNT + 1);
    ck_assert(!ui_theme_parse(&mine, ui_asset_theme, "@new key F3\n@help key F2\n", err,
                              sizeof err));
    ck_assert_msg(strstr(err, "assets/keymap.txt:2: \"F2\" is already bound") != NULL, "%s", err);
    ck_assert(!ui_theme_parse(&mine, ui_asset_theme, "@frobnicate key F7\n", err, sizeof err));
    ck_assert_msg(strstr(err, "unknown action \"@frobnicate\"") != NULL, "%s", err);
}
END_TEST

void ui_faults_cases(Suite *s)
{
    const ui_case cases[] = {
        {"counts", counts_stay_visible, 300},         {"help_width", help_keeps_within_its_panel, 60},
        {"no_board", no_board_in_one_line, 60},       {"full_store", full_store_leaves_its_name, 60},
        {"listing_head", listing_columns_named, 60},  {"since_load", since_move_survives_a_load, 300},
        {"panel_keys", panel_keys_come_from_their_table, 60},
    };
    add_cases(s, cases, sizeof cases / sizeof cases[0]);
}
