/*
 * The calculator: the body, the display, the brand, the two switches and
 * the 30 keys with their F and K labels, drawn from the session as the
 * Elektronika MK-61 looks (a dark body, a green vacuum-fluorescent display
 * behind dark glass, dark keys with F yellow, K blue and Cx red).
 *
 * The display is drawn with DSEG7 Classic, whose character map holds the
 * digits, '-', '_' (segment d alone), letters as seven segments can show
 * them, '!' (a blank as wide as a digit) and '.' (a decimal point that
 * takes no width, so "5." is a digit with its point). Each of the 12
 * positions is first drawn as "8." in the unlit colour (the faint unlit
 * segments of the real tube), then its glyph in the lit colour. Two of the
 * MK-61's glyphs are not DSEG characters: Г (segments a, e, f), shown in
 * ЕГГОГ and for the hex digit D of programming mode, and the full С (a, d,
 * e, f) for the hex digit C; see draw_gamma.
 */
#include "ui_draw.h"

#include <math.h>

/* The display's blink while a program runs at the real speed: lit for
 * BLINK_ON_MS every BLINK_PERIOD_MS. */
#define BLINK_PERIOD_MS 500.0
#define BLINK_ON_MS 60.0

/* ---- colours and shapes -------------------------------------------------- */

/* A colour scaled by f (below 1 darker, above 1 lighter, clamped). */
static SDL_Color shade(SDL_Color c, double f)
{
    double v[3] = {c.r * f, c.g * f, c.b * f};
    for (int i = 0; i < 3; i++)
        v[i] = v[i] < 0 ? 0 : v[i] > 255 ? 255 : v[i];
    return (SDL_Color){(Uint8)v[0], (Uint8)v[1], (Uint8)v[2], c.a};
}

/* Perceived brightness 0..255. */
static int brightness(SDL_Color c)
{
    return (299 * c.r + 587 * c.g + 114 * c.b) / 1000;
}

static ui_rect inset(ui_rect r, int d)
{
    return (ui_rect){r.x + d, r.y + d, r.w - 2 * d, r.h - 2 * d};
}

/* Of the light text colour and the dark ones, the one readable on c. */
static ui_colour text_on(SDL_Color c)
{
    return brightness(c) > 150 ? UI_COL_GLASS : UI_COL_KEYTEXT;
}

/* ---- the display ----------------------------------------------------------- */

/* Where the middle segment g lies in a DSEG7 glyph at the display font's
 * size, in pixels from the glyph's top left (as ui_gfx_text places it):
 * rows top..bottom, from column left on. Measured by rendering "-" (g
 * alone), as the font's outlines and hinting decide it. */
typedef struct seg_band {
    bool known;
    int top, bottom, left, w;
} seg_band;

static seg_band measure_band(ui_gfx *g)
{
    seg_band b = {false, 0, 0, 0, 0};
    TTF_Font *f = g->font[UI_FONT_SEGMENTS];
    if (!f)
        return b;
    SDL_Surface *raw = TTF_RenderUTF8_Blended(f, "-", (SDL_Color){255, 255, 255, 255});
    if (!raw)
        return b;
    SDL_Surface *s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(raw);
    if (!s)
        return b;
    int top = -1, bottom = -1, left = s->w;
    if (SDL_LockSurface(s) == 0) {
        for (int y = 0; y < s->h; y++) {
            const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch);
            for (int x = 0; x < s->w; x++)
                if ((row[x] >> 24) > 0) {
                    if (top < 0)
                        top = y;
                    bottom = y;
                    if (x < left)
                        left = x;
                }
        }
        SDL_UnlockSurface(s);
    }
    if (top >= 0) {
        b.known = true;
        b.top = top;
        b.bottom = bottom;
        b.left = left;
        b.w = s->w;
    }
    SDL_FreeSurface(s);
    return b;
}

/* Draws text clipped to the pixel rectangle clip (the renderer's own clip
 * is put back afterwards). */
static void text_clipped(ui_gfx *g, const char *s, int x, int y, ui_colour c, SDL_Rect clip)
{
    SDL_Rect old;
    bool had = SDL_RenderIsClipEnabled(g->r);
    SDL_RenderGetClipRect(g->r, &old);
    if (had)
        SDL_IntersectRect(&old, &clip, &clip);
    if (clip.w > 0 && clip.h > 0) {
        SDL_RenderSetClipRect(g->r, &clip);
        ui_gfx_text(g, UI_FONT_SEGMENTS, s, x, y, c, UI_ALIGN_LEFT);
    }
    SDL_RenderSetClipRect(g->r, had ? &old : NULL);
}

/* Г (segments a, e, f) at design (x, y): DSEG's "F" (a, e, f, g) without
 * its middle segment, drawn three times through clips: everything above
 * g's rows, everything below them, and within them only left of g (where
 * the tips of e and f are). Falls back to "F" when g cannot be measured. */
static void draw_gamma(ui_gfx *g, const seg_band *band, int x, int y, ui_colour c)
{
    if (!band->known) {
        ui_gfx_text(g, UI_FONT_SEGMENTS, "F", x, y, c, UI_ALIGN_LEFT);
        return;
    }
    ui_rect at = ui_view_rect(&g->view, (ui_rect){x, y, 0, 0});
    int pad = 8, w = band->w + 2 * pad, h = g->font_px[UI_FONT_SEGMENTS] * 2;
    SDL_Rect above = {at.x - pad, at.y - pad, w, pad + band->top};
    SDL_Rect below = {at.x - pad, at.y + band->bottom + 1, w, h};
    SDL_Rect beside = {at.x - pad, at.y + band->top, pad + band->left, band->bottom - band->top + 1};
    text_clipped(g, "F", x, y, c, above);
    text_clipped(g, "F", x, y, c, below);
    text_clipped(g, "F", x, y, c, beside);
}

/* The DSEG7 character for a display glyph of vm_display ('G' and 'C' are
 * drawn by draw_gamma; a blank is '!'). */
static char dseg_char(char glyph)
{
    if ((glyph >= '0' && glyph <= '9') || glyph == '-' || glyph == 'L' || glyph == 'E')
        return glyph;
    return '!';
}

/* What the display shows now: false when it is dark (power off, or a
 * running program's blank display between blinks). A paused program shows
 * the display as it would be stopped, so that the debugger can see X. */
static bool display_now(const ui_session *s, vm_display *d)
{
    if (!s->power)
        return false;
    const vm_machine *m = &s->x.m;
    if (m->running) {
        bool flash = s->speed == UI_SPEED_REAL && fmod(s->run_ms, BLINK_PERIOD_MS) < BLINK_ON_MS;
        if (!s->paused && !flash)
            return false;
        vm_display_stopped(m, d);
        return true;
    }
    vm_display_get(m, d);
    return !d->dark;
}

static void draw_display(ui_gfx *g, const ui_layout *l, const ui_session *s)
{
    ui_rect bezel = {l->display.x - 6, l->display.y - 6, l->display.w + 12, l->display.h + 12};
    ui_gfx_round_rgba(g, bezel, 10, shade(ui_gfx_sdl(g, UI_COL_BODY), 0.55));
    ui_gfx_round_rgba(g, inset(bezel, 2), 9, shade(ui_gfx_sdl(g, UI_COL_BODYEDGE), 0.9));
    ui_gfx_round(g, l->display, 6, UI_COL_GLASS);
    /* A faint reflection along the glass's top. */
    ui_gfx_round_rgba(g, (ui_rect){l->display.x + 10, l->display.y + 4, l->display.w - 20, 6}, 3,
               (SDL_Color){255, 255, 255, 6});

    vm_display d;
    bool lit = display_now(s, &d);
    int cw, ch;
    ui_gfx_measure(g, UI_FONT_SEGMENTS, "8", &cw, &ch);
    seg_band band = {false, 0, 0, 0, 0};
    bool measured = false;
    for (int i = 0; i < VM_DISPLAY_CELLS; i++) {
        ui_rect c = l->cell[i];
        int x = c.x + (c.w - cw) / 2, y = c.y + (c.h - ch) / 2;
        ui_gfx_text(g, UI_FONT_SEGMENTS, "8.", x, y, UI_COL_UNLIT, UI_ALIGN_LEFT);
        if (!lit)
            continue;
        char glyph = d.glyph[i];
        if (glyph == 'G' || glyph == 'C') {
            if (!measured) {
                band = measure_band(g);
                measured = true;
            }
            draw_gamma(g, &band, x, y, UI_COL_LIT);
            if (glyph == 'C')
                ui_gfx_text(g, UI_FONT_SEGMENTS, "_", x, y, UI_COL_LIT, UI_ALIGN_LEFT);
        }
        char text[3] = {dseg_char(glyph), d.point[i] ? '.' : '\0', '\0'};
        if (text[0] != '!' || text[1])
            ui_gfx_text(g, UI_FONT_SEGMENTS, text, x, y, UI_COL_LIT, UI_ALIGN_LEFT);
    }
}

/* ---- the brand and the switches ------------------------------------------ */

static void draw_brand(ui_gfx *g, const ui_layout *l)
{
    static const char *const word = "ЭЛЕКТРОНИКА", *const model = "МК 61";
    int w1, h1, w2, h2, gap = 12;
    ui_gfx_measure(g, UI_FONT_BOLD, word, &w1, &h1);
    ui_gfx_measure(g, UI_FONT_BIG, model, &w2, &h2);
    ui_rect b = l->brand;
    int x = b.x + (b.w - (w1 + gap + w2)) / 2, y = b.y + (b.h - h2) / 2;
    /* The two texts share their baseline, near their bottoms. */
    ui_gfx_text(g, UI_FONT_BOLD, word, x, y + (h2 - h1) - 1, UI_COL_BRAND, UI_ALIGN_LEFT);
    ui_gfx_text(g, UI_FONT_BIG, model, x + w1 + gap, y, UI_COL_BRAND, UI_ALIGN_LEFT);
}

/* A slide switch in r: captions over its positions, a slot under them
 * and the knob in position pos of n. */
static void draw_switch(ui_gfx *g, ui_rect r, const char *const *captions, int n, int pos)
{
    int slot_w = r.w - 16;
    for (int i = 0; i < n; i++) {
        int cx = r.x + 8 + slot_w * (2 * i + 1) / (2 * n);
        ui_gfx_text(g, UI_FONT_TINY, captions[i], cx, r.y, UI_COL_BRAND, UI_ALIGN_CENTRE);
    }
    ui_rect slot = {r.x + 8, r.y + 17, slot_w, 16};
    ui_gfx_round_rgba(g, slot, 8, shade(ui_gfx_sdl(g, UI_COL_BODY), 0.45));
    ui_gfx_round_rgba(g, (ui_rect){slot.x + 1, slot.y + slot.h - 3, slot.w - 2, 2}, 1,
               shade(ui_gfx_sdl(g, UI_COL_BODYEDGE), 1.1));
    int kw = slot_w / n;
    ui_rect knob = {slot.x + kw * pos + 2, slot.y + 2, kw - 4, slot.h - 4};
    SDL_Color metal = shade(ui_gfx_sdl(g, UI_COL_BRAND), 0.8);
    ui_gfx_round_rgba(g, knob, 5, metal);
    ui_gfx_round_rgba(g, (ui_rect){knob.x + 2, knob.y + 1, knob.w - 4, 4}, 2, shade(metal, 1.15));
    for (int i = -1; i <= 1; i++)
        ui_gfx_round_rgba(g, (ui_rect){knob.x + knob.w / 2 + 4 * i, knob.y + 3, 1, knob.h - 6}, 0,
                   shade(metal, 0.6));
}

static void draw_switches(ui_gfx *g, const ui_layout *l, const ui_session *s)
{
    static const char *const power[] = {"ВЫКЛ", "ВКЛ"};
    static const char *const angle[] = {"Р", "ГРД", "Г"};
    draw_switch(g, l->power, power, 2, s->power ? 1 : 0);
    int a = s->x.m.angle == VM_DEG ? 2 : s->x.m.angle == VM_GRAD ? 1 : 0;
    draw_switch(g, l->angle, angle, 3, a);
}

/* ---- the keys -------------------------------------------------------------- */

/* Register letters of the keys that name registers 10..14. */
static const char *const reg_letters[5] = {"А", "В", "С", "Д", "Е"};

static void draw_key(ui_gfx *g, const ui_layout *l, int k, bool down)
{
    const vm_key_info *ki = vm_key_get((vm_key)k);
    ui_colour capc = g->theme->keycap[k];
    SDL_Color cap = ui_gfx_sdl(g, capc);

    ui_gfx_text_in(g, UI_FONT_TINY, ki->f_label, l->key_f[k], UI_COL_FLABEL, UI_ALIGN_CENTRE);
    ui_gfx_text_in(g, UI_FONT_TINY, ki->k_label, l->key_k[k], UI_COL_KLABEL, UI_ALIGN_CENTRE);

    /* A cap: a shadow under it, a lighter rim and the face; pressed, it
     * sits 2 lower on its shadow and its face is darker. */
    ui_rect r = l->key[k];
    SDL_Color face = cap;
    if (down) {
        r.y += 2;
        face = capc == UI_COL_KEYCAP ? ui_gfx_sdl(g, UI_COL_KEYCAPDOWN) : shade(cap, 0.72);
        ui_gfx_round_rgba(g, (ui_rect){r.x, r.y + 1, r.w, r.h}, 7, shade(ui_gfx_sdl(g, UI_COL_BODY), 0.5));
    } else {
        ui_gfx_round_rgba(g, (ui_rect){r.x, r.y + 3, r.w, r.h}, 7, shade(ui_gfx_sdl(g, UI_COL_BODY), 0.4));
    }
    ui_gfx_round_rgba(g, r, 7, shade(face, 1.35));
    ui_rect f = {r.x + 2, r.y + 2, r.w - 4, r.h - 5};
    ui_gfx_round_rgba(g, f, 6, face);
    /* The face's upper half a shade lighter: a hint of its curve. */
    ui_gfx_round_rgba(g, (ui_rect){f.x + 2, f.y + 1, f.w - 4, f.h / 2}, 5, (SDL_Color){255, 255, 255, 14});

    ui_colour tc = text_on(cap);
    ui_gfx_text_in(g, UI_FONT_BOLD, ki->name, (ui_rect){f.x, f.y, f.w, f.h - 1}, tc,
                   UI_ALIGN_CENTRE);
    /* A register letter (registers 0..9 are named by the digits on their
     * keys already). */
    if (ki->reg >= 10 && ki->reg <= 14)
        ui_gfx_text(g, UI_FONT_SMALL, reg_letters[ki->reg - 10], f.x + f.w - 3, f.y + 1,
                    brightness(cap) > 150 ? UI_COL_GLASS : UI_COL_REGLABEL, UI_ALIGN_RIGHT);
}

/* ---- state indicators -------------------------------------------------------- */

/* Small extras at the body's bottom: the F or K prefix waiting for its
 * key (a chip in the key's colour), and ПРГ in programming mode. */
static void draw_indicators(ui_gfx *g, const ui_layout *l, const ui_session *s)
{
    if (!s->power)
        return;
    const vm_machine *m = &s->x.m;
    int y = l->calc.y + l->calc.h - 30;
    if (m->prefix == VM_PREFIX_F || m->prefix == VM_PREFIX_K) {
        vm_key key = m->prefix == VM_PREFIX_F ? VM_KEY_F : VM_KEY_K;
        ui_colour capc = g->theme->keycap[key];
        ui_rect chip = {l->calc.x + 24, y, 26, 18};
        ui_gfx_round_rgba(g, chip, 5, ui_gfx_sdl(g, capc));
        ui_gfx_text_in(g, UI_FONT_SMALL, vm_key_get(key)->name, chip,
                       text_on(ui_gfx_sdl(g, capc)), UI_ALIGN_CENTRE);
    }
    if (m->mode == VM_MODE_PROG) {
        ui_rect chip = {l->calc.x + l->calc.w - 70, y, 46, 18};
        ui_gfx_round_rgba(g, chip, 5, shade(ui_gfx_sdl(g, UI_COL_BODY), 0.6));
        ui_gfx_text_in(g, UI_FONT_SMALL, "ПРГ", chip, UI_COL_BRAND, UI_ALIGN_CENTRE);
    }
}

/* ---- the whole -------------------------------------------------------------- */

void ui_draw_calc(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look)
{
    /* The body: an edge, the face, and a slightly darker panel around the
     * display, the brand and the switches. */
    ui_gfx_round(g, l->calc, 22, UI_COL_BODYEDGE);
    ui_gfx_round(g, inset(l->calc, 3), 20, UI_COL_BODY);
    int panel_bottom = l->power.y + l->power.h + 6;
    ui_rect panel = {l->calc.x + 10, l->calc.y + 10, l->calc.w - 20,
                     panel_bottom - (l->calc.y + 10)};
    ui_gfx_round_rgba(g, panel, 14, shade(ui_gfx_sdl(g, UI_COL_BODY), 0.82));

    draw_display(g, l, s);
    draw_brand(g, l);
    draw_switches(g, l, s);

    int mouse = look ? look->mouse_key : -1;
    for (int k = 0; k < VM_KEY_COUNT; k++)
        draw_key(g, l, k, k == mouse || k == s->key_down);
    draw_indicators(g, l, s);
}
