/*
 * ui_gfx.h: drawing in design units (prefix ui_): the SDL renderer, the
 * view that scales the design canvas (ui_layout.h) to the window, the
 * fonts opened at that scale, and a cache of rendered texts.
 *
 * Fonts come from Debian packages: DSEG7 Classic (fonts-dseg) for the
 * display and DejaVu Sans, Sans Bold and Sans Mono (fonts-dejavu-core) for
 * everything else; their paths are found at configure time and may be
 * overridden by $KALAH61_FONT_DIR (a directory holding all four files).
 */
#ifndef UI_GFX_H
#define UI_GFX_H

#include "ui_layout.h"
#include "ui_theme.h"

#include <SDL.h>
#include <SDL_ttf.h>

#include <stdbool.h>
#include <stddef.h>

/* Fonts, each at a size in design units. */
typedef enum ui_font {
    UI_FONT_TINY,    /* the F and K labels over the keys */
    UI_FONT_SMALL,   /* register names, captions */
    UI_FONT_NORMAL,  /* buttons, panels */
    UI_FONT_BOLD,    /* headings, keycaps */
    UI_FONT_BIG,     /* stones counts, the brand */
    UI_FONT_MONO,    /* the listing, the stack, the registers */
    UI_FONT_SEGMENTS,/* the display (DSEG7) */
    UI_FONT_COUNT
} ui_font;

enum { UI_ALIGN_LEFT, UI_ALIGN_CENTRE, UI_ALIGN_RIGHT };

#define UI_TEXT_CACHE 2048

typedef struct ui_text_entry {
    char *text;
    int font, colour;
    SDL_Texture *tex;
    int w, h;          /* pixels */
    unsigned long used;/* the frame it was last drawn in */
} ui_text_entry;

typedef struct ui_gfx {
    SDL_Renderer *r;
    const ui_theme *theme;
    ui_view view;
    TTF_Font *font[UI_FONT_COUNT];
    int font_px[UI_FONT_COUNT];
    ui_text_entry cache[UI_TEXT_CACHE];
    unsigned long frame;
} ui_gfx;

/* Opens the fonts for a window of w x h pixels. False, with a message
 * naming the file and the Debian package, when a font cannot be opened. */
bool ui_gfx_open(ui_gfx *g, SDL_Renderer *r, const ui_theme *t, int w, int h, char *err,
                 size_t size);
void ui_gfx_close(ui_gfx *g);
/* The window is now w x h: a new view, fonts reopened at its scale. */
bool ui_gfx_resize(ui_gfx *g, int w, int h, char *err, size_t size);
/* Starts a frame (ages the text cache). */
void ui_gfx_begin(ui_gfx *g);

SDL_Color ui_gfx_sdl(const ui_gfx *g, ui_colour c);
void ui_gfx_fill(ui_gfx *g, ui_rect r, ui_colour c);
void ui_gfx_frame(ui_gfx *g, ui_rect r, ui_colour c);
/* A filled rectangle with rounded corners (radius in design units), in a
 * theme colour or in any colour (blended when its alpha is below 255). */
void ui_gfx_round(ui_gfx *g, ui_rect r, int radius, ui_colour c);
void ui_gfx_round_rgba(ui_gfx *g, ui_rect r, int radius, SDL_Color c);
/* A filled circle. */
void ui_gfx_disc(ui_gfx *g, int cx, int cy, int radius, ui_colour c);

/* Draws UTF-8 text with its top at y, aligned on x; returns its width in
 * design units. An empty text draws nothing. */
int ui_gfx_text(ui_gfx *g, ui_font f, const char *s, int x, int y, ui_colour c, int align);
/* Draws text centred vertically in r, aligned inside it (a margin of 4). */
void ui_gfx_text_in(ui_gfx *g, ui_font f, const char *s, ui_rect r, ui_colour c, int align);
/* The width and height of a text in design units. */
void ui_gfx_measure(ui_gfx *g, ui_font f, const char *s, int *w, int *h);
/* A font's line height, and a text's width, in design units. */
int ui_gfx_font_h(ui_gfx *g, ui_font f);
int ui_gfx_text_w(ui_gfx *g, ui_font f, const char *s);

/* A panel: an edge and the background inside it. */
void ui_gfx_panel(ui_gfx *g, ui_rect r);
/* Drawing is clipped to r (design units) until ui_gfx_unclip. */
void ui_gfx_clip(ui_gfx *g, ui_rect r);
void ui_gfx_unclip(ui_gfx *g);

#define UI_WRAP_LEN 256 /* bytes of one wrapped line */
/* Copies src into dst of size bytes, cut to fit (whole UTF-8 characters). */
void ui_copy_text(char *dst, size_t size, const char *src);
/* Splits text into lines no wider than width: at '\n', and at spaces
 * where a line would grow too wide (a word wider than width stands alone,
 * clipped by the panel). Writes at most max lines; returns how many lines
 * the whole text needs. */
int ui_gfx_wrap(ui_gfx *g, ui_font f, const char *text, int width, char out[][UI_WRAP_LEN],
                int max);

#endif
