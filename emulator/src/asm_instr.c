/*
 * The assembler's instructions (docs/asm.md, "Instructions"; asm_run.h).
 * A line's text is folded (asm_normalize: spaces dropped, case and the
 * Latin/Cyrillic look-alikes made one, the signs as ASCII) and held
 * against every spelling of every instruction, folded the same way once a
 * run; the longest spelling that is a prefix and is followed by what its
 * format needs (nothing, a register, an address or label) is the reading.
 * A line that starts with a digit or a point is a number, typed as its
 * keys. Anything else gets the message of the nearest reading: the
 * longest spelling that is a prefix, with what its operand lacks.
 */
#include "asm_run.h"

#include <string.h>

int asm_reg_char(const char *s, int len)
{
    if (len != 1)
        return -1;
    if (asm_is_digit(s[0]))
        return s[0] - '0';
    if (s[0] >= 'a' && s[0] <= 'e')
        return 10 + s[0] - 'a';
    return -1;
}

/* A number typed as its keys: 12 -> 1 2, 3,5 -> 3 , 5, 1.5e-3 -> 1 , 5 ВП 3 /-/. */
static void literal(asm_run *c, const char *t, int n)
{
    uint8_t out[16];
    int k = 0, i = 0, mant = 0;
    char q[64];
    const char *why = NULL;
    while (i < n && asm_is_digit(t[i])) {
        if (++mant > 8) {
            why = "a number has at most 8 digits";
            goto bad;
        }
        out[k++] = (uint8_t)(t[i++] - '0');
    }
    if (i < n && (t[i] == '.' || t[i] == ',')) {
        out[k++] = VM_OP_POINT;
        i++;
        while (i < n && asm_is_digit(t[i])) {
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
        int e = asm_digits(t + i, n - i);
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
    if (i < n && asm_is_space(t[i])) {
        while (asm_is_space(t[i]))
            i++;
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, t + i),
                    "expected the end of the line after the number (one instruction a line), "
                    "not '%s'", asm_quote(t + i, n - i, q, sizeof q));
        return;
    }
    if (i < n) {
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, t + i),
                    "expected the end of the number, not '%s'",
                    asm_quote(t + i, n - i, q, sizeof q));
        return;
    }
    for (int j = 0; j < k; j++)
        asm_emit(c, out[j], ASM_COL(c, t));
    return;
bad:
    asm_err_add(c->errs, c->file, c->line, ASM_COL(c, t + i), "%s", why);
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
static void fold_spellings(asm_run *c)
{
    for (int code = 0; code < 256; code++) {
        const vm_op_info *op = vm_op((uint8_t)code);
        if (!op || op->reg != 0)
            continue;
        char names[ASM_SPELLINGS_MAX][ASM_SPELLING_MAX];
        int count = asm_spellings((uint8_t)code, names, ASM_SPELLINGS_MAX);
        for (int i = 0; i < count && c->nkeys < ASM_KEYS_MAX; i++) {
            asm_norm f;
            asm_normalize(names[i], (int)strlen(names[i]), &f);
            if (f.len >= (int)sizeof c->keys[0].s)
                continue;
            asm_key *k = &c->keys[c->nkeys++];
            memcpy(k->s, f.s, (size_t)f.len + 1);
            k->len = f.len;
            k->op = op;
        }
    }
}

/* The best reading of the folded text nt (of t[0..n)) and the nearest one
 * (the longest spelling that is a prefix, whatever follows it: for the
 * message when there is no reading). */
static void readings(asm_run *c, const char *t, int n, const asm_norm *nt, reading *best,
                     reading *near)
{
    *best = *near = (reading){NULL, -1, 0};
    if (c->nkeys == 0)
        fold_spellings(c);
    for (int k = 0; k < c->nkeys; k++) {
        const asm_key *key = &c->keys[k];
        const vm_op_info *op = key->op;
        if (key->len > nt->len || memcmp(key->s, nt->s, (size_t)key->len) != 0)
            continue;
        /* What follows the spelling: folded for a register (А is a), raw
         * for an address or label (labels are case-sensitive). */
        const char *rest = nt->s + key->len;
        int rlen = nt->len - key->len;
        const char *raw = t + nt->src[key->len];
        int rawn = n - nt->src[key->len];
        asm_trim(&raw, &rawn);
        bool ok = false;
        int reg = 0;
        if (nt->truncated)
            ok = false;
        else if (op->format == VM_FMT_NONE)
            ok = rlen == 0;
        else if (op->format == VM_FMT_REG)
            ok = (reg = asm_reg_char(rest, rlen)) >= 0;
        else
            ok = rawn > 0 && (asm_digits(raw, rawn) == rawn || asm_ident(raw, rawn));
        if (ok && key->len > best->klen)
            *best = (reading){op, key->len, reg};
        if (key->len > near->klen)
            *near = (reading){op, key->len, 0};
    }
}

/* Writes a reading's code (its register in the low nibble), and for a
 * jump its address cell, filled in now or at the end (asm_target). */
static void emit_reading(asm_run *c, const char *t, int n, const asm_norm *nt, reading r)
{
    int col = ASM_COL(c, t);
    if (r.op->format == VM_FMT_REG) {
        asm_emit(c, (uint8_t)(r.op->code | r.reg), col);
        return;
    }
    asm_emit(c, r.op->code, col);
    if (r.op->format == VM_FMT_ADDR) {
        const char *raw = t + nt->src[r.klen];
        int rawn = n - nt->src[r.klen];
        asm_trim(&raw, &rawn);
        int at = c->addr;
        asm_emit(c, 0, col);
        asm_target(c, raw, rawn, ASM_FIX_JUMP, at);
    }
}

/* The message of the nearest reading: what its operand lacks, or what
 * should not follow it. False, with nothing said, when its spelling does
 * not end a word: "MOV" is not a botched "M". */
static bool near_message(asm_run *c, const char *t, int n, const asm_norm *nt, reading near)
{
    int lastlen, kend = nt->src[near.klen - 1];
    asm_utf8(t + kend, &lastlen);
    kend += lastlen;
    const char *after = t + kend;
    int an = n - kend;
    unsigned char last = (unsigned char)nt->s[near.klen - 1];
    bool word_end = an == 0 || asm_is_space(after[0]) || !asm_is_ident((char)last, false) ||
                    !asm_is_ident(after[0], false);
    if (!word_end)
        return false;
    char q[64], m[64];
    int kn = (int)(after - t);
    asm_trim(&after, &an);
    asm_quote(t, kn, m, sizeof m);
    int mlen = (int)strlen(m);
    while (mlen > 0 && asm_is_space(m[mlen - 1]))
        m[--mlen] = '\0';
    int acol = an ? ASM_COL(c, after) : ASM_COL(c, t + n);
    if (near.op->format == VM_FMT_NONE)
        asm_err_add(c->errs, c->file, c->line, acol, "unexpected '%s' after %s",
                    asm_quote(after, an, q, sizeof q), m);
    else if (near.op->format == VM_FMT_REG && an == 0)
        asm_err_add(c->errs, c->file, c->line, acol,
                    "expected a register 0..9 or a..e after %s", m);
    else if (near.op->format == VM_FMT_REG)
        asm_err_add(c->errs, c->file, c->line, acol,
                    "expected a register 0..9 or a..e after %s, not '%s'", m,
                    asm_quote(after, an, q, sizeof q));
    else if (an == 0)
        asm_err_add(c->errs, c->file, c->line, acol,
                    "expected a label or an address 0..%d after %s", c->prof->steps - 1, m);
    else
        asm_err_add(c->errs, c->file, c->line, acol,
                    "expected a label or an address 0..%d after %s, not '%s'",
                    c->prof->steps - 1, m, asm_quote(after, an, q, sizeof q));
    return true;
}

void asm_instruction(asm_run *c, const char *t, int n)
{
    asm_norm nt;
    asm_normalize(t, n, &nt);
    reading best, near;
    readings(c, t, n, &nt, &best, &near);
    if (best.op) {
        emit_reading(c, t, n, &nt, best);
        return;
    }
    if (asm_is_digit(t[0]) || ((t[0] == '.' || t[0] == ',') && n > 1 && asm_is_digit(t[1]))) {
        literal(c, t, n);
        return;
    }
    if (near.op && near_message(c, t, n, &nt, near))
        return;
    char q[64];
    int wn = 0;
    while (wn < n && !asm_is_space(t[wn]))
        wn++;
    asm_err_add(c->errs, c->file, c->line, ASM_COL(c, t),
                "expected an instruction ('mk61 ops' lists them), not '%s'",
                asm_quote(t, wn, q, sizeof q));
}
