/* The .search directive: how a program's search is followed (docs/asm.md,
 * "The search"; the layout is vm_search in vm_decl.h), read from a source
 * line and written back into a listing. */
#include "asm_internal.h"
#include "vm_isa.h"

#include <stdio.h>
#include <string.h>

/* Reports at `at`: "what" with the word quoted. */
static void bad(const asm_search_io *io, const char *at, const char *what, const char *w, int n)
{
    asm_word_error(io->err, io->ctx, at, what, w, n);
}

/* Registers, one a word, up to max of them; how many (-1 after an error;
 * at least min). Words past max are left for the caller. */
static int regs(const asm_search_io *io, const char **p, const char *end, int *out, int min,
                int max, const char *what)
{
    const char *w = *p;
    int k = 0;
    for (int n; k < max && (n = asm_word(p, end, &w)) > 0;) {
        int r = io->reg(io->ctx, w, n);
        if (r < 0) {
            bad(io, w, what, w, n);
            return -1;
        }
        out[k++] = r;
    }
    if (k < min) {
        bad(io, w, what, w, 0);
        return -1;
    }
    return k;
}

/* A whole number 0..max (max below 10^10); -1 when the next word is not
 * one. */
static long number(const char **p, const char *end, long max, const char **at)
{
    const char *w;
    int n = asm_word(p, end, &w);
    long v = 0;
    *at = w;
    if (n == 0 || n > 10)
        return -1;
    for (int i = 0; i < n; i++) {
        if (w[i] < '0' || w[i] > '9')
            return -1;
        v = v * 10 + (w[i] - '0');
    }
    return v <= max ? v : -1;
}

static bool no_more_words(const char *p, const char *end)
{
    const char *w;
    return asm_word(&p, end, &w) == 0;
}

static bool no_more(const asm_search_io *io, const char *p, const char *end)
{
    return asm_no_more(io->err, io->ctx, p, end);
}

/* What a .search line declares: its first word. */
typedef enum search_kind {
    KIND_NODE,  /* node ADDRESS */
    KIND_LEVEL, /* level REG ROOT LEAFREG */
    KIND_PIT,   /* pit REG... (a level each, from the root) */
    KIND_MOVER, /* mover REG REG... (the node's, then each level's) */
    KIND_SIDE,  /* side STORE PIT... (twice) */
    KIND_DONE,  /* done ADDRESS... */
    KIND_FINAL, /* final SCALE */
    /* Alpha-beta (asm_search_ab below). */
    KIND_AB,    /* alphabeta [REG VALUE] */
    KIND_BEST,  /* best REG... (a level each, from the root) */
    KIND_INF,   /* infinity SIZE */
    KIND_CUT,   /* cut ADDRESS */
    KIND_COUNT,
    KIND_NONE = -1
} search_kind;

static const char *const kind_names[KIND_COUNT] = {
    "node", "level", "pit", "mover", "side", "done", "final", "alphabeta", "best", "infinity",
    "cut"};

/* The alpha-beta kinds' words (KIND_AB .. KIND_CUT). */
static void search_ab(const asm_search_io *io, search_kind kind, const char *p, const char *end)
{
    vm_search *s = io->out;
    const char *w, *at;
    int n, r[1];
    switch (kind) {
    case KIND_AB:
        s->alphabeta = VM_SEARCH_AB_ALWAYS;
        if (!no_more_words(p, end)) {
            if (regs(io, &p, end, r, 1, 1, "expected the register that tells alpha-beta") < 0)
                return;
            long v = number(&p, end, 999999, &at);
            if (v < 0) {
                bad(io, at, "expected the value it holds for alpha-beta, a whole number 0..999999",
                    at, 0);
                return;
            }
            if (!no_more(io, p, end))
                return;
            s->alphabeta = VM_SEARCH_AB_WHEN;
            s->ab_reg = r[0];
            s->ab_value = (int)v;
        }
        return;
    case KIND_BEST:
        n = regs(io, &p, end, s->best, 1, VM_SEARCH_LEVELS,
                 "expected the registers of each level's best value so far, from the root");
        s->nbest = n > 0 && no_more(io, p, end) ? n : 0;
        return;
    case KIND_INF:
        s->infinity = number(&p, end, 1000000000, &at);
        if (s->infinity < 1) {
            s->infinity = 0;
            bad(io, at, "expected the size from which a best value is no bound, 1..1000000000",
                at, 0);
            return;
        }
        no_more(io, p, end);
        return;
    case KIND_CUT:
        n = asm_word(&p, end, &w);
        if (n == 0) {
            bad(io, w, "expected the label a node reaches when it cuts", w, 0);
            return;
        }
        if (no_more(io, p, end))
            io->address(io->ctx, w, n, ASM_SEARCH_CUT);
        return;
    default:
        return;
    }
}

void asm_search_directive(const asm_search_io *io, const char *p, const char *end)
{
    vm_search *s = io->out;
    const char *w;
    int n = asm_word(&p, end, &w);
    search_kind kind = (search_kind)asm_word_index(w, n, kind_names, KIND_COUNT);
    if (kind == KIND_NONE) {
        bad(io, w,
            "expected what .search declares: node, level, pit, mover, side, done, final, "
            "alphabeta, best, infinity or cut",
            w, n);
        return;
    }
    s->declared = true;
    if (kind != KIND_SIDE && (*io->seen >> kind & 1)) {
        bad(io, w, "this kind of .search is declared already", w, 0);
        return;
    }
    *io->seen |= 1u << kind;
    const char *at;
    int r[VM_SEARCH_LEVELS + 1], k;
    if (kind >= KIND_AB) {
        search_ab(io, kind, p, end);
        return;
    }
    switch (kind) {
    case KIND_NODE:
        n = asm_word(&p, end, &w);
        if (n == 0) {
            bad(io, w, "expected the label where a node's search begins", w, 0);
            return;
        }
        if (no_more(io, p, end))
            io->address(io->ctx, w, n, ASM_SEARCH_NODE);
        return;
    case KIND_LEVEL:
        if (regs(io, &p, end, r, 1, 1, "expected the register holding the level") < 0)
            return;
        s->level_reg = r[0];
        s->level_root = (int)number(&p, end, 999, &at);
        if (s->level_root < 0) {
            bad(io, at, "expected its value at the root, a whole number 0..999", at, 0);
            return;
        }
        if (regs(io, &p, end, r, 1, 1, "expected the register holding the leaves' level") >= 0 &&
            no_more(io, p, end))
            s->leaf_reg = r[0];
        return;
    case KIND_PIT:
        k = regs(io, &p, end, s->pit, 1, VM_SEARCH_LEVELS,
                 "expected the registers of the pit each level tries, from the root");
        s->levels = k > 0 && no_more(io, p, end) ? k : 0;
        return;
    case KIND_MOVER:
        k = regs(io, &p, end, r, 2, VM_SEARCH_LEVELS + 1,
                 "expected the register of the side to move, then one a level");
        if (k > 0 && no_more(io, p, end)) {
            s->mover = r[0];
            s->movers = k - 1;
            memcpy(s->level_mover, r + 1, (size_t)(k - 1) * sizeof r[0]);
        }
        return;
    case KIND_SIDE:
        if (s->sides == 2) {
            bad(io, w, "two sides are declared already", w, 0);
            return;
        }
        k = regs(io, &p, end, r, 2, VM_SEARCH_PITS + 1,
                 "expected the side's store register, then its pits from its pit 1");
        if (k < 0 || !no_more(io, p, end))
            return;
        if (s->sides == 1 && s->npits != k - 1) {
            bad(io, w, "both sides must have as many pits", w, 0);
            return;
        }
        s->side_store[s->sides] = r[0];
        memcpy(s->side_pit[s->sides], r + 1, (size_t)(k - 1) * sizeof r[0]);
        s->npits = k - 1;
        s->sides++;
        return;
    case KIND_DONE:
        for (int m; (m = asm_word(&p, end, &w)) > 0;) {
            if (s->ndone == VM_SEARCH_DONE) {
                bad(io, w, "too many addresses where a node is finished", w, m);
                return;
            }
            io->address(io->ctx, w, m, s->ndone++);
        }
        if (s->ndone == 0)
            bad(io, w, "expected the labels where a node is finished (X its value)", w, 0);
        return;
    case KIND_FINAL:
        s->final_scale = (int)number(&p, end, 1000000, &at);
        if (s->final_scale < 1) {
            s->final_scale = 0;
            bad(io, at, "expected what a finished game's margin is multiplied by, 1..1000000",
                at, 0);
            return;
        }
        no_more(io, p, end);
        return;
    default:
        return;
    }
}

void asm_search_check(const vm_search *s, char *buf, size_t size)
{
    const char *missing = !s->declared         ? NULL
                          : s->node < 0        ? "node"
                          : s->level_reg < 0 || s->leaf_reg < 0 ? "level"
                          : s->levels == 0     ? "pit"
                          : s->mover < 0       ? "mover"
                          : s->sides < 2       ? "side (two of them)"
                          : s->ndone == 0      ? "done"
                          : s->final_scale < 1 ? "final"
                                               : NULL;
    if (!missing && s->declared && s->alphabeta != VM_SEARCH_MINIMAX)
        missing = s->nbest == 0 ? "best (an alpha-beta's window)"
                  : s->cut < 0  ? "cut (where an alpha-beta node cuts)"
                                : NULL;
    if (!missing && s->nbest > 0 && s->infinity < 1)
        missing = "infinity (the size of a best that is no bound)";
    if (missing)
        snprintf(buf, size, "the search is declared without .search %s", missing);
    else if (s->declared && s->movers != s->levels)
        snprintf(buf, size, ".search pit names %d levels but .search mover %d", s->levels,
                 s->movers);
    else if (s->declared && s->nbest > 0 && s->nbest != s->levels)
        snprintf(buf, size, ".search pit names %d levels but .search best %d", s->levels,
                 s->nbest);
    else if (s->declared && s->cut >= 0 && s->alphabeta == VM_SEARCH_MINIMAX)
        snprintf(buf, size, ".search cut without .search alphabeta: a minimax search never cuts");
    else if (size)
        buf[0] = '\0';
}

void asm_search_listing(asm_out *o, const vm_search *s)
{
    if (!s->declared)
        return;
    char a[8], b[8];
    asm_out_printf(o, ".search node %d\n.search level %s %d %s\n.search pit", s->node,
                   vm_reg_text(s->level_reg, a), s->level_root, vm_reg_text(s->leaf_reg, b));
    for (int k = 0; k < s->levels; k++)
        asm_out_printf(o, " %s", vm_reg_text(s->pit[k], a));
    asm_out_printf(o, "\n.search mover %s", vm_reg_text(s->mover, a));
    for (int k = 0; k < s->movers; k++)
        asm_out_printf(o, " %s", vm_reg_text(s->level_mover[k], a));
    for (int k = 0; k < s->sides; k++) {
        asm_out_printf(o, "\n.search side %s", vm_reg_text(s->side_store[k], a));
        for (int i = 0; i < s->npits; i++)
            asm_out_printf(o, " %s", vm_reg_text(s->side_pit[k][i], a));
    }
    asm_out_printf(o, "\n.search done");
    for (int k = 0; k < s->ndone; k++)
        asm_out_printf(o, " %d", s->done[k]);
    asm_out_printf(o, "\n.search final %d\n", s->final_scale);
    if (s->alphabeta == VM_SEARCH_AB_ALWAYS)
        asm_out_printf(o, ".search alphabeta\n");
    else if (s->alphabeta == VM_SEARCH_AB_WHEN)
        asm_out_printf(o, ".search alphabeta %s %d\n", vm_reg_text(s->ab_reg, a), s->ab_value);
    if (s->nbest > 0) {
        asm_out_printf(o, ".search best");
        for (int k = 0; k < s->nbest; k++)
            asm_out_printf(o, " %s", vm_reg_text(s->best[k], a));
        asm_out_printf(o, "\n.search infinity %ld\n", s->infinity);
    }
    if (s->cut >= 0)
        asm_out_printf(o, ".search cut %d\n", s->cut);
}
