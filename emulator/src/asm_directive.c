/*
 * The assembler's directives (docs/asm.md, "Directives"; asm_run.h):
 * .profile (first, once), .start, .reg and .name (once a register), .code
 * (raw codes), and .search (its words read by asm_search.c, through the
 * callbacks below). A directive's name is matched in any case; its words
 * are separated by spaces.
 */
#include "asm_run.h"

#include <stdio.h>
#include <string.h>

/* A register in a directive: 0..9, a..e (А В С Д Е), or its decimal number;
 * -1 when it is none of these or past the profile's registers. */
static int reg_word(const asm_run *c, const char *w, int n)
{
    int r;
    if (n > 0 && asm_digits(w, n) == n) {
        r = asm_decimal(w, n);
    } else {
        asm_norm f;
        asm_normalize(w, n, &f);
        r = asm_reg_char(f.s, f.len);
    }
    return r >= 0 && r < c->prof->regs ? r : -1;
}

static bool no_more(asm_run *c, const char *p, const char *end, const char *what)
{
    const char *w;
    char q[64];
    int n = asm_word(&p, end, &w);
    if (n == 0)
        return true;
    asm_err_add(c->errs, c->file, c->line, ASM_COL(c, w), "unexpected '%s' after %s",
                asm_quote(w, (int)(end - w), q, sizeof q), what);
    return false;
}

/* The register of .reg and .name, or -1 after saying what was wrong. */
static int dir_reg(asm_run *c, const char **p, const char *end, const char *dir)
{
    const char *w;
    char q[64];
    int n = asm_word(p, end, &w);
    int r = reg_word(c, w, n);
    if (r >= 0)
        return r;
    if (n == 0)
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, w),
                    "expected a register after %s: 0..9, a..e or a number 0..%d", dir,
                    c->prof->regs - 1);
    else
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, w),
                    "expected a register: 0..9, a..e or a number 0..%d (%s), not '%s'",
                    c->prof->regs - 1, c->prof->name, asm_quote(w, n, q, sizeof q));
    return -1;
}

/* The register of .reg and .name, and the rest of the line after it,
 * trimmed, in *v and *n; -1 after saying what was wrong. */
static int reg_and_rest(asm_run *c, const char *p, const char *end, const char *dir,
                        const char **v, int *n)
{
    int r = dir_reg(c, &p, end, dir);
    *v = p;
    *n = (int)(end - p);
    asm_trim(v, n);
    return r;
}

/* .profile mk61 | mk61x: before anything else, once. */
static void dir_profile(asm_run *c, const char *p, const char *end, const char *t)
{
    const char *w;
    char q[64], name[8] = "";
    int n = asm_word(&p, end, &w);
    if (c->profile_line) {
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, t),
                    "the profile is already set at line %d", c->profile_line);
        return;
    }
    if (c->seen) {
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, t),
                    ".profile must come before the code, the labels and the other directives");
        return;
    }
    for (int i = 0; i < n && i < (int)sizeof name - 1; i++)
        name[i] = (char)(w[i] >= 'A' && w[i] <= 'Z' ? w[i] - 'A' + 'a' : w[i]);
    vm_profile_id id;
    const vm_profile *prof = n < (int)sizeof name ? vm_profile_find(name, &id) : NULL;
    if (!prof) {
        if (n == 0)
            asm_err_add(c->errs, c->file, c->line, ASM_COL(c, w),
                        "expected a profile after .profile: mk61 or mk61x");
        else
            asm_err_add(c->errs, c->file, c->line, ASM_COL(c, w),
                        "expected a profile, mk61 or mk61x, not '%s'",
                        asm_quote(w, n, q, sizeof q));
        return;
    }
    if (!no_more(c, p, end, "the profile"))
        return;
    c->profile_line = c->line;
    c->prof = prof;
    c->p->profile = id;
}

/* .start LABEL | ADDRESS: where a run starts (0 without it), once. */
static void dir_start(asm_run *c, const char *p, const char *end, const char *t)
{
    const char *w;
    char q[64];
    int n = asm_word(&p, end, &w);
    if (c->start_line) {
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, t), "the start is already set at line %d",
                    c->start_line);
        return;
    }
    if (!(n > 0 && asm_digits(w, n) == n) && !asm_ident(w, n)) {
        if (n == 0)
            asm_err_add(c->errs, c->file, c->line, ASM_COL(c, w),
                        "expected a label or an address 0..%d after .start", c->prof->steps - 1);
        else
            asm_err_add(c->errs, c->file, c->line, ASM_COL(c, w),
                        "expected a label or an address 0..%d after .start, not '%s'",
                        c->prof->steps - 1, asm_quote(w, n, q, sizeof q));
        return;
    }
    if (!no_more(c, p, end, "the start"))
        return;
    c->start_line = c->line;
    asm_target(c, w, n, ASM_FIX_START, 0);
}

/* .reg R VALUE: a register's starting value, once a register; a comma
 * may stand for the point, as on the keypad. */
static void dir_reg_value(asm_run *c, const char *p, const char *end, const char *t)
{
    (void)t;
    const char *v;
    int n, r = reg_and_rest(c, p, end, ".reg", &v, &n);
    if (r < 0)
        return;
    char q[64], text[64];
    if (c->reg_line[r]) {
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, c->ls),
                    "register %s already has a starting value (line %d)", vm_reg_text(r, q),
                    c->reg_line[r]);
        return;
    }
    if (n == 0) {
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, v),
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
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, v),
                    "expected a number such as 12, -0.5 or 1.5e-3, not '%s'",
                    asm_quote(v, n, q, sizeof q));
        return;
    }
    c->reg_line[r] = c->line;
    c->p->reg_set[r] = true;
    c->p->reg_init[r] = num;
}

/* .name R TEXT: what a register holds (the rest of the line, trimmed),
 * once a register; the debugger shows it, and the cross-check finds the
 * Kalah board by these names. */
static void dir_name(asm_run *c, const char *p, const char *end, const char *t)
{
    (void)t;
    const char *v;
    int n, r = reg_and_rest(c, p, end, ".name", &v, &n);
    if (r < 0)
        return;
    char q[8];
    if (c->name_line[r]) {
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, c->ls),
                    "register %s is already named (line %d)", vm_reg_text(r, q), c->name_line[r]);
        return;
    }
    if (n == 0) {
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, v),
                    "expected what the register holds after it, e.g. .name 1 score");
        return;
    }
    if (n >= VM_LABEL_MAX) {
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, v),
                    "a register's name has at most %d bytes (a Cyrillic letter takes 2)",
                    VM_LABEL_MAX - 1);
        return;
    }
    c->name_line[r] = c->line;
    memcpy(c->d->reg_name[r], v, (size_t)n);
    c->d->reg_name[r][n] = '\0';
}

/* .code XX XX ...: raw codes, two hex digits each (undocumented codes, or
 * a jump written with its address cell); nothing is written unless the
 * whole line reads. */
static void dir_code(asm_run *c, const char *p, const char *end, const char *t)
{
    (void)t;
    uint8_t out[VM_MAX_STEPS + 1];
    int k = 0;
    const char *w, *first = NULL;
    char q[64];
    for (int n; (n = asm_word(&p, end, &w)) > 0;) {
        if (!first)
            first = w;
        if (n != 2 || asm_hex_digit(w[0]) < 0 || asm_hex_digit(w[1]) < 0) {
            asm_err_add(c->errs, c->file, c->line, ASM_COL(c, w),
                        "expected a code, two hex digits 00..FF, not '%s'",
                        asm_quote(w, n, q, sizeof q));
            return;
        }
        if (k < (int)sizeof out)
            out[k++] = (uint8_t)(asm_hex_digit(w[0]) << 4 | asm_hex_digit(w[1]));
    }
    if (k == 0) {
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, w),
                    "expected codes after .code, two hex digits each (.code 5A 0F)");
        return;
    }
    for (int i = 0; i < k; i++)
        asm_emit(c, out[i], ASM_COL(c, first));
}

/* ---- .search (asm_search.c) ---------------------------------------------- */

/* asm_search_io's callbacks: a register word (a number, 0..9, a..e, or a
 * name given by .name), an address word (resolved at the end), an error at
 * a place of the current line. */
static int search_reg(void *v, const char *w, int n)
{
    const asm_run *c = v;
    int r = reg_word(c, w, n);
    for (int i = 0; r < 0 && i < c->prof->regs; i++)
        if ((int)strlen(c->d->reg_name[i]) == n && strncmp(c->d->reg_name[i], w, (size_t)n) == 0)
            r = i;
    return r;
}

static void search_address(void *v, const char *w, int n, int done)
{
    asm_run *c = v;
    char q[64];
    if (!(n > 0 && asm_digits(w, n) == n) && !asm_ident(w, n)) {
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, w),
                    "expected a label or an address, not '%s'", asm_quote(w, n, q, sizeof q));
        return;
    }
    asm_target(c, w, n,
               done == ASM_SEARCH_NODE  ? ASM_FIX_NODE
               : done == ASM_SEARCH_CUT ? ASM_FIX_CUT
                                        : ASM_FIX_DONE,
               done);
}

static void search_err(void *v, const char *at, const char *message)
{
    asm_run *c = v;
    asm_err_add(c->errs, c->file, c->line, ASM_COL(c, at), "%s", message);
}

/* .search KIND ...: read by asm_search.c; the run keeps which kinds were
 * given and where the first was (for the whole search's message). */
static void dir_search(asm_run *c, const char *p, const char *end, const char *t)
{
    (void)t;
    asm_search_io io = {c, &c->d->search, &c->search_seen, search_reg, search_address, search_err};
    if (!c->search_line)
        c->search_line = c->line;
    asm_search_directive(&io, p, end);
}

/* The directives: t is the directive's first character (its '.'), p..end
 * what follows its name. */
typedef void directive_reader(asm_run *c, const char *p, const char *end, const char *t);

static const struct {
    const char *name;
    directive_reader *read;
} directives[] = {
    {"profile", dir_profile}, {"start", dir_start}, {"reg", dir_reg_value},
    {"name", dir_name},       {"code", dir_code},   {"search", dir_search},
};

#define DIRECTIVES ((int)(sizeof directives / sizeof directives[0]))

void asm_directive(asm_run *c, const char *t, int n)
{
    const char *p = t + 1, *end = t + n;
    while (p < end && asm_is_ident(*p, false))
        p++;
    int len = (int)(p - t - 1), which = -1;
    for (int i = 0; i < DIRECTIVES; i++) {
        if ((int)strlen(directives[i].name) != len)
            continue;
        int j = 0;
        while (j < len && (t[1 + j] | 0x20) == directives[i].name[j])
            j++;
        if (j == len)
            which = i;
    }
    if (which < 0 || (p < end && !asm_is_space(*p))) {
        char q[64];
        int wn = 1;
        while (wn < n && !asm_is_space(t[wn]))
            wn++;
        asm_err_add(c->errs, c->file, c->line, ASM_COL(c, t),
                    "expected a directive (.profile, .start, .reg, .name, .code or .search), "
                    "not '%s'",
                    asm_quote(t, wn, q, sizeof q));
        return;
    }
    /* .profile must come first: it does not count as something seen. */
    if (directives[which].read != dir_profile)
        c->seen = true;
    directives[which].read(c, p, end, t);
}
