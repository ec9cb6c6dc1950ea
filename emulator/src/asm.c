/* The assembler: source text to a vm_program (docs/asm.md). */
#include "asm_internal.h"
#include "vm_isa.h"

#include <stdio.h>
#include <string.h>

#define LABELS_MAX (VM_MAX_STEPS + 1) /* a listing names at most every step and the end */

typedef struct label_def {
    char name[VM_LABEL_MAX];
    int addr;
    int line;
} label_def;

/* Where an address the source names goes. */
typedef enum fix_kind {
    FIX_JUMP,  /* the address cell of a jump, at step `i` */
    FIX_START, /* .start */
    FIX_NODE,  /* .search node */
    FIX_DONE   /* .search done: done[i] */
} fix_kind;

/* A jump operand, .start or .search naming a label, filled in at the end. */
typedef struct fixup {
    fix_kind kind;
    int i;
    char name[VM_LABEL_MAX];
    int line, col;
} fixup;

/* A spelling folded for matching, and its code (the family's first). */
typedef struct key {
    char s[32];
    int len;
    const vm_op_info *op;
} key;

#define KEYS_MAX 512

typedef struct ctx {
    const char *file;
    asm_errors *errs;
    vm_program *p;
    vm_decl *d;    /* the caller's, or scratch */
    vm_decl scratch;
    const vm_profile *prof;
    int addr;      /* the next step */
    int line;      /* the current line, 1-based */
    const char *ls; /* its start */
    bool seen;     /* a label, instruction or directive other than .profile */
    bool overflow; /* the program went past the last step (said once) */
    int profile_line, start_line, search_line;
    unsigned search_seen; /* the .search kinds given */
    int reg_line[VM_MAX_REGS], name_line[VM_MAX_REGS];
    int nlabels;
    label_def labels[LABELS_MAX];
    int nfix;
    fixup fix[VM_MAX_STEPS + 2 + VM_SEARCH_DONE];
    int nkeys; /* the spellings, folded once per run */
    key keys[KEYS_MAX];
} ctx;

#define COL(c, ptr) (asm_cols((c)->ls, (ptr)) + 1)

static bool is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

static bool is_digit(char ch)
{
    return ch >= '0' && ch <= '9';
}

static bool is_ident(char ch, bool first)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_' ||
           (!first && is_digit(ch));
}

/* A piece of the source quoted in a message: at most 24 characters. */
static const char *quote(const char *s, int n, char *buf, size_t size)
{
    int i = 0, chars = 0;
    while (i < n && s[i] && chars < 24) {
        int len;
        asm_utf8(s + i, &len);
        if (i + len >= (int)size - 4 || i + len > n)
            break;
        i += len;
        chars++;
    }
    memcpy(buf, s, (size_t)i);
    strcpy(buf + i, i < n && s[i] ? "..." : "");
    return buf;
}

/* The number of digits at s (all of them when whole). */
static int digits(const char *s, int n)
{
    int i = 0;
    while (i < n && is_digit(s[i]))
        i++;
    return i;
}

/* Decimal value of s[0..n), all digits; -1 when too large to matter. */
static int decimal(const char *s, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        v = v * 10 + (s[i] - '0');
        if (v > 99999)
            return -1;
    }
    return v;
}

static void emit(ctx *c, uint16_t b, int col)
{
    if (c->addr >= c->prof->steps) {
        if (!c->overflow)
            asm_err_add(c->errs, c->file, c->line, col,
                        "the program does not fit: %s has %d steps, 00..%d",
                        c->prof->name, c->prof->steps, c->prof->steps - 1);
        c->overflow = true;
        c->addr++;
        return;
    }
    c->p->code[c->addr] = b;
    c->d->line[c->addr] = c->line;
    c->addr++;
}

static const label_def *find_label(const ctx *c, const char *name)
{
    for (int i = 0; i < c->nlabels; i++)
        if (strcmp(c->labels[i].name, name) == 0)
            return &c->labels[i];
    return NULL;
}

/* An identifier of any length at s[0..n). */
static bool ident_n(const char *s, int n)
{
    if (n <= 0 || !is_ident(s[0], true))
        return false;
    for (int i = 1; i < n; i++)
        if (!is_ident(s[i], false))
            return false;
    return true;
}

/* Puts address v where a fixup's kind and i say. */
static void resolve(ctx *c, fix_kind kind, int i, int v)
{
    switch (kind) {
    case FIX_JUMP: c->p->code[i] = vm_addr_encode(v); break;
    case FIX_START: c->p->start = v; break;
    case FIX_NODE: c->d->search.node = v; break;
    case FIX_DONE: c->d->search.done[i] = v; break;
    }
}

/* A jump target at t[0..n), digits or an identifier: an address in decimal,
 * or a label; it goes where kind and i say (fixup). */
static void target(ctx *c, const char *t, int n, fix_kind kind, int i)
{
    /* A jump's cell past the last step: the program has already failed. */
    bool past = kind == FIX_JUMP && i >= c->prof->steps;
    char q[64];
    int max = c->prof->steps - 1;
    if (digits(t, n) == n) {
        int v = decimal(t, n);
        if (v < 0 || v > max)
            asm_err_add(c->errs, c->file, c->line, COL(c, t),
                        "expected an address 0..%d (%s has %d steps), not %s", max,
                        c->prof->name, c->prof->steps, quote(t, n, q, sizeof q));
        else if (!past)
            resolve(c, kind, i, v);
        return;
    }
    if (n >= VM_LABEL_MAX) {
        asm_err_add(c->errs, c->file, c->line, COL(c, t),
                    "a label has at most %d characters", VM_LABEL_MAX - 1);
        return;
    }
    if (past || c->nfix >= (int)(sizeof c->fix / sizeof c->fix[0]))
        return;
    fixup *f = &c->fix[c->nfix++];
    memcpy(f->name, t, (size_t)n);
    f->name[n] = '\0';
    f->kind = kind;
    f->i = i;
    f->line = c->line;
    f->col = COL(c, t);
}

/* ---- instructions ------------------------------------------------------ */

/* A register after a folded mnemonic: one of 0..9, a..e (the Cyrillic А В С
 * Д Е fold to these); -1 otherwise. */
static int reg_char(const char *s, int len)
{
    if (len != 1)
        return -1;
    if (is_digit(s[0]))
        return s[0] - '0';
    if (s[0] >= 'a' && s[0] <= 'e')
        return 10 + s[0] - 'a';
    return -1;
}

static void trim(const char **t, int *n)
{
    while (*n > 0 && is_space(**t))
        (*t)++, (*n)--;
    while (*n > 0 && is_space((*t)[*n - 1]))
        (*n)--;
}

/* A number typed as its keys: 12 -> 1 2, 3,5 -> 3 , 5, 1.5e-3 -> 1 , 5 ВП 3 /-/. */
static void literal(ctx *c, const char *t, int n)
{
    uint8_t out[16];
    int k = 0, i = 0, mant = 0;
    char q[64];
    const char *why = NULL;
    while (i < n && is_digit(t[i])) {
        if (++mant > 8) {
            why = "a number has at most 8 digits";
            goto bad;
        }
        out[k++] = (uint8_t)(t[i++] - '0');
    }
    if (i < n && (t[i] == '.' || t[i] == ',')) {
        out[k++] = VM_OP_POINT;
        i++;
        while (i < n && is_digit(t[i])) {
            if (++mant > 8) {
                why = "a number has at most 8 digits";
                goto bad;
            }
            out[k++] = (uint8_t)(t[i++] - '0');
        }
    }
    if (i < n && (t[i] == 'e' || t[i] == 'E' || strncmp(t + i, "ВП", strlen("ВП")) == 0)) {
        out[k++] = VM_OP_EEX;
        i += t[i] == 'e' || t[i] == 'E' ? 1 : (int)strlen("ВП");
        bool neg = i < n && t[i] == '-';
        if (i < n && (t[i] == '-' || t[i] == '+'))
            i++;
        int e = digits(t + i, n - i);
        if (e == 0) {
            why = "expected the exponent's digits";
            goto bad;
        }
        if (e > 2) {
            i += 2;
            why = "an exponent has at most 2 digits";
            goto bad;
        }
        for (int d = 0; d < e; d++)
            out[k++] = (uint8_t)(t[i++] - '0');
        if (neg)
            out[k++] = VM_OP_CHS;
    }
    if (i < n && is_space(t[i])) {
        while (is_space(t[i]))
            i++;
        asm_err_add(c->errs, c->file, c->line, COL(c, t + i),
                    "expected the end of the line after the number (one instruction a line), "
                    "not '%s'", quote(t + i, n - i, q, sizeof q));
        return;
    }
    if (i < n) {
        asm_err_add(c->errs, c->file, c->line, COL(c, t + i), "expected the end of the number, not '%s'",
                    quote(t + i, n - i, q, sizeof q));
        return;
    }
    for (int j = 0; j < k; j++)
        emit(c, out[j], COL(c, t));
    return;
bad:
    asm_err_add(c->errs, c->file, c->line, COL(c, t + i), "%s", why);
}

/* The best reading of a folded instruction: the longest spelling that is a
 * prefix and is followed by what its format needs. */
typedef struct reading {
    const vm_op_info *op; /* NULL: none */
    int klen;             /* folded bytes of the spelling */
    int reg;
} reading;

/* Every spelling of every instruction, folded (the register families
 * once, by their first code). */
static void fold_spellings(ctx *c)
{
    for (int code = 0; code < 256; code++) {
        const vm_op_info *op = vm_op((uint8_t)code);
        if (!op || op->reg != 0)
            continue;
        char names[ASM_SPELLINGS_MAX][ASM_SPELLING_MAX];
        int count = asm_spellings((uint8_t)code, names, ASM_SPELLINGS_MAX);
        for (int i = 0; i < count && c->nkeys < KEYS_MAX; i++) {
            asm_norm f;
            asm_normalize(names[i], (int)strlen(names[i]), &f);
            if (f.len >= (int)sizeof c->keys[0].s)
                continue;
            key *k = &c->keys[c->nkeys++];
            memcpy(k->s, f.s, (size_t)f.len + 1);
            k->len = f.len;
            k->op = op;
        }
    }
}

static void instruction(ctx *c, const char *t, int n)
{
    asm_norm nt;
    asm_normalize(t, n, &nt);
    reading best = {NULL, -1, 0}, near = {NULL, -1, 0};
    if (c->nkeys == 0)
        fold_spellings(c);
    for (int k = 0; k < c->nkeys; k++) {
        const key *key = &c->keys[k];
        const vm_op_info *op = key->op;
        if (key->len > nt.len || memcmp(key->s, nt.s, (size_t)key->len) != 0)
            continue;
        const char *rest = nt.s + key->len;
        int rlen = nt.len - key->len;
        const char *raw = t + nt.src[key->len];
        int rawn = n - nt.src[key->len];
        trim(&raw, &rawn);
        bool ok = false;
        int reg = 0;
        if (nt.truncated)
            ok = false;
        else if (op->format == VM_FMT_NONE)
            ok = rlen == 0;
        else if (op->format == VM_FMT_REG)
            ok = (reg = reg_char(rest, rlen)) >= 0;
        else
            ok = rawn > 0 && (digits(raw, rawn) == rawn || ident_n(raw, rawn));
        if (ok && key->len > best.klen)
            best = (reading){op, key->len, reg};
        if (key->len > near.klen)
            near = (reading){op, key->len, 0};
    }
    char q[64], m[64];
    int col = COL(c, t);
    if (best.op) {
        if (best.op->format == VM_FMT_REG) {
            emit(c, (uint8_t)(best.op->code | best.reg), col);
        } else {
            emit(c, best.op->code, col);
            if (best.op->format == VM_FMT_ADDR) {
                const char *raw = t + nt.src[best.klen];
                int rawn = n - nt.src[best.klen];
                trim(&raw, &rawn);
                int at = c->addr;
                emit(c, 0, col);
                target(c, raw, rawn, FIX_JUMP, at);
            }
        }
        return;
    }
    if (is_digit(t[0]) || ((t[0] == '.' || t[0] == ',') && n > 1 && is_digit(t[1]))) {
        literal(c, t, n);
        return;
    }
    if (near.op) {
        /* The spelling must end a word: "MOV" is not a botched "M". */
        int lastlen, kend = nt.src[near.klen - 1];
        asm_utf8(t + kend, &lastlen);
        kend += lastlen;
        const char *after = t + kend;
        int an = n - kend;
        unsigned char last = (unsigned char)nt.s[near.klen - 1];
        bool word_end = an == 0 || is_space(after[0]) || !is_ident((char)last, false) ||
                        !is_ident(after[0], false);
        if (word_end) {
            int kn = (int)(after - t);
            trim(&after, &an);
            quote(t, kn, m, sizeof m);
            int mlen = (int)strlen(m);
            while (mlen > 0 && is_space(m[mlen - 1]))
                m[--mlen] = '\0';
            int acol = an ? COL(c, after) : COL(c, t + n);
            if (near.op->format == VM_FMT_NONE)
                asm_err_add(c->errs, c->file, c->line, acol, "unexpected '%s' after %s",
                            quote(after, an, q, sizeof q), m);
            else if (near.op->format == VM_FMT_REG && an == 0)
                asm_err_add(c->errs, c->file, c->line, acol,
                            "expected a register 0..9 or a..e after %s", m);
            else if (near.op->format == VM_FMT_REG)
                asm_err_add(c->errs, c->file, c->line, acol,
                            "expected a register 0..9 or a..e after %s, not '%s'", m,
                            quote(after, an, q, sizeof q));
            else if (an == 0)
                asm_err_add(c->errs, c->file, c->line, acol,
                            "expected a label or an address 0..%d after %s",
                            c->prof->steps - 1, m);
            else
                asm_err_add(c->errs, c->file, c->line, acol,
                            "expected a label or an address 0..%d after %s, not '%s'",
                            c->prof->steps - 1, m, quote(after, an, q, sizeof q));
            return;
        }
    }
    int wn = 0;
    while (wn < n && !is_space(t[wn]))
        wn++;
    asm_err_add(c->errs, c->file, c->line, col,
                "expected an instruction (docs/asm.md lists them), not '%s'", quote(t, wn, q, sizeof q));
}

/* ---- directives -------------------------------------------------------- */

/* A register in a directive: 0..9, a..e (А В С Д Е), or its decimal number;
 * -1 when it is none of these or past the profile's registers. */
static int reg_word(const ctx *c, const char *w, int n)
{
    int r;
    if (n > 0 && digits(w, n) == n) {
        r = decimal(w, n);
    } else {
        asm_norm f;
        asm_normalize(w, n, &f);
        r = reg_char(f.s, f.len);
    }
    return r >= 0 && r < c->prof->regs ? r : -1;
}

static bool no_more(ctx *c, const char *p, const char *end, const char *what)
{
    const char *w;
    char q[64];
    int n = asm_word(&p, end, &w);
    if (n == 0)
        return true;
    asm_err_add(c->errs, c->file, c->line, COL(c, w), "unexpected '%s' after %s",
                quote(w, (int)(end - w), q, sizeof q), what);
    return false;
}

/* The register of .reg and .name, or -1 after saying what was wrong. */
static int dir_reg(ctx *c, const char **p, const char *end, const char *dir)
{
    const char *w;
    char q[64];
    int n = asm_word(p, end, &w);
    int r = reg_word(c, w, n);
    if (r >= 0)
        return r;
    if (n == 0)
        asm_err_add(c->errs, c->file, c->line, COL(c, w),
                    "expected a register after %s: 0..9, a..e or a number 0..%d", dir,
                    c->prof->regs - 1);
    else
        asm_err_add(c->errs, c->file, c->line, COL(c, w),
                    "expected a register: 0..9, a..e or a number 0..%d (%s), not '%s'",
                    c->prof->regs - 1, c->prof->name, quote(w, n, q, sizeof q));
    return -1;
}

static void dir_profile(ctx *c, const char *p, const char *end, const char *t)
{
    const char *w;
    char q[64], name[8] = "";
    int n = asm_word(&p, end, &w);
    if (c->profile_line) {
        asm_err_add(c->errs, c->file, c->line, COL(c, t), "the profile is already set at line %d",
                    c->profile_line);
        return;
    }
    if (c->seen) {
        asm_err_add(c->errs, c->file, c->line, COL(c, t),
                    ".profile must come before the code, the labels and the other directives");
        return;
    }
    for (int i = 0; i < n && i < (int)sizeof name - 1; i++)
        name[i] = (char)(w[i] >= 'A' && w[i] <= 'Z' ? w[i] - 'A' + 'a' : w[i]);
    vm_profile_id id;
    const vm_profile *prof = n < (int)sizeof name ? vm_profile_find(name, &id) : NULL;
    if (!prof) {
        if (n == 0)
            asm_err_add(c->errs, c->file, c->line, COL(c, w),
                        "expected a profile after .profile: mk61 or mk61x");
        else
            asm_err_add(c->errs, c->file, c->line, COL(c, w),
                        "expected a profile, mk61 or mk61x, not '%s'", quote(w, n, q, sizeof q));
        return;
    }
    if (!no_more(c, p, end, "the profile"))
        return;
    c->profile_line = c->line;
    c->prof = prof;
    c->p->profile = id;
}

static void dir_start(ctx *c, const char *p, const char *end, const char *t)
{
    const char *w;
    char q[64];
    int n = asm_word(&p, end, &w);
    if (c->start_line) {
        asm_err_add(c->errs, c->file, c->line, COL(c, t), "the start is already set at line %d",
                    c->start_line);
        return;
    }
    if (!(n > 0 && digits(w, n) == n) && !ident_n(w, n)) {
        if (n == 0)
            asm_err_add(c->errs, c->file, c->line, COL(c, w),
                        "expected a label or an address 0..%d after .start", c->prof->steps - 1);
        else
            asm_err_add(c->errs, c->file, c->line, COL(c, w),
                        "expected a label or an address 0..%d after .start, not '%s'",
                        c->prof->steps - 1, quote(w, n, q, sizeof q));
        return;
    }
    if (!no_more(c, p, end, "the start"))
        return;
    c->start_line = c->line;
    target(c, w, n, FIX_START, 0);
}

static void dir_reg_value(ctx *c, const char *p, const char *end)
{
    int r = dir_reg(c, &p, end, ".reg");
    if (r < 0)
        return;
    const char *v = p;
    int n = (int)(end - p);
    char q[64], text[64];
    trim(&v, &n);
    if (c->reg_line[r]) {
        asm_err_add(c->errs, c->file, c->line, COL(c, c->ls),
                    "register %s already has a starting value (line %d)", vm_reg_text(r, q),
                    c->reg_line[r]);
        return;
    }
    if (n == 0) {
        asm_err_add(c->errs, c->file, c->line, COL(c, v),
                    "expected the register's starting value, a number such as 12 or -0.5");
        return;
    }
    vm_num num;
    bool ok = n > 0 && n < (int)sizeof text;
    if (ok) {
        for (int i = 0; i < n; i++)
            text[i] = v[i] == ',' ? '.' : v[i];
        text[n] = '\0';
        ok = vm_num_parse(text, &num);
    }
    if (!ok) {
        asm_err_add(c->errs, c->file, c->line, COL(c, v),
                    "expected a number such as 12, -0.5 or 1.5e-3, not '%s'",
                    quote(v, n, q, sizeof q));
        return;
    }
    c->reg_line[r] = c->line;
    c->p->reg_set[r] = true;
    c->p->reg_init[r] = num;
}

static void dir_name(ctx *c, const char *p, const char *end)
{
    int r = dir_reg(c, &p, end, ".name");
    if (r < 0)
        return;
    const char *v = p;
    int n = (int)(end - p);
    char q[8];
    trim(&v, &n);
    if (c->name_line[r]) {
        asm_err_add(c->errs, c->file, c->line, COL(c, c->ls),
                    "register %s is already named (line %d)", vm_reg_text(r, q), c->name_line[r]);
        return;
    }
    if (n == 0) {
        asm_err_add(c->errs, c->file, c->line, COL(c, v),
                    "expected what the register holds after it, e.g. .name 1 score");
        return;
    }
    if (n >= VM_LABEL_MAX) {
        asm_err_add(c->errs, c->file, c->line, COL(c, v),
                    "a register's name has at most %d bytes (a Cyrillic letter takes 2)",
                    VM_LABEL_MAX - 1);
        return;
    }
    c->name_line[r] = c->line;
    memcpy(c->d->reg_name[r], v, (size_t)n);
    c->d->reg_name[r][n] = '\0';
}

static void dir_code(ctx *c, const char *p, const char *end)
{
    uint8_t out[VM_MAX_STEPS + 1];
    int k = 0;
    const char *w, *first = NULL;
    char q[64];
    for (int n; (n = asm_word(&p, end, &w)) > 0;) {
        if (!first)
            first = w;
        if (n != 2 || asm_hex_digit(w[0]) < 0 || asm_hex_digit(w[1]) < 0) {
            asm_err_add(c->errs, c->file, c->line, COL(c, w),
                        "expected a code, two hex digits 00..FF, not '%s'", quote(w, n, q, sizeof q));
            return;
        }
        if (k < (int)sizeof out)
            out[k++] = (uint8_t)(asm_hex_digit(w[0]) << 4 | asm_hex_digit(w[1]));
    }
    if (k == 0) {
        asm_err_add(c->errs, c->file, c->line, COL(c, w),
                    "expected codes after .code, two hex digits each (.code 5A 0F)");
        return;
    }
    for (int i = 0; i < k; i++)
        emit(c, out[i], COL(c, first));
}

/* ---- .search (asm_search.c) ---------------------------------------------- */

static int search_reg(void *v, const char *w, int n)
{
    const ctx *c = v;
    int r = reg_word(c, w, n);
    for (int i = 0; r < 0 && i < c->prof->regs; i++)
        if ((int)strlen(c->d->reg_name[i]) == n && strncmp(c->d->reg_name[i], w, (size_t)n) == 0)
            r = i;
    return r;
}

static void search_address(void *v, const char *w, int n, int done)
{
    ctx *c = v;
    char q[64];
    if (!(n > 0 && digits(w, n) == n) && !ident_n(w, n)) {
        asm_err_add(c->errs, c->file, c->line, COL(c, w), "expected a label or an address, not '%s'",
                    quote(w, n, q, sizeof q));
        return;
    }
    target(c, w, n, done < 0 ? FIX_NODE : FIX_DONE, done);
}

static void search_err(void *v, const char *at, const char *message)
{
    asm_err_add(((ctx *)v)->errs, ((ctx *)v)->file, ((ctx *)v)->line, COL((ctx *)v, at), "%s",
                message);
}

static void dir_search(ctx *c, const char *p, const char *end)
{
    asm_search_io io = {c, &c->d->search, &c->search_seen, search_reg, search_address, search_err};
    c->search_line = c->search_line ? c->search_line : c->line;
    asm_search_directive(&io, p, end);
}

static void directive(ctx *c, const char *t, int n)
{
    static const char *const names[] = {"profile", "start", "reg", "name", "code", "search"};
    const char *p = t + 1, *end = t + n;
    while (p < end && is_ident(*p, false))
        p++;
    int len = (int)(p - t - 1), which = -1;
    for (int i = 0; i < 6; i++) {
        if ((int)strlen(names[i]) != len)
            continue;
        int j = 0;
        while (j < len && (t[1 + j] | 0x20) == names[i][j])
            j++;
        if (j == len)
            which = i;
    }
    if (which < 0 || (p < end && !is_space(*p))) {
        char q[64];
        int wn = 1;
        while (wn < n && !is_space(t[wn]))
            wn++;
        asm_err_add(c->errs, c->file, c->line, COL(c, t),
                    "expected a directive (.profile, .start, .reg, .name, .code or .search), "
                    "not '%s'",
                    quote(t, wn, q, sizeof q));
        return;
    }
    if (which == 0) {
        dir_profile(c, p, end, t);
        return;
    }
    c->seen = true;
    switch (which) {
    case 1: dir_start(c, p, end, t); break;
    case 2: dir_reg_value(c, p, end); break;
    case 3: dir_name(c, p, end); break;
    case 4: dir_code(c, p, end); break;
    default: dir_search(c, p, end); break;
    }
}

/* ---- lines ------------------------------------------------------------- */

static void define_label(ctx *c, const char *t, int n)
{
    char q[64];
    if (n >= VM_LABEL_MAX) {
        asm_err_add(c->errs, c->file, c->line, COL(c, t),
                    "a label has at most %d characters", VM_LABEL_MAX - 1);
        return;
    }
    label_def l = {"", c->addr, c->line};
    memcpy(l.name, t, (size_t)n);
    l.name[n] = '\0';
    const label_def *old = find_label(c, l.name);
    if (old) {
        asm_err_add(c->errs, c->file, c->line, COL(c, t), "label '%s' is already defined at line %d",
                    quote(t, n, q, sizeof q), old->line);
        return;
    }
    if (c->nlabels >= LABELS_MAX) {
        asm_err_add(c->errs, c->file, c->line, COL(c, t), "too many labels (at most %d)",
                    LABELS_MAX);
        return;
    }
    c->labels[c->nlabels++] = l;
    if (c->addr < VM_MAX_STEPS && !c->d->label[c->addr][0])
        memcpy(c->d->label[c->addr], l.name, sizeof l.name);
}

static void source_line(ctx *c, const char *s, const char *end)
{
    c->ls = s;
    const char *e = s;
    while (e < end && *e != ';' && *e != '#')
        e++;
    const char *t = s;
    int n = (int)(e - s);
    trim(&t, &n);
    if (n == 0)
        return;
    if (is_ident(t[0], true)) {
        int i = 1;
        while (i < n && is_ident(t[i], false))
            i++;
        if (i < n && t[i] == ':') {
            c->seen = true;
            define_label(c, t, i);
            t += i + 1;
            n -= i + 1;
            trim(&t, &n);
            if (n == 0)
                return;
        }
    }
    if (t[0] == '.' && n > 1 && is_ident(t[1], true)) {
        directive(c, t, n);
    } else {
        c->seen = true;
        instruction(c, t, n);
    }
}

bool asm_assemble(const char *source, const char *file, vm_program *out, vm_decl *decl,
                  asm_errors *errs)
{
    asm_errors local;
    if (!errs)
        errs = &local;
    memset(errs, 0, sizeof *errs);
    ctx c;
    memset(&c, 0, sizeof c);
    vm_program_init(out, VM_PROFILE_MK61);
    c.d = decl ? decl : &c.scratch;
    vm_decl_init(c.d);
    c.file = file;
    c.errs = errs;
    c.p = out;
    c.prof = vm_profile_get(VM_PROFILE_MK61);
    const char *s = source ? source : "";
    if (strncmp(s, "\xEF\xBB\xBF", 3) == 0)
        s += 3;
    for (c.line = 1;; c.line++) {
        const char *eol = strchr(s, '\n');
        const char *end = eol ? eol : s + strlen(s);
        if (end - s > ASM_LINE_MAX)
            asm_err_add(errs, file, c.line, 1, "a line of %ld bytes: at most %d",
                        (long)(end - s), ASM_LINE_MAX);
        else
            source_line(&c, s, end);
        if (!eol)
            break;
        s = eol + 1;
    }
    out->length = c.addr < c.prof->steps ? c.addr : c.prof->steps;
    for (int i = 0; i < c.nfix; i++) {
        const fixup *f = &c.fix[i];
        const label_def *l = find_label(&c, f->name);
        if (!l)
            asm_err_add(errs, file, f->line, f->col, "undefined label '%s'", f->name);
        else if (l->addr >= c.prof->steps)
            asm_err_add(errs, file, f->line, f->col,
                        "label '%s' is at %d, past the last step (%d)", f->name, l->addr,
                        c.prof->steps - 1);
        else
            resolve(&c, f->kind, f->i, l->addr);
    }
    char why[ASM_MESSAGE_MAX];
    asm_search_check(&c.d->search, why, sizeof why);
    if (why[0])
        asm_err_add(errs, file, c.search_line, 1, "%s", why);
    return errs->count == 0;
}
