/* Hex dumps: the cells as two hex digits each (three for an mk61x address
 * cell above FF), 10 a line (docs/asm.md). */
#include "asm_internal.h"

#include <stdio.h>
#include <string.h>

int asm_hex_export(const vm_program *p, bool header, char *buf, size_t size)
{
    asm_out o;
    asm_out_init(&o, buf, size);
    const vm_profile *prof = vm_profile_get(p->profile);
    int len = p->length < 0 ? 0 : p->length > prof->steps ? prof->steps : p->length;
    if (header)
        asm_out_printf(&o, "# %s: %d steps, start %02d\n", prof->name, len, p->start);
    for (int a = 0; a < len; a++)
        asm_out_printf(&o, "%02X%s", p->code[a], a % 10 == 9 || a == len - 1 ? "\n" : " ");
    return asm_out_end(&o);
}

static bool blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* One line of a dump, [s, end); false after recording an error. */
static bool hex_line(const char *s, const char *end, int line, const char *file,
                     const vm_profile *prof, vm_program *out, vm_decl *decl,
                     asm_errors *errs)
{
    const char *p = s;
    while (p < end && blank(*p))
        p++;
    const char *q = p;
    int addr = 0;
    while (q < end && *q >= '0' && *q <= '9' && addr < 10000)
        addr = addr * 10 + (*q++ - '0');
    if (q > p && q < end && *q == ':') {
        if (addr != out->length) {
            asm_err_add(errs, file, line, asm_cols(s, p) + 1,
                        "expected the address %02d here (where the codes have reached), not %d",
                        out->length, addr);
            return false;
        }
        p = q + 1;
    }
    for (;;) {
        while (p < end && blank(*p))
            p++;
        if (p == end)
            return true;
        const char *w = p;
        while (p < end && !blank(*p))
            p++;
        /* Two hex digits a cell; mk61x's address cells above FF take three,
         * up to 639 (address 999). */
        int widest = vm_addr_encode(prof->steps - 1); /* mk61: A4, mk61x: 639 */
        bool wide = widest > 0xFF;
        int v = -1;
        if (p - w == 2 || (wide && p - w == 3)) {
            v = 0;
            for (const char *d = w; d < p && v >= 0; d++)
                v = asm_hex_digit(*d) < 0 ? -1 : v * 16 + asm_hex_digit(*d);
            if (v > 0xFF && v > widest)
                v = -1;
        }
        if (v < 0) {
            char word[16];
            int n = (int)(p - w) < 8 ? (int)(p - w) : 8;
            memcpy(word, w, (size_t)n);
            strcpy(word + n, (int)(p - w) > n ? "..." : "");
            /* Cut at a character boundary. */
            while (n > 0 && ((unsigned char)word[n - 1] & 0xC0) == 0x80)
                word[--n] = '\0';
            if (wide)
                asm_err_add(errs, file, line, asm_cols(s, w) + 1,
                            "expected a code, two hex digits 00..FF or three up to 639, not '%s'",
                            word);
            else
                asm_err_add(errs, file, line, asm_cols(s, w) + 1,
                            "expected a code, two hex digits 00..FF, not '%s'", word);
            return false;
        }
        if (out->length >= prof->steps) {
            asm_err_add(errs, file, line, asm_cols(s, w) + 1,
                        "too many codes: %s has %d steps", prof->name, prof->steps);
            return false;
        }
        if (decl)
            decl->line[out->length] = line;
        out->code[out->length++] = (uint16_t)v;
    }
}

/* The header asm_hex_export writes, "# PROFILE: N steps, start S", when
 * the line [s, end) is exactly that; false otherwise. */
static bool hex_header(const char *s, const char *end, char name[16], int *steps, int *start)
{
    char line[96];
    size_t n = (size_t)(end - s);
    if (n >= sizeof line)
        return false;
    memcpy(line, s, n);
    line[n] = '\0';
    int used = 0;
    if (sscanf(line, "# %15[a-z0-9]: %d steps, start %d%n", name, steps, start, &used) != 3)
        return false;
    while (line[used] == ' ' || line[used] == '\t' || line[used] == '\r')
        used++;
    return line[used] == '\0';
}

bool asm_hex_import(const char *text, const char *file, vm_profile_id profile,
                    vm_program *out, vm_decl *decl, asm_errors *errs)
{
    asm_errors local;
    if (!errs)
        errs = &local;
    memset(errs, 0, sizeof *errs);
    vm_program_init(out, profile);
    if (decl)
        vm_decl_init(decl);
    const vm_profile *prof = vm_profile_get(out->profile);
    const char *s = text ? text : "";
    char name[16];
    int steps = -1, start = 0, last = 1;
    for (int line = 1;; line++) {
        const char *eol = strchr(s, '\n');
        const char *end = eol ? eol : s + strlen(s);
        const char *hash = memchr(s, '#', (size_t)(end - s));
        if (line == 1 && hex_header(s, end, name, &steps, &start) &&
            strcmp(name, prof->name) != 0) {
            asm_err_add(errs, file, 1, 1,
                        "the dump is for %s, not %s (read it as %s: --profile %s)", name,
                        prof->name, name, name);
            return false;
        }
        if (end - s > ASM_LINE_MAX) {
            asm_err_add(errs, file, line, 1, "a line of %ld bytes: at most %d", (long)(end - s),
                        ASM_LINE_MAX);
            return false;
        }
        if (!hex_line(s, hash ? hash : end, line, file, prof, out, decl, errs))
            return false;
        if (end > s)
            last = line;
        if (!eol)
            break;
        s = eol + 1;
    }
    /* The header's length and start are checked: a dump cut short (or
     * added to) is refused, not run as a shorter program. */
    if (steps >= 0 && steps != out->length) {
        asm_err_add(errs, file, last, 1,
                    "the header (line 1) says %d steps, but %d codes were read: the dump is "
                    "%s", steps, out->length, steps > out->length ? "cut short" : "longer");
        return false;
    }
    if (steps >= 0) {
        if (start < 0 || start >= prof->steps) {
            asm_err_add(errs, file, 1, 1, "the header's start %d is not an address of %s "
                                          "(0..%d)", start, prof->name, prof->steps - 1);
            return false;
        }
        out->start = start;
    }
    return true;
}
