/* The machine as text (vm_state_format, vm_state_parse): round trips.
 * Each compares the machine read back with the one written, field by
 * field (no memcmp: padding and the bytes after digits' NUL are not
 * state), and the text written again with the first. The machines are the
 * real MK-61's states (test_state.c says which), keys pressed, programs
 * run, and random ones. */
#include "vm_check.h"
#include "vm_state.h"

#include <stdio.h>
#include <string.h>

static char text[20000];

/* ---- field by field ---------------------------------------------------------- */

static void same_num(vm_num a, vm_num b, const char *what, const char *field, int index)
{
    ck_assert_msg(a.mant == b.mant && a.exp == b.exp && a.neg == b.neg && a.hex == b.hex,
                  "%s: %s[%d] is {%X, %d, %d, hex %d}, read back {%X, %d, %d, hex %d}", what,
                  field, index, (unsigned)a.mant, (int)a.exp, (int)a.neg, (int)a.hex,
                  (unsigned)b.mant, (int)b.exp, (int)b.neg, (int)b.hex);
}

#define SAME(field)                                                                      \
    ck_assert_msg(a->field == b->field, "%s: " #field " is %lld, read back %lld", what,  \
                  (long long)a->field, (long long)b->field)

/* Every field of a equals b's. */
static void assert_same(const vm_machine *a, const vm_machine *b, const char *what)
{
    SAME(profile);
    SAME(steps);
    SAME(regs);
    for (int i = 0; i < VM_MAX_STEPS; i++)
        ck_assert_msg(a->prog[i] == b->prog[i], "%s: prog[%d] is %X, read back %X", what, i,
                      (unsigned)a->prog[i], (unsigned)b->prog[i]);
    same_num(a->x, b->x, what, "x", 0);
    same_num(a->y, b->y, what, "y", 0);
    same_num(a->z, b->z, what, "z", 0);
    same_num(a->t, b->t, what, "t", 0);
    same_num(a->x1, b->x1, what, "x1", 0);
    for (int r = 0; r < VM_MAX_REGS; r++)
        same_num(a->reg[r], b->reg[r], what, "reg", r);
    SAME(pc);
    for (int i = 0; i < VM_RSTACK; i++)
        SAME(rstack[i]);
    SAME(rsp);
    SAME(entry);
    SAME(lift);
    ck_assert_msg(strcmp(a->digits, b->digits) == 0, "%s: digits \"%s\", read back \"%s\"", what,
                  a->digits, b->digits);
    SAME(point);
    SAME(mant_neg);
    SAME(mant_sign);
    SAME(exp_digits[0]);
    SAME(exp_digits[1]);
    SAME(exp_count);
    SAME(exp_neg);
    SAME(exp_base);
    SAME(exp_form);
    SAME(exp_open);
    SAME(rfill);
    SAME(show);
    SAME(lead);
    SAME(eex_base);
    SAME(eex_point);
    SAME(prefix);
    SAME(pending);
    SAME(pending_digits);
    SAME(pending_value);
    SAME(mode);
    SAME(angle);
    SAME(running);
    SAME(halt);
    SAME(num_error);
    SAME(halt_pc);
    SAME(halt_code);
    SAME(warn);
    SAME(warn_pc);
    SAME(warn_value);
    ck_assert_msg(a->executed == b->executed, "%s: executed differs", what);
    ck_assert_msg(a->rng == b->rng, "%s: rng differs", what);
}


/* Writes m, reads it back into a machine full of garbage, compares, and
 * writes the copy again: the same text. */
static void round_trip(const vm_machine *m, const char *what)
{
    int n = vm_state_format(m, text, sizeof text);
    ck_assert_int_lt(n, (int)sizeof text);
    ck_assert_int_eq((int)strlen(text), n);
    vm_machine back;
    memset(&back, 0xA5, sizeof back);
    vm_state_error err;
    ck_assert_msg(vm_state_parse(text, &back, &err), "%s: line %d: %s", what, err.line,
                  err.message);
    assert_same(m, &back, what);
    static char again[sizeof text];
    vm_state_format(&back, again, sizeof again);
    vc_assert_text(again, text, what);
}

/* ---- round trips ------------------------------------------------------------------ */

START_TEST(round_trip_keys)
{
    static const char *const seqs[] = {
        "",
        "1 2 , 3 4 /-/",             /* mid number entry */
        "1 , 5 /-/ ВП /-/ 3",        /* in the exponent */
        "1 2 3 4 5 6 7 8 9",         /* eight digits, the ninth dropped */
        ", 0 5 В↑ 7",
        "F", "K", "П→x", "x→П", "K x→П", "БП", "БП 1", /* waiting for a key */
        "5 x→П 3 7 x→П e 2 x→П 0 П→x 3 +",
        "F ВП 1 2 + БП 0 1 F ШГ← 3 F /-/",       /* programming mode, then F АВТ */
        "F ВП БП 4",                 /* an address half typed in programming mode */
        "F ВП x→П",
        "F ВП 1 2 F /-/ В/О С/П",    /* F ПРГ, F АВТ, started: running */
        "1 В↑ 0 ÷",                  /* ЕГГОГ: division by zero */
        "4 /-/ F -",                 /* ЕГГОГ: the root of a negative */
        "9 ВП 9 9 В↑ ×",             /* ЕГГОГ: 8.1e199 kept in X */
        "K В↑ K В↑ K В↑",            /* K СЧ moves the generator */
        "БП 2 3 ШГ→ ШГ→",
        "8 , 1 2 3 4 5 6 7 K Cx",    /* hex digits in X: 8.EDCBA98 */
        "6 x→П 0 K П→x 0",           /* a used pointer: 00000005 */
        "Cx /-/",                    /* -0 shown */
        "1 2 В↑ ВП 3",               /* ВП on a finished number: exp_base */
        "1 ВП 9 9 В↑ ВП 5",
        "3 x→П 7 П→x 7",             /* a register shown as it holds it */
        "БП В↑ 9 F ВП 1 ШГ→ ШГ→",    /* programming mode past 149 */
    };
    char what[96];
    for (size_t i = 0; i < sizeof seqs / sizeof seqs[0]; i++)
        for (int prof = 0; prof < 2; prof++) {
            vm_machine m;
            vm_init(&m, prof ? VM_PROFILE_MK61X : VM_PROFILE_MK61);
            m.angle = (vm_angle)(i % 3);
            vc_press(&m, seqs[i]);
            snprintf(what, sizeof what, "%s after \"%s\"", prof ? "mk61x" : "mk61", seqs[i]);
            round_trip(&m, what);
        }
}
END_TEST

START_TEST(round_trip_runs)
{
    /* 5 x→П0, then ПП 07 (add R0 to X) in an FL0 loop, then С/П: number
     * entry mid run, a return address, the budget stop, the final stop. */
    static const uint8_t loop[] = {0x05, C_STO(0), C_GSB, 0x07, C_L0, 0x02, C_STOP,
                                   C_RCL(0), C_ADD, C_RTN};
    char what[64];
    for (int prof = 0; prof < 2; prof++) {
        vm_machine m;
        vc_load(&m, prof ? VM_PROFILE_MK61X : VM_PROFILE_MK61, loop, (int)sizeof loop, 0);
        bool saw_call = false;
        for (int n = 0; n < 200 && m.halt != VM_HALT_STOP; n++) {
            vm_run(&m, 1);
            saw_call |= m.rsp > 0;
            snprintf(what, sizeof what, "loop step %d (%s)", n, prof ? "mk61x" : "mk61");
            round_trip(&m, what);
        }
        ck_assert_int_eq(m.halt, VM_HALT_STOP);
        ck_assert(saw_call);
    }

    /* ЕГГОГ in a program: 1 В↑ 0 ÷. */
    vm_machine m;
    VC_LOAD(&m, 0x01, C_ENT, 0x00, C_DIV);
    ck_assert_int_eq(vm_run(&m, 0), VM_HALT_ERROR);
    round_trip(&m, "division by zero in a program");

    /* Running off the end goes on at cell 0 (pc 105, then 106, ...): a
     * wrap diagnostic, a counter past 104. */
    uint8_t nops[105];
    memset(nops, C_NOP, sizeof nops);
    vc_load(&m, VM_PROFILE_MK61, nops, (int)sizeof nops, 100);
    ck_assert_int_eq(vm_run(&m, 7), VM_HALT_BUDGET);
    ck_assert_int_eq(m.pc, 107);
    ck_assert_int_eq(m.warn, VM_WARN_WRAP);
    round_trip(&m, "off the end");

    /* ПП 00 at 00 calls itself forever: the return stack shifts, every
     * level in use. */
    VC_LOAD(&m, C_GSB, 0x00);
    ck_assert_int_eq(vm_run(&m, 12), VM_HALT_BUDGET);
    ck_assert_int_eq(m.rsp, 5);
    ck_assert_int_eq(m.warn, VM_WARN_RSTACK);
    round_trip(&m, "return stack shifted");

    /* Loop counters and pointers as the machine leaves them, an out of
     * range result in a run, hex digits in registers: 00 6 П0 КИП0 3 П1
     * FL1 08, 08 9 ВП 99 В↑ × ИНВ П5 С/П (measured). */
    static const vc_case numbers[] = {
        VC_CASE("06 40 D0 03 41 5B 08 50 09 0C 09 09 0E 12 3A 45 50", "R/S", "raw:00008EFFFFFF", "raw:000030000000", "raw:000000000000", NULL, "raw:199081000000", " 8.E         ", "0=raw:007000000005 1=raw:007000000002 5=raw:00008EFFFFFF"),
    };
    VC_TABLE(numbers);
    vc_case_run(&m, &numbers[0]);
    round_trip(&m, "machine numbers");
}
END_TEST

/* Keys on a loaded machine waiting for an operand in a way keys never leave
 * it (found by fuzz_state; its inputs are in tests/fuzz/regress/state). */
START_TEST(round_trip_loaded_pending)
{
    /* pending_value 200 with one digit typed (vm_state.h allows 0..255):
     * the next address key keeps it a byte, and so the mk61 cell. */
    vm_machine m;
    vm_init(&m, VM_PROFILE_MK61);
    m.mode = VM_MODE_PROG;
    m.pending = C_GOTO;
    m.pending_digits = 1;
    m.pending_value = 200;
    vc_press(&m, ",");
    ck_assert_int_le(m.prog[0], 0xFF);
    ck_assert_int_eq(m.pc, 1);
    round_trip(&m, "an address key after pending_value 200 (programming mode)");
    vm_init(&m, VM_PROFILE_MK61);
    m.pending = VM_ACT_GOTO;
    m.pending_digits = 1;
    m.pending_value = 200;
    vc_press(&m, "7");
    ck_assert_int_le(m.pending_value, 255);
    round_trip(&m, "an address key after pending_value 200 (automatic mode)");

    /* K ПП waiting for its register in automatic mode, with pc past the
     * end: an indirect call means nothing by hand, no return address 106. */
    vm_init(&m, VM_PROFILE_MK61);
    m.pc = 105;
    m.reg[7] = vc_num("5");
    m.pending = C_KGSB(0);
    vc_press(&m, "7");
    ck_assert_int_eq(m.rsp, 0);
    ck_assert_int_eq(m.pc, 105);
    ck_assert_int_eq(m.halt, VM_HALT_NONE);
    round_trip(&m, "K ПП 7 by hand past the end");

    /* A goto waiting with two digits already (a state may say so): the next
     * address key completes it; pending_digits stays 0..2. */
    vm_init(&m, VM_PROFILE_MK61);
    m.pending = VM_ACT_GOTO;
    m.pending_digits = 2;
    m.pending_value = 0x14;
    vc_press(&m, "7");
    ck_assert_int_le(m.pending_digits, 2);
    ck_assert_int_eq(m.pending, -1);
    round_trip(&m, "an address key after two digits");
}
END_TEST

static int rnd(int lo, int hi)
{
    return lo + (int)(vc_rand() % (uint32_t)(hi - lo + 1));
}

START_TEST(round_trip_random)
{
    vc_seed(61);
    char what[32];
    for (int round = 0; round < 400; round++) {
        vm_machine m;
        vm_profile_id prof = round % 2 ? VM_PROFILE_MK61X : VM_PROFILE_MK61;
        vm_init(&m, prof);
        m.x = vc_random_num();
        m.y = vc_random_num();
        m.z = vc_random_num();
        m.t = vc_random_num();
        m.x1 = vc_random_num();
        for (int r = 0; r < m.regs; r++)
            m.reg[r] = vc_rand() % 3 ? vc_random_num() : vm_num_zero();
        for (int a = 0; a < m.steps; a++)
            m.prog[a] = (uint16_t)(vc_rand() % (prof == VM_PROFILE_MK61 ? 0x100 : 0x10000));
        int limit = vm_pc_limit(&m);
        m.pc = rnd(0, limit - 1);
        for (int i = 0; i < VM_RSTACK; i++)
            m.rstack[i] = rnd(0, limit - 1);
        m.rsp = rnd(0, VM_RSTACK);
        m.entry = (vm_entry)rnd(0, 2);
        m.lift = rnd(0, 1);
        int nd = rnd(0, 8);
        for (int i = 0; i < nd; i++)
            m.digits[i] = (char)('0' + rnd(0, 9));
        m.digits[nd] = '\0';
        m.point = rnd(-1, nd);
        m.mant_neg = rnd(0, 1);
        m.mant_sign = m.mant_neg ? 0 : rnd(0, 8);
        m.exp_digits[0] = rnd(0, 9);
        m.exp_digits[1] = rnd(0, 9);
        m.exp_count = rnd(0, 2);
        m.exp_neg = rnd(0, 1);
        m.exp_base = rnd(-999, 999);
        m.exp_form = rnd(0, 1);
        m.exp_open = rnd(0, 1);
        m.rfill = 11 * rnd(0, 9);
        m.show = (vm_show)rnd(0, VM_SHOW_ERROR_RANGE_ZERO);
        m.lead = (uint8_t)rnd(0, VM_LEAD_POINTER + VM_REGISTERS - 1);
        m.eex_base = rnd(-999, 999);
        m.eex_point = rnd(0, 1);
        m.prefix = (vm_prefix)rnd(0, 2);
        int p = rnd(0, 9);
        m.pending = p == 0 ? -1 : p == 1 ? VM_ACT_GOTO : rnd(0, 255);
        m.pending_digits = rnd(0, 2);
        m.pending_value = rnd(0, 255);
        m.mode = (vm_mode)rnd(0, 1);
        m.angle = (vm_angle)rnd(0, 2);
        m.running = rnd(0, 1);
        m.halt = (vm_halt)rnd(0, VM_HALT_BUDGET);
        m.num_error = (vm_num_status)rnd(0, VM_NUM_DOMAIN);
        m.halt_pc = rnd(0, limit - 1);
        m.warn = (vm_warn)rnd(0, VM_WARN_OPERAND);
        m.warn_pc = rnd(0, limit - 1);
        m.warn_value = rnd(0, 999);
        m.halt_code = (uint16_t)(vc_rand() % (prof == VM_PROFILE_MK61 ? 0x100 : 0x10000));
        m.executed = (uint64_t)vc_rand() << 32 | vc_rand();
        m.rng = (uint64_t)vc_rand() << 40 ^ (uint64_t)vc_rand() << 20 ^ vc_rand();
        if (round % 7 == 0) {
            m.y = (vm_num){0, 0, true, false};        /* a negative zero */
            m.reg[1] = (vm_num){5, -3, false, false}; /* 00000005 with exponent -3 */
            m.z = (vm_num){0x8EDCBA98u, 0, false, true}; /* hex digits */
            m.t = (vm_num){81000000, 199, false, false}; /* past 1e99 */
            m.x1 = (vm_num){99999999, 7, true, false};  /* R0 = 0 after FL0 */
        }
        if (round == 2) {
            m.executed = UINT64_MAX;
            m.rng = UINT64_MAX;
        }
        snprintf(what, sizeof what, "round %d", round);
        round_trip(&m, what);
    }
}
END_TEST

Suite *state_trip_suite(void)
{
    Suite *s = suite_create("state_trip");
    TCase *tc = tcase_create("state_trip");
    tcase_add_test(tc, round_trip_keys);
    tcase_add_test(tc, round_trip_runs);
    tcase_add_test(tc, round_trip_loaded_pending);
    tcase_add_test(tc, round_trip_random);
    suite_add_tcase(s, tc);
    return s;
}
