/* The fixture and helpers of test_ui (ui_harness.h). */
#define _POSIX_C_SOURCE 200809L

#include "ui_harness.h"

#include <dirent.h>
#include <unistd.h>

/* ---- the fixture ---------------------------------------------------------------- */

ui_session *S;
ui_app *A;
char *source;
uint32_t *px; /* the last frame read back */
int pw, ph;

/* A scratch directory for saved games, made by main() before the tests
 * and removed with what is in it after them (a failed test's process ends
 * at once, without its teardown). */
char scratch[64];

void remove_scratch(void)
{
    DIR *d = opendir(scratch);
    if (d) {
        char path[sizeof scratch + sizeof((struct dirent *)0)->d_name + 2];
        for (struct dirent *e; (e = readdir(d));)
            if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
                snprintf(path, sizeof path, "%s/%s", scratch, e->d_name);
                unlink(path);
            }
        closedir(d);
    }
    rmdir(scratch);
}

const char *scratch_file(const char *name)
{
    static char path[4][sizeof scratch + 64];
    static int turn;
    turn = (turn + 1) % 4;
    snprintf(path[turn], sizeof path[turn], "%s/%s", scratch, name);
    return path[turn];
}

char *read_program(void)
{
    return kalah_program_text();
}

void setup(void)
{
    ck_assert_msg(SDL_Init(SDL_INIT_VIDEO) == 0, "SDL_Init: %s", SDL_GetError());
    ck_assert_msg(TTF_Init() == 0, "TTF_Init: %s", TTF_GetError());
    source = read_program();
    S = calloc(1, sizeof *S);
    A = calloc(1, sizeof *A);
    ck_assert(S && A);
    char err[512];
    vm_program *prog = malloc(sizeof *prog);
    vm_decl *decl = malloc(sizeof *decl);
    ck_assert(prog && decl);
    kalah_program_assemble(source, prog, decl);
    ck_assert(ui_session_load_program(S, prog, decl, "kalah.mk61"));
    free(prog);
    free(decl);
    int code = 0;
    ck_assert_msg(ui_app_open(A, S, 1280, 800, true, err, sizeof err, &code), "%s (%d)", err,
                  code);
    ui_app_frame(A, 0);
}

void teardown(void)
{
    free(px);
    px = NULL;
    ui_app_close(A);
    ui_session_free(S);
    free(A);
    free(S);
    free(source);
    TTF_Quit();
#if SDL_VERSION_ATLEAST(2, 24, 0)
    SDL_ResetHint(SDL_HINT_RENDER_DRIVER); /* the hammering's software renderer */
#endif
    SDL_Quit();
}

/* ---- events ---------------------------------------------------------------------- */

/* A left button event (type SDL_MOUSEBUTTONDOWN or UP) at window pixel
 * (x, y). */
SDL_Event button_event(Uint32 type, int x, int y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = type;
    e.button.windowID = SDL_GetWindowID(A->win);
    e.button.button = SDL_BUTTON_LEFT;
    e.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = 1;
    e.button.x = x;
    e.button.y = y;
    return e;
}

/* A wheel event: dx notches sideways, dy up (negative: down). */
SDL_Event wheel_event(int dx, int dy)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEWHEEL;
    e.wheel.windowID = SDL_GetWindowID(A->win);
    e.wheel.x = dx;
    e.wheel.y = dy;
    return e;
}

/* The window's SIZE_CHANGED event for a new size w x h. */
SDL_Event size_event(int w, int h)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_WINDOWEVENT;
    e.window.windowID = SDL_GetWindowID(A->win);
    e.window.event = SDL_WINDOWEVENT_SIZE_CHANGED;
    e.window.data1 = w;
    e.window.data2 = h;
    return e;
}

/* Mouse button events at window pixel (x, y), straight to ui_app_event. */
void mouse(Uint32 type, int x, int y)
{
    SDL_Event e = button_event(type, x, y);
    ui_app_event(A, &e);
}

void press_at(ui_rect r)
{
    int x, y;
    ui_app_centre(A, r, &x, &y);
    mouse(SDL_MOUSEBUTTONDOWN, x, y);
}

void release_at(ui_rect r)
{
    int x, y;
    ui_app_centre(A, r, &x, &y);
    mouse(SDL_MOUSEBUTTONUP, x, y);
}

void click(ui_rect r)
{
    press_at(r);
    release_at(r);
}

/* Everything in SDL's queue to ui_app_event; returns how many events. */
int pump(void)
{
    SDL_Event e;
    int n = 0;
    while (SDL_PollEvent(&e)) {
        ui_app_event(A, &e);
        n++;
    }
    return n;
}

/* A click through SDL's queue. */
void click_queued(ui_rect r)
{
    int x, y;
    ui_app_centre(A, r, &x, &y);
    for (int k = 0; k < 2; k++) {
        SDL_Event e = button_event(k == 0 ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP, x, y);
        ck_assert_int_eq(SDL_PushEvent(&e), 1);
    }
    ck_assert_int_ge(pump(), 2);
}

SDL_Event text_event(const char *t)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    e.text.windowID = SDL_GetWindowID(A->win);
    snprintf(e.text.text, sizeof e.text.text, "%s", t);
    return e;
}

SDL_Event key_event(SDL_Keycode sym, Uint16 mod)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.windowID = SDL_GetWindowID(A->win);
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = sym;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(sym);
    e.key.keysym.mod = mod;
    return e;
}

void type_text(const char *t)
{
    SDL_Event e = text_event(t);
    ui_app_event(A, &e);
}

void type_key(SDL_Keycode sym, Uint16 mod)
{
    SDL_Event e = key_event(sym, mod);
    ui_app_event(A, &e);
}

/* A calculator key by its name, clicked with the mouse. */
int key_index(const char *name)
{
    int k = vm_key_find(name);
    ck_assert_msg(k >= 0, "no key %s", name);
    return k;
}

void click_key(const char *name)
{
    click(A->layout.key[key_index(name)]);
}

/* Keys separated by spaces, each clicked. */
void click_keys(const char *names)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", names);
    for (char *save = NULL, *k = strtok_r(buf, " ", &save); k; k = strtok_r(NULL, " ", &save))
        click_key(k);
}

/* Frames of 200 ms until nothing is under way. */
void settle(void)
{
    for (int n = 0; n < 5000 && ui_session_busy(S); n++)
        ui_app_frame(A, 200);
    ck_assert_msg(!ui_session_busy(S), "still busy after 5000 frames");
}

/* ---- pixels ---------------------------------------------------------------------- */

/* Draws the present state (no time passes) and reads it back. */
void shot(void)
{
    free(px);
    ui_app_draw(A);
    px = ui_app_pixels(A, &pw, &ph);
    ck_assert_msg(px != NULL, "cannot read the frame: %s", SDL_GetError());
}

ui_rect on_screen(ui_rect r)
{
    return ui_view_rect(&A->gfx.view, r);
}

uint32_t pixel(int x, int y)
{
    require(x >= 0 && x < pw && y >= 0 && y < ph, "pixel %d,%d outside %dx%d", x, y, pw, ph);
    return px[(size_t)y * (size_t)pw + (size_t)x] & 0xFFFFFF;
}

uint32_t rgb_of(ui_colour c)
{
    ui_rgb v = A->theme.colour[c];
    return (uint32_t)v.r << 16 | (uint32_t)v.g << 8 | v.b;
}

bool near(uint32_t p, uint32_t c, int tol)
{
    for (int s = 0; s < 24; s += 8) {
        int d = (int)((p >> s) & 0xFF) - (int)((c >> s) & 0xFF);
        if (d < -tol || d > tol)
            return false;
    }
    return true;
}

/* Pixels of the design rectangle r within tol of colour c (each channel). */
int count_near(ui_rect r, uint32_t c, int tol)
{
    ui_rect p = on_screen(r);
    int n = 0;
    for (int y = p.y; y < p.y + p.h; y++)
        for (int x = p.x; x < p.x + p.w; x++)
            if (x >= 0 && x < pw && y >= 0 && y < ph && near(pixel(x, y), c, tol))
                n++;
    return n;
}

/* The sum of all channels of the design rectangle r. */
long long channel_sum(ui_rect r)
{
    ui_rect p = on_screen(r);
    long long sum = 0;
    for (int y = p.y; y < p.y + p.h; y++)
        for (int x = p.x; x < p.x + p.w; x++) {
            uint32_t v = pixel(x, y);
            sum += (v >> 16 & 0xFF) + (v >> 8 & 0xFF) + (v & 0xFF);
        }
    return sum;
}

/* The display's lit colour, with room for the font's anti-aliased edges
 * (the unlit colour is far from it). A position's decimal point sits at
 * the bottom right of its digit and reaches a few units past the cell's
 * right edge (a digit's ink spans about [x + 4, x + 30) of its cell
 * [x, x + 28)), so each position is counted from 3 units into its cell to
 * 3 units into the next one. */
int lit_in_cell(int i)
{
    ui_rect c = A->layout.cell[i];
    c.x += POINT_OVERHANG;
    return count_near(c, rgb_of(UI_COL_LIT), LIT_TOL);
}

/* ---- the machine ----------------------------------------------------------------- */

const char *num_text(vm_num v)
{
    static char buf[4][32];
    static int turn;
    turn = (turn + 1) % 4;
    vm_num_format(v, buf[turn], sizeof buf[turn]);
    return buf[turn];
}

/* The display as text with the blanks left out: "3.5", "-2.", "EГГ0Г". */
const char *display_trimmed(void)
{
    static char out[64];
    vm_display d;
    char text[64];
    vm_display_get(&S->x.m, &d);
    vm_display_text(&d, text, sizeof text);
    int n = 0;
    for (const char *p = text; *p && n < (int)sizeof out - 1; p++)
        if (*p != ' ')
            out[n++] = *p;
    out[n] = '\0';
    return out;
}

kalah_pos board(void)
{
    kalah_pos p;
    ck_assert_msg(ui_session_board(S, &p), "the board cannot be read");
    return p;
}

int person_side(void)
{
    return S->x.person_first ? KALAH_SOUTH : KALAH_NORTH;
}

/* A small deterministic generator (xorshift64*). */
uint64_t rng_state;
uint32_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 2685821657736338717ull) >> 32);
}
int rnd_to(int n)
{
    return n > 0 ? (int)(rnd() % (uint32_t)n) : 0;
}

/* The person's legal pits now (1..6), in *pits; how many. */
int legal_pits(int pits[6])
{
    kalah_pos p = board();
    int n = 0;
    for (int i = 0; i < 6; i++)
        if (p.pit[person_side()][i] > 0)
            pits[n++] = i + 1;
    return n;
}

/* The person plays pit by clicking it; the calculator answers. */
void play_pit(int pit)
{
    ck_assert_int_eq(ui_session_turn(S), 1);
    int lines = S->nchecks;
    click(A->layout.pit[0][pit - 1]);
    ck_assert_msg(ui_session_busy(S), "a click on pit %d queued nothing: %s", pit, S->status);
    settle();
    /* One more checked turn, and it is that pit the person played. */
    ck_assert_int_eq(S->nchecks, lines + 1 < UI_CHECKS_MAX ? lines + 1 : UI_CHECKS_MAX);
    const ui_check_line *c = &S->checks[S->nchecks - 1];
    ck_assert_msg(c->ok, "pit %d: %s", pit, c->text);
    ck_assert_int_eq(c->refused, 0);
    ck_assert_int_eq(c->person, pit);
}

/* New game by its button, with the settings as they are. */
void new_game(void)
{
    click(A->layout.button[UI_BTN_NEW]);
    ck_assert(ui_session_busy(S));
    settle();
    ck_assert(S->x.game_on);
    ck_assert_int_eq(ui_session_turn(S), 1);
}

/* Pixels exactly in the theme's colour c in r (design units). */
int pixels_in(ui_rect r, ui_colour c)
{
    return count_near(r, rgb_of(c), 0);
}

/* The address of the program's label. */
int label_address(const char *name)
{
    for (int a = 0; a < S->prog.length; a++)
        if (!strcmp(S->decl.label[a], name))
            return a;
    ck_abort_msg("the program has no label %s", name);
    return -1;
}

/* New game's depth, by its button. */
void set_depth(int d)
{
    for (int n = 0; n < 12 && S->depth != d; n++)
        click(A->layout.button[UI_BTN_DEPTH]);
    ck_assert_int_eq(S->depth, d);
}

/* The Search panel's geometry for the search the session holds, as it is
 * drawn. */
ui_search_geom search_geometry(void)
{
    ui_search_geom g;
    int focus[UI_SEARCH_DEPTH_MAX + 1];
    ui_search_prepare(&g, S, &A->layout, &A->look, focus);
    return g;
}

/* The window opened again at w x h (as mk61-ui --size does), drawn, with
 * the debugger open (as a window opens). The offscreen driver does not
 * grow a window's frame on a resize. */
void reopen(int w, int h)
{
    char err[512];
    int code = 0;
    ui_app_close(A);
    memset(A, 0, sizeof *A);
    ck_assert_msg(ui_app_open(A, S, w, h, true, err, sizeof err, &code), "%s (%d)", err, code);
    ui_app_frame(A, 0);
    shot();
    ck_assert_int_eq(pw, w);
    ck_assert_int_eq(ph, h);
}

/* ---- the test cases -------------------------------------------------------------- */

void add_cases(Suite *s, const ui_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        TCase *tc = tcase_create(cases[i].name);
        tcase_add_checked_fixture(tc, setup, teardown);
        tcase_set_timeout(tc, cases[i].timeout);
        tcase_add_test(tc, cases[i].test);
        suite_add_tcase(s, tc);
    }
}
