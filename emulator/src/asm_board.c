/* The .board directive: what game a program's registers hold and where
 * (docs/asm.md, "The board"; the layout is vm_board in vm_decl.h). */
#include "asm_internal.h"
#include "vm_isa.h"

#include <stdio.h>
#include <string.h>

/* Reports at `at`: "what" with the word quoted. */
static void bad(const asm_board_io *io, const char *at, const char *what, const char *w, int n)
{
    asm_word_error(io->err, io->ctx, at, what, w, n);
}

static bool no_more(const asm_board_io *io, const char *p, const char *end)
{
    return asm_no_more(io->err, io->ctx, p, end);
}

/* A game's name: letters, digits and - + = . (a rules text, "puluk-9-5"). */
static bool game_word(const char *w, int n)
{
    if (n == 0 || n >= VM_LABEL_MAX)
        return false;
    for (int i = 0; i < n; i++) {
        char ch = w[i];
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
              ch == '-' || ch == '+' || ch == '=' || ch == '.'))
            return false;
    }
    return true;
}

typedef enum board_kind { KIND_GAME, KIND_CELLS, KIND_THROW, KIND_COUNT, KIND_NONE = -1 } board_kind;

static const char *const kind_names[KIND_COUNT] = {"game", "cells", "throw"};

void asm_board_directive(const asm_board_io *io, const char *p, const char *end)
{
    vm_board *b = io->out;
    const char *w;
    int n = asm_word(&p, end, &w);
    board_kind kind = (board_kind)asm_word_index(w, n, kind_names, KIND_COUNT);
    if (kind == KIND_NONE) {
        bad(io, w, "expected what .board declares: game, cells or throw", w, n);
        return;
    }
    b->declared = true;
    if (*io->seen >> kind & 1) {
        bad(io, w, "this kind of .board is declared already", w, 0);
        return;
    }
    const char *at = w;
    switch (kind) {
    case KIND_GAME:
        n = asm_word(&p, end, &w);
        if (!game_word(w, n)) {
            bad(io, n ? w : at, "expected the game the registers hold, a word of at most 23 "
                                "letters, digits and - + = . (puluk-9-5)",
                w, n);
            return;
        }
        if (no_more(io, p, end)) {
            memcpy(b->game, w, (size_t)n);
            b->game[n] = '\0';
            *io->seen |= 1u << kind;
        }
        return;
    case KIND_CELLS: {
        int k = 0, r[VM_BOARD_CELLS];
        for (; (n = asm_word(&p, end, &w)) > 0; k++) {
            if (k == VM_BOARD_CELLS) {
                bad(io, w, "a board has at most 16 cells", w, 0);
                return;
            }
            r[k] = io->reg(io->ctx, w, n);
            if (r[k] < 0) {
                bad(io, w, "expected the registers of the cells, in order", w, n);
                return;
            }
        }
        if (k == 0) {
            bad(io, w, "expected the registers of the cells, in order", w, 0);
            return;
        }
        b->ncells = k;
        memcpy(b->cell, r, (size_t)k * sizeof r[0]);
        *io->seen |= 1u << kind;
        return;
    }
    case KIND_THROW:
        n = asm_word(&p, end, &w);
        b->throw_reg = n ? io->reg(io->ctx, w, n) : -1;
        if (b->throw_reg < 0) {
            bad(io, n ? w : at, "expected the register of the throw", w, n);
            return;
        }
        if (no_more(io, p, end))
            *io->seen |= 1u << kind;
        return;
    default:
        return;
    }
}

void asm_board_check(const vm_board *b, char *why, size_t size)
{
    why[0] = '\0';
    if (b->declared && (!b->game[0] || b->ncells == 0))
        snprintf(why, size, "a board needs its game and its cells: .board game G and "
                            ".board cells R...");
}

void asm_board_listing(asm_out *o, const vm_board *b)
{
    if (!b->declared)
        return;
    char a[8];
    asm_out_printf(o, ".board game %s\n.board cells", b->game);
    for (int k = 0; k < b->ncells; k++)
        asm_out_printf(o, " %s", vm_reg_text(b->cell[k], a));
    asm_out_printf(o, "\n");
    if (b->throw_reg >= 0)
        asm_out_printf(o, ".board throw %s\n", vm_reg_text(b->throw_reg, a));
}
