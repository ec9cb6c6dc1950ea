/*
 * mk61-ui: the MK-61 on screen, playing Kalah (SDL2 + SDL2_ttf).
 *
 * The command: options, the program file, the session and the window;
 * everything else is in ui_session (the core) and ui_app (the SDL shell).
 *
 * Exit codes: 0 closed normally, 1 a failure (program, font, renderer,
 * file), 2 bad usage, 3 no display could be opened (the run command then
 * falls back to the terminal front end).
 */
#include "mk61_cli.h"
#include "mk61_cli_data.h"
#include "ui_app.h"
#include "ui_game_file.h"
#include "ui_session.h"

#include <SDL.h>
#include <SDL_ttf.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { UI_EXIT_OK = 0, UI_EXIT_FAIL = 1, UI_EXIT_USAGE = 2, UI_EXIT_NO_DISPLAY = 3 };

#define SCRIPT_STEPS_MAX 500000000ull /* instructions the scripted start may take */

static const char usage[] =
    "Usage: mk61-ui [PROGRAM.mk61] [OPTIONS]\n"
    "\n"
    "The MK-61 calculator on screen, with the Kalah program loaded: its keypad\n"
    "and display, the Kalah board read from its registers, a debugger that\n"
    "steps through the bytecode, and every calculator move cross-checked\n"
    "against the reference engine. PROGRAM (assembler source, or a hex dump\n"
    "ending in .hex) defaults to the installed kalah.mk61 (../share/kalah61/\n"
    "beside the program's folder).\n"
    "A PROGRAM that declares a Pulúk board (puluk.mk61) gets the Pulúk\n"
    "board instead, its moves checked against the core's god; then --moves\n"
    "takes squares 0..9 (0 your town), and --stones and --depth do nothing.\n"
    "Press F1 in the window for the keyboard.\n"
    "\n"
    "Options:\n"
    "  --game FILE         where Save and Load keep the game (default kalah61.game)\n"
    "  --load FILE         start with a saved game\n"
    "  --stones N          New game's stones a pit, 1..6 (default 6)\n"
    "  --depth N           New game's search depth, 1..3 (default 2)\n"
    "  --alphabeta         New game: the calculator searches by alpha-beta\n"
    "                      (the depth key 10 + N), not minimax\n"
    "  --calculator-first  New game: the calculator moves first\n"
    "  --new               start a new game at once\n"
    "  --moves \"P P ...\"   then play these pits of yours (1..6), each answered\n"
    "  --keys \"K K ...\"    then press these keys (names as in `mk61 keys`)\n"
    "  --break ADDR        a breakpoint at ADDR (repeatable), set after --moves\n"
    "  --speed SPEED       real | x10 | x100 | fastest (default fastest)\n"
    "  --no-debugger       start with the debugger closed\n"
    "  --search            start with the Search panel open (the calculator's tree)\n"
    "  --steps N           let the last --keys run only N instructions, then pause\n"
    "                      (a picture in the middle of a search)\n"
    "  --size WxH          the window's size (default 1280x800)\n"
    "  --screenshot FILE   draw the state reached into FILE (PNG) and exit,\n"
    "                      without showing a window\n"
    "  --frames N          close after N refreshes of the display (for tests; a\n"
    "                      frame is drawn only when something changed)\n"
    "  -h, --help          show this help and exit\n"
    "  --version           show the version and exit\n"
    "\n"
    "The scripted start (--new, then --moves, then --keys) runs at the fastest\n"
    "speed; a --break stops the --keys there, with the debugger at the breakpoint.\n"
    "Environment: KALAH61_FONT_DIR overrides where the fonts are looked up.\n"
    "Exit codes: 0 done, 1 failure, 2 bad usage, 3 no display could be opened.\n";

typedef struct options {
    const char *program, *game, *load, *moves, *keys, *screenshot;
    int stones, depth, w, h;
    bool calc_first, new_game, no_debugger, search, alphabeta;
    long steps;
    int speed;
    long frames;
    int breaks[64], nbreaks;
} options;

static int bad(const char *fmt, const char *arg)
{
    fprintf(stderr, "mk61-ui: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (see 'mk61-ui --help')\n");
    return UI_EXIT_USAGE;
}

/* Parses the command line; returns -1 (CLI_GO) to go on, else an exit code.
 * Whole numbers are read by the commands' library (cli_args.h), with the
 * words of mk61's own options. */
static int parse(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->stones = 6;
    o->depth = 2;
    o->w = 1280;
    o->h = 800;
    o->speed = UI_SPEED_MAX;
    static const struct option opts[] = {
        CLI_FLAG("version"), CLI_FLAG("calculator-first"), CLI_FLAG("new"),
        CLI_FLAG("no-debugger"), CLI_OPT("game"), CLI_OPT("load"), CLI_OPT("moves"),
        CLI_OPT("keys"), CLI_OPT("screenshot"), CLI_OPT("stones"), CLI_OPT("depth"),
        CLI_OPT("break"), CLI_OPT("frames"), CLI_OPT("speed"), CLI_OPT("size"),
        CLI_OPT("steps"), CLI_FLAG("search"), CLI_FLAG("alphabeta"), {0}};
    cli_args args;
    cli_args_init(&args, "mk61-ui", argc, argv, 1, opts, "");
    cli_usage(&args, usage, NULL);
    while (cli_next(&args) > 0) {
        const char *v = args.val;
        uint64_t n;
        if (cli_flag(&args, "--version")) {
            printf("mk61-ui (kalah61) %s\n", KALAH61_VERSION);
            return UI_EXIT_OK;
        }
        if (cli_flag(&args, "--calculator-first"))
            o->calc_first = true;
        else if (cli_flag(&args, "--new"))
            o->new_game = true;
        else if (cli_flag(&args, "--no-debugger"))
            o->no_debugger = true;
        else if (cli_flag(&args, "--search"))
            o->search = true;
        else if (cli_flag(&args, "--alphabeta"))
            o->alphabeta = true;
        else if (cli_got(&args, "--game", &o->game) || cli_got(&args, "--load", &o->load) ||
                 cli_got(&args, "--moves", &o->moves) || cli_got(&args, "--keys", &o->keys) ||
                 cli_got(&args, "--screenshot", &o->screenshot) ||
                 cli_long_opt(&args, "--frames", 1, 1000000000, &o->frames) ||
                 cli_long_opt(&args, "--steps", 1, 1000000000, &o->steps))
            continue;
        else if (cli_flag(&args, "--stones")) {
            if (cli_whole(&args, 1, XCHECK_STONES_MAX, "the stones a pit, %llu..%llu", &n))
                o->stones = (int)n;
        } else if (cli_flag(&args, "--depth")) {
            if (cli_whole(&args, 1, XCHECK_DEPTH_MAX, "a depth the program plays, %llu..%llu",
                          &n))
                o->depth = (int)n;
        } else if (cli_flag(&args, "--break")) {
            if (o->nbreaks == 64)
                return bad("--break: 64 breakpoints at most, not '%s' too", v);
            if (cli_whole(&args, 0, VM_MAX_STEPS - 1, "an address, %llu..%llu", &n))
                o->breaks[o->nbreaks++] = (int)n;
        } else if (cli_flag(&args, "--speed")) {
            o->speed = -1;
            for (int k = 0; k < UI_SPEED_COUNT; k++) {
                const char *name = ui_speed_name((ui_speed)k);
                if (!strncmp(name, v, strlen(v)) && strlen(v) >= 3)
                    o->speed = k;
            }
            if (o->speed < 0)
                return bad("--speed is one of real, x10, x100, fastest, not '%s'", v);
        } else if (cli_flag(&args, "--size")) {
            int w, h;
            char extra;
            if (sscanf(v, "%dx%d%c", &w, &h, &extra) != 2 || w < 320 || h < 200 || w > 8192 ||
                h > 8192)
                return bad("--size needs WxH, at least 320x200, not '%s'", v);
            o->w = w;
            o->h = h;
        } else if (!cli_arg(&args))
            return cli_unknown(&args);
        else if (o->program)
            return bad("one program only: '%s' is a second one", v);
        else
            o->program = v;
    }
    if (args.rc != CLI_GO)
        return args.rc; /* --help (CLI_OK), or a mistake reported (CLI_USAGE) */
    if (o->steps > 0 && !o->keys)
        return bad("--steps %s: it pauses the run that the last of the keys starts",
                   "goes with --keys");
    /* --moves starts a new game, unless a saved one is loaded. */
    if (o->moves && !o->load)
        o->new_game = true;
    return CLI_GO;
}

/* The scripted start: a new game, moves, keys. -1 when it went through,
 * else an exit code (after a message). */
static int script(ui_session *s, const options *o)
{
    ui_speed speed = s->speed;
    s->speed = UI_SPEED_MAX;
    bool ok = true;
    if (o->new_game) {
        ui_session_new_game(s);
        ok = ui_session_settle(s, SCRIPT_STEPS_MAX);
    }
    char low = s->puluk ? '0' : '1', high = s->puluk ? '9' : '6';
    for (const char *p = o->moves; ok && p && *p; p++) {
        if (*p == ' ' || *p == ',')
            continue;
        if (s->puluk && *p >= low && *p <= high && (!p[1] || p[1] == ' ' || p[1] == ',')) {
            /* Pulúk: a square of the person's, 0..9 */
            if (!ui_puluk_cell(s, *p - '0')) {
                fprintf(stderr, "mk61-ui: --moves: square %c cannot be played now (%s)\n", *p,
                        s->status);
                return UI_EXIT_FAIL;
            }
            ok = ui_session_settle(s, SCRIPT_STEPS_MAX);
            continue;
        }
        if (*p < low || *p > high || (p[1] && p[1] != ' ' && p[1] != ',')) {
            if (s->puluk) {
                fprintf(stderr, "mk61-ui: --moves takes squares 0..9 separated by spaces, not "
                                "'%s'\n",
                        o->moves);
                return UI_EXIT_USAGE;
            }
            fprintf(stderr, "mk61-ui: --moves takes pits 1..6 separated by spaces, not '%s'\n",
                    o->moves);
            return UI_EXIT_USAGE;
        }
        if (!ui_session_pit(s, *p - '0')) {
            fprintf(stderr, "mk61-ui: --moves: pit %c cannot be played now (%s)\n", *p, s->status);
            return UI_EXIT_FAIL;
        }
        ok = ui_session_settle(s, SCRIPT_STEPS_MAX);
    }
    /* Breakpoints take effect after the moves, to stop the keys that follow. */
    for (int k = 0; k < o->nbreaks; k++)
        s->breakpoint[o->breaks[k]] = true;
    const char *keys = o->keys ? o->keys : "";
    int k, got;
    size_t len;
    while (ok && (got = vm_key_next(&keys, &k, &len)) != 0) {
        if (got < 0) {
            fprintf(stderr, "mk61-ui: --keys: no key named '%.*s' (see `mk61 keys`)\n", (int)len,
                    keys);
            return UI_EXIT_USAGE;
        }
        ui_session_press(s, (vm_key)k);
        const char *rest = keys;
        int next;
        size_t next_len;
        bool last = vm_key_next(&rest, &next, &next_len) == 0;
        if (o->steps > 0 && s->x.m.running && last) {
            /* The last key's run, one instruction at a time, paused after
             * --steps of them (or at a breakpoint, or where it stops). */
            uint64_t from = s->x.m.executed;
            while (s->x.m.running && s->x.m.executed - from < (uint64_t)o->steps &&
                   !(s->x.m.pc < VM_MAX_STEPS && s->breakpoint[s->x.m.pc] &&
                     s->x.m.executed > from))
                ui_session_step(s);
            if (s->x.m.running)
                snprintf(s->status, sizeof s->status, "Paused after %llu instructions: Step, "
                         "Over or Run", (unsigned long long)(s->x.m.executed - from));
        } else {
            ok = ui_session_settle(s, SCRIPT_STEPS_MAX);
        }
    }
    if (!ok)
        fprintf(stderr, "mk61-ui: the program did not stop within %llu instructions\n",
                SCRIPT_STEPS_MAX);
    s->speed = speed;
    return ok ? -1 : UI_EXIT_FAIL;
}

int main(int argc, char **argv)
{
    options o;
    int rc = parse(argc, argv, &o);
    if (rc >= 0)
        return rc;
    char installed[CLI_PATH_MAX];
    const char *path =
        o.program ? o.program : cli_data_path("kalah.mk61", installed, sizeof installed);
    vm_program prog;
    vm_decl *decl = malloc(sizeof *decl);
    ui_session *s = calloc(1, sizeof *s);
    bool loaded = decl && s && cli_load_program("mk61-ui", path, VM_PROFILE_MK61X, &prog, decl);
    for (int k = 0; loaded && k < o.nbreaks; k++)
        if (o.breaks[k] >= prog.length) {
            fprintf(stderr, "mk61-ui: --break %d is past the program's end: %s has %d steps, "
                    "addresses 0..%d\n", o.breaks[k], path, prog.length, prog.length - 1);
            free(decl);
            free(s);
            return UI_EXIT_USAGE;
        }
    if (loaded && !ui_session_load_program(s, &prog, decl, path)) {
        fprintf(stderr, "mk61-ui: out of memory\n");
        loaded = false;
    }
    free(decl);
    if (!loaded) {
        free(s);
        return UI_EXIT_FAIL;
    }
    char err[1024];
    s->stones = o.stones;
    s->depth = o.depth;
    s->alphabeta = o.alphabeta;
    s->person_first = !o.calc_first;
    rc = UI_EXIT_FAIL;
    ui_app *a = calloc(1, sizeof *a);
    if (!a)
        goto out;
    if (o.load && !ui_load_game(s, o.load, err, sizeof err)) {
        fprintf(stderr, "mk61-ui: %s\n", err);
        goto out;
    }
    if ((rc = script(s, &o)) >= 0)
        goto out;
    rc = UI_EXIT_FAIL;
    s->speed = (ui_speed)o.speed;

    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "mk61-ui: no display: %s\n", SDL_GetError());
        rc = UI_EXIT_NO_DISPLAY;
        goto out;
    }
    /* Without a usable display SDL quietly falls back to a driver that shows
     * nothing; unless that driver was asked for (tests) or no window is
     * wanted (a screenshot), say there is no display, so that the run
     * command starts the terminal front end instead of an invisible window. */
    const char *driver = SDL_GetCurrentVideoDriver();
    const char *asked = SDL_getenv("SDL_VIDEODRIVER");
    if (driver && (!strcmp(driver, "offscreen") || !strcmp(driver, "dummy")) &&
        !(asked && strstr(asked, driver)) && !o.screenshot) {
        fprintf(stderr, "mk61-ui: no display could be opened (SDL fell back to '%s')\n", driver);
        rc = UI_EXIT_NO_DISPLAY;
        goto quit;
    }
    if (TTF_Init() != 0) {
        fprintf(stderr, "mk61-ui: SDL_ttf: %s\n", TTF_GetError());
        goto quit;
    }
    int code;
    if (!ui_app_open(a, s, o.w, o.h, o.screenshot != NULL, err, sizeof err, &code)) {
        fprintf(stderr, "mk61-ui: %s\n", err);
        rc = code;
        goto quit;
    }
    if (o.game)
        snprintf(a->game_path, sizeof a->game_path, "%s", o.game);
    ui_app_set_panel(a, UI_PANEL_DEBUGGER, !o.no_debugger);
    ui_app_set_panel(a, UI_PANEL_SEARCH, o.search);
    if (o.screenshot) {
        if (ui_app_screenshot(a, o.screenshot, err, sizeof err))
            rc = UI_EXIT_OK;
        else
            fprintf(stderr, "mk61-ui: %s\n", err);
    } else {
        ui_app_run(a, o.frames);
        rc = UI_EXIT_OK;
    }
    ui_app_close(a);
quit:
    if (TTF_WasInit())
        TTF_Quit();
    SDL_Quit();
out:
    free(a);
    ui_session_free(s);
    free(s);
    return rc;
}
