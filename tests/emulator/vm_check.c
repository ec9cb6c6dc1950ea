/* Helpers shared by the emulator's tests (vm_check.h says which). */
#include "../vm_holdable.h"
#include "vm_check.h"

#include <stdio.h>
#include <string.h>

vm_num vc_num(const char *text)
{
    vm_num n = {12345678, 55, true, false}; /* a marker the parse must overwrite */
    ck_assert_msg(vm_num_parse(text, &n), "vm_num_parse(\"%s\") failed", text);
    return n;
}

void vc_assert_num(vm_num got, const char *want, const char *expr, const char *file, int line)
{
    char buf[64];
    vm_num_format(got, buf, sizeof buf);
    ck_assert_msg(vm_num_eq(got, vc_num(want)), "%s:%d: %s is %s {mant %d, exp %d%s}, want %s",
                  file, line, expr, buf, (int)got.mant, (int)got.exp, got.neg ? ", neg" : "",
                  want);
}

void vc_assert_stack(const vm_machine *m, const char *x, const char *y, const char *z,
                     const char *t, const char *file, int line)
{
    const char *want[4] = {x, y, z, t};
    const vm_num got[4] = {m->x, m->y, m->z, m->t};
    const char *names = "XYZT";
    for (int i = 0; i < 4; i++) {
        if (!want[i])
            continue;
        char what[4] = {names[i], 0, 0, 0};
        vc_assert_num(got[i], want[i], what, file, line);
    }
}

void vc_set_stack(vm_machine *m, const char *x, const char *y, const char *z, const char *t)
{
    if (x)
        m->x = vc_num(x);
    if (y)
        m->y = vc_num(y);
    if (z)
        m->z = vc_num(z);
    if (t)
        m->t = vc_num(t);
}

void vc_load(vm_machine *m, vm_profile_id profile, const uint8_t *code, int n, int start)
{
    static vm_program p; /* large; tests run one at a time in their own process */
    vm_program_init(&p, profile);
    ck_assert_int_le(n, VM_MAX_STEPS);
    for (int i = 0; i < n; i++)
        p.code[i] = code[i];
    p.length = n;
    p.start = start;
    vm_init(m, profile);
    vm_load(m, &p);
}

void vc_assert_text(const char *got, const char *want, const char *what)
{
    size_t i = 0, line_start = 0;
    int line = 1;
    for (; got[i] && got[i] == want[i]; i++)
        if (got[i] == '\n') {
            line++;
            line_start = i + 1;
        }
    ck_assert_msg(got[i] == want[i], "%s: line %d is \"%.*s\", want \"%.*s\"", what, line,
                  (int)strcspn(got + line_start, "\n"), got + line_start,
                  (int)strcspn(want + line_start, "\n"), want + line_start);
}

const char *vc_display(const vm_machine *m, char *buf, size_t size)
{
    vm_display d;
    vm_display_get(m, &d);
    vm_display_text(&d, buf, size);
    return buf;
}

void vc_assert_display(const vm_machine *m, const char *want, const char *file, int line)
{
    char buf[96];
    vc_display(m, buf, sizeof buf);
    ck_assert_msg(strcmp(buf, want) == 0, "%s:%d: display \"%s\", want \"%s\"", file, line, buf,
                  want);
}

void vc_add_tcases(Suite *s, const vc_tcase *cases, size_t n, double timeout)
{
    for (size_t i = 0; i < n; i++) {
        TCase *tc = tcase_create(cases[i].name);
        if (timeout > 0)
            tcase_set_timeout(tc, timeout);
        for (size_t j = 0; j < sizeof cases[i].tests / sizeof cases[i].tests[0] &&
                           cases[i].tests[j];
             j++)
            tcase_add_test(tc, cases[i].tests[j]);
        suite_add_tcase(s, tc);
    }
}

static uint64_t rng_state = 1;

void vc_seed(uint64_t seed)
{
    rng_state = seed ? seed : 1;
}

uint32_t vc_rand(void)
{
    rng_state ^= rng_state << 13; /* xorshift64 */
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11);
}

vm_num vc_random_num(void)
{
    switch (vc_rand() % 6) {
    case 0: return vm_num_from_int((int)(vc_rand() % 40) - 8);
    case 1: return vm_num_from_int((int)(vc_rand() % 200000) - 100000);
    case 2: {
        vm_num n = {(uint32_t)(10000000 + vc_rand() % 90000000),
                    (int16_t)((int)(vc_rand() % 199) - 99), (vc_rand() & 1) != 0, false};
        return n;
    }
    case 3: {
        /* Any 12 nibbles a register can hold: a loop counter's 00000001,
         * a negative zero, hex digits, an exponent past 99. */
        uint64_t raw = (uint64_t)(vc_rand() % 10) << 44 | (uint64_t)(vc_rand() % 10) << 40 |
                       (uint64_t)(vc_rand() % 10) << 36 | (uint64_t)(vc_rand() % 2 ? 0 : 9) << 32;
        uint32_t mant = vc_rand();
        if (vc_rand() % 2) /* mostly decimal digits */
            for (int i = 0; i < 8; i++)
                if ((mant >> (4 * i) & 0xF) > 9)
                    mant &= ~(0x8u << (4 * i));
        vm_num n;
        ck_assert(vm_num_from_raw(raw | mant, &n));
        return n;
    }
    case 4: {
        /* A pointer or counter as the machine leaves one: a whole number
         * 0..99 (or a large one) unnormalised with exponent 7. */
        vm_num n = {(uint32_t)(vc_rand() % 4 ? vc_rand() % 100 : vc_rand() % 100000000), 7,
                    vc_rand() % 8 == 0, false};
        return n;
    }
    default: return vm_num_zero();
    }
}

void vc_assert_holdable(vm_num a, const char *what, int round)
{
    ck_assert_msg(vm_holdable(a), "round %d: %s is {%X, %d, %d, hex %d}", round, what,
                  (unsigned)a.mant, (int)a.exp, (int)a.neg, (int)a.hex);
}

bool vc_cells_are(const uint16_t *cells, const void *bytes, int n)
{
    const unsigned char *b = bytes;
    for (int i = 0; i < n; i++)
        if (cells[i] != b[i])
            return false;
    return true;
}

void vc_press(vm_machine *m, const char *seq)
{
    int k, got;
    size_t n;
    while ((got = vm_key_next(&seq, &k, &n)) != 0) {
        ck_assert_msg(got > 0, "no key named \"%.*s\"", (int)n, seq);
        vm_press(m, (vm_key)k);
    }
}

/* ---- measured cases -------------------------------------------------------- */

/* The value of a as sign, 8 significant digits (leading zeros shifted
 * out) and the exponent of the first; hex mantissas are not decimal. */
typedef struct value {
    bool neg, zero;
    uint32_t digits;
    int exp;
} value;

static value value_of(vm_num a)
{
    value v = {a.neg, a.mant == 0, a.mant, a.exp};
    while (!v.zero && v.digits < 10000000u) {
        v.digits *= 10;
        v.exp--;
    }
    if (v.zero)
        v.exp = 0;
    return v;
}

static uint64_t raw_of(const char *hex)
{
    uint64_t raw = 0;
    size_t n = strlen(hex);
    ck_assert_msg(n == 12 && strspn(hex, "0123456789ABCDEFabcdef") == 12, "bad raw \"%s\"", hex);
    for (size_t i = 0; i < n; i++) {
        char c = hex[i];
        int d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
        raw = raw << 4 | (uint64_t)d;
    }
    return raw;
}

bool vc_value_is(vm_num got, const char *want)
{
    if (strncmp(want, "raw:", 4) == 0)
        return vm_num_to_raw(got) == raw_of(want + 4);
    if (got.hex)
        return false;
    value a = value_of(got), b = value_of(vc_num(want));
    return a.zero == b.zero && a.neg == b.neg && a.digits == b.digits && a.exp == b.exp;
}

void vc_assert_value(vm_num got, const char *want, const char *expr, const char *file, int line)
{
    ck_assert_msg(vc_value_is(got, want), "%s:%d: %s is raw:%012llX, want %s", file, line, expr,
                  (unsigned long long)vm_num_to_raw(got), want);
}

const char *vc_display_ascii(const vm_machine *m, char *buf, size_t size)
{
    vm_display d;
    vm_display_get(m, &d);
    size_t n = 0;
    for (int i = 0; i < VM_DISPLAY_CELLS && n + 2 < size; i++) {
        buf[n++] = d.dark ? ' ' : d.glyph[i];
        if (!d.dark && d.point[i])
            buf[n++] = '.';
    }
    buf[n] = '\0';
    return buf;
}

void vc_assert_display_ascii(const vm_machine *m, const char *want, const char *file, int line)
{
    char got[40];
    vc_display_ascii(m, got, sizeof got);
    ck_assert_msg(strcmp(got, want) == 0, "%s:%d: display \"%s\", want \"%s\"", file, line, got,
                  want);
}

void vc_case_run(vm_machine *m, const vc_case *c)
{
    const char *prog = c->program ? c->program : "";
    vm_init(m, VM_PROFILE_MK61);
    if (strncmp(prog, "deg:", 4) == 0 || strncmp(prog, "grd:", 4) == 0) {
        m->angle = prog[0] == 'd' ? VM_DEG : VM_GRAD;
        prog += 4;
    }
    for (int a = 0; *prog; a++) {
        unsigned byte;
        int used;
        prog += strspn(prog, " ");
        if (!*prog)
            break;
        ck_assert_msg(a < VM_MAX_STEPS && sscanf(prog, "%2x%n", &byte, &used) == 1 && used == 2,
                      "bad program \"%s\"", c->program);
        m->prog[a] = (uint16_t)byte;
        prog += used;
    }
    const char *keys = c->keys ? c->keys : "";
    int k, got;
    size_t n;
    while ((got = vm_key_next(&keys, &k, &n)) != 0) {
        ck_assert_msg(got > 0, "no key named \"%.*s\"", (int)n, keys);
        vm_press(m, (vm_key)k);
        if (m->running) {
            vm_run(m, 1000000);
            ck_assert_msg(!m->running, "keys \"%s\": the run did not stop", c->keys);
        }
    }
}

vm_machine vc_ran(const char *program, const char *keys)
{
    vc_case c = {program, keys, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    vm_machine m;
    vc_case_run(&m, &c);
    return m;
}

void vc_go(vm_machine *m, int at)
{
    vm_halt h = vm_run(m, 10000);
    ck_assert_msg(h == VM_HALT_STOP, "halt %d at %d (code %02X), want С/П", (int)h, m->halt_pc,
                  m->halt_code);
    ck_assert_msg(at < 0 || m->halt_pc == at, "С/П at %d, want %d", m->halt_pc, at);
}

bool vc_case_differs(const vc_case *c, char *why, size_t size)
{
    vm_machine m;
    vc_case_run(&m, c);
    const char *want[5] = {c->x, c->y, c->z, c->t, c->x1};
    const vm_num got[5] = {m.x, m.y, m.z, m.t, m.x1};
    static const char *const names[5] = {"X", "Y", "Z", "T", "X1"};
    for (int i = 0; i < 5; i++)
        if (want[i] && !vc_value_is(got[i], want[i])) {
            snprintf(why, size, "[%s] %s: %s is raw:%012llX, want %s", c->program, c->keys,
                     names[i], (unsigned long long)vm_num_to_raw(got[i]), want[i]);
            return true;
        }
    if (c->display) {
        char shown[40];
        vc_display_ascii(&m, shown, sizeof shown);
        if (strcmp(shown, c->display) != 0) {
            snprintf(why, size, "[%s] %s: display \"%s\", want \"%s\"", c->program, c->keys,
                     shown, c->display);
            return true;
        }
    }
    for (const char *s = c->regs; s && *s;) {
        char value[32];
        char name;
        int used;
        s += strspn(s, " ");
        if (!*s)
            break;
        ck_assert_msg(sscanf(s, "%c=%31s%n", &name, value, &used) == 2, "bad regs \"%s\"",
                      c->regs);
        const char *names15 = "0123456789abcde", *at = strchr(names15, name);
        ck_assert_msg(at && name, "bad register '%c'", name);
        int r = (int)(at - names15);
        if (!vc_value_is(m.reg[r], value)) {
            snprintf(why, size, "[%s] %s: R%c is raw:%012llX, want %s", c->program, c->keys,
                     name, (unsigned long long)vm_num_to_raw(m.reg[r]), value);
            return true;
        }
        s += used;
    }
    snprintf(why, size, "[%s] %s: as measured", c->program, c->keys);
    return false;
}

void vc_case_check(const vc_case *c, const char *where)
{
    char why[600];
    if (vc_case_differs(c, why, sizeof why))
        ck_abort_msg("%s: %s", where, why);
}

void vc_case_table(const vc_case *cases, size_t n, const char *name)
{
    char where[64];
    for (size_t i = 0; i < n; i++) {
        snprintf(where, sizeof where, "%s[%zu]", name, i);
        vc_case_check(&cases[i], where);
    }
}
