/* test_xcheck: the Kalah program (programs/kalah.mk61) against the core. */
#include "asm.h"
#include "vm_keys.h"
#include "xcheck.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static vm_program program;

/* Reads and assembles the program once (the test's own file access). */
static const vm_program *load(void)
{
    static bool done;
    if (done)
        return &program;
    FILE *f = fopen(KALAH61_PROGRAM_DIR "/kalah.mk61", "rb");
    ck_assert_msg(f != NULL, "cannot open programs/kalah.mk61");
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    asm_errors errs;
    bool ok = asm_assemble(text, "kalah.mk61", &program, &errs);
    char msg[256] = "";
    if (!ok)
        asm_error_format(&errs.error[0], msg, sizeof msg);
    ck_assert_msg(ok, "programs/kalah.mk61 does not assemble: %s", msg);
    done = true;
    return &program;
}

START_TEST(declares_its_registers_and_fits_its_profile)
{
    const vm_program *p = load();
    xcheck_layout lay;
    char why[128];
    ck_assert_msg(xcheck_layout_find(p, &lay, why, sizeof why), "%s", why);
    ck_assert_int_le(p->length, vm_profile_get(p->profile)->steps);
}
END_TEST

START_TEST(listing_assembles_back_to_the_same_codes)
{
    const vm_program *p = load();
    static char listing[1 << 16];
    ck_assert_int_lt(asm_listing(p, 0, listing, sizeof listing), (int)sizeof listing);
    static vm_program again;
    asm_errors errs;
    ck_assert(asm_assemble(listing, "listing", &again, &errs));
    ck_assert_int_eq(again.length, p->length);
    ck_assert_mem_eq(again.code, p->code, (size_t)p->length * sizeof p->code[0]);
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
                bool ok = xcheck_start(&x, p, stones, depth, k % 2 == 0, 100000000ull) &&
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
    ck_assert(xcheck_start(&x, p, 4, 1, true, 100000000ull));
    vm_num one = vm_num_from_int(1), v = x.m.reg[x.lay.person[0]];
    vm_num_sub(v, one, &x.m.reg[x.lay.person[0]]);
    ck_assert(!xcheck_person_move(&x, 3));
    ck_assert_int_eq(x.mismatches, 1);
    ck_assert_ptr_nonnull(strstr(x.report, "the board differs"));
    ck_assert_ptr_nonnull(strstr(x.report, "game:     kalah-6-4 3"));
    xcheck_free(&x);
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

int main(void)
{
    Suite *s = suite_create("xcheck");
    TCase *tc = tcase_create("xcheck");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, declares_its_registers_and_fits_its_profile);
    tcase_add_test(tc, listing_assembles_back_to_the_same_codes);
    tcase_add_test(tc, games_against_the_core);
    tcase_add_test(tc, a_changed_board_is_caught);
    tcase_add_test(tc, defaults_are_six_stones_depth_two);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
