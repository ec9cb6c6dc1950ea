/* The SDL shell: window, events, frames (ui_app.h). */
#include "ui_app.h"

#include "ui_game_file.h"
#include "ui_panel.h"
#include "ui_png.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UI_KBD_SHOW_MS 120.0 /* a typed key is shown pressed this long */

static int refresh_period(SDL_Window *w);

bool ui_app_open(ui_app *a, ui_session *s, int w, int h, bool hidden, char *err, size_t size,
                 int *code)
{
    memset(a, 0, sizeof *a);
    a->s = s;
    a->look.mouse_key = -1;
    a->look.hover_button = -1;
    a->look.whatif = -1;
    a->layout.open[UI_PANEL_DEBUGGER] = true; /* the debugger starts open */
    a->last_pc = -1;
    a->dirty = true; /* the first frame */
    a->now = SDL_GetTicks;
    snprintf(a->game_path, sizeof a->game_path, "kalah61.game");
    *code = 1;
    if (!ui_theme_load(&a->theme, err, size))
        return false;
    for (int i = 0; i < a->theme.binds; i++)
        a->keycode[i] = a->theme.bind[i].text ? SDLK_UNKNOWN
                                              : SDL_GetKeyFromName(a->theme.bind[i].name);
    Uint32 flags = SDL_WINDOW_RESIZABLE | (hidden ? SDL_WINDOW_HIDDEN : 0);
    a->win = SDL_CreateWindow("kalah61: MK-61 playing Kalah", SDL_WINDOWPOS_CENTERED,
                              SDL_WINDOWPOS_CENTERED, w, h, flags);
    if (!a->win) {
        snprintf(err, size, "no display: %s", SDL_GetError());
        *code = 3;
        return false;
    }
    SDL_SetWindowMinimumSize(a->win, 320, 200);
    a->refresh_ms = refresh_period(a->win);
    a->ren = SDL_CreateRenderer(a->win, -1, SDL_RENDERER_ACCELERATED);
    if (!a->ren)
        a->ren = SDL_CreateRenderer(a->win, -1, SDL_RENDERER_SOFTWARE);
    if (!a->ren) {
        snprintf(err, size, "no renderer: %s", SDL_GetError());
        ui_app_close(a);
        return false;
    }
    int pw, ph;
    SDL_GetRendererOutputSize(a->ren, &pw, &ph);
    if (!ui_gfx_open(&a->gfx, a->ren, &a->theme, pw, ph, err, size)) {
        ui_app_close(a);
        return false;
    }
    ui_layout_compute(&a->layout);
    SDL_StartTextInput();
    return true;
}

void ui_app_close(ui_app *a)
{
    ui_gfx_close(&a->gfx);
    if (a->ren)
        SDL_DestroyRenderer(a->ren);
    if (a->win)
        SDL_DestroyWindow(a->win);
    a->ren = NULL;
    a->win = NULL;
}

/* ---- the game line, Redo, the calculator's pits ----------------------------- */

/* The game line, as the cross-check panel shows it and mk61 calc prints
 * it ("game (you S, C1..C6 = N6..N1): kalah-6-6 3 1"), to the clipboard:
 * kalah show and kalah analyze take it back as it is. */
static void copy_game_line(ui_app *a)
{
    ui_session *s = a->s;
    char line[4096];
    if (!s->checking || !s->x.game_on) {
        snprintf(s->status, sizeof s->status, "No game to copy yet: New game first");
        return;
    }
    xcheck_game_line(&s->x, line, sizeof line);
    if (SDL_SetClipboardText(line) != 0)
        snprintf(s->status, sizeof s->status, "Cannot copy the game line: %s", SDL_GetError());
    else
        snprintf(s->status, sizeof s->status,
                 "Copied (paste it into kalah show or kalah analyze): %.1000s", line);
}

/* A click on one of the calculator's pits (the top row): it plays that row
 * itself; say so, and where the person's pits are. */
static void calc_pit_click(ui_app *a, int pit)
{
    ui_session *s = a->s;
    if (!s->checking) {
        snprintf(s->status, sizeof s->status, "%.150s has no Kalah board: no pit plays here",
                 s->prog_name);
        return;
    }
    snprintf(s->status, sizeof s->status,
             "C%d is the calculator's pit: it moves its own row. Yours are the bottom "
             "row, P1..P6%s", pit, ui_session_turn(s) == 1 ? ": click one of them" : "");
}

/* Redo: the move Undo took back, played again (ui_session_redo). */
static void redo(ui_app *a)
{
    ui_session_redo(a->s);
    a->last_pc = -1;
}

/* ---- actions ------------------------------------------------------------- */

void ui_app_set_panel(ui_app *a, ui_panel_id p, bool open)
{
    if (p < 0 || p >= UI_PANEL_COUNT || a->layout.open[p] == open)
        return;
    ui_layout_open(&a->layout, p, open);
    if (open)
        ui_panel_table[p].opened(&a->look);
}

static void action(ui_app *a, int act)
{
    ui_session *s = a->s;
    char err[512];
    if (act >= 0 && act < UI_PANEL_COUNT) { /* a panel's key opens or closes it */
        ui_app_set_panel(a, (ui_panel_id)act, !a->layout.open[act]);
        return;
    }
    switch (act) {
    case UI_ACT_NEW:
        ui_session_new_game(s);
        break;
    case UI_ACT_RUN:
        ui_session_run(s);
        break;
    case UI_ACT_PAUSE:
        ui_session_pause(s);
        break;
    case UI_ACT_STEP:
        ui_session_step(s);
        break;
    case UI_ACT_OVER:
        ui_session_over(s);
        break;
    case UI_ACT_SPEED:
        ui_session_set_speed(s, (ui_speed)((s->speed + 1) % UI_SPEED_COUNT));
        snprintf(s->status, sizeof s->status, "Speed: %s", ui_speed_name(s->speed));
        break;
    case UI_ACT_STRICT:
        s->strict = !s->strict;
        snprintf(s->status, sizeof s->status, "Strict: %s", s->strict
                 ? "on (the debugger stops at steps that are likely bugs)" : "off");
        break;
    case UI_ACT_UNDO:
        ui_session_undo(s);
        break;
    case UI_ACT_REDO:
        redo(a);
        break;
    case UI_ACT_COPY:
        copy_game_line(a);
        break;
    case UI_ACT_SAVE:
        if (ui_save_game(s, a->game_path, err, sizeof err))
            snprintf(s->status, sizeof s->status, "Saved the game to %s", a->game_path);
        else
            snprintf(s->status, sizeof s->status, "%s", err);
        break;
    case UI_ACT_LOAD:
        if (!ui_load_game(s, a->game_path, err, sizeof err))
            snprintf(s->status, sizeof s->status, "%s", err);
        a->last_pc = -1;
        break;
    case UI_ACT_QUIT:
        a->quit = true;
        break;
    case UI_ACT_CLOSE: /* the modal panels, and a what-if */
        for (int p = 0; p < UI_PANEL_COUNT; p++)
            if (ui_panel_table[p].modal)
                ui_app_set_panel(a, (ui_panel_id)p, false);
        a->look.whatif = -1;
        break;
    default:
        break;
    }
}

static void button(ui_app *a, int b)
{
    ui_session *s = a->s;
    static const int acts[UI_BTN_COUNT] = {
        [UI_BTN_NEW] = UI_ACT_NEW,     [UI_BTN_UNDO] = UI_ACT_UNDO,   [UI_BTN_REDO] = UI_ACT_REDO,
        [UI_BTN_SAVE] = UI_ACT_SAVE,
        [UI_BTN_LOAD] = UI_ACT_LOAD,   [UI_BTN_STEP] = UI_ACT_STEP,   [UI_BTN_OVER] = UI_ACT_OVER,
        [UI_BTN_RUN] = UI_ACT_RUN,     [UI_BTN_PAUSE] = UI_ACT_PAUSE, [UI_BTN_SPEED] = UI_ACT_SPEED,
        [UI_BTN_STRICT] = UI_ACT_STRICT,
    };
    int panel = ui_button_panel((ui_button)b);
    if (panel >= 0) { /* a panel's button opens or closes it */
        action(a, ui_panel_table[panel].action);
        return;
    }
    switch (b) {
    case UI_BTN_STONES:
        s->stones = s->stones % XCHECK_STONES_MAX + 1;
        break;
    case UI_BTN_DEPTH:
        s->depth = s->depth % XCHECK_DEPTH_MAX + 1; /* the depths the program plays */
        break;
    case UI_BTN_FIRST:
        s->person_first = !s->person_first;
        break;
    default:
        if (b >= 0 && b < UI_BTN_COUNT)
            action(a, acts[b]);
    }
}

/* ---- events --------------------------------------------------------------- */

static ui_hit hit_at(const ui_app *a, int px, int py)
{
    int x, y;
    ui_view_point(&a->gfx.view, px, py, &x, &y);
    return ui_layout_hit(&a->layout, x, y);
}

static void typed_key(ui_app *a, int key)
{
    ui_session_press(a->s, (vm_key)key);
    a->look.mouse_key = key;
    a->kbd_ms = UI_KBD_SHOW_MS;
}

/* Whether an open panel took a click at design point (x, y): a modal one
 * takes every click; the others are asked topmost (last drawn) first. */
static bool panel_click(ui_app *a, int x, int y)
{
    for (int modal = 1; modal >= 0; modal--)
        for (int p = UI_PANEL_COUNT - 1; p >= 0; p--) {
            const ui_panel *pn = &ui_panel_table[p];
            if (pn->modal == (modal != 0) && a->layout.open[p] &&
                (pn->click(a->s, &a->layout, &a->look, x, y) || pn->modal))
                return true;
        }
    return false;
}

static void mouse_down(ui_app *a, int px, int py)
{
    int x, y;
    ui_view_point(&a->gfx.view, px, py, &x, &y);
    if (panel_click(a, x, y))
        return;
    ui_hit h = ui_layout_hit(&a->layout, x, y);
    switch (h.kind) {
    case UI_HIT_KEY:
        a->look.mouse_key = h.index;
        a->kbd_ms = 0;
        ui_session_press(a->s, (vm_key)h.index);
        break;
    case UI_HIT_PIT:
        if (h.index > 0)
            ui_session_pit(a->s, h.index);
        else
            calc_pit_click(a, -h.index);
        break;
    case UI_HIT_BUTTON:
        button(a, h.index);
        break;
    case UI_HIT_POWER:
        ui_session_power(a->s, !a->s->power);
        break;
    case UI_HIT_ANGLE:
        ui_session_angle(a->s, h.index == 0 ? VM_RAD : h.index == 1 ? VM_GRAD : VM_DEG);
        break;
    default:
        break;
    }
}

/* The hovered pit and button; false when they are as they were (nothing
 * to draw again). */
static bool mouse_move(ui_app *a, int px, int py)
{
    ui_hit h = hit_at(a, px, py);
    int pit = h.kind == UI_HIT_PIT && h.index > 0 ? h.index : 0;
    int btn = h.kind == UI_HIT_BUTTON ? h.index : -1;
    bool changed = pit != a->look.hover_pit || btn != a->look.hover_button;
    a->look.hover_pit = pit;
    a->look.hover_button = btn;
    return changed;
}

/* Scrolls the listing by n lines (down when n > 0), stopping at its ends. */
static void scroll(ui_app *a, int n)
{
    int t = ui_listing_addr(a->s, a->look.top_line, n);
    if (t >= 0)
        a->look.top_line = t;
    else if (n < 0)
        a->look.top_line = 0;
}

static void key_down(ui_app *a, const SDL_KeyboardEvent *k)
{
    bool ctrl = (k->keysym.mod & KMOD_CTRL) != 0;
    for (int i = 0; i < a->theme.binds; i++) {
        const ui_keybind *b = &a->theme.bind[i];
        if (b->text || a->keycode[i] != k->keysym.sym || b->ctrl != ctrl)
            continue;
        if (b->action >= 0)
            action(a, b->action);
        else if (!ui_layout_modal(&a->layout)) /* a modal panel: nothing is typed */
            typed_key(a, b->key);
        return;
    }
}

static void text_input(ui_app *a, const char *text)
{
    if (ui_layout_modal(&a->layout) || (SDL_GetModState() & KMOD_CTRL))
        return;
    for (int i = 0; i < a->theme.binds; i++) {
        const ui_keybind *b = &a->theme.bind[i];
        if (b->text && b->key >= 0 && strcmp(b->name, text) == 0) {
            typed_key(a, b->key);
            return;
        }
    }
}

void ui_app_event(ui_app *a, const SDL_Event *e)
{
    bool was = a->dirty;
    a->dirty = true; /* but for a move of the mouse that changes nothing */
    switch (e->type) {
    case SDL_QUIT:
        a->quit = true;
        break;
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button == SDL_BUTTON_LEFT)
            mouse_down(a, e->button.x, e->button.y);
        break;
    case SDL_MOUSEBUTTONUP:
        if (e->button.button == SDL_BUTTON_LEFT && a->kbd_ms <= 0)
            a->look.mouse_key = -1;
        break;
    case SDL_MOUSEMOTION:
        a->dirty = mouse_move(a, e->motion.x, e->motion.y) || was;
        break;
    case SDL_MOUSEWHEEL:
        scroll(a, e->wheel.y > 0 ? -3 : e->wheel.y < 0 ? 3 : 0);
        break;
    case SDL_KEYDOWN:
        key_down(a, &e->key);
        break;
    case SDL_TEXTINPUT:
        text_input(a, e->text.text);
        break;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_MOVED) /* perhaps to another display */
            a->refresh_ms = refresh_period(a->win);
        if (e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
            int w, h;
            char err[256];
            SDL_GetRendererOutputSize(a->ren, &w, &h);
            if (!ui_gfx_resize(&a->gfx, w, h, err, sizeof err)) {
                snprintf(a->s->status, sizeof a->s->status, "%s", err);
                a->quit = true;
            }
        }
        break;
    default:
        break;
    }
}

/* ---- frames --------------------------------------------------------------- */

void ui_app_draw(ui_app *a)
{
    ui_gfx *g = &a->gfx;
    const ui_session *s = a->s;
    if (s->x.m.pc != a->last_pc) {
        a->look.top_line = ui_listing_top(s, a->look.top_line, a->layout.lines);
        a->last_pc = s->x.m.pc;
    }
    ui_gfx_begin(g);
    SDL_SetRenderDrawColor(a->ren, 0, 0, 0, 255);
    SDL_RenderClear(a->ren);
    ui_gfx_fill(g, (ui_rect){0, 0, UI_DESIGN_W, UI_DESIGN_H}, UI_COL_WINDOW);
    ui_draw_calc(g, &a->layout, s, &a->look);
    ui_draw_board(g, &a->layout, s, &a->look);
    ui_draw_check(g, &a->layout, s);
    /* The open panels over them in the table's order, the modal ones last. */
    for (int modal = 0; modal <= 1; modal++)
        for (int p = 0; p < UI_PANEL_COUNT; p++)
            if (ui_panel_table[p].modal == (modal != 0) && a->layout.open[p])
                ui_panel_table[p].draw(g, &a->layout, s, &a->look);
}

/* Lets ms pass: a typed key's moment, the session's tick. */
static void pass_time(ui_app *a, double ms)
{
    if (a->kbd_ms > 0) {
        a->kbd_ms -= ms;
        if (a->kbd_ms <= 0)
            a->look.mouse_key = -1;
    }
    ui_session_tick(a->s, ms);
}

void ui_app_frame(ui_app *a, double ms)
{
    pass_time(a, ms);
    ui_app_draw(a);
}

void ui_app_centre(const ui_app *a, ui_rect r, int *x, int *y)
{
    ui_rect p = ui_view_rect(&a->gfx.view, r);
    *x = p.x + p.w / 2;
    *y = p.y + p.h / 2;
}

uint32_t *ui_app_pixels(ui_app *a, int *w, int *h)
{
    if (SDL_GetRendererOutputSize(a->ren, w, h) != 0)
        return NULL;
    uint32_t *px = malloc((size_t)*w * (size_t)*h * 4);
    if (px && SDL_RenderReadPixels(a->ren, NULL, SDL_PIXELFORMAT_ARGB8888, px, *w * 4) != 0) {
        free(px);
        return NULL;
    }
    return px;
}

bool ui_app_screenshot(ui_app *a, const char *path, char *err, size_t size)
{
    ui_app_draw(a);
    int w, h;
    uint32_t *px = ui_app_pixels(a, &w, &h);
    if (!px) {
        snprintf(err, size, "cannot read the frame back: %s", SDL_GetError());
        return false;
    }
    bool ok = ui_png_write(path, px, w, h, w * 4, err, size);
    free(px);
    return ok;
}

bool ui_app_moving(const ui_app *a)
{
    return ui_session_busy(a->s) || a->kbd_ms > 0;
}

/* The program runs at the fastest speed: it is ticked as often as the loop
 * turns, not once a frame, so that it runs as fast as the emulator goes. */
static bool racing(const ui_app *a)
{
    const ui_session *s = a->s;
    return s->speed == UI_SPEED_MAX && s->x.m.running && !s->paused;
}

/* The display's refresh period in whole milliseconds, rounded up (so that
 * frames never come faster than it refreshes); 60 Hz when SDL cannot say. */
static int refresh_period(SDL_Window *w)
{
    SDL_DisplayMode m;
    int d = SDL_GetWindowDisplayIndex(w);
    if (d >= 0 && SDL_GetCurrentDisplayMode(d, &m) == 0 && m.refresh_rate > 0)
        return (1000 + m.refresh_rate - 1) / m.refresh_rate;
    return 17;
}

void ui_app_run(ui_app *a, long frames)
{
    Uint32 last = a->now(), next = last;
    for (long n = 0; !a->quit && (frames <= 0 || n < frames);) {
        SDL_Event e;
        bool moving = ui_app_moving(a), got;
        Sint32 wait = (Sint32)(next - a->now());
        if (racing(a))
            got = SDL_PollEvent(&e);
        else if (moving || a->dirty || frames > 0)
            got = SDL_WaitEventTimeout(&e, wait > 0 ? wait : 0);
        else
            got = SDL_WaitEvent(&e); /* idle: asleep until something happens */
        if (got) {
            ui_app_event(a, &e);
            while (SDL_PollEvent(&e))
                ui_app_event(a, &e);
        }
        /* Time passes for what moves; an idle spell is not handed to the
         * session (a run started after it would be owed that time). */
        Uint32 now = a->now();
        if (moving) {
            pass_time(a, (double)(now - last));
            a->ticked++;
            a->dirty = true;
        }
        last = now;
        if ((Sint32)(now - next) >= 0) { /* a refresh period has passed */
            if (a->dirty) {
                ui_app_draw(a);
                SDL_RenderPresent(a->ren);
                a->drawn++;
                a->dirty = false;
            }
            next = now + (Uint32)a->refresh_ms;
            n++;
        }
    }
}
