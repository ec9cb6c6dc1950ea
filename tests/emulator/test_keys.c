/* The keypad (vm_press, vm_key_find) and the display (vm_display_get,
 * vm_display_text).
 *
 * Expected values are worked out by hand from shared/reference/mk61.md,
 * docs/machine.md and docs/mk61.md. A display is written as its text: 12
 * cells (sign, 8 digits, exponent sign, 2 digits), a '.' after a cell whose
 * point is lit, Г for the glyph 'G'. */
#include "vm_check.h"

#include <ctype.h>
#include <string.h>


/* A machine after power-on with seq pressed. */
static vm_machine pressed(const char *seq)
{
    vm_machine m;
    vm_init(&m, VM_PROFILE_MK61);
    vc_press(&m, seq);
    return m;
}

/* ---- number entry and the display ------------------------------------------ */
START_TEST(typing_numbers)
{
    static const struct { const char *keys, *display, *x; } cases[] = {
        {"", " 0.          ", "0"},
        {"1 2", " 12.         ", "12"},
        {"1 2 , 5", " 12.5        ", "12.5"},
        {"5 /-/", "-5.          ", "-5"},
        {"1 2 , 3 4 /-/", "-12.34       ", "-12.34"},
        {"0 5", " 5.          ", "5"}, /* a leading zero is replaced */
        {", 0 5", " 0.05        ", "0.05"},
        {"2 ВП 3", " 2.        03", "2000"},
        {"2 ВП /-/ 3", " 2.       -03", "0.002"},
        {"1 , 5 ВП 1 2", " 1.5       12", "1.5e12"},
        {"1 , 5 /-/ ВП /-/ 3", "-1.5      -03", "-0.0015"},
        {"1 2 В↑ 3 4", " 34.         ", "34"}, /* В↑ then a new number */
        {"1 2 В↑ ВП 3", " 1.        03", "1000"}, /* ВП first: mantissa 1 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        vm_machine m = pressed(cases[i].keys);
        char got[64];
        ck_assert_msg(strcmp(vc_display(&m, got, sizeof got), cases[i].display) == 0,
                      "keys \"%s\": display \"%s\", want \"%s\"", cases[i].keys, got,
                      cases[i].display);
        ck_assert_msg(vm_num_eq(m.x, vc_num(cases[i].x)), "keys \"%s\": X is not %s",
                      cases[i].keys, cases[i].x);
    }
    vm_machine m = pressed("1 2 В↑ 3 4");
    ck_assert_stack(&m, "34", "12", "0", NULL);
    ck_assert_num(pressed("1 2 В↑ 3 4 +").x, "46");
}
END_TEST

START_TEST(finished_numbers)
{
    /* Fixed notation when every significant digit fits the 8 digit cells
     * ("0." counted for |x| < 1), else d.ddddddd and the exponent. */
    static const struct { const char *keys, *display; } cases[] = {
        {"1 2 В↑", " 12.         "},
        {", 5 В↑", " 0.5         "},
        {"5 /-/ В↑", "-5.          "},
        {"F +", " 3.1415926   "}, /* π, truncated (docs/mk61.md) */
        {"1 В↑ 3 ÷", " 3.3333333-01"},
        {"2 В↑ 3 ÷", " 6.6666666-01"}, /* 0.66666666, cut to 8 digits */
        {"1 ВП 8 В↑", " 1.        08"},
        {"9 9 9 9 9 9 9 9 В↑", " 99999999.   "},
        {"9 9 9 9 9 9 9 9 В↑ 1 +", " 1.        08"},
        {", 0 0 2 5 /-/ В↑", "-0.0025      "},
        {", 0 0 0 0 0 0 1 В↑", " 0.0000001   "},
        {"1 ВП /-/ 8 В↑", " 1.       -08"},
        {"1 2 3 4 5 , 6 7 8 В↑", " 12345.678   "},
        {"2 , 5 /-/ ВП 2 0 В↑", "-2.5       20"},
        {"1 , 5 ВП 1 2 В↑", " 1.5       12"},
        {"Cx", " 0.          "},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        vm_machine m = pressed(cases[i].keys);
        char got[64];
        ck_assert_msg(strcmp(vc_display(&m, got, sizeof got), cases[i].display) == 0,
                      "keys \"%s\": display \"%s\", want \"%s\"", cases[i].keys, got,
                      cases[i].display);
    }
}
END_TEST

START_TEST(error_display)
{
    vm_machine m = pressed("1 В↑ 0 ÷");
    ck_assert_int_eq(m.halt, VM_HALT_ERROR);
    ck_assert_int_eq(m.num_error, VM_NUM_DIV_ZERO);
    ck_assert_display(&m, " EГГ0Г      ");
    vm_display d;
    vm_display_get(&m, &d);
    ck_assert_mem_eq(d.glyph, " EGG0G      ", VM_DISPLAY_CELLS);
    for (int i = 0; i < VM_DISPLAY_CELLS; i++)
        ck_assert(!d.point[i]);
    ck_assert_stack(&m, "0", "1", NULL, NULL);
    vc_press(&m, "Cx");
    ck_assert_int_ne(m.halt, VM_HALT_ERROR);
    ck_assert_display(&m, " 0.          ");
    /* √ of -4: X keeps -4 until Сx. */
    m = pressed("4 /-/ F -");
    ck_assert_int_eq(m.num_error, VM_NUM_DOMAIN);
    ck_assert_num(m.x, "-4");
    ck_assert_display(&m, " EГГ0Г      ");
    vc_press(&m, "Cx");
    ck_assert_num(m.x, "0");
    ck_assert_display(&m, " 0.          ");
}
END_TEST

/* ---- prefixes and registers ------------------------------------------------ */
START_TEST(f_and_k_functions)
{
    static const struct { const char *keys, *x, *y; } cases[] = {
        {"1 F 7", "0.84147098", "0"},  /* sin 1 rad, truncated */
        {"3 , 7 K 7", "3", "0"},       /* [x] */
        {"3 , 2 5 K 8", "0.25", "0"},  /* {x} */
        {"5 /-/ K 4", "5", "0"},       /* |x| */
        {"5 /-/ K 5", "-1", "0"},      /* ЗН */
        {"3 В↑ 5 K 9", "5", "3"},      /* max; Y stays (docs/machine.md) */
        {"F Cx 7", "7", "0"},          /* F CF cancels F: 7 is a digit */
        {"7 F ×", "49", "0"},          /* x² */
        {"4 F ÷", "0.25", "0"},        /* 1/x */
        {"1 6 F -", "4", "0"},         /* √ */
        {"3 F 0", "1000", "0"},        /* 10^x */
        {"1 F 1", "2.7182818", "0"},   /* e^x */
        {"2 F 2", "0.30102999", "0"},  /* lg */
        {"1 F 3", "0", "0"},           /* ln */
        {"2 В↑ 3 F ↔", "9", "2"},      /* x^y: X to the power Y, Y stays */
        {"2 В↑ 3 + F В↑", "3", "5"},   /* F Вx: X1 was 3 */
        {"1 В↑ 2 В↑ 3 F ,", "2", "1"}, /* F ⟳: X <- Y, Y <- Z */
        {"F +", "3.1415926", "0"},
        {"7 K 0", "7", "0"},           /* K НОП */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        vm_machine m = pressed(cases[i].keys);
        ck_assert_msg(vm_num_eq(m.x, vc_num(cases[i].x)) && vm_num_eq(m.y, vc_num(cases[i].y)),
                      "keys \"%s\": X Y are not %s %s", cases[i].keys, cases[i].x, cases[i].y);
        ck_assert_int_eq(m.prefix, VM_PREFIX_NONE);
        ck_assert_int_eq(m.halt, VM_HALT_NONE);
    }
}
END_TEST

START_TEST(register_keys)
{
    /* x→П and П→x with 0..9 and , /-/ ВП Cx В↑ naming a b c d e. */
    vm_machine m = pressed("1 1 x→П , 1 2 x→П /-/ 1 3 x→П ВП 1 4 x→П Cx 1 5 x→П В↑ 9 x→П 9");
    static const char *const want[] = {"11", "12", "13", "14", "15"};
    for (int r = 10; r < 15; r++)
        ck_assert_num(m.reg[r], want[r - 10]);
    ck_assert_num(m.reg[9], "9");
    ck_assert_stack(&m, "9", "15", "14", "13"); /* x→П leaves the stack */
    /* A register key names the register only: no digit, no В↑. */
    m = pressed("4 2 x→П ВП Cx П→x ВП");
    ck_assert_stack(&m, "42", "0", "0", NULL);
    vm_init(&m, VM_PROFILE_MK61);
    m.reg[14] = vc_num("2.5");
    vc_press(&m, "7 П→x В↑ П→x e");
    ck_assert_stack(&m, "2.5", "2.5", "7", "0");
    /* K П→x and K x→П by hand: R4 = 2 becomes 3 and names R3; R0 = 6
     * becomes 5 and names R5. */
    vm_init(&m, VM_PROFILE_MK61);
    m.reg[4] = vc_num("2");
    m.reg[3] = vc_num("33");
    m.reg[0] = vc_num("6");
    vc_press(&m, "K П→x 4");
    ck_assert_num(m.x, "33");
    ck_assert_num(m.reg[4], "3");
    vc_press(&m, "7 7 K x→П 0");
    ck_assert_num(m.reg[5], "77");
    ck_assert_num(m.reg[0], "5");
    ck_assert_int_eq(m.pc, 0);
}
END_TEST

/* ---- automatic mode --------------------------------------------------------- */
START_TEST(addresses_by_hand)
{
    vm_machine m = pressed("БП 2 3");
    ck_assert_int_eq(m.pc, 23);
    vc_press(&m, "ШГ→");
    ck_assert_int_eq(m.pc, 24);
    vc_press(&m, "ШГ← ШГ←");
    ck_assert_int_eq(m.pc, 22);
    vc_press(&m, "БП , 4");
    ck_assert_int_eq(m.pc, 104);
    vc_press(&m, "В/О");
    ck_assert_int_eq(m.pc, 0);
    /* Conditions, loops and indirect jumps typed by hand are ignored. */
    m = pressed("БП 1 0 5 F ШГ← F П→x K БП");
    ck_assert_int_eq(m.pc, 10);
    ck_assert_num(m.x, "5");
    ck_assert_int_eq(m.halt, VM_HALT_NONE);
    ck_assert(!m.running);
}
END_TEST

START_TEST(run_and_stop)
{
    /* 00 2, 01 ×, 02 С/П: typed 21, С/П gives 42. */
    vm_machine m;
    VC_LOAD(&m, 2, C_MUL, C_STOP);
    vc_press(&m, "2 1 В/О С/П");
    ck_assert(m.running);
    vm_display d;
    vm_display_get(&m, &d);
    ck_assert(d.dark);
    vc_press(&m, "7"); /* nothing while running but С/П */
    ck_assert_num(m.x, "21");
    ck_assert_int_eq(m.pc, 0);
    ck_assert_int_eq(vm_run(&m, 0), VM_HALT_STOP);
    ck_assert(!m.running);
    ck_assert_stack(&m, "42", "0", NULL, NULL);
    ck_assert_display(&m, " 42.         ");

    /* Stopping a running program: 00 БП 00 forever. */
    VC_LOAD(&m, C_GOTO, 0x00);
    vc_press(&m, "С/П");
    ck_assert_int_eq(vm_run(&m, 50), VM_HALT_BUDGET);
    ck_assert(m.running);
    vc_press(&m, "С/П");
    ck_assert(!m.running);
    vm_display_get(&m, &d);
    ck_assert(!d.dark);
    vc_press(&m, "5");
    ck_assert_num(m.x, "5");

    /* Data typed at a С/П in the program: 00 1 01 С/П 02 + 03 С/П. */
    VC_LOAD(&m, 1, C_STOP, C_ADD, C_STOP);
    vc_press(&m, "С/П");
    ck_assert_int_eq(vm_run(&m, 0), VM_HALT_STOP);
    ck_assert_int_eq(m.pc, 2);
    vc_press(&m, "5 С/П");
    ck_assert_int_eq(vm_run(&m, 0), VM_HALT_STOP);
    ck_assert_num(m.x, "6");
    ck_assert_int_eq(m.halt_pc, 3);
}
END_TEST

START_TEST(single_step)
{
    /* ПП by hand executes one step, as the program would: 1 2 В↑ 3 +
     * stepped five times gives 15, like the run. */
    vm_machine m, run;
    VC_LOAD(&m, 1, 2, C_ENT, 3, C_ADD, C_STOP);
    run = m;
    ck_assert_int_eq(vm_run(&run, 0), VM_HALT_STOP);
    ck_assert_num(run.x, "15");
    for (int i = 1; i <= 5; i++) {
        vc_press(&m, "ПП");
        ck_assert_int_eq(m.pc, i);
        ck_assert(!m.running);
    }
    ck_assert_stack(&m, "15", "0", NULL, NULL);
    /* A jump takes its operand: 00 БП 05. */
    VC_LOAD(&m, C_GOTO, 0x05);
    vc_press(&m, "ПП");
    ck_assert_int_eq(m.pc, 5);
}
END_TEST

/* ---- programming mode ------------------------------------------------------- */
START_TEST(programming_display)
{
    vm_machine m = pressed("F ВП");
    ck_assert_int_eq(m.mode, VM_MODE_PROG);
    ck_assert_display(&m, "          00");
    vc_press(&m, "П→x 8");
    ck_assert_int_eq(m.prog[0], 0x68);
    ck_assert_display(&m, " 68       01");
    vc_press(&m, "F ШГ← 1 2"); /* F x=0 and its address */
    ck_assert(m.prog[1] == 0x5E && m.prog[2] == 0x12 && m.pc == 3);
    vc_press(&m, "K П→x 4");
    ck_assert(m.prog[3] == 0xD4 && m.pc == 4);
    ck_assert_display(&m, " Г4 12 5E 04");
    vc_press(&m, "ШГ←");
    ck_assert_display(&m, " 12 5E 68 03");
    vc_press(&m, "ШГ→");
    ck_assert_int_eq(m.pc, 4);
    ck_assert(m.prog[3] == 0xD4 && m.prog[4] == 0); /* moving stores nothing */
    vc_press(&m, "F /-/"); /* F АВТ */
    ck_assert_int_eq(m.mode, VM_MODE_AUTO);
    ck_assert_display(&m, " 0.          ");

    /* Hex digits A..F: - L C Г E and blank. */
    m = pressed("F ВП , /-/ ВП Cx В↑ F В↑");
    ck_assert(vc_cells_are(m.prog, "\x0A\x0B\x0C\x0D\x0E\x0F", 6));
    ck_assert_display(&m, " 0  0E 0Г 06");
    vc_press(&m, "ШГ← ШГ← ШГ←");
    ck_assert_display(&m, " 0C 0L 0- 03");
    /* Address 104 is shown as -4. */
    m = pressed("БП , 4 F ВП");
    ck_assert_display(&m, " 00 00 00 -4");
    /* mk61x past 159: two cells show a cell's low two hex digits (ПП 999 is
     * 53 639, address 502 is 322), and two address keys (the first at
     * most E, В↑) reach 149 at most. */
    vm_init(&m, VM_PROFILE_MK61X);
    vc_press(&m, "F ВП");
    m.prog[500] = 0x53;
    m.prog[501] = 0x639;
    m.pc = 502;
    ck_assert_display(&m, " 39 53 00 22");
    vc_press(&m, "F /-/ БП В↑ 9");
    ck_assert_int_eq(m.pc, 149);
}
END_TEST

START_TEST(programming_codes)
{
    /* Each key sequence typed at address 00 stores these codes. */
    static const struct { const char *keys; const char *codes; int n; } cases[] = {
        {"7", "\x07", 1},        {"F 7", "\x1C", 1},      {"K 7", "\x34", 1},
        {"F 8", "\x1D", 1},      {"K 8", "\x35", 1},      {"F 9", "\x1E", 1},
        {"K 9", "\x36", 1},      {"-", "\x11", 1},        {"F -", "\x21", 1},
        {"÷", "\x13", 1},        {"F ÷", "\x23", 1},      {"F 4", "\x19", 1},
        {"K 4", "\x31", 1},      {"F 5", "\x1A", 1},      {"K 5", "\x32", 1},
        {"F 6", "\x1B", 1},      {"K 6", "\x33", 1},      {"+", "\x10", 1},
        {"F +", "\x20", 1},      {"K +", "\x26", 1},      {"×", "\x12", 1},
        {"F ×", "\x22", 1},      {"F 1", "\x16", 1},      {"F 2", "\x17", 1},
        {"F 3", "\x18", 1},      {"K 3", "\x30", 1},      {"↔", "\x14", 1},
        {"F ↔", "\x24", 1},      {"K ↔", "\x2A", 1},      {"В↑", "\x0E", 1},
        {"F В↑", "\x0F", 1},     {"K В↑", "\x3B", 1},     {"0", "\x00", 1},
        {"F 0", "\x15", 1},      {"K 0", "\x54", 1},      {",", "\x0A", 1},
        {"F ,", "\x25", 1},      {"K ,", "\x37", 1},      {"/-/", "\x0B", 1},
        {"K /-/", "\x38", 1},    {"ВП", "\x0C", 1},       {"K ВП", "\x39", 1},
        {"Cx", "\x0D", 1},       {"K Cx", "\x3A", 1},     {"С/П", "\x50", 1},
        {"В/О", "\x52", 1},      {"БП 1 2", "\x51\x12", 2}, {"ПП , 3", "\x53\xA3", 2},
        {"F ШГ→ 0 5", "\x5C\x05", 2}, {"F ШГ← 0 5", "\x5E\x05", 2},
        {"F В/О 0 5", "\x59\x05", 2}, {"F С/П 0 5", "\x57\x05", 2},
        {"F П→x 0 0", "\x5D\x00", 2}, {"F x→П 0 0", "\x5B\x00", 2},
        {"F БП 0 0", "\x58\x00", 2}, {"F ПП 0 0", "\x5A\x00", 2},
        {"П→x 8", "\x68", 1},    {"x→П Cx", "\x4D", 1},   {"П→x В↑", "\x6E", 1},
        {"K П→x 4", "\xD4", 1},  {"K x→П ,", "\xBA", 1},  {"K БП 7", "\x87", 1},
        {"K ПП /-/", "\xAB", 1}, {"K ШГ→ 1", "\xC1", 1},  {"K ШГ← 2", "\xE2", 1},
        {"K В/О 3", "\x93", 1},  {"K С/П ВП", "\x7C", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        vm_machine m = pressed("F ВП");
        vc_press(&m, cases[i].keys);
        ck_assert_msg(vc_cells_are(m.prog, cases[i].codes, cases[i].n) &&
                          m.pc == cases[i].n,
                      "keys \"%s\": %02X %02X, pc %d", cases[i].keys, m.prog[0], m.prog[1], m.pc);
        ck_assert_int_eq(m.mode, VM_MODE_PROG);
    }
}
END_TEST

/* ---- whole programs typed on the keypad ------------------------------------- */
START_TEST(keypad_programs)
{
    /* Sum 1..10: 00 ИП0 01 ИПa 02 + 03 Пa 04 FL0 05 00 06 С/П. */
    vm_machine m = pressed("В/О F ВП П→x 0 П→x , + x→П , F П→x 0 0 С/П F /-/");
    ck_assert(vc_cells_are(m.prog, "\x60\x6A\x10\x4A\x5D\x00\x50", 7));
    ck_assert_int_eq(m.mode, VM_MODE_AUTO);
    vc_press(&m, "1 0 x→П 0 Cx x→П , В/О С/П");
    ck_assert_int_eq(vm_run(&m, 1000), VM_HALT_STOP);
    ck_assert_num(m.x, "55");
    ck_assert_num(m.reg[10], "55");
    ck_assert_num(m.reg[0], "1");
    ck_assert_display(&m, " 55.         ");

    /* A subroutine, skipping two steps: 00 ПП 05, 02 С/П, 05 Fx², 06 В/О. */
    m = pressed("F ВП ПП 0 5 С/П ШГ→ ШГ→ F × В/О F /-/");
    ck_assert(vc_cells_are(m.prog, "\x53\x05\x50\x00\x00\x22\x52", 7));
    vc_press(&m, "7 В/О С/П");
    ck_assert_int_eq(vm_run(&m, 1000), VM_HALT_STOP);
    ck_assert_num(m.x, "49");
    ck_assert_int_eq(m.halt_pc, 2);

    /* max(X, 0) with Fx≥0: 00 Fx≥0 03, 02 С/П, 03 Сx, 04 С/П. */
    m = pressed("F ВП F В/О 0 3 С/П Cx С/П F /-/");
    ck_assert(vc_cells_are(m.prog, "\x59\x03\x50\x0D\x50", 5));
    vc_press(&m, "5 /-/ В/О С/П");
    ck_assert_int_eq(vm_run(&m, 100), VM_HALT_STOP);
    ck_assert_num(m.x, "0");
    ck_assert_int_eq(m.halt_pc, 4);
    vc_press(&m, "7 В/О С/П");
    ck_assert_int_eq(vm_run(&m, 100), VM_HALT_STOP);
    ck_assert_num(m.x, "7");
    ck_assert_int_eq(m.halt_pc, 2);
}
END_TEST

/* ---- the key table and names -------------------------------------------------- */
START_TEST(key_table)
{
    bool seat[6][5] = {{false}};
    ck_assert_int_eq(VM_KEY_COUNT, 30);
    for (int k = 0; k < VM_KEY_COUNT; k++) {
        const vm_key_info *a = vm_key_get((vm_key)k);
        ck_assert_ptr_nonnull(a);
        ck_assert_msg(a->row >= 0 && a->row < 6 && a->col >= 0 && a->col < 5, "key %s", a->name);
        ck_assert_msg(!seat[a->row][a->col], "two keys at %d,%d", a->row, a->col);
        seat[a->row][a->col] = true;
        for (int j = 0; j < k; j++) {
            const vm_key_info *b = vm_key_get((vm_key)j);
            ck_assert_msg(strcmp(a->name, b->name) != 0, "name %s twice", a->name);
            ck_assert_msg(strcmp(a->latin, b->latin) != 0, "alias %s twice", a->latin);
        }
        /* Found by its name, its alias in any case. */
        char lower[16], upper[16];
        size_t n = strlen(a->latin);
        ck_assert_uint_lt(n, sizeof lower);
        for (size_t i = 0; i <= n; i++) {
            unsigned char c = (unsigned char)a->latin[i];
            lower[i] = (char)tolower(c);
            upper[i] = (char)toupper(c);
        }
        ck_assert_int_eq(vm_key_find(a->name), k);
        ck_assert_int_eq(vm_key_find(a->latin), k);
        ck_assert_int_eq(vm_key_find(lower), k);
        ck_assert_int_eq(vm_key_find(upper), k);
    }
    ck_assert_ptr_null(vm_key_get(VM_KEY_COUNT));
    /* The reference's layout: F and K head rows 1 and 2, Cx ends row 6. */
    ck_assert(vm_key_get(VM_KEY_F)->row == 0 && vm_key_get(VM_KEY_F)->col == 0);
    ck_assert(vm_key_get(VM_KEY_K)->row == 1 && vm_key_get(VM_KEY_K)->col == 0);
    ck_assert(vm_key_get(VM_KEY_CX)->row == 5 && vm_key_get(VM_KEY_CX)->col == 4);
    ck_assert(vm_key_get(VM_KEY_D7)->row == 2 && vm_key_get(VM_KEY_D7)->col == 0);
    ck_assert(vm_key_get(VM_KEY_ENTER)->row == 4 && vm_key_get(VM_KEY_ENTER)->col == 4);
}
END_TEST

START_TEST(key_names)
{
    static const struct { const char *name; vm_key key; } cases[] = {
        {"П→x", VM_KEY_RCL}, {"x→П", VM_KEY_STO}, {"БП", VM_KEY_GOTO}, {"ПП", VM_KEY_GSB},
        {"В/О", VM_KEY_RTN}, {"С/П", VM_KEY_RS},  {"ШГ→", VM_KEY_SST}, {"ШГ←", VM_KEY_BST},
        {"В↑", VM_KEY_ENTER}, {"ВП", VM_KEY_EEX}, {"↔", VM_KEY_SWAP}, {"÷", VM_KEY_DIV},
        {"×", VM_KEY_MUL}, {"/-/", VM_KEY_CHS}, {",", VM_KEY_POINT}, {"F", VM_KEY_F},
        {"K", VM_KEY_K}, {"7", VM_KEY_D7}, {"0", VM_KEY_D0},
        {"rcl", VM_KEY_RCL}, {"STO", VM_KEY_STO}, {"goto", VM_KEY_GOTO}, {"Gsb", VM_KEY_GSB},
        {"rtn", VM_KEY_RTN}, {"r/s", VM_KEY_RS}, {"sst", VM_KEY_SST}, {"BST", VM_KEY_BST},
        {"ent", VM_KEY_ENTER}, {"ee", VM_KEY_EEX}, {"chs", VM_KEY_CHS}, {"cx", VM_KEY_CX},
        {"xy", VM_KEY_SWAP}, {"/", VM_KEY_DIV}, {"*", VM_KEY_MUL}, {".", VM_KEY_POINT},
        {"f", VM_KEY_F}, {"k", VM_KEY_K},
        /* Register letters: a..e under , /-/ ВП Cx and beside В↑. */
        {"a", VM_KEY_POINT}, {"b", VM_KEY_CHS}, {"c", VM_KEY_EEX}, {"d", VM_KEY_CX},
        {"e", VM_KEY_ENTER}, {"A", VM_KEY_POINT}, {"E", VM_KEY_ENTER}, {"А", VM_KEY_POINT},
        {"В", VM_KEY_CHS}, {"С", VM_KEY_EEX}, {"Д", VM_KEY_CX}, {"Е", VM_KEY_ENTER},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ck_assert_msg(vm_key_find(cases[i].name) == (int)cases[i].key, "\"%s\" finds %d, want %d",
                      cases[i].name, vm_key_find(cases[i].name), (int)cases[i].key);
    ck_assert_int_eq(vm_key_find("foo"), -1);
    ck_assert_int_eq(vm_key_find(""), -1);
    ck_assert_int_eq(vm_key_find("f"), VM_KEY_F);
    /* The keys that name registers say which. */
    static const vm_key regkeys[15] = {VM_KEY_D0, VM_KEY_D1, VM_KEY_D2, VM_KEY_D3, VM_KEY_D4,
                                       VM_KEY_D5, VM_KEY_D6, VM_KEY_D7, VM_KEY_D8, VM_KEY_D9,
                                       VM_KEY_POINT, VM_KEY_CHS, VM_KEY_EEX, VM_KEY_CX,
                                       VM_KEY_ENTER};
    for (int r = 0; r < 15; r++)
        ck_assert_int_eq(vm_key_get(regkeys[r])->reg, r);
}
END_TEST

/* ---- random key presses --------------------------------------------------- */
START_TEST(random_keys)
{
    /* Random presses, with a run whenever С/П started one: nothing breaks,
     * the address and the numbers stay in range, the display is 12 cells. */
    vc_seed(0x6d6b3631u);
    for (int round = 0; round < 200; round++) {
        vm_machine m;
        vm_init(&m, round % 4 == 3 ? VM_PROFILE_MK61X : VM_PROFILE_MK61);
        for (int r = 0; r < m.regs; r++)
            m.reg[r] = vc_random_num();
        for (int i = 0; i < 300; i++) {
            vm_press(&m, (vm_key)(vc_rand() % VM_KEY_COUNT));
            if (m.running && vc_rand() % 2)
                vm_run(&m, 200);
            ck_assert_msg(m.pc >= 0 && m.pc <= m.steps, "round %d: pc %d", round, m.pc);
            ck_assert(m.rsp >= 0 && m.rsp <= VM_RSTACK);
            vc_assert_holdable(m.x, "X", round);
            vc_assert_holdable(m.y, "Y", round);
            char text[96];
            vm_display d;
            vm_display_get(&m, &d);
            int n = vm_display_text(&d, text, sizeof text);
            ck_assert(n >= VM_DISPLAY_CELLS && n < (int)sizeof text);
        }
    }
}
END_TEST

Suite *keys_suite(void)
{
    Suite *s = suite_create("keys");
    struct { const char *name; const TTest *tests[8]; } cases[] = {
        {"display", {typing_numbers, finished_numbers, error_display}},
        {"prefixes", {f_and_k_functions, register_keys}},
        {"automatic", {addresses_by_hand, run_and_stop, single_step}},
        {"programming", {programming_display, programming_codes}},
        {"programs", {keypad_programs}},
        {"names", {key_table, key_names}},
        {"random", {random_keys}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TCase *tc = tcase_create(cases[i].name);
        tcase_set_timeout(tc, 60);
        for (int j = 0; j < 8 && cases[i].tests[j]; j++)
            tcase_add_test(tc, cases[i].tests[j]);
        suite_add_tcase(s, tc);
    }
    return s;
}
