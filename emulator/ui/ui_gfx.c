/* Drawing in design units: the view, the fonts, the text cache. */
#include "ui_gfx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each font: its file (a configured path, or a name beside the labels'
 * font) and its size in design units. */
static const struct {
    const char *file;
    int size;
} fonts[UI_FONT_COUNT] = {
    [UI_FONT_TINY] = {"DejaVuSans.ttf", 10},
    [UI_FONT_SMALL] = {"DejaVuSans.ttf", 12},
    [UI_FONT_NORMAL] = {"DejaVuSans.ttf", 14},
    [UI_FONT_BOLD] = {"DejaVuSans-Bold.ttf", 15},
    [UI_FONT_BIG] = {"DejaVuSans-Bold.ttf", 20},
    [UI_FONT_MONO] = {"DejaVuSansMono.ttf", 13},
    [UI_FONT_SEGMENTS] = {"DSEG7Classic-Regular.ttf", 34},
};

/* Where a font file is: $KALAH61_FONT_DIR, else the directory found at
 * configure time for its package. */
static void font_path(const char *file, char *buf, size_t size)
{
    const char *dir = getenv("KALAH61_FONT_DIR");
    if (dir && *dir) {
        snprintf(buf, size, "%s/%s", dir, file);
        return;
    }
    const char *base = strncmp(file, "DSEG", 4) == 0 ? KALAH61_FONT_SEGMENTS : KALAH61_FONT_LABELS;
    const char *slash = strrchr(base, '/');
    int len = slash ? (int)(slash - base) : 0;
    snprintf(buf, size, "%.*s/%s", len, base, file);
}

static void cache_clear(ui_gfx *g)
{
    for (int i = 0; i < UI_TEXT_CACHE; i++) {
        free(g->cache[i].text);
        if (g->cache[i].tex)
            SDL_DestroyTexture(g->cache[i].tex);
        memset(&g->cache[i], 0, sizeof g->cache[i]);
    }
}

static void fonts_close(ui_gfx *g)
{
    for (int i = 0; i < UI_FONT_COUNT; i++)
        if (g->font[i]) {
            TTF_CloseFont(g->font[i]);
            g->font[i] = NULL;
        }
}

bool ui_gfx_resize(ui_gfx *g, int w, int h, char *err, size_t size)
{
    g->view = ui_view_fit(w, h);
    cache_clear(g);
    fonts_close(g);
    for (int i = 0; i < UI_FONT_COUNT; i++) {
        char path[1024];
        font_path(fonts[i].file, path, sizeof path);
        int px = ui_view_len(&g->view, fonts[i].size);
        if (px < 4)
            px = 4;
        g->font[i] = TTF_OpenFont(path, px);
        g->font_px[i] = px;
        if (!g->font[i]) {
            snprintf(err, size, "cannot open the font %s (%s): install the Debian package %s", path,
                     TTF_GetError(), i == UI_FONT_SEGMENTS ? "fonts-dseg" : "fonts-dejavu-core");
            fonts_close(g);
            return false;
        }
    }
    return true;
}

bool ui_gfx_open(ui_gfx *g, SDL_Renderer *r, const ui_theme *t, int w, int h, char *err,
                 size_t size)
{
    memset(g, 0, sizeof *g);
    g->r = r;
    g->theme = t;
    return ui_gfx_resize(g, w, h, err, size);
}

void ui_gfx_close(ui_gfx *g)
{
    cache_clear(g);
    fonts_close(g);
}

void ui_gfx_begin(ui_gfx *g)
{
    g->frame++;
}

SDL_Color ui_gfx_sdl(const ui_gfx *g, ui_colour c)
{
    ui_rgb v = g->theme->colour[c];
    return (SDL_Color){v.r, v.g, v.b, 255};
}

static void set_colour(ui_gfx *g, ui_colour c)
{
    ui_rgb v = g->theme->colour[c];
    SDL_SetRenderDrawColor(g->r, v.r, v.g, v.b, 255);
}

static SDL_Rect px_rect(const ui_gfx *g, ui_rect r)
{
    ui_rect p = ui_view_rect(&g->view, r);
    return (SDL_Rect){p.x, p.y, p.w, p.h};
}

void ui_gfx_fill(ui_gfx *g, ui_rect r, ui_colour c)
{
    SDL_Rect p = px_rect(g, r);
    set_colour(g, c);
    SDL_RenderFillRect(g->r, &p);
}

void ui_gfx_frame(ui_gfx *g, ui_rect r, ui_colour c)
{
    SDL_Rect p = px_rect(g, r);
    set_colour(g, c);
    SDL_RenderDrawRect(g->r, &p);
}

void ui_gfx_round_rgba(ui_gfx *g, ui_rect r, int radius, SDL_Color c)
{
    SDL_Rect p = px_rect(g, r);
    int rad = ui_view_len(&g->view, radius);
    if (rad * 2 > p.w)
        rad = p.w / 2;
    if (rad * 2 > p.h)
        rad = p.h / 2;
    SDL_BlendMode old;
    SDL_GetRenderDrawBlendMode(g->r, &old);
    SDL_SetRenderDrawBlendMode(g->r, c.a < 255 ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(g->r, c.r, c.g, c.b, c.a);
    /* Row by row: each row inset by the circle's corner at that height. */
    for (int y = 0; y < p.h; y++) {
        int dy = y < rad ? rad - y : (y >= p.h - rad ? y - (p.h - rad - 1) : 0);
        int inset = 0;
        while (dy > 0 && inset < rad && (rad - inset) * (rad - inset) + dy * dy > rad * rad)
            inset++;
        SDL_RenderDrawLine(g->r, p.x + inset, p.y + y, p.x + p.w - 1 - inset, p.y + y);
    }
    SDL_SetRenderDrawBlendMode(g->r, old);
}

void ui_gfx_round(ui_gfx *g, ui_rect r, int radius, ui_colour c)
{
    ui_gfx_round_rgba(g, r, radius, ui_gfx_sdl(g, c));
}

void ui_gfx_disc(ui_gfx *g, int cx, int cy, int radius, ui_colour c)
{
    ui_rect box = ui_view_rect(&g->view, (ui_rect){cx - radius, cy - radius, 2 * radius, 2 * radius});
    int rad = box.w / 2;
    int x0 = box.x + rad, y0 = box.y + rad;
    set_colour(g, c);
    for (int dy = -rad; dy <= rad; dy++) {
        int dx = 0;
        while ((dx + 1) * (dx + 1) + dy * dy <= rad * rad)
            dx++;
        SDL_RenderDrawLine(g->r, x0 - dx, y0 + dy, x0 + dx, y0 + dy);
    }
}

/* A text's texture, from the cache or rendered now (NULL for "" or on a
 * failure). The least recently drawn entry makes room. */
static ui_text_entry *text_entry(ui_gfx *g, ui_font f, const char *s, ui_colour c)
{
    if (!s || !*s || !g->font[f])
        return NULL;
    unsigned long h = 5381;
    for (const char *p = s; *p; p++)
        h = h * 33 + (unsigned char)*p;
    h = h * 33 + (unsigned)f;
    h = h * 33 + (unsigned)c;
    int slot = (int)(h % UI_TEXT_CACHE), victim = slot;
    for (int k = 0; k < 16; k++) {
        ui_text_entry *e = &g->cache[(slot + k) % UI_TEXT_CACHE];
        if (e->text && e->font == (int)f && e->colour == (int)c && strcmp(e->text, s) == 0) {
            e->used = g->frame;
            return e;
        }
        if (!e->text || e->used < g->cache[victim].used)
            victim = (slot + k) % UI_TEXT_CACHE;
        if (!e->text)
            break;
    }
    ui_text_entry *e = &g->cache[victim];
    free(e->text);
    if (e->tex)
        SDL_DestroyTexture(e->tex);
    memset(e, 0, sizeof *e);
    SDL_Surface *surf = TTF_RenderUTF8_Blended(g->font[f], s, ui_gfx_sdl(g, c));
    if (!surf)
        return NULL;
    e->tex = SDL_CreateTextureFromSurface(g->r, surf);
    e->w = surf->w;
    e->h = surf->h;
    SDL_FreeSurface(surf);
    size_t n = strlen(s) + 1;
    e->text = malloc(n);
    if (!e->tex || !e->text) {
        if (e->tex)
            SDL_DestroyTexture(e->tex);
        free(e->text);
        memset(e, 0, sizeof *e);
        return NULL;
    }
    memcpy(e->text, s, n);
    e->font = (int)f;
    e->colour = (int)c;
    e->used = g->frame;
    return e;
}

static int to_design(const ui_gfx *g, int px)
{
    return (int)(px / g->view.scale + 0.5);
}

void ui_gfx_measure(ui_gfx *g, ui_font f, const char *s, int *w, int *h)
{
    int pw = 0, ph = 0;
    if (s && *s && g->font[f])
        TTF_SizeUTF8(g->font[f], s, &pw, &ph);
    else if (g->font[f])
        ph = TTF_FontHeight(g->font[f]);
    if (w)
        *w = to_design(g, pw);
    if (h)
        *h = to_design(g, ph);
}

int ui_gfx_text(ui_gfx *g, ui_font f, const char *s, int x, int y, ui_colour c, int align)
{
    ui_text_entry *e = text_entry(g, f, s, c);
    if (!e)
        return 0;
    ui_rect at = ui_view_rect(&g->view, (ui_rect){x, y, 0, 0});
    SDL_Rect dst = {at.x, at.y, e->w, e->h};
    if (align == UI_ALIGN_CENTRE)
        dst.x -= e->w / 2;
    else if (align == UI_ALIGN_RIGHT)
        dst.x -= e->w;
    SDL_RenderCopy(g->r, e->tex, NULL, &dst);
    return to_design(g, e->w);
}

void ui_gfx_text_in(ui_gfx *g, ui_font f, const char *s, ui_rect r, ui_colour c, int align)
{
    int h;
    ui_gfx_measure(g, f, s, NULL, &h);
    int y = r.y + (r.h - h) / 2;
    int x = align == UI_ALIGN_LEFT ? r.x + 4 : align == UI_ALIGN_RIGHT ? r.x + r.w - 4 : r.x + r.w / 2;
    ui_gfx_text(g, f, s, x, y, c, align);
}

/* ---- panels and text ---------------------------------------------------- */

int ui_gfx_font_h(ui_gfx *g, ui_font f)
{
    int h;
    ui_gfx_measure(g, f, "Ag", NULL, &h);
    return h;
}

int ui_gfx_text_w(ui_gfx *g, ui_font f, const char *s)
{
    int w;
    ui_gfx_measure(g, f, s, &w, NULL);
    return w;
}

void ui_gfx_panel(ui_gfx *g, ui_rect r)
{
    ui_gfx_round(g, r, 6, UI_COL_PANELEDGE);
    ui_gfx_round(g, (ui_rect){r.x + 1, r.y + 1, r.w - 2, r.h - 2}, 5, UI_COL_PANEL);
}

void ui_gfx_clip(ui_gfx *g, ui_rect r)
{
    ui_rect p = ui_view_rect(&g->view, r);
    SDL_Rect c = {p.x, p.y, p.w, p.h};
    SDL_RenderSetClipRect(g->r, &c);
}

void ui_gfx_unclip(ui_gfx *g)
{
    SDL_RenderSetClipRect(g->r, NULL);
}

void ui_copy_text(char *dst, size_t size, const char *src)
{
    size_t n = strlen(src);
    if (n >= size) {
        n = size - 1;
        while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(dst, src, n);
    dst[n] = '\0';
}

int ui_gfx_wrap(ui_gfx *g, ui_font f, const char *text, int width, char out[][UI_WRAP_LEN],
                int max)
{
    char cur[UI_WRAP_LEN] = "", cand[2 * UI_WRAP_LEN];
    int n = 0;
    const char *p = text;
    for (;;) {
        while (*p == ' ')
            p++;
        if (*p == '\n' || *p == '\0') {
            if (n < max)
                ui_copy_text(out[n], UI_WRAP_LEN, cur);
            n++;
            cur[0] = '\0';
            if (*p == '\0' || p[1] == '\0')
                break;
            p++;
            continue;
        }
        size_t len = strcspn(p, " \n");
        int wl = len < UI_WRAP_LEN - 1 ? (int)len : UI_WRAP_LEN - 1;
        if (cur[0])
            snprintf(cand, sizeof cand, "%s %.*s", cur, wl, p);
        else
            snprintf(cand, sizeof cand, "%.*s", wl, p);
        if (cur[0] && ui_gfx_text_w(g, f, cand) > width) {
            if (n < max)
                ui_copy_text(out[n], UI_WRAP_LEN, cur);
            n++;
            snprintf(cur, sizeof cur, "%.*s", wl, p);
        } else {
            ui_copy_text(cur, sizeof cur, cand);
        }
        p += len;
    }
    return n;
}
