/*
 * The assembler's words: the spellings of every mnemonic (derived from the
 * one list in vm_isa.h), the folding that lets people type them in several
 * ways, and helpers shared with the disassembler and the hex dumps.
 */
#include "asm_internal.h"
#include "vm_isa.h"

#include <stdio.h>
#include <string.h>

/* ---- errors ------------------------------------------------------------ */

void asm_err_add(asm_errors *e, const char *file, int line, int col, const char *fmt, ...)
{
    e->count++;
    int at = e->kept;
    while (at > 0 && (e->error[at - 1].line > line ||
                      (e->error[at - 1].line == line && e->error[at - 1].col > col)))
        at--;
    if (at >= ASM_ERRORS_MAX)
        return;
    int last = e->kept < ASM_ERRORS_MAX ? e->kept : ASM_ERRORS_MAX - 1;
    memmove(&e->error[at + 1], &e->error[at], (size_t)(last - at) * sizeof e->error[0]);
    if (e->kept < ASM_ERRORS_MAX)
        e->kept++;
    asm_error *x = &e->error[at];
    x->file = file ? file : "";
    x->line = line;
    x->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->message, sizeof x->message, fmt, ap);
    va_end(ap);
}

int asm_error_format(const asm_error *e, char *buf, size_t size)
{
    if (e->file && *e->file)
        return snprintf(buf, size, "%s:%d:%d: %s", e->file, e->line, e->col, e->message);
    return snprintf(buf, size, "%d:%d: %s", e->line, e->col, e->message);
}

/* ---- text -------------------------------------------------------------- */

int asm_utf8(const char *s, int *len)
{
    const unsigned char *u = (const unsigned char *)s;
    int n, cp;
    if (u[0] < 0x80) {
        *len = u[0] ? 1 : 0;
        return u[0];
    }
    if ((u[0] & 0xE0) == 0xC0) {
        n = 2;
        cp = u[0] & 0x1F;
    } else if ((u[0] & 0xF0) == 0xE0) {
        n = 3;
        cp = u[0] & 0x0F;
    } else if ((u[0] & 0xF8) == 0xF0) {
        n = 4;
        cp = u[0] & 0x07;
    } else {
        *len = 1;
        return 0xFFFD;
    }
    for (int i = 1; i < n; i++) {
        if ((u[i] & 0xC0) != 0x80) {
            *len = 1;
            return 0xFFFD;
        }
        cp = cp << 6 | (u[i] & 0x3F);
    }
    *len = n;
    return cp;
}

int asm_cols(const char *from, const char *to)
{
    int cols = 0;
    while (from < to && *from) {
        int len;
        asm_utf8(from, &len);
        from += len;
        cols++;
    }
    return cols;
}

static bool latin_letter(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool asm_label_ok(const char *s)
{
    if (!latin_letter(*s) && *s != '_')
        return false;
    size_t n = 0;
    for (; s[n]; n++)
        if (!latin_letter(s[n]) && s[n] != '_' && !(s[n] >= '0' && s[n] <= '9'))
            return false;
    return n < VM_LABEL_MAX;
}

/* ---- text output ------------------------------------------------------- */

void asm_out_init(asm_out *o, char *buf, size_t size)
{
    o->buf = buf;
    o->size = size;
    o->len = 0;
    o->written = 0;
    o->col = 0;
    if (size > 0)
        buf[0] = '\0';
}

/* Appends s[0..n), whole characters only: once one does not fit, nothing
 * more is written (the length still counts everything). */
static void out_bytes(asm_out *o, const char *s, size_t n)
{
    bool whole = o->len == o->written && o->written + n < o->size;
    if (o->len == o->written && !whole) {
        /* Some may fit: character by character. */
        for (size_t i = 0; i < n;) {
            int len;
            asm_utf8(s + i, &len);
            if (len < 1 || (size_t)len > n - i)
                len = 1;
            if (o->len == o->written && o->written + (size_t)len < o->size) {
                memcpy(o->buf + o->written, s + i, (size_t)len);
                o->written += (size_t)len;
                o->buf[o->written] = '\0';
            }
            o->len += (size_t)len;
            o->col = s[i] == '\n' ? 0 : o->col + 1;
            i += (size_t)len;
        }
        return;
    }
    /* All of it fits, or nothing more is written: one copy or none, and
     * the column counted from the last newline on (the machine's state
     * text is thousands of lines). */
    if (whole) {
        memcpy(o->buf + o->written, s, n);
        o->written += n;
        o->buf[o->written] = '\0';
    }
    o->len += n;
    size_t i = n;
    while (i > 0 && s[i - 1] != '\n')
        i--;
    if (i > 0)
        o->col = 0;
    for (int len; i < n; i += (size_t)len, o->col++) {
        asm_utf8(s + i, &len);
        if (len < 1 || (size_t)len > n - i)
            len = 1;
    }
}

void asm_out_printf(asm_out *o, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    out_bytes(o, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

void asm_out_pad(asm_out *o, int col)
{
    do
        out_bytes(o, " ", 1);
    while (o->col < col);
}

int asm_out_end(asm_out *o)
{
    return (int)o->len;
}

/* ---- folding ----------------------------------------------------------- */

/* What one character of a mnemonic folds to: Latin letters to lower case;
 * the Cyrillic letters that look like Latin ones (and Д, the register d) to
 * those Latin letters, so that В/О typed with a Latin B, K [x] with a Latin
 * K and Сx with a Latin C all match; other Cyrillic letters to upper case;
 * the mathematical signs to ASCII. NULL keeps the character as it is; ""
 * drops it (spaces). */
static const char *fold(int cp, char *one)
{
    static const char cyr[32] = {
        /* А..Я: a 0 b 0 d e 0 0 0 0 k 0 m h o 0 p c t y 0 x */
        'a', 0, 'b', 0, 'd', 'e', 0, 0, 0, 0, 'k', 0, 'm', 'h', 'o', 0,
        'p', 'c', 't', 'y', 0, 'x', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    };
    if (cp == ' ' || cp == '\t' || cp == '\r' || cp == 0xFEFF)
        return "";
    if (cp >= 'A' && cp <= 'Z') {
        one[0] = (char)(cp - 'A' + 'a');
        one[1] = '\0';
        return one;
    }
    if (cp >= 0x410 && cp <= 0x44F) {
        int up = cp >= 0x430 ? cp - 0x20 : cp;
        if (cyr[up - 0x410]) {
            one[0] = cyr[up - 0x410];
            one[1] = '\0';
        } else {
            one[0] = (char)(0xC0 | up >> 6);
            one[1] = (char)(0x80 | (up & 0x3F));
            one[2] = '\0';
        }
        return one;
    }
    switch (cp) {
    case 0x2260: return "!=";   /* ≠ */
    case 0x2265: return ">=";   /* ≥ */
    case 0x2264: return "<=";   /* ≤ */
    case 0x2192: return "->";   /* → */
    case 0x2194: return "<->";  /* ↔ */
    case 0x2191: return "^";    /* ↑ */
    case 0x00D7: return "*";    /* × */
    case 0x00F7: return "/";    /* ÷ */
    case 0x2212: return "-";    /* − (minus sign) */
    case 0x00B2: return "^2";   /* ² */
    case 0x02E3: return "^x";   /* ˣ */
    case 0x02B8: return "^y";   /* ʸ */
    case 0x207B: return "^-";   /* ⁻ */
    case 0x00B9: return "1";    /* ¹ */
    case 0x03C0: return "pi";   /* π */
    case 0x221A: return "sqrt"; /* √ */
    default: return NULL;
    }
}

void asm_normalize(const char *text, int n, asm_norm *out)
{
    int i = 0;
    out->len = 0;
    out->truncated = false;
    while (i < n && text[i]) {
        int len;
        int cp = asm_utf8(text + i, &len);
        char one[4];
        const char *f = fold(cp, one);
        const char *add = f ? f : text + i;
        int alen = f ? (int)strlen(f) : len;
        if (out->len + alen >= ASM_NORM_MAX) {
            out->truncated = true;
            break;
        }
        for (int k = 0; k < alen; k++) {
            out->src[out->len] = i;
            out->s[out->len++] = add[k];
        }
        i += len;
    }
    out->src[out->len] = i;
    out->s[out->len] = '\0';
}

/* ---- spellings --------------------------------------------------------- */

/* Common ways of typing an instruction beyond the list's two names. */
static const struct {
    vm_opcode code;
    const char *name[3];
} extras[] = {
    {VM_OP_CHS, {"+/-"}},
    {VM_OP_EEX, {"EEX"}},
    {VM_OP_ENTER, {"ENTER", "↑"}},
    {VM_OP_SWAP, {"x↔y", "SWAP"}},
    {VM_OP_EXP, {"EXP"}},
    {VM_OP_ASIN, {"arcsin"}},
    {VM_OP_ACOS, {"arccos"}},
    {VM_OP_ATAN, {"arctg", "arctan"}},
    {VM_OP_SIGN, {"SGN"}},
    {VM_OP_RAND, {"RAND"}},
    {VM_OP_STO, {"x→П", "STO"}},
    {VM_OP_STOP, {"STOP"}},
    {VM_OP_GOTO, {"GTO"}},
    {VM_OP_RTN, {"RET"}},
    {VM_OP_GSB, {"GOSUB"}},
    {VM_OP_RCL, {"П→x", "RCL"}},
    {VM_OP_ISTO, {"Кx→П", "KSTO"}},
    {VM_OP_IRCL, {"КП→x", "KRCL"}},
};

/* Adds name unless a spelling with the same folding is already there. */
static void add_spelling(char names[][ASM_SPELLING_MAX], int *n, int max, const char *name)
{
    asm_norm a, b;
    asm_normalize(name, (int)strlen(name), &a);
    for (int i = 0; i < *n; i++) {
        asm_normalize(names[i], (int)strlen(names[i]), &b);
        if (strcmp(a.s, b.s) == 0)
            return;
    }
    if (*n < max)
        snprintf(names[(*n)++], ASM_SPELLING_MAX, "%s", name);
}

static const char cyr_k[] = "К"; /* the Cyrillic K of the listings */

int asm_spellings(uint8_t code, char names[][ASM_SPELLING_MAX], int max)
{
    const vm_op_info *op = vm_op(code);
    if (!op)
        return 0;
    uint8_t base = (uint8_t)(op->code - op->reg);
    int n = 0;
    add_spelling(names, &n, max, op->cyrillic);
    add_spelling(names, &n, max, op->latin);
    /* The F and K prefixes: may be left out, or put before the Latin alias,
     * except on the register families, whose K is part of the name. */
    size_t klen = strlen(cyr_k);
    const char *rest = NULL;
    char pre = 0;
    if (op->cyrillic[0] == 'F') {
        rest = op->cyrillic + 1;
        pre = 'F';
    } else if (strncmp(op->cyrillic, cyr_k, klen) == 0) {
        rest = op->cyrillic + klen;
        pre = 'K';
    }
    if (rest && *rest && op->format != VM_FMT_REG) {
        add_spelling(names, &n, max, rest);
        if (op->latin[0] != pre) {
            char buf[ASM_SPELLING_MAX];
            snprintf(buf, sizeof buf, "%c %s", pre, op->latin);
            add_spelling(names, &n, max, buf);
        }
    }
    for (size_t i = 0; i < sizeof extras / sizeof extras[0]; i++)
        if (extras[i].code == base)
            for (int k = 0; k < 3 && extras[i].name[k]; k++)
                add_spelling(names, &n, max, extras[i].name[k]);
    return n;
}

int asm_hex_digit(char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

int asm_word(const char **p, const char *end, const char **w)
{
    while (*p < end && (**p == ' ' || **p == '\t' || **p == '\r' || **p == '\v' || **p == '\f'))
        (*p)++;
    *w = *p;
    while (*p < end && !(**p == ' ' || **p == '\t' || **p == '\r' || **p == '\v' || **p == '\f'))
        (*p)++;
    return (int)(*p - *w);
}

int asm_word_index(const char *w, int n, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if ((int)strlen(names[i]) == n && strncmp(w, names[i], (size_t)n) == 0)
            return i;
    return -1;
}

void asm_word_error(asm_err_fn err, void *ctx, const char *at, const char *what, const char *w,
                    int n)
{
    char msg[ASM_MESSAGE_MAX];
    if (n > 0)
        snprintf(msg, sizeof msg, "%s, not '%.*s'", what, n > 40 ? 40 : n, w);
    else
        snprintf(msg, sizeof msg, "%s", what);
    err(ctx, at, msg);
}

bool asm_no_more(asm_err_fn err, void *ctx, const char *p, const char *end)
{
    const char *w;
    int n = asm_word(&p, end, &w);
    if (n > 0)
        asm_word_error(err, ctx, w, "unexpected words after the directive", w, n);
    return n == 0;
}
