/* test_ui, part 3: what the program's display means, shown in the window
 * (see test_ui.c for the fixture): the depths offered are the depths the
 * program plays, a refused start-up and a halt are shown as what they are,
 * every state of the display protocol (programs/kalah.md) has its own turn
 * line, and the calculator's row is labelled as the person sees it, as
 * its moves on the display are numbered.
 *
 * Expected values come from the protocol as documented: the program plays
 * depths 1..3 and 1..6 stones; a new game of 6 stones at depth 2 shows
 * 962; pit 1 of six stones ends in the person's store (an extra turn, 0);
 * an empty pit is refused (-1); a start-up it cannot play shows -2; the
 * calculator's row is C1..C6 from the person's left. */
#define _POSIX_C_SOURCE 200809L

#include "ui_harness.h"

#include "kalah_file.h"

/* The turn line's text now. */
static const char *turn_text(void)
{
    static char buf[320];
    ui_session_state_text(S, buf, sizeof buf);
    return buf;
}

/* Pixels of the turn line in colour c (exactly the theme's, as text's core
 * pixels are). */
static int turn_pixels(ui_colour c)
{
    shot();
    return count_near(A->layout.turn, rgb_of(c), 0);
}

START_TEST(depth_button_offers_what_the_program_plays)
{
    bool seen[10] = {false};
    for (int n = 0; n < 12; n++) {
        click(A->layout.button[UI_BTN_DEPTH]);
        ck_assert_msg(S->depth >= 1 && S->depth <= 3, "the Depth button offers %d", S->depth);
        seen[S->depth] = true;
    }
    ck_assert(seen[1] && seen[2] && seen[3]);
    /* The deepest: a game starts and the calculator's answer is checked. */
    while (S->depth != 3)
        click(A->layout.button[UI_BTN_DEPTH]);
    new_game();
    ck_assert_int_eq(S->x.depth, 3);
    play_pit(2);
    ck_assert_int_eq(ui_session_turn(S), 1);

    /* A game saved when the button offered 4 loads with the button at 3
     * (its settings line changed to depth 4, then the Load button). */
    char path[128], err[512], *body = NULL;
    int version;
    snprintf(path, sizeof path, "%s", scratch_file("depth4.game"));
    ck_assert_msg(ui_save_game(S, path, err, sizeof err), "%s", err);
    ck_assert_msg(kalah_file_load(path, "kalah61-game", UI_SAVE_VERSION, &body, &version, err,
                               sizeof err), "%s", err);
    char *at = strstr(body, "settings 6 3 1");
    ck_assert_ptr_nonnull(at);
    at[11] = '4';
    ck_assert_msg(kalah_file_save(path, "kalah61-game", version, body, err, sizeof err), "%s", err);
    free(body);
    snprintf(A->game_path, sizeof A->game_path, "%s", path);
    click(A->layout.button[UI_BTN_LOAD]);
    ck_assert_msg(strstr(S->status, "Loaded") != NULL, "%s", S->status);
    ck_assert_int_eq(S->depth, 3);
    ck_assert_int_eq(ui_session_turn(S), 1);
}
END_TEST

START_TEST(refused_start_up_is_shown)
{
    /* Keyed on the keypad: 6 stones, depth 4, the person first. */
    click_keys("6 В↑ 4 В↑ 1 В/О С/П");
    settle();
    ck_assert_str_eq(display_trimmed(), "-2.");
    ck_assert_int_eq(ui_session_state(S), UI_STATE_START_REFUSED);
    ck_assert_int_eq(ui_session_turn(S), -1);
    ck_assert_ptr_nonnull(strstr(turn_text(), "refused the start-up"));
    ck_assert_int_gt(turn_pixels(UI_COL_BAD), 0);
    ck_assert_int_eq(turn_pixels(UI_COL_LASTMOVE), 0);
    /* The cross-check agrees that it had to be refused. */
    ck_assert_int_ge(S->nchecks, 1);
    ck_assert_msg(S->checks[S->nchecks - 1].ok, "%s", S->checks[S->nchecks - 1].text);
    /* A click on a pit keys nothing. */
    click(A->layout.pit[0][2]);
    ck_assert(!ui_session_busy(S));
    /* С/П again: the same sign, checked. */
    click_key("С/П");
    settle();
    ck_assert_str_eq(display_trimmed(), "-2.");
    ck_assert(S->checks[S->nchecks - 1].ok);
    ck_assert_int_eq(ui_session_state(S), UI_STATE_START_REFUSED);
    /* New game plays. */
    new_game();
    ck_assert_int_eq(ui_session_state(S), UI_STATE_YOUR_MOVE);
}
END_TEST

/* A step of the program changed on the keypad in programming mode, where
 * the program waits for the person's move, to F sin⁻¹: the move's pit
 * (3) is outside its domain, so the program halts with ЕГГОГ there. */
START_TEST(a_halt_is_shown_as_a_halt)
{
    new_game();
    int at = S->x.m.pc;
    click_keys("F ВП F 4 ШГ← F /-/"); /* F ПРГ, F sin⁻¹, back one step, F АВТ */
    ck_assert_int_eq(S->x.m.mode, VM_MODE_AUTO);
    ck_assert_int_eq(S->x.m.pc, at);
    ck_assert_int_eq(S->x.m.prog[at], 0x19);
    click(A->layout.pit[0][2]);
    settle();
    ck_assert_str_eq(display_trimmed(), "EГГ0Г");
    ck_assert_int_eq(ui_session_state(S), UI_STATE_HALTED);
    ck_assert_int_eq(ui_session_turn(S), -2);
    char want[32];
    snprintf(want, sizeof want, "ЕГГОГ at %03d", at);
    ck_assert_msg(strstr(turn_text(), want) != NULL, "%s", turn_text());
    ck_assert_ptr_nonnull(strstr(turn_text(), "halted"));
    ck_assert_int_gt(turn_pixels(UI_COL_BAD), 0);
    ck_assert_int_eq(turn_pixels(UI_COL_LASTMOVE), 0); /* not "Your move" */
    /* The cross-check marks the run. */
    ck_assert(!S->checks[S->nchecks - 1].ok);
    shot();
    ck_assert_int_gt(count_near(A->layout.check, rgb_of(UI_COL_BAD), 10), 0);
    /* No pit can be played on a halted program; a key clears ЕГГОГ but the
     * window still says what happened. */
    click(A->layout.pit[0][3]);
    ck_assert(!ui_session_busy(S));
    click_key("Сx");
    ck_assert_int_eq(ui_session_state(S), UI_STATE_HALTED);
    /* New game loads the program again and plays. */
    new_game();
    ck_assert_int_eq(ui_session_state(S), UI_STATE_YOUR_MOVE);
    ck_assert_int_ne(S->x.m.prog[at], 0x19);
}
END_TEST

/* New game (6 stones, depth 2, the person first): 962; pit 1 (six stones,
 * the last in the store): 0, an extra turn; pit 1 again, now empty: -1;
 * pit 6: the calculator answers with its moves. Four states, four signs,
 * four turn lines. */
START_TEST(every_state_has_its_own_turn_line)
{
    ck_assert_int_eq(S->stones, 6);
    ck_assert_int_eq(S->depth, 2);
    const char *text[4];
    long long sum[4];
    ui_state st[4];
    new_game();
    ck_assert_str_eq(display_trimmed(), "962.");
    for (int k = 0; k < 4; k++) {
        if (k == 1 || k == 2)
            click(A->layout.pit[0][0]);
        else if (k == 3)
            click(A->layout.pit[0][5]);
        settle();
        st[k] = ui_session_state(S);
        text[k] = strdup(turn_text());
        shot();
        sum[k] = channel_sum(A->layout.turn);
        /* The person is to move in each: the line in the last move's colour. */
        ck_assert_int_gt(turn_pixels(UI_COL_LASTMOVE), 0);
        ck_assert_int_eq(ui_session_turn(S), 1);
    }
    char last[40];
    snprintf(last, sizeof last, "%s.", num_text(S->x.m.reg[14])); /* LAST: its moves */
    ck_assert_str_eq(display_trimmed(), last);
    ck_assert_int_eq(st[0], UI_STATE_YOUR_MOVE);
    ck_assert_int_eq(st[1], UI_STATE_EXTRA_TURN);
    ck_assert_int_eq(st[2], UI_STATE_REFUSED);
    ck_assert_int_eq(st[3], UI_STATE_YOUR_MOVE);
    for (int a = 0; a < 3; a++)
        for (int b = a + 1; b < 3; b++) {
            ck_assert_str_ne(text[a], text[b]);
            ck_assert(sum[a] != sum[b]);
        }
    for (int k = 0; k < 4; k++)
        free((void *)text[k]);
}
END_TEST

/* The display's digits name the calculator's pits from the person's left:
 * the pit labelled C<d> for each digit d is marked as its last move, and
 * the labels run C1..C6 from left to right along the top row. */
START_TEST(calculator_row_numbered_as_the_person_sees_it)
{
    int left = 0, right = 0;
    for (int i = 1; i < 6; i++) {
        if (A->layout.pit[1][i].x < A->layout.pit[1][left].x)
            left = i;
        if (A->layout.pit[1][i].x > A->layout.pit[1][right].x)
            right = i;
    }
    char name[8];
    ui_pit_label(1, left, name, sizeof name);
    ck_assert_str_eq(name, "C1");
    ui_pit_label(1, right, name, sizeof name);
    ck_assert_str_eq(name, "C6");
    ui_pit_label(0, 0, name, sizeof name);
    ck_assert_str_eq(name, "P1");

    new_game();
    play_pit(6); /* 6 stones from pit 6: the calculator answers */
    const char *digits = display_trimmed();
    ck_assert_int_gt((int)strlen(digits), 1);
    shot();
    uint32_t mark = rgb_of(UI_COL_LASTMOVE);
    bool marked[6] = {false};
    for (const char *d = digits; *d >= '1' && *d <= '6'; d++) {
        snprintf(name, sizeof name, "C%c", *d);
        int i = -1;
        for (int k = 0; k < 6; k++) {
            char l[8];
            ui_pit_label(1, k, l, sizeof l);
            if (strcmp(l, name) == 0)
                i = k;
        }
        ck_assert_int_ge(i, 0);
        ck_assert_msg(count_near(A->layout.pit[1][i], mark, 0) > 0, "%s is not marked", name);
        marked[i] = true;
    }
    for (int i = 0; i < 6; i++)
        if (!marked[i])
            ck_assert_int_eq(count_near(A->layout.pit[1][i], mark, 0), 0);
}
END_TEST

void ui_states_cases(Suite *s)
{
    const ui_case cases[] = {
        {"depth_button", depth_button_offers_what_the_program_plays, 300},
        {"refused_start", refused_start_up_is_shown, 120},
        {"halt", a_halt_is_shown_as_a_halt, 120},
        {"states", every_state_has_its_own_turn_line, 120},
        {"numbering", calculator_row_numbered_as_the_person_sees_it, 120},
    };
    add_cases(s, cases, sizeof cases / sizeof cases[0]);
}
