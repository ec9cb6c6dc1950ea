/* The whole machine as text and back (vm_state.h has the format). */
#include "vm_state.h"
#include "asm_internal.h" /* asm_out, asm_hex_digit */
#include "vm_keys.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The fields in the order format writes them, with their names. REG and
 * PROG may come many times; every other field exactly once. */
#define VM_STATE_FIELDS(F)                                                                     \
    F(PROFILE, "profile") F(X, "x") F(Y, "y") F(Z, "z") F(T, "t") F(X1, "x1") F(REG, "reg")    \
    F(PC, "pc") F(RSTACK, "rstack") F(RSP, "rsp") F(RFILL, "rstack_fill") F(ENTRY, "entry") F(LIFT, "lift")            \
    F(DIGITS, "digits") F(POINT, "point") F(MANT_NEG, "mant_neg") F(MANT_SIGN, "mant_sign") F(EXP_DIGITS, "exp_digits")  \
    F(EXP_COUNT, "exp_count") F(EXP_NEG, "exp_neg") F(EXP_BASE, "exp_base")                    \
    F(EXP_FORM, "exp_form") F(EXP_OPEN, "exp_open") F(SHOW, "show") F(LEAD, "lead")             \
    F(EEX_BASE, "eex_base") F(EEX_POINT, "eex_point")                                          \
    F(PREFIX, "prefix") F(PENDING, "pending")                                                  \
    F(PENDING_DIGITS, "pending_digits") F(PENDING_VALUE, "pending_value") F(MODE, "mode")      \
    F(ANGLE, "angle") F(RUNNING, "running") F(HALT, "halt") F(NUM_ERROR, "num_error")          \
    F(HALT_PC, "halt_pc") F(HALT_CODE, "halt_code") F(WARN, "warn") F(WARN_PC, "warn_pc")      \
    F(WARN_VALUE, "warn_value") F(WARN_ARG, "warn_arg") F(EXECUTED, "executed") F(RNG, "rng")  \
    F(PROG, "prog") F(END, "end")

enum {
#define FIELD_ENUM(id, name) F_##id,
    VM_STATE_FIELDS(FIELD_ENUM)
#undef FIELD_ENUM
    F_COUNT
};

static const char *const field_names[F_COUNT] = {
#define FIELD_NAME(id, name) name,
    VM_STATE_FIELDS(FIELD_NAME)
#undef FIELD_NAME
};

/* The words of the enumerations, indexed by their values. */
static const char *const entry_words[] = {"none", "mantissa", "exponent"};
static const char *const prefix_words[] = {"none", "f", "k"};
static const char *const mode_words[] = {"auto", "prog"};
static const char *const angle_words[] = {"rad", "grad", "deg"};
static const char *const halt_words[] = {"none", "stop", "error", "bad_opcode", "budget"};
/* Halts of earlier versions, which the machine no longer makes (it goes on
 * as the real one): read as none. */
static const char *const old_halt_words[] = {"bad_address", "bad_register", "rstack_full"};
static const char *const show_words[] = {"number",         "error",         "one_point",
                                         "error_one",      "error_comma",   "error_exponent",
                                         "error_typed",    "error_marked",  "error_marked_exponent",
                                         "error_range",    "error_entry",
                                         "error_range_zero"};
static const char *const lead_words[] = {"digits", "operand", "x", "sign"};
static const char *const warn_words[] = {"none", "rstack", "pointer", "wrap", "hex", "range", "operand"};
static const char *const num_error_words[] = {"ok", "overflow", "div_zero", "domain"};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
_Static_assert(COUNT(entry_words) == VM_ENTRY_EXPONENT + 1, "entry_words");
_Static_assert(COUNT(prefix_words) == VM_PREFIX_K + 1, "prefix_words");
_Static_assert(COUNT(mode_words) == VM_MODE_PROG + 1, "mode_words");
_Static_assert(COUNT(angle_words) == VM_DEG + 1, "angle_words");
_Static_assert(COUNT(halt_words) == VM_HALT_BUDGET + 1, "halt_words");
_Static_assert(COUNT(num_error_words) == VM_NUM_DOMAIN + 1, "num_error_words");
_Static_assert(COUNT(show_words) == VM_SHOW_ERROR_RANGE_ZERO + 1, "show_words");
_Static_assert(COUNT(warn_words) == VM_WARN_OPERAND + 1, "warn_words");
_Static_assert(COUNT(lead_words) == VM_LEAD_POINTER, "lead_words");

#define ROW 10          /* program cells a row */
#define LINE_MAX_ 256   /* the longest line parse takes */
#define TOKENS_MAX 16   /* the most words on a line ("prog" rows have 12) */

/* The largest cell a profile's program holds (vm_program.h). */
static unsigned max_cell(vm_profile_id id)
{
    return id == VM_PROFILE_MK61 ? 0xFFu : 0xFFFFu;
}

/* ---- format --------------------------------------------------------------- */

static void put_num(asm_out *o, vm_num a)
{
    /* vm_num_format's text reads back to the very same fields (vm_num.h). */
    char text[40];
    vm_num_format(a, text, sizeof text);
    asm_out_printf(o, "%s", text);
}

static const char *word(const char *const *words, int count, int value)
{
    return value >= 0 && value < count ? words[value] : "?";
}

int vm_state_format(const vm_machine *m, char *buf, size_t size)
{
    asm_out o;
    asm_out_init(&o, buf, size);
    const vm_profile *prof = vm_profile_get(m->profile);
    const char *names = "xyzt";
    const vm_num stack[4] = {m->x, m->y, m->z, m->t};

    asm_out_printf(&o, "profile %s\n", prof->name);
    for (int i = 0; i < 4; i++) {
        asm_out_printf(&o, "%c ", names[i]);
        put_num(&o, stack[i]);
        asm_out_printf(&o, "\n");
    }
    asm_out_printf(&o, "x1 ");
    put_num(&o, m->x1);
    asm_out_printf(&o, "\n");
    for (int r = 0; r < prof->regs && r < VM_MAX_REGS; r++) {
        if (vm_num_eq(m->reg[r], vm_num_zero()))
            continue;
        asm_out_printf(&o, "reg %d ", r);
        put_num(&o, m->reg[r]);
        asm_out_printf(&o, "\n");
    }
    asm_out_printf(&o, "pc %d\nrstack", m->pc);
    for (int i = 0; i < VM_RSTACK; i++)
        asm_out_printf(&o, " %d", m->rstack[i]);
    asm_out_printf(&o, "\nrsp %d\nrstack_fill %d\n", m->rsp, m->rfill);

    asm_out_printf(&o, "entry %s\nlift %d\n", word(entry_words, COUNT(entry_words), (int)m->entry),
        m->lift ? 1 : 0);
    const char *nul = memchr(m->digits, '\0', sizeof m->digits);
    size_t nd = nul ? (size_t)(nul - m->digits) : sizeof m->digits;
    asm_out_printf(&o, "digits %.*s\n", nd ? (int)nd : 1, nd ? m->digits : "-");
    asm_out_printf(&o, "point %d\nmant_neg %d\nmant_sign %d\n", m->point, m->mant_neg ? 1 : 0,
                   m->mant_sign);
    asm_out_printf(&o, "exp_digits %d %d\nexp_count %d\nexp_neg %d\n", m->exp_digits[0], m->exp_digits[1],
        m->exp_count, m->exp_neg ? 1 : 0);
    asm_out_printf(&o, "exp_base %d\nexp_form %d\nexp_open %d\nshow %s\n", m->exp_base,
                   m->exp_form ? 1 : 0, m->exp_open ? 1 : 0, word(show_words, COUNT(show_words), (int)m->show));
    if (m->lead >= VM_LEAD_POINTER)
        asm_out_printf(&o, "lead r%d\n", m->lead - VM_LEAD_POINTER);
    else
        asm_out_printf(&o, "lead %s\n", word(lead_words, COUNT(lead_words), m->lead));
    asm_out_printf(&o, "eex_base %d\neex_point %d\n", m->eex_base, m->eex_point ? 1 : 0);

    asm_out_printf(&o, "prefix %s\n", word(prefix_words, COUNT(prefix_words), (int)m->prefix));
    if (m->pending == -1)
        asm_out_printf(&o, "pending none\n");
    else if (m->pending == VM_ACT_GOTO)
        asm_out_printf(&o, "pending goto\n");
    else
        asm_out_printf(&o, "pending %02X\n", (unsigned)m->pending);
    asm_out_printf(&o, "pending_digits %d\npending_value %d\n", m->pending_digits, m->pending_value);
    asm_out_printf(&o, "mode %s\nangle %s\nrunning %d\n", word(mode_words, COUNT(mode_words), (int)m->mode),
        word(angle_words, COUNT(angle_words), (int)m->angle), m->running ? 1 : 0);

    asm_out_printf(&o, "halt %s\nnum_error %s\n", word(halt_words, COUNT(halt_words), (int)m->halt),
        word(num_error_words, COUNT(num_error_words), (int)m->num_error));
    asm_out_printf(&o, "halt_pc %d\nhalt_code %02X\n", m->halt_pc, (unsigned)m->halt_code);
    asm_out_printf(&o, "warn %s\nwarn_pc %d\nwarn_value %d\nwarn_arg %d\n",
        word(warn_words, COUNT(warn_words), (int)m->warn), m->warn_pc, m->warn_value, m->warn_arg);
    asm_out_printf(&o, "executed %llu\nrng %016llX\n", (unsigned long long)m->executed,
        (unsigned long long)m->rng);

    for (int row = 0; row < prof->steps && row < VM_MAX_STEPS; row += ROW) {
        /* A row at once (a cell's "%02X" by hand: a printf a cell was
         * most of the time the vm and keys fuzzers spent here). */
        static const char hex[] = "0123456789ABCDEF";
        char line[ROW * 5 + 1];
        int n = 0;
        for (int a = row; a < row + ROW && a < prof->steps; a++) {
            unsigned c = m->prog[a];
            line[n++] = ' ';
            for (int d = c > 0xFFF ? 3 : c > 0xFF ? 2 : 1; d >= 0; d--)
                line[n++] = hex[c >> (4 * d) & 0xF];
        }
        asm_out_printf(&o, "prog %02d:%.*s\n", row, n, line);
    }
    asm_out_printf(&o, "end\n");
    return asm_out_end(&o);
}

/* ---- parse ---------------------------------------------------------------- */

typedef struct parser {
    vm_machine m;         /* built here, copied out on success */
    vm_state_error *err;
    int line;             /* the line being read */
    int seen[F_COUNT];    /* the line each field came on, 0: not yet */
    int reg_line[VM_MAX_REGS];
    int cells;            /* program cells read so far */
    int end_line;
    int last;             /* the field of the line before (F_PROFILE at first) */
} parser;

static bool fail(parser *p, const char *fmt, ...)
{
    if (!p->err)
        return false;
    p->err->line = p->line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err->message, sizeof p->err->message, fmt, ap);
    va_end(ap);
    return false;
}

/* A decimal integer in lo..hi (an optional '-', at most 9 digits). */
static bool read_int(const char *tok, int lo, int hi, int *out)
{
    const char *s = tok;
    bool neg = *s == '-';
    if (neg)
        s++;
    long v = 0;
    int n = 0;
    for (; *s >= '0' && *s <= '9' && n < 9; s++, n++)
        v = v * 10 + (*s - '0');
    if (neg)
        v = -v;
    if (n == 0 || *s != '\0' || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

/* read_int with a message; what names the value. */
static bool parse_int(parser *p, const char *tok, int lo, int hi, const char *what, int *out)
{
    if (!read_int(tok, lo, hi, out))
        return fail(p, "%s: expected a whole number %d..%d, not '%.32s'", what, lo, hi, tok);
    return true;
}

static bool parse_bool(parser *p, const char *tok, const char *what, bool *out)
{
    if (strcmp(tok, "0") != 0 && strcmp(tok, "1") != 0)
        return fail(p, "%s: expected 0 or 1, not '%.32s'", what, tok);
    *out = tok[0] == '1';
    return true;
}

/* An unsigned number of min..max digits in base 10 or 16, at most 64 bits. */
static bool parse_u64(const char *tok, int base, int min, int max, uint64_t *out)
{
    uint64_t v = 0;
    int n = 0;
    for (const char *s = tok; *s; s++, n++) {
        int d = asm_hex_digit(*s);
        if (d < 0 || d >= base || n >= max)
            return false;
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            return false;
        v = v * (uint64_t)base + (uint64_t)d;
    }
    if (n < min)
        return false;
    *out = v;
    return true;
}

/* A cell in hex (2 to 4 digits) up to the profile's largest. */
static bool parse_cell(parser *p, const char *tok, const char *what, uint16_t *out)
{
    uint64_t v;
    unsigned max = max_cell(p->m.profile);
    if (!parse_u64(tok, 16, 2, 4, &v) || v > max)
        return fail(p, "%s: expected a cell in hex, 00..%X, not '%.32s'", what, max, tok);
    *out = (uint16_t)v;
    return true;
}

static bool parse_word(parser *p, const char *tok, const char *const *words, int count,
                       const char *what, int *out)
{
    for (int i = 0; i < count; i++)
        if (strcmp(tok, words[i]) == 0) {
            *out = i;
            return true;
        }
    char list[96] = "";
    for (int i = 0; i < count; i++) {
        size_t n = strlen(list);
        snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", words[i]);
    }
    return fail(p, "%s: expected one of %s, not '%.32s'", what, list, tok);
}

static bool parse_num(parser *p, const char *tok, const char *what, vm_num *out)
{
    if (strncmp(tok, "raw:", 4) == 0 && strchr(tok + 4, ':')) {
        /* raw:MANT:EXP:SIGN, the fields themselves (earlier versions). */
        char mant[16], exp[16], sign[4];
        const char *s = tok + 4, *c1 = strchr(s, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        int mv, ev;
        bool ok = c1 && c2 && (size_t)(c1 - s) < sizeof mant &&
                  (size_t)(c2 - c1 - 1) < sizeof exp && strlen(c2 + 1) < sizeof sign;
        if (ok) {
            memcpy(mant, s, (size_t)(c1 - s));
            mant[c1 - s] = '\0';
            memcpy(exp, c1 + 1, (size_t)(c2 - c1 - 1));
            exp[c2 - c1 - 1] = '\0';
            strcpy(sign, c2 + 1);
            ok = mant[0] != '-' && (!strcmp(sign, "+") || !strcmp(sign, "-"));
        }
        ok = ok && read_int(mant, 0, 99999999, &mv) && read_int(exp, -99, 99, &ev);
        if (!ok)
            return fail(p, "%s: expected raw:MANT:EXP:SIGN (0..99999999, -99..99, + or -), not "
                        "'%.32s'", what, tok);
        out->mant = (int32_t)mv;
        out->exp = (int16_t)ev;
        out->neg = sign[0] == '-';
        return true;
    }
    if (!vm_num_parse(tok, out))
        return fail(p, "%s: expected a number such as 12.5 or -1e-12 (below 1e100), or raw: and "
                    "12 hex digits, not '%.32s'",
                    what, tok);
    return true;
}

static bool parse_digits(parser *p, const char *tok)
{
    size_t n = strlen(tok);
    bool ok = strcmp(tok, "-") == 0 || (n >= 1 && n <= 8 && strspn(tok, "0123456789ABCDEF") == n);
    if (!ok)
        return fail(p, "digits: expected 1 to 8 digits 0..9 or A..F, or '-' for none, not '%.32s'",
                    tok);
    memset(p->m.digits, 0, sizeof p->m.digits);
    if (tok[0] != '-')
        memcpy(p->m.digits, tok, n);
    return true;
}

/* "prog NN: c c c ...": the next row of cells. */
static bool parse_row(parser *p, char **tok, int n)
{
    int steps = p->m.steps, at = p->cells, addr;
    if (at >= steps)
        return fail(p, "prog: every row is there already (the profile has %d steps)", steps);
    size_t len = strlen(tok[1]);
    char num[12]; /* room for read_int's 9 digits and a sign */
    bool ok = len >= 2 && len < sizeof num && tok[1][len - 1] == ':';
    if (ok) {
        memcpy(num, tok[1], len - 1);
        num[len - 1] = '\0';
    }
    if (!ok || !read_int(num, 0, VM_MAX_STEPS, &addr) || addr != at)
        return fail(p, "prog: expected the row of step %02d next ('prog %02d:'), not '%.32s'", at,
                    at, tok[1]);
    int want = steps - at < ROW ? steps - at : ROW;
    if (n - 2 != want)
        return fail(p, "prog %02d: expected %d cells, found %d", at, want, n - 2);
    char what[24];
    snprintf(what, sizeof what, "prog %02d", at);
    for (int i = 0; i < want; i++)
        if (!parse_cell(p, tok[2 + i], what, &p->m.prog[at + i]))
            return false;
    p->cells += want;
    return true;
}

/* How many values follow a field's name; -1 for a program row (any). */
static int values_of(int f)
{
    switch (f) {
    case F_REG: case F_EXP_DIGITS: return 2;
    case F_RSTACK: return VM_RSTACK;
    case F_PROG: return -1;
    case F_END: return 0;
    default: return 1;
    }
}

static bool parse_field(parser *p, char **tok, int n)
{
    /* The fields come in format's order, reg and prog many times: the
     * line before's field and the next are tried first (a hundred prog
     * rows went through the forty names each). */
    int f = p->last;
    if (strcmp(tok[0], field_names[f]) != 0) {
        f = f + 1 < F_COUNT && strcmp(tok[0], field_names[f + 1]) == 0 ? f + 1 : 0;
        while (f < F_COUNT && strcmp(tok[0], field_names[f]) != 0)
            f++;
    }
    if (f == F_COUNT && strcmp(tok[0], "stored") == 0 && n == 2) {
        /* Earlier versions' "stored 1": ВП after П in a run. */
        bool stored = false;
        if (!parse_bool(p, tok[1], "stored", &stored))
            return false;
        if (stored && !p->seen[F_LEAD])
            p->m.lead = VM_LEAD_SIGN;
        return true;
    }
    if (f < F_COUNT)
        p->last = f;
    if (f == F_COUNT)
        return fail(p, "unknown name '%.32s': expected a field of the machine such as pc, reg "
                    "or prog", tok[0]);
    if (!p->seen[F_PROFILE] && f != F_PROFILE)
        return fail(p, "expected 'profile mk61' or 'profile mk61x' first, not '%.32s'", tok[0]);
    if (f != F_REG && f != F_PROG) {
        if (p->seen[f])
            return fail(p, "%s: given twice (first on line %d)", field_names[f], p->seen[f]);
        p->seen[f] = p->line;
    }
    int want = values_of(f);
    if (want >= 0 && n - 1 != want)
        return fail(p, "%s: expected %d value%s, found %d", field_names[f], want,
                    want == 1 ? "" : "s", n - 1);
    if (f == F_PROG && n < 2)
        return fail(p, "prog: expected 'prog NN:' and the row's cells");

    vm_machine *m = &p->m;
    const char *what = field_names[f], *v = n > 1 ? tok[1] : "";
    int i, k = 0;
    switch (f) {
    case F_PROFILE: {
        vm_profile_id id;
        const vm_profile *prof = vm_profile_find(v, &id);
        if (!prof)
            return fail(p, "profile: expected mk61 or mk61x, not '%.32s'", v);
        m->profile = id;
        m->steps = prof->steps;
        m->regs = prof->regs;
        return true;
    }
    case F_X: return parse_num(p, v, what, &m->x);
    case F_Y: return parse_num(p, v, what, &m->y);
    case F_Z: return parse_num(p, v, what, &m->z);
    case F_T: return parse_num(p, v, what, &m->t);
    case F_X1: return parse_num(p, v, what, &m->x1);
    case F_REG:
        if (!parse_int(p, v, 0, m->regs - 1, "reg: the register number", &k))
            return false;
        if (p->reg_line[k])
            return fail(p, "reg %d: given twice (first on line %d)", k, p->reg_line[k]);
        p->reg_line[k] = p->line;
        return parse_num(p, tok[2], "reg", &m->reg[k]);
    case F_PC: return parse_int(p, v, 0, vm_pc_end(m) - 1, what, &m->pc);
    case F_HALT_PC: return parse_int(p, v, 0, vm_pc_end(m) - 1, what, &m->halt_pc);
    case F_WARN_PC: return parse_int(p, v, 0, vm_pc_end(m) - 1, what, &m->warn_pc);
    case F_WARN_VALUE: return parse_int(p, v, 0, 999, what, &m->warn_value);
    case F_WARN_ARG: return parse_int(p, v, 0, 999, what, &m->warn_arg);
    case F_RSTACK:
        for (i = 0; i < VM_RSTACK; i++)
            if (!parse_int(p, tok[1 + i], 0, vm_pc_end(m) - 1, what, &m->rstack[i]))
                return false;
        return true;
    case F_RSP: return parse_int(p, v, 0, VM_RSTACK, what, &m->rsp);
    case F_RFILL: return parse_int(p, v, 0, vm_pc_end(m) - 1, what, &m->rfill);
    case F_ENTRY:
        if (!parse_word(p, v, entry_words, COUNT(entry_words), what, &k))
            return false;
        m->entry = (vm_entry)k;
        return true;
    case F_LIFT: return parse_bool(p, v, what, &m->lift);
    case F_DIGITS: return parse_digits(p, v);
    case F_POINT: return parse_int(p, v, -1, 8, what, &m->point);
    case F_MANT_NEG: return parse_bool(p, v, what, &m->mant_neg);
    case F_MANT_SIGN: return parse_int(p, v, 0, 15, what, &m->mant_sign);
    case F_EXP_DIGITS:
        return parse_int(p, tok[1], 0, 9, what, &m->exp_digits[0]) &&
               parse_int(p, tok[2], 0, 9, what, &m->exp_digits[1]);
    case F_EXP_COUNT: return parse_int(p, v, 0, 2, what, &m->exp_count);
    case F_EXP_NEG: return parse_bool(p, v, what, &m->exp_neg);
    case F_EXP_BASE: return parse_int(p, v, -999, 999, what, &m->exp_base);
    case F_EXP_FORM: return parse_bool(p, v, what, &m->exp_form);
    case F_EXP_OPEN: return parse_bool(p, v, what, &m->exp_open);
    case F_LEAD:
        if (v[0] == 'r' && read_int(v + 1, 0, VM_REGISTERS - 1, &k)) {
            m->lead = (uint8_t)(VM_LEAD_POINTER + k);
            return true;
        }
        if (!parse_word(p, v, lead_words, COUNT(lead_words), what, &k))
            return fail(p, "lead: expected digits, operand, x, sign or r0..r14, not "
                        "'%.32s'", v);
        m->lead = (uint8_t)k;
        return true;
    case F_EEX_BASE: return parse_int(p, v, -999, 999, what, &m->eex_base);
    case F_EEX_POINT: return parse_bool(p, v, what, &m->eex_point);
    case F_SHOW:
        if (!parse_word(p, v, show_words, COUNT(show_words), what, &k))
            return false;
        m->show = (vm_show)k;
        return true;
    case F_WARN:
        if (!parse_word(p, v, warn_words, COUNT(warn_words), what, &k))
            return false;
        m->warn = (vm_warn)k;
        return true;
    case F_PREFIX:
        if (!parse_word(p, v, prefix_words, COUNT(prefix_words), what, &k))
            return false;
        m->prefix = (vm_prefix)k;
        return true;
    case F_PENDING: {
        uint64_t code;
        if (strcmp(v, "none") == 0)
            m->pending = -1;
        else if (strcmp(v, "goto") == 0)
            m->pending = VM_ACT_GOTO;
        else if (parse_u64(v, 16, 2, 2, &code))
            m->pending = (int)code;
        else
            return fail(p, "pending: expected none, goto or an opcode 00..FF, not '%.32s'", v);
        return true;
    }
    case F_PENDING_DIGITS: return parse_int(p, v, 0, 2, what, &m->pending_digits);
    case F_PENDING_VALUE: return parse_int(p, v, 0, 255, what, &m->pending_value);
    case F_MODE:
        if (!parse_word(p, v, mode_words, COUNT(mode_words), what, &k))
            return false;
        m->mode = (vm_mode)k;
        return true;
    case F_ANGLE:
        if (!parse_word(p, v, angle_words, COUNT(angle_words), what, &k))
            return false;
        m->angle = (vm_angle)k;
        return true;
    case F_RUNNING: return parse_bool(p, v, what, &m->running);
    case F_HALT:
        for (k = 0; k < COUNT(old_halt_words); k++)
            if (strcmp(v, old_halt_words[k]) == 0) {
                m->halt = VM_HALT_NONE;
                return true;
            }
        if (!parse_word(p, v, halt_words, COUNT(halt_words), what, &k))
            return false;
        m->halt = (vm_halt)k;
        return true;
    case F_NUM_ERROR:
        if (!parse_word(p, v, num_error_words, COUNT(num_error_words), what, &k))
            return false;
        m->num_error = (vm_num_status)k;
        return true;
    case F_HALT_CODE: return parse_cell(p, v, what, &m->halt_code);
    case F_EXECUTED:
        if (!parse_u64(v, 10, 1, 20, &m->executed))
            return fail(p, "executed: expected a decimal count below 2^64, not '%.32s'", v);
        return true;
    case F_RNG:
        if (!parse_u64(v, 16, 1, 16, &m->rng))
            return fail(p, "rng: expected 1 to 16 hex digits, not '%.32s'", v);
        return true;
    case F_PROG: return parse_row(p, tok, n);
    default: /* F_END */
        p->end_line = p->line;
        return true;
    }
}

/* Fields later versions added, which a text of an earlier one lacks: they
 * read as 0 (vm_state.h). */
static bool is_later_field(int f)
{
    return f == F_MANT_SIGN || f == F_EXP_FORM || f == F_EXP_OPEN || f == F_LEAD || f == F_EEX_BASE || f == F_EEX_POINT ||
           f == F_WARN_ARG || f == F_RFILL;
}

/* The checks that need the whole text. */
static bool parse_finish(parser *p)
{
    if (!p->end_line) {
        p->line++;
        return fail(p, "expected 'end': the text stops before it (truncated?)");
    }
    p->line = p->end_line;
    for (int f = 0; f < F_COUNT; f++)
        if (f != F_REG && f != F_PROG && !p->seen[f] && !is_later_field(f))
            return fail(p, "missing '%s' before 'end'", field_names[f]);
    if (p->cells < p->m.steps)
        return fail(p, "missing the program rows from 'prog %02d:' on before 'end' (the profile "
                    "has %d steps)", p->cells, p->m.steps);
    int typed = (int)strlen(p->m.digits);
    if (p->m.point > typed) {
        p->line = p->seen[F_POINT];
        return fail(p, "point: expected -1..%d (the number of digits typed), not %d", typed,
                    p->m.point);
    }
    return true;
}

bool vm_state_parse(const char *text, vm_machine *m, vm_state_error *err)
{
    static const parser empty;
    parser p = empty;
    p.err = err;
    if (err) {
        err->line = 0;
        err->message[0] = '\0';
    }
    if (!text)
        return fail(&p, "no text");
    for (const char *s = text; *s;) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        const char *next = nl ? nl + 1 : s + len;
        p.line++;
        char buf[LINE_MAX_];
        if (len >= sizeof buf)
            return fail(&p, "a line of %zu characters: expected at most %d", len,
                        (int)sizeof buf - 1);
        memcpy(buf, s, len);
        buf[len] = '\0';
        if (len > 0 && buf[len - 1] == '\r')
            buf[len - 1] = '\0';
        char *tok[TOKENS_MAX];
        int n = 0;
        for (char *t = buf;;) {
            t += strspn(t, " \t");
            if (*t == '\0')
                break;
            if (n == TOKENS_MAX)
                return fail(&p, "%s: too many values", tok[0]);
            tok[n++] = t;
            t += strcspn(t, " \t");
            if (*t != '\0')
                *t++ = '\0';
        }
        s = next;
        if (n == 0 || tok[0][0] == '#')
            continue;
        if (p.end_line)
            return fail(&p, "expected nothing after 'end' (line %d), not '%.32s'", p.end_line,
                        tok[0]);
        if (!parse_field(&p, tok, n))
            return false;
    }
    if (!parse_finish(&p))
        return false;
    *m = p.m;
    return true;
}
