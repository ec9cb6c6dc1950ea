/* ui_harness.h: the fixture and helpers of test_ui (ui_harness.c): a
 * hidden window on a session running programs/kalah.mk61, real SDL events
 * (mouse buttons and wheel, text, keys, window sizes), frames read back as
 * pixels, and small readers of the machine and the board. See test_ui.c for what the tests check. */
#ifndef UI_HARNESS_H
#define UI_HARNESS_H

#include "../kalah_program.h"
#include "asm.h"
#include "ui_app.h"
#include "ui_draw.h"
#include "ui_game_file.h"
#include "ui_panel.h"
#include "ui_search_layout.h"
#include "ui_session.h"
#include "vm_keys.h"
#include "vm_num.h"
#include "xcheck.h"

#include <SDL.h>
#include <SDL_ttf.h>
#include <check.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An assertion for loops over pixels and registers: Check's ck_assert*
 * records its place (a write to a pipe) every time it passes, which over
 * hundreds of thousands of pixels costs seconds; this one costs nothing
 * until it fails, and then fails the test as ck_assert_msg does. */
#define require(cond, ...)                                                                  \
    do {                                                                                     \
        if (!(cond))                                                                         \
            ck_abort_msg(__VA_ARGS__);                                                       \
    } while (0)

/* How near a pixel must be to the display's lit colour, and how far a
 * position's decimal point reaches past its cell (see lit_in_cell). */
#define LIT_TOL 40
#define POINT_OVERHANG 3

/* The fixture: the session and window of the running test, the last frame
 * read back (pw x ph), the scratch directory, the tests' PRNG. */
extern ui_session *S;
extern ui_app *A;
extern char *source;
extern uint32_t *px;
extern int pw, ph;
extern char scratch[64];
extern uint64_t rng_state;

/* A test case of the window: its name, test and timeout in seconds. */
typedef struct ui_case {
    const char *name;
    const TTest *test;
    int timeout;
} ui_case;

/* Adds the cases to s, each in its own TCase with the window fixture. */
void add_cases(Suite *s, const ui_case *cases, size_t n);

void remove_scratch(void);
const char *scratch_file(const char *name);
char *read_program(void);
void setup(void);
void teardown(void);
SDL_Event button_event(Uint32 type, int x, int y);
SDL_Event wheel_event(int dx, int dy);
SDL_Event size_event(int w, int h);
void mouse(Uint32 type, int x, int y);
void press_at(ui_rect r);
void release_at(ui_rect r);
void click(ui_rect r);
int pump(void);
void click_queued(ui_rect r);
SDL_Event text_event(const char *t);
SDL_Event key_event(SDL_Keycode sym, Uint16 mod);
void type_text(const char *t);
void type_key(SDL_Keycode sym, Uint16 mod);
int key_index(const char *name);
void click_key(const char *name);
void click_keys(const char *names);
void settle(void);
void shot(void);
ui_rect on_screen(ui_rect r);
uint32_t pixel(int x, int y);
uint32_t rgb_of(ui_colour c);
bool near(uint32_t p, uint32_t c, int tol);
int count_near(ui_rect r, uint32_t c, int tol);
long long channel_sum(ui_rect r);
int lit_in_cell(int i);
const char *num_text(vm_num v);
const char *display_trimmed(void);
kalah_pos board(void);
int person_side(void);
uint32_t rnd(void);
int rnd_to(int n);
int legal_pits(int pits[6]);
void play_pit(int pit);
void new_game(void);
int pixels_in(ui_rect r, ui_colour c);
int label_address(const char *name);
void set_depth(int d);
ui_search_geom search_geometry(void);
void reopen(int w, int h);

#endif
