/* The 12-position display, as the real one shows the machine (docs/mk61.md).
 *
 * Cells: 0 the mantissa's sign, 1..8 the mantissa's digits, 9 the exponent's
 * sign, 10..11 the exponent's digits. */
#include "vm_keys.h"

#include <stdio.h>
#include <string.h>

static void clear(vm_display *d)
{
    memset(d->glyph, ' ', sizeof d->glyph);
    memset(d->point, 0, sizeof d->point);
    d->dark = false;
}

/* A program cell in programming mode as two display cells: hex digits A..F
 * are shown as -, L, C, Г, E and blank. The display has room for two, so a
 * wider mk61x cell (an address above 159) shows its low two hex digits. */
static void code_cells(vm_display *d, int at, uint16_t cell)
{
    uint8_t code = (uint8_t)(cell & 0xFF);
    static const char hex[16] = {'0', '1', '2', '3', '4', '5', '6', '7',
                                 '8', '9', '-', 'L', 'C', 'G', 'E', ' '};
    d->glyph[at] = hex[code >> 4];
    d->glyph[at + 1] = hex[code & 0xF];
}

static void exponent_cells(vm_display *d, int e)
{
    if (e < 0) {
        d->glyph[9] = '-';
        e = -e;
    }
    d->glyph[10] = (char)('0' + e / 10);
    d->glyph[11] = (char)('0' + e % 10);
}

/* The number being typed, as typed. */
static void entry_cells(const vm_machine *m, vm_display *d)
{
    if (m->mant_neg)
        d->glyph[0] = '-';
    int n = (int)strlen(m->digits);
    for (int i = 0; i < n; i++)
        d->glyph[1 + i] = m->digits[i];
    if (m->show == VM_SHOW_ONE_POINT)
        d->point[1] = true; /* ВП made a zero's first digit 1, and its point */
    else
        d->point[m->point < 0 ? (n ? n : 1) : m->point] = true;
    if (n == 0)
        d->glyph[1] = '0';
    if (m->entry == VM_ENTRY_EXPONENT) {
        if (m->exp_neg)
            d->glyph[9] = '-';
        d->glyph[10] = (char)('0' + m->exp_digits[0]);
        d->glyph[11] = (char)('0' + m->exp_digits[1]);
    }
}

/* The 8 mantissa digits of a as display glyphs (hex digits A..F as the
 * real display shows them: -, L, C, Г, E, blank). */
static void mantissa_glyphs(vm_num a, char sig[8])
{
    static const char hex[16] = {'0', '1', '2', '3', '4', '5', '6', '7',
                                 '8', '9', '-', 'L', 'C', 'G', 'E', ' '};
    uint32_t m = a.mant;
    for (int i = 7; i >= 0; i--) {
        if (a.hex) {
            sig[i] = hex[m & 0xF];
            m >>= 4;
        } else {
            sig[i] = (char)('0' + m % 10);
            m /= 10;
        }
    }
}

/* A finished number: fixed notation for exponents 0..7, else d.ddddddd
 * and the exponent (0.5 is "5.  -01", as on the real machine); trailing
 * zeros after the point are blank. A register shown as it holds it may
 * have leading zeros ("00000012."), and those show. */
static void number_cells(vm_num x, vm_display *d)
{
    if (vm_num_is_zero(x) && !x.hex && (x.exp < 0 || x.exp > 7)) {
        d->glyph[1] = '0';
        d->point[1] = true;
        return;
    }
    char sig[8];
    mantissa_glyphs(x, sig);
    int n = 8;
    while (n > 1 && sig[n - 1] == '0')
        n--;
    if (x.neg)
        d->glyph[0] = '-';
    int e = x.exp; /* the value is d.ddd * 10^e */
    if (e >= 0 && e <= 7) {
        int cells = n > e + 1 ? n : e + 1;
        for (int i = 0; i < cells; i++)
            d->glyph[1 + i] = sig[i];
        d->point[1 + e] = true;
    } else {
        for (int i = 0; i < n; i++)
            d->glyph[1 + i] = sig[i];
        d->point[1] = true;
        exponent_cells(d, e);
    }
}

void vm_display_get(const vm_machine *m, vm_display *d)
{
    clear(d);
    if (m->running) {
        d->dark = true;
        return;
    }
    if (m->mode == VM_MODE_PROG) {
        /* The codes of the three steps before the address, newest first,
         * and the address (tens 10..15 as the hex glyphs: A5 shows "-5").
         * The real display reads the codes only for addresses below 120
         * (measured: from 121 on they stay blank). */
        for (int k = 0; k < 3; k++) {
            int a = m->pc - 1 - k;
            bool shown = m->profile == VM_PROFILE_MK61 ? a >= 0 && a < 120 : a >= 0;
            if (shown)
                code_cells(d, 1 + 3 * k, m->prog[vm_cell(m, a)]);
        }
        code_cells(d, 10, vm_addr_encode(m->pc));
        return;
    }
    /* ЕГГОГ: an error, or an X the display cannot show (past 1e99). */
    if (vm_halt_is_error(m->halt) || m->show == VM_SHOW_ERROR ||
        (m->entry == VM_ENTRY_NONE && !m->x.hex && m->x.exp > 99)) {
        memcpy(d->glyph + 1, "EGG0G", 5);
        return;
    }
    if (m->entry != VM_ENTRY_NONE) {
        entry_cells(m, d);
    } else if (m->show == VM_SHOW_MINUS_ZERO) {
        d->glyph[0] = '-';
        d->glyph[1] = '0';
        d->point[1] = true;
    } else {
        number_cells(m->show == VM_SHOW_RAW ? m->shown : m->x, d);
    }
}

int vm_display_text(const vm_display *d, char *buf, size_t size)
{
    char tmp[64];
    int n = 0;
    for (int i = 0; i < VM_DISPLAY_CELLS; i++) {
        if (d->dark) {
            tmp[n++] = ' ';
            continue;
        }
        if (d->glyph[i] == 'G') {
            memcpy(tmp + n, "Г", 2);
            n += 2;
        } else {
            tmp[n++] = d->glyph[i];
        }
        if (d->point[i])
            tmp[n++] = '.';
    }
    tmp[n] = '\0';
    return snprintf(buf, size, "%s", tmp);
}
