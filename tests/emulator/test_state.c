/* The machine as text (vm_state_format, vm_state_parse): texts written
 * and read by hand, and texts refused. Round trips are in
 * test_state_trip.c.
 *
 * The expected texts and values are written by hand from vm_state.h and,
 * for the fields the rewrite for issue 16 added (exp_base, show, warn,
 * warn_pc, warn_value: not yet in vm_state.h's list), from vm.h. The
 * machines written are the real MK-61's states: numbers as its registers
 * hold them (a loop counter's 00000001, hex digits, an exponent past 99,
 * all measured in test_vm.c), a program counter 0..165. */
#include "vm_check.h"
#include "vm_state.h"

#include <stdio.h>
#include <string.h>

static char text[20000];

/* ---- the text, by hand --------------------------------------------------------- */

START_TEST(format_by_hand)
{
    vm_machine m;
    vm_init(&m, VM_PROFILE_MK61);
    vc_set_stack(&m, "12.5", "-0.001", NULL, NULL);
    m.x1 = vc_num("2");
    m.reg[3] = vc_num("-1.5");
    m.reg[14] = vc_num("1e-12");
    m.prog[0] = 0x63;
    m.prog[1] = 0x0E;
    m.prog[104] = 0x50;
    m.pc = 12;
    m.rstack[0] = 7;
    m.rsp = 1;
    m.angle = VM_DEG;
    m.halt = VM_HALT_STOP;
    m.halt_pc = 11;
    m.halt_code = 0x50;
    m.warn = VM_WARN_WRAP;
    m.warn_pc = 104;
    m.warn_value = 0;
    m.executed = 42;
    static const char want[] =
        "profile mk61\nx 12.5\ny -0.001\nz 0\nt 0\nx1 2\nreg 3 -1.5\nreg 14 1e-12\n"
        "pc 12\nrstack 7 0 0 0 0\nrsp 1\nrstack_fill 0\n"
        "entry none\nlift 1\ndigits -\npoint -1\nmant_neg 0\nmant_sign 0\nexp_digits 0 0\nexp_count 0\n"
        "exp_neg 0\nexp_base 0\nexp_form 0\nexp_open 0\nshow number\nlead digits\neex_base 0\neex_point 0\nprefix none\npending none\npending_digits 0\n"
        "pending_value 0\nmode auto\nangle deg\nrunning 0\nhalt stop\nnum_error ok\nhalt_pc 11\n"
        "halt_code 50\nwarn wrap\nwarn_pc 104\nwarn_value 0\nwarn_arg 0\nexecuted 42\nrng 0000000000000061\n"
        "prog 00: 63 0E 00 00 00 00 00 00 00 00\n"
        "prog 10: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 20: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 30: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 40: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 50: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 60: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 70: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 80: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 90: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 100: 00 00 00 00 50\n"
        "end\n";
    ck_assert_int_eq(vm_state_format(&m, text, sizeof text), (int)strlen(want));
    vc_assert_text(text, want, "mk61 by hand");

    /* snprintf's contract: the length needed whatever the size, the
     * beginning of the text, always terminated. */
    ck_assert_int_eq(vm_state_format(&m, NULL, 0), (int)strlen(want));
    char small[24];
    for (size_t size = 1; size <= sizeof small; size++) {
        memset(small, 'Q', sizeof small);
        ck_assert_int_eq(vm_state_format(&m, small, size), (int)strlen(want));
        ck_assert_uint_eq(strlen(small), size - 1);
        ck_assert(strncmp(small, want, size - 1) == 0);
    }

    /* Entry state, prefixes, an opcode waiting, mk61x's wide cells. */
    vm_init(&m, VM_PROFILE_MK61X);
    m.entry = VM_ENTRY_EXPONENT;
    strcpy(m.digits, "125");
    m.point = 2;
    m.mant_neg = true;
    m.exp_digits[0] = 3;
    m.exp_digits[1] = 7;
    m.exp_count = 2;
    m.exp_base = -12;
    m.show = VM_SHOW_ONE_POINT;
    m.lead = VM_LEAD_POINTER + 3;
    m.eex_base = -4;
    m.prefix = VM_PREFIX_K;
    m.pending = 0x51;
    m.pending_digits = 1;
    m.pending_value = 14;
    m.mode = VM_MODE_PROG;
    m.running = true;
    m.halt = VM_HALT_ERROR;
    m.num_error = VM_NUM_DIV_ZERO;
    m.halt_code = 0x2D9;
    m.warn = VM_WARN_POINTER;
    m.warn_pc = 998;
    m.warn_value = 99;
    m.reg[99] = vc_num("5");
    m.prog[459] = 0x2D9;
    m.prog[999] = 0xFFFF;
    m.rng = 0x0123456789ABCDEFu;
    m.x = (vm_num){0, 0, true, false}; /* a negative zero (vm_num.h: "-0") */
    vm_state_format(&m, text, sizeof text);
    static const char *const lines[] = {
        "profile mk61x\nx -0\n", "\nreg 99 5\npc 0\n", "\nentry exponent\n",
        "\ndigits 125\npoint 2\nmant_neg 1\nmant_sign 0\nexp_digits 3 7\nexp_count 2\nexp_neg 0\n"
        "exp_base -12\nexp_form 0\nexp_open 0\nshow one_point\nlead r3\neex_base -4\neex_point 0\n",
        "\nprefix k\npending 51\npending_digits 1\npending_value 14\nmode prog\n",
        "\nrunning 1\nhalt error\nnum_error div_zero\nhalt_pc 0\nhalt_code 2D9\n"
        "warn pointer\nwarn_pc 998\nwarn_value 99\n",
        "\nrng 0123456789ABCDEF\n", "\nprog 450: 00 00 00 00 00 00 00 00 00 2D9\n",
        "\nprog 990: 00 00 00 00 00 00 00 00 00 FFFF\nend\n"};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        ck_assert_msg(strstr(text, lines[i]), "no \"%s\" in the text", lines[i]);
    m.pending = VM_ACT_GOTO;
    vm_state_format(&m, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, "\npending goto\n"));
}
END_TEST

START_TEST(parse_by_hand)
{
    /* Any order after the profile, comments, blank lines, tabs, CR LF,
     * lower-case hex, no final newline. */
    static const char hand[] =
        "# typed by hand\r\n"
        "profile mk61\r\n"
        "\r\n"
        "rng ff\r\n"
        "executed 18446744073709551615\r\n"
        "  # an indented comment\n"
        "reg 14 -7.25\n"
        "x\t 3.5e-5\n"
        "y -0.5\nz 1e99\nt -9.9999999e-99\nx1 raw:0:0:-\n"
        "reg 0 raw:007000000001\nreg 1 raw:00008EDCBA98\nreg 2 raw:199081000000\nreg 3 -0\n"
        "prog 00: 0e 50 00 00 00 00 00 00 00 00\n"
        "warn_value 105\nwarn_pc 159\nwarn rstack\nshow error_one\nexp_form 1\nstored 1\nexp_base 17\n"
        "halt_code a4\nhalt_pc 159\nnum_error domain\nhalt bad_register\nrunning 0\n"
        "angle grad\nmode prog\npending_value 238\npending_digits 2\npending 60\nprefix f\n"
        "exp_neg 1\nexp_count 1\nexp_digits 9 4\nmant_neg 1\npoint 0\ndigits 0\nlift 0\n"
        "entry mantissa\nrsp 5\nrstack 159 1 2 3 4\npc 112\n"
        "prog 10: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 20: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 30: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 40: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 50: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 60: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 70: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 80: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 90: 00 00 00 00 00 00 00 00 00 00\n"
        "prog 100: 00 00 00 00 FF\n"
        "end";
    vm_machine m;
    vm_state_error err;
    ck_assert_msg(vm_state_parse(hand, &m, &err), "line %d: %s", err.line, err.message);
    ck_assert_int_eq(m.profile, VM_PROFILE_MK61);
    ck_assert_int_eq(m.steps, 105);
    ck_assert_int_eq(m.regs, 15);
    ck_assert_num(m.x, "0.000035");
    ck_assert_num(m.y, "-0.5");
    ck_assert_int_eq(m.z.mant, 10000000);
    ck_assert_int_eq(m.z.exp, 99);
    ck_assert(!m.z.neg);
    ck_assert_int_eq(m.t.mant, 99999999);
    ck_assert_int_eq(m.t.exp, -99);
    ck_assert(m.t.neg);
    ck_assert(m.x1.mant == 0 && m.x1.exp == 0 && m.x1.neg);
    /* Numbers as the machine's registers hold them (vm_num.h's raw text). */
    ck_assert(m.reg[0].mant == 1 && m.reg[0].exp == 7 && !m.reg[0].neg && !m.reg[0].hex);
    ck_assert(m.reg[1].mant == 0x8EDCBA98u && m.reg[1].exp == 0 && m.reg[1].hex);
    ck_assert(m.reg[2].mant == 81000000 && m.reg[2].exp == 199 && !m.reg[2].hex);
    ck_assert(m.reg[3].mant == 0 && m.reg[3].neg);
    ck_assert_num(m.reg[14], "-7.25");
    for (int r = 4; r < 14; r++)
        ck_assert_num(m.reg[r], "0");
    ck_assert_int_eq(m.prog[0], 0x0E);
    ck_assert_int_eq(m.prog[1], 0x50);
    ck_assert_int_eq(m.prog[104], 0xFF);
    for (int a = 2; a < VM_MAX_STEPS; a++)
        if (a != 104)
            ck_assert_int_eq(m.prog[a], 0);
    ck_assert_int_eq(m.pc, 112); /* the counter runs to 159 (vm.h) */
    ck_assert_int_eq(m.rstack[0], 159);
    ck_assert_int_eq(m.rstack[4], 4);
    ck_assert_int_eq(m.rsp, 5);
    ck_assert_int_eq(m.entry, VM_ENTRY_MANTISSA);
    ck_assert(!m.lift);
    ck_assert_str_eq(m.digits, "0");
    ck_assert_int_eq(m.point, 0);
    ck_assert(m.mant_neg);
    ck_assert_int_eq(m.exp_digits[0], 9);
    ck_assert_int_eq(m.exp_digits[1], 4);
    ck_assert_int_eq(m.exp_count, 1);
    ck_assert(m.exp_neg);
    ck_assert_int_eq(m.prefix, VM_PREFIX_F);
    ck_assert_int_eq(m.pending, 0x60);
    ck_assert_int_eq(m.pending_digits, 2);
    ck_assert_int_eq(m.pending_value, 238);
    ck_assert_int_eq(m.mode, VM_MODE_PROG);
    ck_assert_int_eq(m.angle, VM_GRAD);
    ck_assert(!m.running);
    /* A halt of earlier versions, which the machine no longer makes, reads
     * as none. */
    ck_assert_int_eq(m.halt, VM_HALT_NONE);
    ck_assert_int_eq(m.num_error, VM_NUM_DOMAIN);
    ck_assert_int_eq(m.halt_pc, 159);
    ck_assert_int_eq(m.exp_base, 17);
    ck_assert_int_eq(m.show, VM_SHOW_ERROR_ONE);
    /* An earlier version's "stored 1" (ВП after П in a run) reads as
     * the lead of П. */
    ck_assert(m.exp_form && m.lead == VM_LEAD_SIGN);
    ck_assert_int_eq(m.warn, VM_WARN_RSTACK);
    ck_assert_int_eq(m.warn_pc, 159);
    ck_assert_int_eq(m.warn_value, 105);
    ck_assert_int_eq(m.halt_code, 0xA4);
    ck_assert(m.executed == UINT64_MAX);
    ck_assert(m.rng == 0xFF);

    /* mk61x: its limits are the profile's (pc 999, reg 99, 16-bit cells). */
    char *s = text;
    s += sprintf(s, "profile mk61x\nx 0\ny 0\nz 0\nt 0\nx1 0\nreg 99 -3\npc 999\n"
                    "rstack 999 998 0 0 0\nrsp 2\nentry none\nlift 1\ndigits -\npoint -1\n"
                    "mant_neg 0\nexp_digits 0 0\nexp_count 0\nexp_neg 0\nexp_base -999\nshow error\n"
                    "prefix none\npending goto\npending_digits 0\npending_value 0\nmode auto\n"
                    "angle rad\nrunning 1\nhalt budget\nnum_error overflow\nhalt_pc 999\n"
                    "halt_code FFFF\nwarn range\nwarn_pc 999\nwarn_value 999\nexecuted 0\nrng 0\n");
    for (int row = 0; row < 1000; row += 10)
        s += sprintf(s, "prog %02d: 00 00 00 00 00 00 00 00 00 %s\n", row,
                     row == 450 ? "2D9" : row == 990 ? "ffff" : "00");
    strcpy(s, "end\n");
    ck_assert_msg(vm_state_parse(text, &m, &err), "line %d: %s", err.line, err.message);
    ck_assert_int_eq(m.profile, VM_PROFILE_MK61X);
    ck_assert_int_eq(m.steps, 1000);
    ck_assert_int_eq(m.regs, 100);
    ck_assert_num(m.reg[99], "-3");
    ck_assert_int_eq(m.pc, 999);
    ck_assert_int_eq(m.rstack[1], 998);
    ck_assert_int_eq(m.exp_base, -999);
    ck_assert_int_eq(m.show, VM_SHOW_ERROR);
    ck_assert_int_eq(m.warn, VM_WARN_RANGE);
    ck_assert_int_eq(m.warn_value, 999);
    ck_assert_int_eq(m.pending, VM_ACT_GOTO);
    ck_assert_int_eq(m.halt, VM_HALT_BUDGET);
    ck_assert_int_eq(m.num_error, VM_NUM_OVERFLOW);
    ck_assert_int_eq(m.halt_code, 0xFFFF);
    ck_assert_int_eq(m.prog[458], 0);
    ck_assert_int_eq(m.prog[459], 0x2D9);
    ck_assert_int_eq(m.prog[999], 0xFFFF);
    ck_assert(m.running);
}
END_TEST

/* ---- refused texts ------------------------------------------------------------------- */

/* The number of the first line of t that starts with prefix, 0 if none. */
static int line_of(const char *t, const char *prefix)
{
    int line = 1;
    for (const char *s = t; *s; line++) {
        if (strncmp(s, prefix, strlen(prefix)) == 0)
            return line;
        const char *nl = strchr(s, '\n');
        if (!nl)
            break;
        s = nl + 1;
    }
    return 0;
}

/* base with its first line that starts with prefix replaced by with (which
 * may hold several lines; "" removes the line). */
static const char *edited(const char *base, const char *prefix, const char *with)
{
    static char out[sizeof text];
    int line = line_of(base, prefix);
    ck_assert_msg(line > 0, "no line \"%s\" in the base text", prefix);
    const char *s = base;
    for (int i = 1; i < line; i++)
        s = strchr(s, '\n') + 1;
    const char *rest = strchr(s, '\n');
    rest = rest ? rest + 1 : s + strlen(s);
    snprintf(out, sizeof out, "%.*s%s%s%s", (int)(s - base), base, with, *with ? "\n" : "", rest);
    return out;
}

/* A text that must be refused at line with a message holding want, leaving
 * the machine exactly as it was. */
static void refused(const char *t, int line, const char *want, const char *what)
{
    vm_machine m, before;
    vm_init(&m, VM_PROFILE_MK61X);
    m.x = vc_num("6.1");
    m.reg[42] = vc_num("-42");
    m.pc = 77;
    memcpy(&before, &m, sizeof m);
    vm_state_error err = {-1, "unset"};
    ck_assert_msg(!vm_state_parse(t, &m, &err), "%s: accepted", what);
    ck_assert_msg(err.line == line, "%s: line %d (%s), want line %d", what, err.line,
                  err.message, line);
    ck_assert_msg(strstr(err.message, want), "%s: message \"%s\" lacks \"%s\"", what,
                  err.message, want);
    ck_assert_msg(memcmp(&m, &before, sizeof m) == 0, "%s: the machine was written", what);
}

/* The base of the bad texts: mk61, mid entry (digits 125, point 2), R3 set. */
static void base_text(char *buf, size_t size)
{
    vm_machine m;
    vm_init(&m, VM_PROFILE_MK61);
    vc_press(&m, "7 x→П 3 1 2 , 5");
    ck_assert_str_eq(m.digits, "125");
    vm_state_format(&m, buf, size);
}

START_TEST(bad_lines)
{
    static char base[sizeof text];
    base_text(base, sizeof base);
    /* The line starting with `at` replaced by `with`: refused at that line. */
    static const struct { const char *at, *with, *want; } cases[] = {
        {"mode ", "colour red", "unknown name 'colour'"},
        {"pc ", "pc 166", "pc: expected a whole number 0..165, not '166'"},
        {"pc ", "pc -1", "0..165"},
        {"pc ", "pc 1x", "not '1x'"},
        {"pc ", "pc", "pc: expected 1 value, found 0"},
        {"pc ", "pc 1 2", "pc: expected 1 value, found 2"},
        {"halt_pc ", "halt_pc 166", "halt_pc: expected a whole number 0..165"},
        {"rsp ", "rsp 6", "rsp: expected a whole number 0..5"},
        {"rstack ", "rstack 1 2 3 4", "rstack: expected 5 values, found 4"},
        {"rstack ", "rstack 0 0 0 0 166", "0..165"},
        {"x ", "x 1.2.3", "x: expected a number"},
        {"y ", "y 1e100", "y: expected a number"},
        {"z ", "z raw:100000000:0:+", "z: expected raw:MANT:EXP:SIGN"},
        {"t ", "t raw:10000000:100:+", "t: expected raw:"},
        {"x1 ", "x1 raw:10000000:0:*", "x1: expected raw:"},
        {"x1 ", "x1 raw:10000000:0", "x1: expected raw:"},
        {"reg 3 ", "reg 15 1", "reg: the register number: expected a whole number 0..14"},
        {"reg 3 ", "reg 3", "reg: expected 2 values, found 1"},
        {"reg 3 ", "reg 3 seven", "reg: expected a number"},
        {"entry ", "entry typing", "entry: expected one of none, mantissa, exponent"},
        {"lift ", "lift 2", "lift: expected 0 or 1"},
        {"running ", "running yes", "running: expected 0 or 1"},
        {"digits ", "digits 12g", "digits: expected 1 to 8 digits 0..9 or A..F"},
        {"digits ", "digits 123456789", "digits: expected 1 to 8"},
        {"point ", "point 9", "point: expected a whole number -1..8"},
        {"exp_digits ", "exp_digits 1 10", "exp_digits: expected a whole number 0..9"},
        {"exp_count ", "exp_count 3", "exp_count: expected a whole number 0..2"},
        {"exp_base ", "exp_base 1000", "exp_base: expected a whole number -999..999"},
        {"exp_base ", "exp_base", "exp_base: expected 1 value, found 0"},
        {"show ", "show ЕГГОГ", "show: expected one of number, error, one_point"},
        {"warn ", "warn loud", "warn: expected one of none, rstack, pointer, wrap, hex, range"},
        {"warn_pc ", "warn_pc 166", "warn_pc: expected a whole number 0..165"},
        {"warn_value ", "warn_value 1000", "warn_value: expected a whole number 0..999"},
        {"warn_value ", "warn_value -1", "warn_value: expected a whole number 0..999"},
        {"prefix ", "prefix g", "prefix: expected one of none, f, k"},
        {"pending ", "pending 1FF", "pending: expected none, goto or an opcode"},
        {"pending ", "pending GO", "pending: expected none, goto"},
        {"pending_digits ", "pending_digits 3", "0..2"},
        {"pending_value ", "pending_value 256", "0..255"},
        {"mode ", "mode run", "mode: expected one of auto, prog"},
        {"angle ", "angle degrees", "angle: expected one of rad, grad, deg"},
        {"halt ", "halt crash", "halt: expected one of none, stop, error"},
        {"num_error ", "num_error nan", "num_error: expected one of ok, overflow"},
        {"halt_code ", "halt_code 100", "halt_code: expected a cell in hex, 00..FF"},
        {"halt_code ", "halt_code 5", "halt_code: expected a cell"},
        {"executed ", "executed -1", "executed: expected a decimal count"},
        {"executed ", "executed 18446744073709551616", "executed: expected"},
        {"rng ", "rng 1G", "rng: expected 1 to 16 hex digits"},
        {"rng ", "rng 00000000000000000", "rng: expected 1 to 16 hex digits"},
        {"profile ", "profile mk62", "profile: expected mk61 or mk61x, not 'mk62'"},
        {"profile ", "pc 3", "expected 'profile mk61' or 'profile mk61x' first"},
        {"prog 00:", "prog 00: 00", "prog 00: expected 10 cells, found 1"},
        {"prog 00:", "prog 10: 00 00 00 00 00 00 00 00 00 00", "expected the row of step 00"},
        {"prog 00:", "prog 00 00 00 00 00 00 00 00 00 00 00", "expected the row of step 00"},
        {"prog 00:", "prog", "prog: expected 'prog NN:'"},
        {"prog 10:", "prog 10: 00 00 00 00 00 00 00 00 00 1FF", "prog 10: expected a cell in hex"},
        {"prog 10:", "prog 10: 00 00 00 00 00 00 00 00 00 G0", "not 'G0'"},
        {"prog 10:", "prog 10: 00 00 00 00 00 00 00 00 00 0", "not '0'"},
        {"prog 100:", "prog 100: 00 00 00 00", "prog 100: expected 5 cells, found 4"},
        {"mode ", "mode auto 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0", "too many values"},
        /* Given twice: refused at the second. */
        {"end", "pc 3\nend", "pc: given twice (first on line 8)"},
        {"end", "reg 3 1\nend", "reg 3: given twice (first on line 7)"},
        {"end", "profile mk61\nend", "profile: given twice (first on line 1)"},
        {"end", "prog 110: 00\nend", "prog: every row is there already"},
        {"end", "end\npc 3", "expected nothing after 'end'"},
        {"end", "end\nend", "expected nothing after 'end'"},
    };
    char what[96];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(what, sizeof what, "case %zu (%s)", i, cases[i].with);
        int line = line_of(base, cases[i].at);
        if (strncmp(cases[i].with, "end\n", 4) == 0)
            line++; /* the line after end */
        refused(edited(base, cases[i].at, cases[i].with), line, cases[i].want, what);
    }

    /* The lines the messages above name. */
    ck_assert_int_eq(line_of(base, "reg 3 7\n"), 7);
    ck_assert_int_eq(line_of(base, "pc 0\n"), 8);

    /* Missing fields and rows: refused at 'end' (one line up, as one line is
     * gone). */
    static const char *const gone[] = {"rsp ", "x1 ", "rng ", "digits ", "halt_code ",
                                       "exp_base ", "show ", "warn ", "warn_pc ", "warn_value "};
    for (size_t i = 0; i < sizeof gone / sizeof gone[0]; i++) {
        char want[32];
        snprintf(want, sizeof want, "missing '%.*s'", (int)strlen(gone[i]) - 1, gone[i]);
        refused(edited(base, gone[i], ""), line_of(base, "end") - 1, want, gone[i]);
    }
    refused(edited(base, "prog 100:", ""), line_of(base, "end") - 1,
            "missing the program rows from 'prog 100:'", "the last row");
    refused(edited(base, "profile", ""), 1, "expected 'profile mk61' or 'profile mk61x' first",
            "no profile");

    /* The point past the digits typed: refused at the point's line. */
    refused(edited(base, "point ", "point 4"), line_of(base, "point "),
            "point: expected -1..3 (the number of digits typed), not 4", "point");

    /* A line too long to be anything. */
    char longline[400];
    memset(longline, 'x', 300);
    strcpy(longline + 300, "");
    longline[0] = '#';
    refused(edited(base, "mode ", longline), line_of(base, "mode "), "a line of 300 characters",
            "a long line");

    /* A register of mk61x's is not one of mk61's; mk61x takes it. */
    refused(edited(base, "reg 3 ", "reg 99 1"), line_of(base, "reg 3 "), "0..14", "reg 99");
    refused(NULL, 0, "no text", "NULL");
    refused("", 1, "expected 'end'", "empty");
    refused("# nothing\n\n", 3, "expected 'end'", "comments only");
}
END_TEST

START_TEST(truncated)
{
    /* Every beginning of a text is refused, at its line, but the whole text
     * and the text without its final newline. */
    static char base[sizeof text], cut[sizeof text];
    base_text(base, sizeof base);
    size_t n = strlen(base);
    for (size_t len = 0; len + 1 < n; len++) {
        memcpy(cut, base, len);
        cut[len] = '\0';
        vm_machine m, before;
        vm_init(&m, VM_PROFILE_MK61);
        memcpy(&before, &m, sizeof m);
        vm_state_error err;
        ck_assert_msg(!vm_state_parse(cut, &m, &err), "accepted cut to %zu of %zu characters",
                      len, n);
        ck_assert_msg(memcmp(&m, &before, sizeof m) == 0, "written when cut to %zu", len);
        ck_assert_int_ge(err.line, 1);
    }
    /* Cut after a whole line: the error is at the line after it. */
    memcpy(cut, base, n);
    cut[n] = '\0';
    char *end = strstr(cut, "\nend\n");
    ck_assert_ptr_nonnull(end);
    end[1] = '\0';
    refused(cut, line_of(base, "end"), "expected 'end': the text stops before it", "no end");
    memcpy(cut, base, n - 1);
    cut[n - 1] = '\0';
    vm_machine m;
    ck_assert(vm_state_parse(cut, &m, NULL));
    ck_assert(vm_state_parse(base, &m, NULL));
    /* A machine in a cut-off text would be wrong: refused without err too. */
    ck_assert(!vm_state_parse("profile mk61\n", &m, NULL));
}
END_TEST

Suite *state_suite(void)
{
    Suite *s = suite_create("state");
    TCase *tc = tcase_create("state");
    tcase_add_test(tc, format_by_hand);
    tcase_add_test(tc, parse_by_hand);
    tcase_add_test(tc, bad_lines);
    tcase_add_test(tc, truncated);
    suite_add_tcase(s, tc);
    return s;
}
