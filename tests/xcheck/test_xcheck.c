/* test_xcheck: the Kalah program (programs/kalah.mk61) against the core. */
#include "../kalah_program.h"
#include "asm.h"
#include "vm_keys.h"
#include "vm_whole.h"
#include "xcheck.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static vm_program program;
static vm_decl decl; /* what it declares */

/* Reads and assembles the program once. */
static const vm_program *load(void)
{
    static bool done;
    if (done)
        return &program;
    char *text = kalah_program_text();
    kalah_program_assemble(text, &program, &decl);
    free(text);
    done = true;
    return &program;
}

START_TEST(declares_its_registers_and_fits_its_profile)
{
    const vm_program *p = load();
    xcheck_layout lay;
    char why[128];
    ck_assert_msg(xcheck_layout_find(decl.reg_name, &lay, why, sizeof why), "%s", why);
    ck_assert_int_le(p->length, vm_profile_get(p->profile)->steps);
}
END_TEST

START_TEST(listing_assembles_back_to_the_same_codes)
{
    const vm_program *p = load();
    static char listing[1 << 16];
    ck_assert_int_lt(asm_listing(p, &decl, 0, listing, sizeof listing), (int)sizeof listing);
    vm_program again;
    static vm_decl again_decl;
    asm_errors errs;
    ck_assert(asm_assemble(listing, "listing", &again, &again_decl, &errs));
    ck_assert_int_eq(again.length, p->length);
    ck_assert_mem_eq(again.code, p->code, (size_t)p->length * sizeof p->code[0]);
    ck_assert(decl.search.declared);
    ck_assert_mem_eq(&again_decl.search, &decl.search, sizeof decl.search);
}
END_TEST

/* 240 games: every stone count 3..6, depths 1 and 2, the person first and
 * second, 15 games each, the person playing random moves (seeded). */
START_TEST(games_against_the_core)
{
    const vm_program *p = load();
    static xcheck x;
    kalah_player random_player = {.algo = KALAH_RANDOM};
    kalah_rng rng = kalah_rng_seed(2024);
    long games = 0, moves = 0, refused = 0;
    for (int stones = 3; stones <= 6; stones++)
        for (int depth = 1; depth <= 2; depth++)
            for (int k = 0; k < 30; k++) {
                bool ok = xcheck_start(&x, p, &decl, stones, depth, XCHECK_MINIMAX,
                                       k % 2 == 0, 100000000ull) &&
                          xcheck_play(&x, &random_player, &rng);
                ck_assert_msg(ok && x.mismatches == 0, "game %ld:\n%s", games + 1, x.report);
                games++;
                moves += x.moves;
                refused += x.refusals;
                xcheck_free(&x);
            }
    ck_assert_int_eq(games, 240);
    ck_assert_int_gt(moves, 240 * 10);
    ck_assert_int_gt(refused, 240);
}
END_TEST

/* The check can fail: a stone taken from the program's board between two
 * moves is reported, with the game so far. */
START_TEST(a_changed_board_is_caught)
{
    const vm_program *p = load();
    static xcheck x;
    ck_assert(xcheck_start(&x, p, &decl, 4, 1, XCHECK_MINIMAX, true, 100000000ull));
    vm_num one = vm_num_from_int(1), v = x.m.reg[x.lay.person[0]];
    vm_num_sub(v, one, &x.m.reg[x.lay.person[0]]);
    ck_assert(!xcheck_person_move(&x, 3));
    ck_assert_int_eq(x.mismatches, 1);
    ck_assert_ptr_nonnull(strstr(x.report, "the board differs"));
    ck_assert_ptr_nonnull(strstr(x.report, "game:     kalah-6-4 3"));
    xcheck_free(&x);
}
END_TEST

/* The value of the register the program names `name`. */
static int named_reg(const xcheck *x, const char *name)
{
    for (int r = 0; r < VM_MAX_REGS; r++)
        if (strcmp(decl.reg_name[r], name) == 0)
            return vm_whole_in(x->m.reg[r], -999, 999, -1000);
    ck_abort_msg("no register named %s", name);
    return -1;
}

/* The game line the window and mk61 calc show, read back as a person would:
 * its key says which core pit each of the program's pits is ("you S, C1..C6
 * = N6..N1"), and the game after "): ", parsed by the core, must be the
 * board the calculator holds, pit by pit, by the registers' names. */
static void check_game_line(const xcheck *x)
{
    char line[4096], you, calc;
    int c1, c6;
    xcheck_game_line(x, line, sizeof line);
    ck_assert_msg(sscanf(line, "game (you %c, C1..C6 = %c%d..%*c%d): ", &you, &calc, &c1, &c6) == 4
                      && you != calc,
                  "no key in '%s'", line);
    (void)c6;
    const char *text = strstr(line, "): ");
    ck_assert_ptr_nonnull(text);
    kalah_game g = {0};
    kalah_error err;
    ck_assert_msg(kalah_game_parse(text + 3, &g, &err) == KALAH_OK, "'%s': %s", text + 3,
                  err.message);
    const kalah_pos *p = kalah_game_pos(&g);
    int ys = you == 'S' ? KALAH_SOUTH : KALAH_NORTH, cs = ys ^ 1;
    char name[8];
    for (int i = 1; i <= 6; i++) {
        snprintf(name, sizeof name, "P%d", i);
        ck_assert_int_eq(named_reg(x, name), p->pit[ys][i - 1]);
        /* C1 is the core's pit c1 of the calculator's side, C2 the next one
         * towards its pit 1 (the key counts down: N6..N1). */
        snprintf(name, sizeof name, "C%d", i);
        ck_assert_int_eq(named_reg(x, name), p->pit[cs][c1 - i]);
    }
    ck_assert_int_eq(named_reg(x, "PK"), p->store[ys]);
    ck_assert_int_eq(named_reg(x, "CK"), p->store[cs]);
    kalah_game_free(&g);
}

START_TEST(game_line_names_the_calculators_pits)
{
    const vm_program *p = load();
    static xcheck x;
    for (int first = 0; first < 2; first++) {
        ck_assert(xcheck_start(&x, p, &decl, 3, 1, XCHECK_MINIMAX, first == 0, 100000000ull));
        check_game_line(&x);
        for (int k = 0; k < 6 && !xcheck_over(&x); k++) {
            int moves[KALAH_MAX_PITS], n = kalah_moves(&x.rules, kalah_game_pos(&x.game), moves);
            ck_assert_int_gt(n, 0);
            ck_assert_msg(xcheck_person_move(&x, k % 2 ? moves[0] : moves[n - 1]), "%s", x.report);
            check_game_line(&x);
        }
        ck_assert_int_gt(x.calc_moves, 0);
        xcheck_free(&x);
    }
}
END_TEST

/* Keys "В/О С/П" or the whole start-up sequence on a fresh machine. */
static void start_with(vm_machine *m, const char *const *keys, int n)
{
    vm_load(m, load());
    for (int k = 0; k < n; k++) {
        int key = vm_key_find(keys[k]);
        ck_assert_int_ge(key, 0);
        vm_press(m, (vm_key)key);
        if (m->running)
            ck_assert_int_eq(vm_run(m, 100000000ull), VM_HALT_STOP);
    }
}

/* Nothing keyed before В/О С/П plays as 6 В↑ 2 В↑ 0: six stones a pit (as
 * in the seeds), depth 2, the calculator first. */
START_TEST(defaults_are_six_stones_depth_two)
{
    static vm_machine a, b;
    const char *plain[] = {"В/О", "С/П"};
    const char *full[] = {"6", "В↑", "2", "В↑", "0", "В/О", "С/П"};
    start_with(&a, plain, 2);
    start_with(&b, full, 7);
    ck_assert_mem_eq(a.reg, b.reg, sizeof a.reg);
    ck_assert_int_eq(a.pc, b.pc);
}
END_TEST

/* Illegal inputs are refused (-1, nothing changed); a legal move keyed as
 * one is played, and so is no refusal. */
START_TEST(illegal_inputs_are_refused)
{
    const vm_program *p = load();
    static xcheck x;
    ck_assert(xcheck_start(&x, p, &decl, 3, 1, XCHECK_MINIMAX, true, 100000000ull));
    static const char *const bad[] = {"0", "7", "2 , 5", "1 ВП 5 0", "3 /-/", "1 2"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(xcheck_try_illegal(&x, bad[i]), "%s: %s", bad[i], x.report);
    ck_assert_int_eq(x.refusals, (long)(sizeof bad / sizeof bad[0]));
    ck_assert_int_eq(x.mismatches, 0);
    ck_assert(!xcheck_try_illegal(&x, "3"));
    ck_assert_int_eq(x.mismatches, 1);
    ck_assert_ptr_nonnull(strstr(x.report, "the illegal input '3' changed register"));
    xcheck_free(&x);
}
END_TEST

/* The start-ups the program cannot play are refused with -2 and STATE 2
 * (programs/kalah.md), and a move keyed after one plays nothing. */
START_TEST(refuses_start_ups_it_cannot_play)
{
    const vm_program *p = load();
    static xcheck x;
    const char *bad[] = {
        "4 В↑ 4 В↑ 1",        /* depth 4: the program searches 3 moves deep at most */
        "4 В↑ 9 В↑ 0",        /* depth 9 */
        "7 В↑ 2 В↑ 1",        /* 7 stones a pit */
        "1 2 В↑ 1 В↑ 0",      /* 12 */
        "4 В↑ 2 В↑ 2",        /* who moves first: 0 or 1 */
        "4 В↑ 2 , 5 В↑ 1",    /* a depth that is not whole */
        "4 , 5 В↑ 2 В↑ 1",    /* stones that are not whole */
        "4 /-/ В↑ 2 В↑ 1",    /* negative stones */
        "4 В↑ 1 /-/ В↑ 1",    /* a negative depth */
        "4 В↑ 2 В↑ 1 /-/",    /* a negative first mover */
        "1 ВП 5 0 В↑ 2 В↑ 1", /* 10^50 stones */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bool ok = xcheck_start_refused(&x, p, &decl, bad[i], 100000000ull);
        ck_assert_msg(ok, "%s:\n%s", bad[i], x.report);
        xcheck_free(&x);
    }
    /* The check can fail: a start-up the program plays is not refused. */
    ck_assert(!xcheck_start_refused(&x, p, &decl, "4 В↑ 3 В↑ 1", 100000000ull));
    ck_assert_ptr_nonnull(strstr(x.report, "STATE is 0"));
    xcheck_free(&x);
}
END_TEST

/* Keys on a fresh machine with the program; runs every С/П to its stop. */
static void keys_on(vm_machine *m, const char *keys)
{
    int key, got;
    size_t len;
    while ((got = vm_key_next(&keys, &key, &len)) != 0) {
        ck_assert_int_gt(got, 0);
        vm_press(m, (vm_key)key);
        if (m->running)
            ck_assert_int_eq(vm_run(m, 100000000ull), VM_HALT_STOP);
    }
}

static void shows(const vm_machine *m, int want)
{
    vm_num w = vm_num_from_int(want);
    char a[32];
    vm_num_format(m->x, a, sizeof a);
    ck_assert_msg(vm_num_eq(m->x, w), "X is %s, not %d", a, want);
}

/* Every state of the display has its own sign (programs/kalah.md, "The
 * display"), worked out by hand on Kalah(6,4): a new game 9 4 2; pit 3 ends
 * in the person's store: 0, the person moves again; pit 3 again (empty):
 * -1; and the calculator's reply, by the core's level mk61-2, its pits
 * counted from the person's left. */
START_TEST(every_state_has_its_own_sign)
{
    static vm_machine m;
    vm_load(&m, load());
    keys_on(&m, "4 В↑ 2 В↑ 1 В/О С/П");
    shows(&m, 942);
    keys_on(&m, "3 С/П");
    shows(&m, 0);
    keys_on(&m, "3 С/П");
    shows(&m, -1);
    keys_on(&m, "6 С/П");
    /* After 3 and 6: North (the calculator) to move on this position. */
    kalah_rules r = kalah_rules_default();
    r.stones = 4;
    kalah_pos pos;
    ck_assert_int_eq(kalah_pos_parse("kalah-6-4:N:4,4,0,5,5,0/2:5,5,5,5,4,4/0", &r, &pos, NULL),
                     KALAH_OK);
    kalah_player mk61 = {0};
    ck_assert_int_eq(kalah_level("mk61-2", 0, &mk61, NULL), KALAH_OK);
    int want = 0;
    while (pos.to_move == KALAH_NORTH && !kalah_over(&r, &pos)) {
        kalah_result res;
        ck_assert_int_eq(kalah_search(&r, &pos, &mk61, NULL, &res, NULL), KALAH_OK);
        want = 10 * want + (7 - res.move);
        ck_assert_int_eq(kalah_play(&r, &pos, res.move, NULL, NULL), KALAH_OK);
    }
    ck_assert_int_gt(want, 0);
    shows(&m, want);

    /* The calculator first, on a cleared machine: its moves at once. */
    vm_load(&m, load());
    keys_on(&m, "3 В↑ 1 В↑ 0 В/О С/П");
    vm_num last = m.reg[14]; /* LAST is register e */
    ck_assert(vm_num_eq(m.x, last));
    ck_assert(!vm_num_is_zero(last));
}
END_TEST

/* The end of a game shows 8 and the calculator's margin: a game of
 * Kalah(6,1) played to its end by the cross-check, then the sign read. */
START_TEST(game_over_shows_eight_and_the_margin)
{
    const vm_program *p = load();
    static xcheck x;
    kalah_player first = {.algo = KALAH_FIRST};
    kalah_rng rng = kalah_rng_seed(5);
    ck_assert(xcheck_start(&x, p, &decl, 1, 1, XCHECK_MINIMAX, true, 100000000ull));
    ck_assert_msg(xcheck_play(&x, &first, &rng), "%s", x.report);
    ck_assert(xcheck_over(&x));
    const kalah_pos *end = kalah_game_pos(&x.game);
    int margin = end->store[KALAH_NORTH] - end->store[KALAH_SOUTH];
    shows(&x.m, margin >= 0 ? 800 + margin : -(800 - margin));
    /* С/П again: the same sign, nothing moves. */
    keys_on(&x.m, "2 С/П");
    shows(&x.m, margin >= 0 ? 800 + margin : -(800 - margin));
    xcheck_free(&x);
}
END_TEST

/* The fewest stones the window offers (1 and 2 a pit) and the deepest
 * search, 3, hold against the core too. */
START_TEST(small_boards_and_depth_three)
{
    const vm_program *p = load();
    static xcheck x;
    kalah_player random_player = {.algo = KALAH_RANDOM};
    kalah_rng rng = kalah_rng_seed(77);
    int games = 0;
    for (int stones = 1; stones <= 6; stones++)
        for (int k = 0; k < (stones <= 2 ? 8 : 2); k++) {
            int depth = stones <= 2 ? 1 + k % 3 : 3;
            bool ok = xcheck_start(&x, p, &decl, stones, depth, XCHECK_MINIMAX,
                                   k % 2 == 0, 100000000ull) &&
                      xcheck_play(&x, &random_player, &rng);
            ck_assert_msg(ok && x.mismatches == 0, "%d stones, depth %d:\n%s", stones, depth,
                          x.report);
            xcheck_free(&x);
            games++;
        }
    ck_assert_int_eq(games, 24);
}
END_TEST

/* Runs prog from its start with xcheck_portable watching; the finding, or
 * "" when there is none. */
static const char *portable(const char *source)
{
    vm_program prog;
    static vm_machine m;
    static char why[160];
    asm_errors errs;
    ck_assert_msg(asm_assemble(source, "t.mk61", &prog, NULL, &errs), "%s", source);
    vm_load(&m, &prog);
    xcheck_portable w;
    xcheck_portable_init(&w, prog.length);
    vm_press(&m, VM_KEY_RS);
    xcheck_portable_run(&w);
    why[0] = '\0';
    for (int n = 0; n < 1000 && m.running; n++) {
        if (!xcheck_portable_step(&w, &m, why, sizeof why))
            break;
        if (vm_step(&m, NULL) != VM_HALT_NONE)
            break;
    }
    return why;
}

/* The watcher names each use of what the real MK-61 does otherwise
 * (issue 16), and passes the same programs written the portable way. */
START_TEST(portable_watch_names_each_difference)
{
    static const struct { const char *bad, *good, *finding; } cases[] = {
        {"ИП 1\nСx\n3\nС/П", "ИП 1\nВ↑\n3\nС/П", "right after Сx"},
        {"7\nС/П", "ИП 1\n7\nС/П", "right after a stop"},
        {".reg 0 1.5\nl: FL0 l\nС/П", ".reg 0 2\nl: FL0 l\nС/П", "loop counter"},
        {".reg 0 0\nl: FL0 l\nС/П", ".reg 0 1\nl: FL0 l\nС/П", "loop counter"},
        {".reg 7 3.5\nКИП 7\nС/П", ".reg 7 3\nКИП 7\nС/П", "not a whole number"},
        {".reg 0 0\nКИП 0\nС/П", ".reg 0 1\nКИП 0\nС/П", "below 0"},
        {".reg 1 1\n.reg 2 3\nИП 1\nИП 2\n÷\nИП 1\n+\nС/П",
         ".reg 1 1\n.reg 2 3\nИП 1\nИП 2\n+\nС/П", "not whole"},
        {".reg 1 99999999\nИП 1\nИП 1\n+\nС/П", ".reg 1 9999999\nИП 1\nИП 1\n+\nС/П",
         "10^8 or more"},
        {"ИП 1\nF10ˣ\nС/П", "ИП 1\nF√\nС/П", "its own way"},
        {"ПП a\nС/П\na: ПП b\nВ/О\nb: ПП c\nВ/О\nc: ПП d\nВ/О\nd: ПП e\nВ/О\ne: ПП f\n"
         "В/О\nf: В/О",
         "ПП a\nС/П\na: ПП b\nВ/О\nb: ПП c\nВ/О\nc: ПП d\nВ/О\nd: ПП e\nВ/О\ne: В/О",
         "sixth nested call"},
        {"ИП 1\nБП e\ne:", "ИП 1\nБП e\ne: С/П", "outside its steps"},
        {".profile mk61x\n.reg 7 100\nКИП 7\nС/П", ".profile mk61x\n.reg 7 99\nКИП 7\nС/П",
         "past the registers"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *why = portable(cases[i].bad);
        ck_assert_msg(strstr(why, cases[i].finding) != NULL, "case %zu: '%s'", i, why);
        why = portable(cases[i].good);
        ck_assert_msg(why[0] == '\0', "case %zu (portable): '%s'", i, why);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("xcheck");
    TCase *tc = tcase_create("xcheck");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, declares_its_registers_and_fits_its_profile);
    tcase_add_test(tc, listing_assembles_back_to_the_same_codes);
    tcase_add_test(tc, games_against_the_core);
    tcase_add_test(tc, a_changed_board_is_caught);
    tcase_add_test(tc, game_line_names_the_calculators_pits);
    tcase_add_test(tc, defaults_are_six_stones_depth_two);
    tcase_add_test(tc, illegal_inputs_are_refused);
    tcase_add_test(tc, refuses_start_ups_it_cannot_play);
    tcase_add_test(tc, every_state_has_its_own_sign);
    tcase_add_test(tc, game_over_shows_eight_and_the_margin);
    tcase_add_test(tc, small_boards_and_depth_three);
    tcase_add_test(tc, portable_watch_names_each_difference);
    suite_add_tcase(s, tc);
    return kalah_check_run(s);
}
