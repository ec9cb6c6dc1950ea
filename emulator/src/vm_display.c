/* The 12-position display, as the real one shows the machine (docs/mk61.md).
 *
 * Cells: 0 the mantissa's sign, 1..8 the mantissa's digits, 9 the exponent's
 * sign, 10..11 the exponent's digits. */
#include "vm_internal.h"
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

/* The exponent's sign and two digits (the register's: a sum past them
 * keeps its last two). */
static void exponent_cells(vm_display *d, int e)
{
    if (e < 0) {
        d->glyph[9] = '-';
        e = -e;
    }
    d->glyph[10] = (char)('0' + e / 10 % 10);
    d->glyph[11] = (char)('0' + e % 10);
}

/* The display register's mantissa cells: digits as they are, hex digits
 * A..F as -, L, C, Г, E and blank. */
static char glyph_of(char c)
{
    static const char hex[6] = {'-', 'L', 'C', 'G', 'E', ' '};
    return c >= 'A' && c <= 'F' ? hex[c - 'A'] : c;
}

/* The display register as the 12 cells show it. */
static void register_cells(const vm_machine *m, vm_display *d)
{
    if (m->mant_neg)
        d->glyph[0] = '-';
    else if (m->mant_sign > 0 && m->mant_sign < 9)
        d->glyph[0] = (char)('1' + m->mant_sign);
    int n = (int)strlen(m->digits);
    for (int i = 0; i < n && i < 8; i++)
        d->glyph[1 + i] = glyph_of(m->digits[i]);
    if (n == 0)
        d->glyph[1] = '0';
    if (m->show == VM_SHOW_ONE_POINT)
        d->point[1] = true; /* ВП made a zero's first digit 1, and its point */
    else
        d->point[m->point < 0 ? (n ? n : 1) : m->point] = true;
    if (m->entry == VM_ENTRY_EXPONENT) {
        if (m->exp_neg)
            d->glyph[9] = '-';
        d->glyph[10] = (char)('0' + m->exp_digits[0]);
        d->glyph[11] = (char)('0' + m->exp_digits[1]);
    } else if (m->exp_form) {
        exponent_cells(d, m->exp_base);
    }
}

void vm_display_flush(vm_machine *m)
{
    if (m->display_pending)
        vm_display_load(m, m->display_value);
}

void vm_display_load(vm_machine *m, vm_num v)
{
    m->display_pending = false;
    m->show = VM_SHOW_NUMBER;
    m->exp_base = 0;
    m->exp_form = false;
    m->exp_open = false;
    m->point = -1;
    m->mant_neg = v.neg;
    m->mant_sign = v.hex >> 4;
    /* All eight digits go into the cells first; a NUL then ends them where
     * the display's blanks begin. */
    char *sig = m->digits;
    int n = 8; /* the digits up to the last that is not 0 */
    if (!vm_display_shows(v)) {
        /* ЕГГОГ over X's digits, the first turned into E (measured: ВП
         * on 1.5241576e134 types E5241576), no point; a ВП on them starts
         * from where the last ВП did (eex_base). */
        uint64_t raw = vm_num_to_raw(v);
        for (int i = 7; i >= 0; i--, raw >>= 4)
            sig[i] = vm_nibble_char((unsigned)raw);
        while (n > 1 && sig[n - 1] == '0')
            n--;
        sig[n] = '\0';
        sig[0] = 'E';
        m->exp_base = m->eex_base - (n - 1);
        /* Shown a second time, or after a comma or an entry key's error,
         * ВП on them starts from 0 (measured: "9,5 ВП 95 В↑ x² В↑ В↑ − +
         * ВП 2 ВП 3" is 2000, "99999,9 x² x² x² x² x² ВП 1" is 1). */
        m->show = m->eex_point ? VM_SHOW_ERROR_RANGE_ZERO : VM_SHOW_ERROR_RANGE;
        m->eex_point = true;
        return;
    }
    if (v.hex) {
        uint32_t mant = v.mant;
        for (int i = 7; i >= 0; i--) {
            sig[i] = vm_nibble_char(mant);
            mant >>= 4;
        }
        while (n > 1 && sig[n - 1] == '0')
            n--;
    } else {
        /* Two digits at a time, from a table of the pairs 00..99: this
         * runs on every ИП of a program (mk61 bench). */
        static const char pairs[201] =
            "0001020304050607080910111213141516171819"
            "2021222324252627282930313233343536373839"
            "4041424344454647484950515253545556575859"
            "6061626364656667686970717273747576777879"
            "8081828384858687888990919293949596979899";
        uint32_t hi = v.mant / 10000 % 10000, lo = v.mant % 10000;
        memcpy(sig, pairs + 2 * (hi / 100), 2);
        memcpy(sig + 2, pairs + 2 * (hi % 100), 2);
        memcpy(sig + 4, pairs + 2 * (lo / 100), 2);
        memcpy(sig + 6, pairs + 2 * (lo % 100), 2);
        for (uint32_t t = v.mant; n > 1 && t % 10 == 0; t /= 10)
            n--;
    }
    int e = v.exp; /* the value is d.ddd * 10^e */
    if (e >= 0 && e <= 7) {
        /* Fixed notation, trailing zeros after the point blank; a used
         * pointer's leading zeros show ("00000012."). */
        m->digits[n > e + 1 ? n : e + 1] = '\0';
        m->point = e + 1;
    } else if (v.mant == 0 && !v.hex) {
        m->digits[1] = '\0'; /* "0" */
        m->point = 1;
    } else {
        /* d.ddddddd and the exponent (0.5 is "5.  -01"). */
        m->digits[n] = '\0';
        m->point = 1;
        m->exp_base = e;
        m->exp_form = true;
    }
}

void vm_display_error(vm_machine *m)
{
    vm_display_flush(m);
    /* The glyphs ЕГГОГ go into the cells; the number underneath keeps its
     * digits but the first, which becomes E (measured: 231 then an error
     * then ВП 2 gives the hex mantissa E31 with exponent 4). */
    if (m->digits[0] == '\0')
        strcpy(m->digits, "0");
    m->digits[0] = 'E';
    m->show = VM_SHOW_ERROR;
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
    bool error = vm_show_error(m->show);
    bool marked = m->show == VM_SHOW_ERROR_MARKED || m->show == VM_SHOW_ERROR_MARKED_EXPONENT;
    if (error && (m->entry == VM_ENTRY_EXPONENT || marked)) {
        /* ВП on ЕГГОГ, or a comma on the glyphs of an operation's error
         * on a number being typed: the glyphs stay, with the sign, the
         * point and the exponent of the number underneath (measured). */
        register_cells(m, d);
        memcpy(d->glyph + 1, m->show == VM_SHOW_ERROR_ONE ? "GGG0G" : "EGG0G", 5);
        memset(d->glyph + 6, ' ', 3);
        memset(d->point, 0, sizeof d->point);
        if (m->point >= 0)
            d->point[m->point ? m->point : 1] = true;
        if (m->show == VM_SHOW_ERROR_MARKED_EXPONENT) {
            d->glyph[9] = m->exp_neg ? '-' : ' ';
            d->glyph[10] = (char)('0' + m->exp_digits[0]);
            d->glyph[11] = (char)('0' + m->exp_digits[1]);
        }
        return;
    }
    if (error || vm_halt_is_error(m->halt)) {
        memcpy(d->glyph + 1, "EGG0G", 5);
        bool range = m->show == VM_SHOW_ERROR_RANGE || m->show == VM_SHOW_ERROR_RANGE_ZERO;
        if ((range || m->show == VM_SHOW_ERROR_COMMA) && !m->x.hex && m->x.exp >= 200 &&
            m->x.exp <= 299) {
            /* An X from 1e200 on shows 3ГГ0Г, with a point after the 3
             * when a result put the glyphs up, none after a key on them
             * (measured: 6.5536e200 shows "3.ГГ0Г", after В↑ "3ГГ0Г") */
            d->glyph[1] = '3';
            d->point[1] = range;
        } else if (range && !m->x.hex && m->x.exp >= 300 && m->x.exp <= 399) {
            /* From 1e300 a result shows " .d 00 00 ab": d the exponent's
             * tens digit, ab its first two digits plus 1 (measured: 3.9e390
             * shows "  .9 00 00 40", 1.7e302 "  .0 00 00 31"); after a key
             * on the glyphs other cells, not modelled */
            int e = m->x.exp;
            memcpy(d->glyph, "  d 00 00 ab", VM_DISPLAY_CELLS);
            d->glyph[2] = (char)('0' + e / 10 % 10);
            d->glyph[10] = (char)('0' + (e / 10 + 1) / 10);
            d->glyph[11] = (char)('0' + (e / 10 + 1) % 10);
            d->point[1] = true;
        }
        return;
    }
    if (m->show == VM_SHOW_NUMBER && m->entry == VM_ENTRY_NONE && !m->x.hex &&
        m->x.exp <= -201 && m->x.exp >= -300) {
        /* Below 1e-200 the cells show the register's nibbles turned round:
         * the exponent's last digit, the sign nibble with a point, the 8
         * digits, a blank, its middle digit (measured: 1.427e-271, held
         * 729014270467, shows "90.14270467 2") */
        uint64_t raw = vm_num_to_raw(m->x);
        d->glyph[0] = vm_nibble_char((unsigned)(raw >> 36));
        d->glyph[1] = vm_nibble_char((unsigned)(raw >> 32));
        d->point[1] = true;
        for (int i = 0; i < 8; i++)
            d->glyph[2 + i] = glyph_of(vm_nibble_char((unsigned)(raw >> (28 - 4 * i))));
        d->glyph[10] = ' ';
        d->glyph[11] = vm_nibble_char((unsigned)(raw >> 40));
        return;
    }
    register_cells(m, d);
}

void vm_display_stopped(const vm_machine *m, vm_display *d)
{
    vm_machine at_rest = *m;
    vm_display_flush(&at_rest); /* seen from vm_run_watched's look */
    at_rest.running = false;
    if (at_rest.entry == VM_ENTRY_NONE && at_rest.show == VM_SHOW_NUMBER)
        vm_display_load(&at_rest, at_rest.x);
    vm_display_get(&at_rest, d);
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
