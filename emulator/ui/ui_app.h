/*
 * ui_app.h: the SDL shell of the window (prefix ui_). It owns the window,
 * the renderer and the fonts, turns SDL events (mouse, keyboard, resizing)
 * into calls on the session (ui_session.h), ticks the session with the
 * time that passed, and draws. Tests drive it with real SDL events under
 * SDL_VIDEODRIVER=offscreen: ui_app_event for each, ui_app_frame to let
 * time pass and draw, then read the pixels back.
 *
 * Frames (ui_app_run): a frame is drawn only when something changed: an
 * event that changed what is shown, or time passing while something moves
 * (ui_app_moving: keys being pressed, a running program, a key shown held),
 * and never more often than the display refreshes (refresh_ms). An idle
 * window sleeps in SDL_WaitEvent and draws nothing; a program running at
 * the fastest speed is ticked all the time and drawn once a refresh.
 */
#ifndef UI_APP_H
#define UI_APP_H

#include "ui_draw.h"
#include "ui_gfx.h"
#include "ui_layout.h"
#include "ui_session.h"
#include "ui_theme.h"

#include <SDL.h>

#include <stdbool.h>

#define UI_PATH_MAX 1024

typedef struct ui_app {
    SDL_Window *win;
    SDL_Renderer *ren;
    ui_theme theme;
    ui_gfx gfx;
    ui_layout layout;
    ui_session *s;              /* not owned */
    ui_look look;
    SDL_Keycode keycode[UI_KEYMAP_MAX]; /* the keymap's named keys, resolved */
    double kbd_ms;              /* a key typed on the keyboard is shown
                                   pressed for a moment: time left */
    int last_pc;                /* the listing follows pc when it moves */
    bool quit;
    char game_path[UI_PATH_MAX];/* where Save and Load keep the game */
    bool dirty;                 /* something shown changed since the last frame */
    int refresh_ms;             /* the display's refresh period, ms (from
                                   SDL's display mode when the window opens
                                   or moves; a test may set its own) */
    Uint32 (*now)(void);        /* ui_app_run's clock in ms: SDL_GetTicks, or
                                   a test's own */
    long drawn;                 /* frames ui_app_run has drawn and presented */
    long ticked;                /* turns of ui_app_run that let time pass for
                                   the session (both read by the tests) */
} ui_app;

/* Opens a w x h window (hidden: not shown, for screenshots and tests).
 * False, with why in err: 3 when there is no display, 1 otherwise, in
 * *code. */
bool ui_app_open(ui_app *a, ui_session *s, int w, int h, bool hidden, char *err, size_t size,
                 int *code);
void ui_app_close(ui_app *a);

/* One SDL event. */
void ui_app_event(ui_app *a, const SDL_Event *e);
/* Lets ms pass (the session's tick) and draws a frame (not presented). */
void ui_app_frame(ui_app *a, double ms);
/* Draws the present state (no time passes). */
void ui_app_draw(ui_app *a);
/* The centre of a design rectangle in window pixels (where a test clicks). */
void ui_app_centre(const ui_app *a, ui_rect r, int *x, int *y);
/* The window's pixels as 0xAARRGGBB (malloc'd; w, h set). */
uint32_t *ui_app_pixels(ui_app *a, int *w, int *h);
/* Draws and writes a PNG. */
bool ui_app_screenshot(ui_app *a, const char *path, char *err, size_t size);
/* Opens or closes a panel (ui_panels.h), as its button and key do. */
void ui_app_set_panel(ui_app *a, ui_panel_id p, bool open);
/* Whether what is shown changes as time passes: keys queued or shown
 * held, or the program running (not paused). */
bool ui_app_moving(const ui_app *a);
/* Runs the window until it is closed, or, if frames > 0, until that many
 * refresh periods have passed (drawing only the frames needed: a->drawn). */
void ui_app_run(ui_app *a, long frames);

#endif
