/*
 * mk61-ui: the SDL2 front end of the emulated MK-61 (prefix ui_).
 *
 * For now a placeholder: a calculator body with the display lit at "0." and
 * a line saying what the window will become. The keypad, the Kalah board
 * and the debugger come later.
 *
 * Exit codes: 0 closed normally, 1 a failure (font, renderer, file),
 * 2 bad usage, 3 no display could be opened (the run command then falls
 * back to the terminal front end).
 */
#include <SDL.h>
#include <SDL_ttf.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { UI_EXIT_OK = 0, UI_EXIT_FAIL = 1, UI_EXIT_USAGE = 2, UI_EXIT_NO_DISPLAY = 3 };

static const char usage[] =
    "Usage: mk61-ui [OPTIONS]\n"
    "\n"
    "The MK-61 calculator on screen (SDL2). Not finished: for now it opens\n"
    "the calculator's face with its display lit.\n"
    "\n"
    "Options:\n"
    "  --frames N          close after drawing N frames (for tests)\n"
    "  --screenshot FILE   draw one frame into FILE (BMP) and exit\n"
    "  -h, --help          show this help and exit\n"
    "  --version           show the version and exit\n"
    "\n"
    "Environment: KALAH61_FONT_DIR overrides where the fonts are looked up.\n"
    "Exit code 3 means no display could be opened.\n";

typedef struct ui_fonts {
    TTF_Font *segments; /* DSEG7, the display */
    TTF_Font *labels;   /* DejaVu Sans, every label */
} ui_fonts;

/* Opens a font by its configured path, or by its base name inside
 * $KALAH61_FONT_DIR when that is set. */
static TTF_Font *ui_open_font(const char *path, int size)
{
    const char *dir = getenv("KALAH61_FONT_DIR");
    char buf[1024];
    if (dir && *dir) {
        const char *base = strrchr(path, '/');
        snprintf(buf, sizeof buf, "%s/%s", dir, base ? base + 1 : path);
        path = buf;
    }
    TTF_Font *f = TTF_OpenFont(path, size);
    if (!f)
        fprintf(stderr, "mk61-ui: cannot open the font %s (%s); "
                "install the Debian packages fonts-dseg and fonts-dejavu-core\n",
                path, TTF_GetError());
    return f;
}

static void ui_text(SDL_Renderer *r, TTF_Font *f, const char *s, SDL_Color c,
                    int x, int y)
{
    SDL_Surface *surf = TTF_RenderUTF8_Blended(f, s, c);
    if (!surf)
        return;
    SDL_Texture *t = SDL_CreateTextureFromSurface(r, surf);
    if (t) {
        SDL_Rect dst = {x, y, surf->w, surf->h};
        SDL_RenderCopy(r, t, NULL, &dst);
        SDL_DestroyTexture(t);
    }
    SDL_FreeSurface(surf);
}

static void ui_draw(SDL_Renderer *r, const ui_fonts *fonts)
{
    const SDL_Color body = {38, 36, 34, 255}, glass = {10, 22, 18, 255};
    const SDL_Color lit = {90, 255, 190, 255}, unlit = {22, 52, 42, 255};
    const SDL_Color label = {210, 205, 195, 255};

    SDL_SetRenderDrawColor(r, body.r, body.g, body.b, 255);
    SDL_RenderClear(r);
    SDL_Rect display = {30, 30, 420, 90};
    SDL_SetRenderDrawColor(r, glass.r, glass.g, glass.b, 255);
    SDL_RenderFillRect(r, &display);
    /* Twelve positions (sign, 8 mantissa digits, exponent sign, 2 digits):
     * unlit segments first, then the lit value over them. In DSEG fonts '!'
     * is a blank of a digit's width. The MK-61 shows numbers from the left. */
    ui_text(r, fonts->segments, "8.8.8.8.8.8.8.8.8.8.8.8.", unlit, 40, 52);
    ui_text(r, fonts->segments, "!0.", lit, 40, 52);
    ui_text(r, fonts->labels, "ЭЛЕКТРОНИКА МК 61", label, 30, 140);
    ui_text(r, fonts->labels, "kalah61 " KALAH61_VERSION ": the keypad, the Kalah board", label, 30, 200);
    ui_text(r, fonts->labels, "and the bytecode debugger come here.", label, 30, 226);
    ui_text(r, fonts->labels, "Esc closes the window.", label, 30, 270);
}

/* Reads the rendered frame back and writes it as a BMP. */
static int ui_screenshot(SDL_Renderer *r, const char *file)
{
    int w, h;
    if (SDL_GetRendererOutputSize(r, &w, &h) != 0)
        return -1;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return -1;
    int rc = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch);
    if (rc == 0)
        rc = SDL_SaveBMP(s, file);
    SDL_FreeSurface(s);
    return rc;
}

int main(int argc, char **argv)
{
    long frames = -1;
    const char *shot = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(usage, stdout);
            return UI_EXIT_OK;
        }
        if (strcmp(argv[i], "--version") == 0) {
            printf("mk61-ui (kalah61) %s\n", KALAH61_VERSION);
            return UI_EXIT_OK;
        }
        if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
            char *end;
            frames = strtol(argv[++i], &end, 10);
            if (*end || frames < 1) {
                fprintf(stderr, "mk61-ui: --frames needs a whole number above 0\n");
                return UI_EXIT_USAGE;
            }
            continue;
        }
        if (strcmp(argv[i], "--screenshot") == 0 && i + 1 < argc) {
            shot = argv[++i];
            continue;
        }
        fprintf(stderr, "mk61-ui: unknown or incomplete option '%s' (see 'mk61-ui --help')\n", argv[i]);
        return UI_EXIT_USAGE;
    }

    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "mk61-ui: no display: %s\n", SDL_GetError());
        return UI_EXIT_NO_DISPLAY;
    }
    /* Without a usable display SDL quietly falls back to a driver that shows
     * nothing; unless that driver was asked for (tests, screenshots), say
     * there is no display, so that the run command can start the terminal
     * front end instead of an invisible window. */
    const char *driver = SDL_GetCurrentVideoDriver();
    const char *asked = SDL_getenv("SDL_VIDEODRIVER");
    if (driver && (strcmp(driver, "offscreen") == 0 || strcmp(driver, "dummy") == 0) &&
        !(asked && strstr(asked, driver)) && !shot) {
        fprintf(stderr, "mk61-ui: no display could be opened (SDL fell back to '%s')\n", driver);
        SDL_Quit();
        return UI_EXIT_NO_DISPLAY;
    }
    int rc = UI_EXIT_FAIL;
    SDL_Window *win = NULL;
    SDL_Renderer *ren = NULL;
    ui_fonts fonts = {NULL, NULL};
    if (TTF_Init() != 0) {
        fprintf(stderr, "mk61-ui: SDL_ttf: %s\n", TTF_GetError());
        goto out;
    }
    win = SDL_CreateWindow("kalah61: MK-61", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                           480, 320, SDL_WINDOW_RESIZABLE);
    if (!win) {
        fprintf(stderr, "mk61-ui: no display: %s\n", SDL_GetError());
        rc = UI_EXIT_NO_DISPLAY;
        goto out;
    }
    ren = SDL_CreateRenderer(win, -1, 0);
    if (!ren)
        ren = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE);
    if (!ren) {
        fprintf(stderr, "mk61-ui: no renderer: %s\n", SDL_GetError());
        goto out;
    }
    SDL_RenderSetLogicalSize(ren, 480, 320);
    fonts.segments = ui_open_font(KALAH61_FONT_SEGMENTS, 30);
    fonts.labels = ui_open_font(KALAH61_FONT_LABELS, 16);
    if (!fonts.segments || !fonts.labels)
        goto out;

    if (shot) {
        ui_draw(ren, &fonts);
        if (ui_screenshot(ren, shot) != 0) {
            fprintf(stderr, "mk61-ui: cannot write %s: %s\n", shot, SDL_GetError());
            goto out;
        }
        rc = UI_EXIT_OK;
        goto out;
    }
    for (long n = 0; frames < 0 || n < frames; n++) {
        SDL_Event ev;
        int quit = 0;
        while (SDL_PollEvent(&ev))
            if (ev.type == SDL_QUIT ||
                (ev.type == SDL_KEYDOWN && ev.key.keysym.sym == SDLK_ESCAPE))
                quit = 1;
        if (quit)
            break;
        ui_draw(ren, &fonts);
        SDL_RenderPresent(ren);
        SDL_Delay(16);
    }
    rc = UI_EXIT_OK;
out:
    if (fonts.segments)
        TTF_CloseFont(fonts.segments);
    if (fonts.labels)
        TTF_CloseFont(fonts.labels);
    if (ren)
        SDL_DestroyRenderer(ren);
    if (win)
        SDL_DestroyWindow(win);
    if (TTF_WasInit())
        TTF_Quit();
    SDL_Quit();
    return rc;
}
