/*
 * The window's colours and the computer keyboard's mapping, read from the
 * texts of assets/theme.txt and assets/keymap.txt (their headers describe
 * the formats). No SDL: key names stay names, resolved by the shell.
 *
 * Both files are read line by line: blank lines and lines whose first
 * non-blank character is '#' are skipped; words are separated by spaces or
 * tabs. Errors are "FILE:LINE: what" (or "FILE: what" for something
 * missing from the whole file), the first one found.
 */
#include "ui_theme.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

extern const char ui_asset_theme[];
extern const char ui_asset_keymap[];

#define THEME_FILE "assets/theme.txt"
#define KEYMAP_FILE "assets/keymap.txt"
#define LINE_MAX_CHARS 256

static const char *const colour_names[UI_COL_COUNT] = {
#define UI_COLOUR_NAME(id, name) name,
    UI_COLOURS(UI_COLOUR_NAME)
#undef UI_COLOUR_NAME
};

static const char *const action_names[UI_ACT_COUNT] = {
#define UI_PANEL_ACTION_NAME(id, name, label, width, key, modal, help) #name,
    UI_PANELS(UI_PANEL_ACTION_NAME)
#undef UI_PANEL_ACTION_NAME
#define UI_ACTION_NAME(id, name) name,
    UI_ACTIONS(UI_ACTION_NAME)
#undef UI_ACTION_NAME
};

/* The panels' keys, as keymap lines read before the keymap's own. */
#define PANEL_KEYS_FILE "emulator/ui/ui_panels.h"
static const char panel_keys[] =
#define UI_PANEL_KEY_LINE(id, name, label, width, key, modal, help) "@" #name " key " key "\n"
    UI_PANELS(UI_PANEL_KEY_LINE)
#undef UI_PANEL_KEY_LINE
    ;

const char *ui_action_name(ui_action a)
{
    return a >= 0 && a < UI_ACT_COUNT ? action_names[a] : "";
}

/* ---- reading lines and words --------------------------------------------- */

/* A reader over one file's text: the current line (a NUL-terminated copy),
 * its number, and where the next line starts. */
typedef struct reader {
    const char *file;
    const char *next;
    int number;
    char line[LINE_MAX_CHARS];
    char *err;
    size_t size;
} reader;

static bool fail(reader *r, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (r->number > 0)
        snprintf(r->err, r->size, "%s:%d: %s", r->file, r->number, what);
    else
        snprintf(r->err, r->size, "%s: %s", r->file, what);
    return false;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* The next line that holds something, in r->line with its ends trimmed:
 * 1 a line, 0 the end of the text, -1 a line too long (err says so). */
static int next_line(reader *r)
{
    for (;;) {
        if (!r->next || !*r->next)
            return 0;
        const char *end = strchr(r->next, '\n');
        size_t n = end ? (size_t)(end - r->next) : strlen(r->next);
        r->number++;
        const char *from = r->next;
        r->next = end ? end + 1 : from + n;
        if (n >= sizeof r->line) {
            fail(r, "line too long (at most %d characters)", LINE_MAX_CHARS - 1);
            return -1;
        }
        while (n > 0 && is_blank(from[n - 1]))
            n--;
        while (n > 0 && is_blank(*from)) {
            from++;
            n--;
        }
        if (n == 0 || *from == '#')
            continue;
        memcpy(r->line, from, n);
        r->line[n] = '\0';
        return 1;
    }
}

/* Cuts the next word out of *p (NUL-terminating it in place); NULL when
 * none is left. */
static char *word(char **p)
{
    char *s = *p;
    while (is_blank(*s))
        s++;
    if (!*s) {
        *p = s;
        return NULL;
    }
    char *w = s;
    while (*s && !is_blank(*s))
        s++;
    if (*s)
        *s++ = '\0';
    *p = s;
    return w;
}

/* What is left of the line after the words taken so far (trimmed). */
static char *rest(char **p)
{
    char *s = *p;
    while (is_blank(*s))
        s++;
    *p = s + strlen(s);
    return s;
}

static bool extra_words(reader *r, char **p)
{
    char *w = word(p);
    if (w)
        return fail(r, "unexpected \"%s\" at the end of the line", w);
    return true;
}

/* A calculator key by its Latin name, exactly as vm_keys.h spells it. */
static int key_by_latin(const char *name)
{
    for (int k = 0; k < VM_KEY_COUNT; k++)
        if (strcmp(vm_key_get((vm_key)k)->latin, name) == 0)
            return k;
    return -1;
}

static int colour_by_name(const char *name)
{
    for (int c = 0; c < UI_COL_COUNT; c++)
        if (strcmp(colour_names[c], name) == 0)
            return c;
    return -1;
}

/* A colour component: 1 to 3 decimal digits, 0..255. */
static bool component(reader *r, const char *w, const char *what, uint8_t *out)
{
    if (!w)
        return fail(r, "the colour's %s component is missing (three numbers 0..255)", what);
    size_t n = strlen(w);
    int v = 0;
    if (n == 0 || n > 3)
        return fail(r, "bad %s component \"%s\" (a number 0..255)", what, w);
    for (size_t i = 0; i < n; i++) {
        if (w[i] < '0' || w[i] > '9')
            return fail(r, "bad %s component \"%s\" (a number 0..255)", what, w);
        v = v * 10 + (w[i] - '0');
    }
    if (v > 255)
        return fail(r, "bad %s component \"%s\" (a number 0..255)", what, w);
    *out = (uint8_t)v;
    return true;
}

/* ---- the theme ----------------------------------------------------------- */

static bool parse_theme(ui_theme *t, reader *r)
{
    bool given[UI_COL_COUNT] = {false};
    bool keyed[VM_KEY_COUNT] = {false};
    for (int k = 0; k < VM_KEY_COUNT; k++)
        t->keycap[k] = UI_COL_KEYCAP;
    int got;
    while ((got = next_line(r)) > 0) {
        char *p = r->line;
        char *verb = word(&p);
        if (strcmp(verb, "colour") == 0) {
            char *name = word(&p);
            if (!name)
                return fail(r, "colour: the colour's name is missing");
            int c = colour_by_name(name);
            if (c < 0)
                return fail(r, "unknown colour \"%s\"", name);
            if (given[c])
                return fail(r, "colour \"%s\" is given twice", name);
            ui_rgb v;
            if (!component(r, word(&p), "red", &v.r) || !component(r, word(&p), "green", &v.g) ||
                !component(r, word(&p), "blue", &v.b) || !extra_words(r, &p))
                return false;
            t->colour[c] = v;
            given[c] = true;
        } else if (strcmp(verb, "key") == 0) {
            char *name = word(&p);
            if (!name)
                return fail(r, "key: the key's name is missing");
            int k = key_by_latin(name);
            if (k < 0)
                return fail(r, "unknown calculator key \"%s\" (a Latin name: F, K, CX, R/S, ...)",
                            name);
            if (keyed[k])
                return fail(r, "key \"%s\" is given twice", name);
            char *col = word(&p);
            if (!col)
                return fail(r, "key %s: the colour is missing", name);
            int c = colour_by_name(col);
            if (c < 0)
                return fail(r, "unknown colour \"%s\"", col);
            if (!extra_words(r, &p))
                return false;
            t->keycap[k] = (ui_colour)c;
            keyed[k] = true;
        } else {
            return fail(r, "unknown line \"%s\" (colour or key)", verb);
        }
    }
    if (got < 0)
        return false;
    r->number = 0;
    for (int c = 0; c < UI_COL_COUNT; c++)
        if (!given[c])
            return fail(r, "colour \"%s\" is missing", colour_names[c]);
    return true;
}

/* ---- the keymap ---------------------------------------------------------- */

/* Whether s is exactly one UTF-8 character. */
static bool one_character(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    int n = u[0] < 0x80 ? 1 : (u[0] & 0xE0) == 0xC0 ? 2 : (u[0] & 0xF0) == 0xE0 ? 3
            : (u[0] & 0xF8) == 0xF0 ? 4 : 0;
    if (n == 0 || strlen(s) != (size_t)n)
        return false;
    for (int i = 1; i < n; i++)
        if ((u[i] & 0xC0) != 0x80)
            return false;
    return true;
}

static bool same_input(const ui_keybind *a, const ui_keybind *b)
{
    if (a->text != b->text || a->ctrl != b->ctrl)
        return false;
    /* SDL's key names are matched without regard to case. */
    return a->text ? strcmp(a->name, b->name) == 0 : strcasecmp(a->name, b->name) == 0;
}

/* Reads keymap lines after the binds already in t; lines[i] is where
 * bind i was given (for "already bound on line N"). */
static bool parse_keymap(ui_theme *t, reader *r, int lines[UI_KEYMAP_MAX])
{
    int got;
    while ((got = next_line(r)) > 0) {
        char *p = r->line;
        char *target = word(&p);
        ui_keybind b;
        memset(&b, 0, sizeof b);
        b.key = -1;
        b.action = -1;
        if (target[0] == '@') {
            for (int a = 0; a < UI_ACT_COUNT; a++)
                if (strcmp(action_names[a], target + 1) == 0)
                    b.action = a;
            if (b.action < 0)
                return fail(r, "unknown action \"%s\"", target);
        } else {
            b.key = key_by_latin(target);
            if (b.key < 0)
                return fail(r, "unknown calculator key \"%s\" (a Latin name: 7, +, ENT, R/S, ...)",
                            target);
        }
        char *how = word(&p);
        if (!how)
            return fail(r, "%s: \"text CHARACTER\" or \"key NAME\" is missing", target);
        if (strcmp(how, "text") == 0) {
            char *c = word(&p);
            if (!c)
                return fail(r, "%s text: the character is missing", target);
            if (!one_character(c))
                return fail(r, "\"%s\" is not one character", c);
            if (!extra_words(r, &p))
                return false;
            b.text = true;
            snprintf(b.name, sizeof b.name, "%s", c);
        } else if (strcmp(how, "key") == 0) {
            char *name = rest(&p);
            if (strncmp(name, "Ctrl+", 5) == 0) {
                b.ctrl = true;
                name += 5;
            }
            if (!*name)
                return fail(r, "%s key: the key's name is missing", target);
            if (strlen(name) >= sizeof b.name)
                return fail(r, "the key name \"%s\" is too long", name);
            snprintf(b.name, sizeof b.name, "%s", name);
        } else {
            return fail(r, "\"%s\": expected \"text\" or \"key\"", how);
        }
        for (int i = 0; i < t->binds; i++)
            if (same_input(&t->bind[i], &b))
                return fail(r, "\"%s%s\" is already bound on line %d", b.ctrl ? "Ctrl+" : "", b.name,
                            lines[i]);
        if (t->binds >= UI_KEYMAP_MAX)
            return fail(r, "too many bindings (at most %d)", UI_KEYMAP_MAX);
        lines[t->binds] = r->number;
        t->bind[t->binds++] = b;
    }
    return got == 0;
}

/* ---- the whole ----------------------------------------------------------- */

bool ui_theme_parse(ui_theme *t, const char *theme, const char *keymap, char *err, size_t size)
{
    memset(t, 0, sizeof *t);
    if (err && size)
        err[0] = '\0';
    char dummy[8];
    reader r = {THEME_FILE, theme, 0, {0}, err ? err : dummy, err ? size : sizeof dummy};
    if (!parse_theme(t, &r))
        return false;
    int lines[UI_KEYMAP_MAX];
    reader pk = {PANEL_KEYS_FILE, panel_keys, 0,
                 {0},             err ? err : dummy, err ? size : sizeof dummy};
    if (!parse_keymap(t, &pk, lines))
        return false;
    reader k = {KEYMAP_FILE, keymap, 0, {0}, err ? err : dummy, err ? size : sizeof dummy};
    return parse_keymap(t, &k, lines);
}

bool ui_theme_load(ui_theme *t, char *err, size_t size)
{
    return ui_theme_parse(t, ui_asset_theme, ui_asset_keymap, err, size);
}
