/*
 * The assembler's driver (docs/asm.md; asm_run.h): the source read line by
 * line, each line's label defined, its instruction or directive handed on
 * (asm_instr.c, asm_directive.c), and at the end every address a label
 * names filled in (labels may be used before they are defined) and the
 * declared search checked whole.
 */
#include "asm_run.h"

#include <stdio.h>
#include <string.h>

/* ---- helpers of the three files --------------------------------------------- */

const char *asm_quote(const char *s, int n, char *buf, size_t size)
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

int asm_digits(const char *s, int n)
{
    int i = 0;
    while (i < n && asm_is_digit(s[i]))
        i++;
    return i;
}

int asm_decimal(const char *s, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        v = v * 10 + (s[i] - '0');
        if (v > 99999)
            return -1;
    }
    return v;
}

bool asm_ident(const char *s, int n)
{
    if (n <= 0 || !asm_is_ident(s[0], true))
        return false;
    for (int i = 1; i < n; i++)
        if (!asm_is_ident(s[i], false))
            return false;
    return true;
}

void asm_trim(const char **t, int *n)
{
    while (*n > 0 && asm_is_space(**t))
        (*t)++, (*n)--;
    while (*n > 0 && asm_is_space((*t)[*n - 1]))
        (*n)--;
}

void asm_emit(asm_run *c, uint16_t b, int col)
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

/* ---- labels and the addresses they name --------------------------------------- */

/* The label defined as name; NULL when there is none (yet). */
static const asm_label *find_label(const asm_run *c, const char *name)
{
    for (int i = 0; i < c->nlabels; i++)
        if (strcmp(c->labels[i].name, name) == 0)
            return &c->labels[i];
    return NULL;
}

/* Puts address v where a fixup's kind and i say. */
static void resolve(asm_run *c, asm_fix_kind kind, int i, int v)
{
    switch (kind) {
    case ASM_FIX_JUMP: c->p->code[i] = vm_addr_encode(v); break;
    case ASM_FIX_START: c->p->start = v; break;
    case ASM_FIX_NODE: c->d->search.node = v; break;
    case ASM_FIX_DONE: c->d->search.done[i] = v; break;
    case ASM_FIX_CUT: c->d->search.cut = v; break;
    }
}

void asm_target(asm_run *c, const char *t, int n, asm_fix_kind kind, int i)
{
    /* A jump's cell past the last step: the program has already failed. */
    bool past = kind == ASM_FIX_JUMP && i >= c->prof->steps;
    char q[64];
    int max = c->prof->steps - 1;
    if (asm_digits(t, n) == n) {
        int v = asm_decimal(t, n);
        if (v < 0 || v > max)
            asm_err_add(c->errs, c->file, c->line, ASM_COL(c, t),
                        "expected an address 0..%d (%s has %d steps), not %s", max,
                        c->prof->name, c->prof->steps, asm_quote(t, n, q, sizeof q));
        else if (!past)
            resolve(c, kind, i, v);
        return;
    }
    if (n >= VM_LABEL_MAX) {
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, t),
                    "a label has at most %d characters", VM_LABEL_MAX - 1);
        return;
    }
    if (past || c->nfix >= (int)(sizeof c->fix / sizeof c->fix[0]))
        return;
    asm_fixup *f = &c->fix[c->nfix++];
    memcpy(f->name, t, (size_t)n);
    f->name[n] = '\0';
    f->kind = kind;
    f->i = i;
    f->line = c->line;
    f->col = ASM_COL(c, t);
}

/* ---- lines ------------------------------------------------------------------- */

/* A label at t[0..n) (without its ':') for the next step. The source map
 * keeps the first label of an address (a listing names it by that one). */
static void define_label(asm_run *c, const char *t, int n)
{
    char q[64];
    if (n >= VM_LABEL_MAX) {
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, t),
                    "a label has at most %d characters", VM_LABEL_MAX - 1);
        return;
    }
    asm_label l = {"", c->addr, c->line};
    memcpy(l.name, t, (size_t)n);
    l.name[n] = '\0';
    const asm_label *old = find_label(c, l.name);
    if (old) {
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, t),
                    "label '%s' is already defined at line %d", asm_quote(t, n, q, sizeof q),
                    old->line);
        return;
    }
    if (c->nlabels >= ASM_LABELS_MAX) {
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, t), "too many labels (at most %d)",
                    ASM_LABELS_MAX);
        return;
    }
    c->labels[c->nlabels++] = l;
    if (c->addr < VM_MAX_STEPS && !c->d->label[c->addr][0])
        memcpy(c->d->label[c->addr], l.name, sizeof l.name);
}

/* One line [s, end): a comment (';' or '#') to its end is dropped; then an
 * optional label ("name:"), and an instruction, a number or a directive
 * (".name ..."). */
static void source_line(asm_run *c, const char *s, const char *end)
{
    c->ls = s;
    const char *e = s;
    while (e < end && *e != ';' && *e != '#')
        e++;
    const char *t = s;
    int n = (int)(e - s);
    asm_trim(&t, &n);
    if (n == 0)
        return;
    if (asm_is_ident(t[0], true)) {
        int i = 1;
        while (i < n && asm_is_ident(t[i], false))
            i++;
        if (i < n && t[i] == ':') {
            c->seen = true;
            define_label(c, t, i);
            t += i + 1;
            n -= i + 1;
            asm_trim(&t, &n);
            if (n == 0)
                return;
        }
    }
    if (t[0] == '.' && n > 1 && asm_is_ident(t[1], true)) {
        asm_directive(c, t, n);
    } else {
        c->seen = true;
        asm_instruction(c, t, n);
    }
}

bool asm_assemble(const char *source, const char *file, vm_program *out, vm_decl *decl,
                  asm_errors *errs)
{
    asm_errors local;
    if (!errs)
        errs = &local;
    memset(errs, 0, sizeof *errs);
    asm_run c;
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
        s += 3; /* a UTF-8 byte order mark */
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
    /* Every label is defined now: the addresses they name. */
    for (int i = 0; i < c.nfix; i++) {
        const asm_fixup *f = &c.fix[i];
        const asm_label *l = find_label(&c, f->name);
        if (!l)
            asm_err_add(errs, file, f->line, f->col, "undefined label '%s'", f->name);
        else if (l->addr >= c.prof->steps)
            asm_err_add(errs, file, f->line, f->col,
                        "label '%s' is at %d, past the last step (%d)", f->name, l->addr,
                        c.prof->steps - 1);
        else
            resolve(&c, f->kind, f->i, l->addr);
    }
    /* A search is declared over several lines: it is checked whole, and
     * its message points at its first line. */
    char why[ASM_MESSAGE_MAX];
    asm_search_check(&c.d->search, why, sizeof why);
    if (why[0])
        asm_err_add(errs, file, c.search_line, 1, "%s", why);
    return errs->count == 0;
}
