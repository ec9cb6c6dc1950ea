/* test_xcheck_puluk: the Pulúk program (programs/puluk.mk61) against the
 * core, its mutants caught, its refusals, its throws, and the portability
 * check's allowances it needs. */
#include "../kalah_program.h"
#include "asm.h"
#include "puluk_players.h"
#include "vm_keys.h"
#include "vm_whole.h"
#include "xcheck_portable.h"
#include "xcheck_puluk.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static char *source;          /* programs/puluk.mk61 */
static vm_program program;
static vm_decl decl;

/* The Pulúk program's text (or a mutant's) assembled; the test fails
 * with the reason when it does not assemble. */
static void assemble(const char *text, vm_program *p, vm_decl *d)
{
    kalah_program_assemble(text, p, d);
}

static void load(void)
{
    if (source)
        return;
    source = kalah61_program_file("puluk.mk61");
    assemble(source, &program, &decl);
}

/* The source with its first `from` (a whole line, tab-indented
 * instruction, optionally labelled) replaced by `to`. */
static char *mutant(const char *from, const char *to)
{
    load();
    const char *at = strstr(source, from);
    ck_assert_msg(at != NULL, "no '%s' in the program", from);
    size_t n = strlen(source) - strlen(from) + strlen(to) + 1;
    char *m = malloc(n);
    ck_assert_ptr_nonnull(m);
    snprintf(m, n, "%.*s%s%s", (int)(at - source), source, to, at + strlen(from));
    return m;
}

/* Plays games against opponents in turn, the four start-ups in turn; the
 * mismatches in all (the first report kept in *report). */
static long play(const vm_program *p, const vm_decl *d, long games, uint64_t seed,
                 xcheck_puluk *x, char *report, size_t size)
{
    static const char *const names[] = {"random", "quetzalcoatl", "camaxtli", "centeotl",
                                        "expectimax-1"};
    long bad = 0;
    report[0] = '\0';
    for (long g = 0; g < games; g++) {
        puluk_player opp;
        ck_assert_int_eq(puluk_player_parse(names[g % 5], &opp, NULL), KALAH_OK);
        kalah_rng rng = kalah_rng_seed(seed << 32 ^ (uint64_t)g);
        bool ok = xcheck_puluk_start(x, p, d, g % 2 == 0, g / 2 % 2 == 1, kalah_rng_next(&rng),
                                     100000000ull, &rng) &&
                  xcheck_puluk_play(x, &opp, &rng);
        if (!ok && !report[0])
            snprintf(report, size, "game %ld: %s", g + 1, x->report);
        bad += x->mismatches;
    }
    return bad;
}

START_TEST(declares_a_puluk_board)
{
    load();
    xcheck_puluk_layout lay;
    char why[160];
    ck_assert(xcheck_puluk_declared(&decl));
    ck_assert_msg(xcheck_puluk_layout_find(&decl, &lay, why, sizeof why), "%s", why);
    ck_assert_int_eq(lay.ncells, 11);
    ck_assert_int_eq(lay.rules.strips, 9);
    ck_assert_int_eq(lay.rules.pieces, 5);
    ck_assert_int_le(program.length, vm_profile_get(program.profile)->steps);
    /* The registers the real MK-61 has, and nothing past them. */
    for (int k = 0; k < lay.ncells; k++)
        ck_assert_int_lt(lay.cell[k], 15);
    ck_assert_int_lt(lay.throw_reg, 15);
}
END_TEST

/* It does not fit the real MK-61: assembled for the mk61 profile it is
 * refused; its size is the one programs/puluk.md gives ("Size: N steps"),
 * and so is the miss. */
START_TEST(does_not_fit_the_real_mk61)
{
    char *text = mutant(".profile mk61x\n", ".profile mk61\n");
    vm_program p;
    asm_errors errs;
    ck_assert(!asm_assemble(text, "puluk.mk61", &p, NULL, &errs));
    char msg[256];
    asm_error_format(&errs.error[0], msg, sizeof msg);
    bool said = false;
    for (int i = 0; i < errs.kept; i++) {
        asm_error_format(&errs.error[i], msg, sizeof msg);
        said |= strstr(msg, "does not fit") != NULL || strstr(msg, "past the last step (104)");
    }
    ck_assert_msg(said, "%s", msg);
    free(text);
    char *doc = kalah61_program_file("puluk.md");
    char want[96];
    snprintf(want, sizeof want, "**Size: %d steps and registers 0..e.**", program.length);
    ck_assert_msg(strstr(doc, want) != NULL, "puluk.md does not say %s", want);
    snprintf(want, sizeof want, "misses by **%d steps**", program.length - 105);
    ck_assert_msg(strstr(doc, want) != NULL, "puluk.md does not say %s", want);
    free(doc);
}
END_TEST

START_TEST(listing_declares_the_same_board)
{
    load();
    static char listing[1 << 16];
    ck_assert_int_lt(asm_listing(&program, &decl, 0, listing, sizeof listing),
                     (int)sizeof listing);
    vm_program again;
    static vm_decl again_decl;
    assemble(listing, &again, &again_decl);
    ck_assert_int_eq(again.length, program.length);
    ck_assert_mem_eq(again.code, program.code, (size_t)program.length * sizeof program.code[0]);
    ck_assert_mem_eq(&again_decl.board, &decl.board, sizeof decl.board);
}
END_TEST

/* 200 games, every start-up and every kind of opponent: 0 mismatches, and
 * each check has happened (moves, refusals, both kinds of throw). */
START_TEST(games_against_the_core)
{
    load();
    static xcheck_puluk x;
    char report[XCHECK_REPORT_MAX + 64];
    long moves = 0, calc = 0, refused = 0, thrown = 0;
    for (int g = 0; g < 200; g++) {
        ck_assert_int_eq(play(&program, &decl, 1, 77 + (uint64_t)g, &x, report, sizeof report), 0);
        moves += x.moves;
        calc += x.calc_moves;
        refused += x.refusals;
        for (int t = 1; t <= PULUK_MAX_THROW; t++)
            thrown += x.throws[t];
        ck_assert(xcheck_puluk_over(&x) || x.plies == PULUK_MAX_PLIES);
    }
    ck_assert_int_gt(moves, 200 * 20);
    ck_assert_int_gt(calc, 200 * 10);
    ck_assert_int_gt(refused, 200 * 3);
    ck_assert_int_gt(thrown, 200 * 10);
}
END_TEST

/* The mismatches of mutant(from, to) over games (the first report kept). */
static long mutant_mismatches(const char *from, const char *to, long games, uint64_t seed,
                              char *report, size_t size)
{
    char *text = mutant(from, to);
    vm_program p;
    static vm_decl d;
    assemble(text, &p, &d);
    static xcheck_puluk x;
    long bad = play(&p, &d, games, seed, &x, report, size);
    free(text);
    return bad;
}

/* A copy of the program with one weight changed is caught: the carry
 * weight 1.5 as Camaxtli's 1.1, and the capture weight 1.1 as his 2.0. */
START_TEST(a_weight_changed_is_caught)
{
    static const char *const from[] = {"etc:\t+\t\t; carrying c: (score + c) x 1.5\n\t1,5\n",
                                       "\t1,1\t\t; a capture: 1 x 1.1\n"};
    static const char *const to[] = {"etc:\t+\n\t1,1\n", "\t2\n"};
    for (int i = 0; i < 2; i++) {
        char report[XCHECK_REPORT_MAX + 64];
        ck_assert_msg(mutant_mismatches(from[i], to[i], 300, 5, report, sizeof report) > 0,
                      "mutant %d was not caught", i);
        ck_assert_msg(strstr(report, "after the calculator's move") != NULL, "%s", report);
    }
}
END_TEST

/* Other faults, each caught: ties to the square farthest from the far
 * town, a capture that loses the piece it took, a refused move that
 * changes the person's town. */
START_TEST(other_faults_are_caught)
{
    static const char *const from[] = {"\t÷\n\t-\n\t1\n\t+\n\tИП e\n", "\tК ЗН\n\tИП e\n\t↔\n",
                                       "yrf:\t1\n"};
    static const char *const to[] = {"\t÷\n\t+\n\t1\n\t+\n\tИП e\n", "\tК ЗН\n\tСx\n\tИП e\n\t↔\n",
                                     "yrf:\t1\n\tП 0\n"};
    for (int i = 0; i < 3; i++) {
        char report[XCHECK_REPORT_MAX + 64];
        ck_assert_msg(mutant_mismatches(from[i], to[i], 100, 9, report, sizeof report) > 0,
                      "fault %d was not caught", i);
    }
}
END_TEST

/* Inputs out of range are refused at every kind of stop, and nothing
 * changes; a start-up refused then given goes on. */
START_TEST(refusals)
{
    load();
    static xcheck_puluk x;
    kalah_rng rng = kalah_rng_seed(4);
    long refused = 0;
    for (int g = 0; g < 40; g++) {
        ck_assert_msg(xcheck_puluk_start(&x, &program, &decl, g % 2 == 0, g / 2 % 2 == 1,
                                         kalah_rng_next(&rng), 100000000ull, &rng),
                      "%s", x.report);
        refused += x.refusals;
        puluk_player opp = {.algo = PULUK_RANDOM};
        ck_assert_msg(xcheck_puluk_play(&x, &opp, &rng), "%s", x.report);
        refused += x.refusals;
    }
    ck_assert_int_gt(refused, 40);
}
END_TEST

/* The program's К СЧ throws: four kernels, the count of marked sides, 5
 * for none: 1..5 with the chances 4, 6, 4, 1, 1 in 16. */
START_TEST(throws_have_the_kernels_chances)
{
    load();
    static xcheck_puluk x;
    char report[XCHECK_REPORT_MAX + 64];
    long n[PULUK_MAX_THROW + 1] = {0}, all = 0;
    for (int g = 0; g < 60; g++) {
        ck_assert_int_eq(play(&program, &decl, 1, 300 + (uint64_t)g * 4, &x, report,
                              sizeof report),
                         0);
        for (int t = 1; t <= PULUK_MAX_THROW; t++) {
            n[t] += x.throws[t];
            all += x.throws[t];
        }
    }
    ck_assert_int_gt(all, 1000);
    static const double p[] = {0, 4 / 16.0, 6 / 16.0, 4 / 16.0, 1 / 16.0, 1 / 16.0};
    double chi = 0;
    for (int t = 1; t <= PULUK_MAX_THROW; t++) {
        double e = p[t] * (double)all;
        chi += ((double)n[t] - e) * ((double)n[t] - e) / e;
    }
    /* 4 degrees of freedom: 18.5 is the 0.1% point. */
    ck_assert_msg(chi < 18.5, "chi-square %.1f: %ld %ld %ld %ld %ld", chi, n[1], n[2], n[3], n[4],
                  n[5]);
}
END_TEST

/* The portability check's allowance of decimals: exact results pass,
 * rounded ones do not; without the allowance neither does. */
START_TEST(decimals_allowance)
{
    static const struct {
        const char *y, *x;
        int op;
        bool exact;
    } cases[] = {
        {"1.1", "1.1", VM_OP_MUL, true},        {"2", "0.1234567", VM_OP_MUL, true},
        {"12345678", "3", VM_OP_MUL, true},     {"12345678", "9", VM_OP_MUL, false},
        {"0.33333333", "3", VM_OP_MUL, true},   {"1e50", "4.5", VM_OP_SUB, false},
        {"2.31", "1", VM_OP_ADD, true},         {"99999999", "1", VM_OP_ADD, true},
        {"99999999", "2", VM_OP_ADD, false},    {"1", "0.00000005", VM_OP_ADD, false},
        {"14.415", "0.00003", VM_OP_SUB, true}, {"-9999999.5", "10000000", VM_OP_ADD, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        vm_machine m;
        memset(&m, 0, sizeof m);
        vm_program p = {.profile = VM_PROFILE_MK61, .length = 2};
        p.code[0] = (uint8_t)cases[i].op;
        p.code[1] = VM_OP_STOP;
        vm_load(&m, &p);
        ck_assert(vm_num_parse(cases[i].y, &m.y));
        ck_assert(vm_num_parse(cases[i].x, &m.x));
        xcheck_portable w;
        xcheck_portable_init(&w, 2);
        char why[160];
        w.prev = VM_OP_STOP;
        ck_assert_msg(!xcheck_portable_step(&w, &m, why, sizeof why) || i == 2,
                      "case %zu passed without the allowance", i);
        xcheck_portable_init(&w, 2);
        w.decimals = true;
        w.prev = VM_OP_STOP;
        ck_assert_msg(xcheck_portable_step(&w, &m, why, sizeof why) == cases[i].exact,
                      "case %zu: %s %s: %s", i, cases[i].y, cases[i].x, why);
    }
}
END_TEST

/* К СЧ passes only with the allowance. */
START_TEST(random_allowance)
{
    vm_machine m;
    vm_program p = {.profile = VM_PROFILE_MK61, .length = 2};
    p.code[0] = VM_OP_RAND;
    p.code[1] = VM_OP_STOP;
    vm_load(&m, &p);
    xcheck_portable w;
    char why[160];
    xcheck_portable_init(&w, 2);
    w.prev = VM_OP_STOP;
    ck_assert(!xcheck_portable_step(&w, &m, why, sizeof why));
    w.random = true;
    w.prev = VM_OP_STOP;
    ck_assert(xcheck_portable_step(&w, &m, why, sizeof why));
}
END_TEST

static Suite *puluk_suite(void)
{
    Suite *s = suite_create("xcheck_puluk");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, declares_a_puluk_board);
    tcase_add_test(tc, listing_declares_the_same_board);
    tcase_add_test(tc, does_not_fit_the_real_mk61);
    tcase_add_test(tc, games_against_the_core);
    tcase_add_test(tc, a_weight_changed_is_caught);
    tcase_add_test(tc, other_faults_are_caught);
    tcase_add_test(tc, refusals);
    tcase_add_test(tc, throws_have_the_kernels_chances);
    tcase_add_test(tc, decimals_allowance);
    tcase_add_test(tc, random_allowance);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(puluk_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    free(source);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
