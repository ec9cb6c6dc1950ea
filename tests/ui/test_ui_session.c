/* test_ui_session: the window's session alone (ui_session.h), linked with
 * nothing of the shell: no SDL, no files. That it links is the first check
 * of its contract (CMake's test ui_session_no_files is the second); then a
 * game saved as text comes back from the text, and a bad text is refused
 * with its place, the session left as it was. */
#include "../kalah_program.h"
#include "ui_session.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ui_session *S;

/* A session holding programs/kalah.mk61. */
static void setup(void)
{
    char *text = kalah_program_text();
    vm_program prog;
    vm_decl *decl = malloc(sizeof *decl);
    ck_assert_ptr_nonnull(decl);
    kalah_program_assemble(text, &prog, decl);
    S = calloc(1, sizeof *S);
    ck_assert(S && ui_session_load_program(S, &prog, decl, "kalah.mk61"));
    free(decl);
    free(text);
}

static void teardown(void)
{
    ui_session_free(S);
    free(S);
}

/* A new game of 3 stones, depth 1, and the person's moves in turn (the
 * first legal pit each time). */
static void play(int moves)
{
    S->stones = 3;
    S->depth = 1;
    ui_session_new_game(S);
    ck_assert(ui_session_settle(S, 100000000ull));
    for (int k = 0; k < moves && ui_session_turn(S) == 1; k++) {
        kalah_pos p;
        ck_assert(ui_session_board(S, &p));
        int ps = ui_session_person_first(S) ? KALAH_SOUTH : KALAH_NORTH, pit = 1;
        while (pit <= 6 && p.pit[ps][pit - 1] == 0)
            pit++;
        ck_assert(ui_session_pit(S, pit) && ui_session_settle(S, 100000000ull));
    }
}

START_TEST(a_game_comes_back_from_its_text)
{
    play(3);
    ck_assert_int_ge(S->nchecks, 3);
    char *text, err[512];
    ck_assert_msg(ui_session_save(S, &text, err, sizeof err), "%s", err);
    ck_assert_ptr_nonnull(strstr(text, "\nmachine\n"));
    vm_machine before = S->x.m;
    int checks = S->nchecks, played = S->x.game.played;
    play(1); /* elsewhere: a new game */
    ck_assert(S->x.game.played != played || S->nchecks != checks);
    ck_assert_msg(ui_session_load(S, text, "t.game", 3, err, sizeof err), "%s", err);
    ck_assert_int_eq(S->nchecks, checks);
    ck_assert_int_eq(S->x.game.played, played);
    ck_assert_int_eq(memcmp(S->x.m.reg, before.reg, sizeof before.reg), 0);
    ck_assert_int_eq(S->x.m.pc, before.pc);
    for (int i = 0; i < S->nchecks; i++)
        ck_assert(S->checks[i].ok);
    /* The same text saved again. */
    char *again;
    ck_assert(ui_session_save(S, &again, err, sizeof err));
    ck_assert_str_eq(again, text);
    free(again);
    free(text);
}
END_TEST

START_TEST(a_bad_text_is_refused_in_place)
{
    play(1);
    vm_machine before = S->x.m;
    int checks = S->nchecks;
    static const struct { const char *text, *err; } bad[] = {
        {"settings 6 2 1\nbogus line\nmachine\n",
         "t.game:4: unknown line 'bogus line' in a saved game"},
        {"settings 6 2 7\nmachine\n", "t.game:3: malformed 'settings' line"},
        {"# no settings\nmachine\n", "t.game: incomplete saved game: the settings line is missing"},
        {"settings 6 2 1\n", "t.game: incomplete saved game: the machine line is missing"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[512] = "";
        ck_assert(!ui_session_load(S, bad[i].text, "t.game", 3, err, sizeof err));
        ck_assert_str_eq(err, bad[i].err);
        ck_assert_int_eq(S->nchecks, checks);
        ck_assert_int_eq(memcmp(&S->x.m, &before, sizeof before), 0);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ui_session");
    TCase *tc = tcase_create("session");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, a_game_comes_back_from_its_text);
    tcase_add_test(tc, a_bad_text_is_refused_in_place);
    suite_add_tcase(s, tc);
    return kalah_check_run(s);
}
