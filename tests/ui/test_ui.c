/* test_ui: the SDL window (emulator/ui/ui_app.h) driven by real SDL events
 * under SDL's offscreen driver, with the frames read back as pixels.
 *
 * Every test opens a hidden 1280 x 800 window on a session running
 * programs/kalah.mk61, builds SDL_Event structs (mouse buttons at the
 * window pixel of a design rectangle's centre, typed text, keys, the wheel,
 * window events) and hands them to ui_app_event, directly or through SDL's
 * own queue (SDL_PushEvent, then SDL_PollEvent), lets time pass with
 * ui_app_frame, and then looks at the machine, the session and the pixels.
 *
 * Expected values come from the calculator's documented behaviour (3,5 В↑
 * is 3.5 in X and Y; 1 В↑ 0 ÷ is ЕГГОГ), from the reference core (the
 * final margin of a game), and from the theme's colours (assets/theme.txt,
 * read through a->theme); pixels are looked for where the layout
 * (ui_layout.h) puts things, and the listing's lines are mapped to
 * addresses with ui_listing_addr, the mapping the window's clicks use.
 *
 * Two cases hold bugs found here (both fixed): listing_wheel (a wheel event
 * with no vertical part scrolled the listing to a garbage address) and
 * save_load_while_running (a game saved while a run with no game was paused
 * could not be loaded back).
 *
 * The fixture and helpers are in ui_harness.c; whole games, saved games and
 * the hammering in test_ui_play.c; the states of the program's display
 * (the depths offered, a refused start-up, a halt, the calculator's row as
 * the person sees it) in test_ui_states.c. */
#define _POSIX_C_SOURCE 200809L

#include "ui_harness.h"

/* test_ui_play.c, test_ui_states.c, test_ui_faults.c */
void ui_play_cases(Suite *s);
void ui_states_cases(Suite *s);
void ui_faults_cases(Suite *s);
void ui_search_cases(Suite *s);
void ui_window_cases(Suite *s); /* test_ui_window.c */
void ui_think_cases(Suite *s);

/* ---- 1. the keypad by mouse ------------------------------------------------------ */

START_TEST(keypad_by_mouse)
{
    int k3 = key_index("3");
    ui_rect r = A->layout.key[k3];
    uint32_t down = rgb_of(UI_COL_KEYCAPDOWN);

    shot();
    long long released_before = channel_sum(r);
    ck_assert_int_eq(count_near(r, down, 0), 0);

    /* Held: the cap shows its pressed face. */
    press_at(r);
    ck_assert_int_eq(A->look.mouse_key, k3);
    shot();
    long long held = channel_sum(r);
    int held_down = count_near(r, down, 0);
    ck_assert_int_gt(held_down, r.w * r.h / 4);
    ck_assert(held != released_before);

    /* Released: the plain face again, exactly as before. */
    release_at(r);
    ck_assert_int_eq(A->look.mouse_key, -1);
    shot();
    ck_assert_int_eq(count_near(r, down, 0), 0);
    ck_assert(channel_sum(r) == released_before);

    /* The rest of 3,5 В↑ (the comma through SDL's queue). */
    click_queued(A->layout.key[key_index(",")]);
    click_key("5");
    ck_assert_str_eq(num_text(S->x.m.x), "3.5");
    ck_assert_str_eq(display_trimmed(), "3.5");
    click_key("В↑");
    ck_assert_str_eq(num_text(S->x.m.x), "3.5");
    ck_assert_str_eq(num_text(S->x.m.y), "3.5");
    ck_assert(vm_num_to_double(S->x.m.x) == 3.5);
    /* 3.5 + 3.5 by the + key. */
    click_key("+");
    ck_assert_str_eq(num_text(S->x.m.x), "7");
}
END_TEST

/* ---- 2. the display's pixels ----------------------------------------------------- */

START_TEST(display_pixels)
{
    /* Typing 8: the digit is in cell 1 (cell 0 is the sign); every other
     * cell shows only unlit segments. */
    type_text("8");
    ck_assert_str_eq(display_trimmed(), "8.");
    shot();
    int lit8 = lit_in_cell(1);
    ck_assert_int_gt(lit8, 0);
    for (int i = 0; i < VM_DISPLAY_CELLS; i++) {
        if (i != 1)
            ck_assert_msg(lit_in_cell(i) == 0, "cell %d lit (%d) after 8", i, lit_in_cell(i));
        /* Every cell has its unlit "8." behind the glass. */
        ck_assert_msg(count_near(A->layout.cell[i], rgb_of(UI_COL_UNLIT), 4) > 0 || i == 1,
                      "cell %d shows no unlit segments", i);
    }

    /* A fresh 1: two segments where 8 had seven. */
    click_key("Сx");
    type_text("1");
    ck_assert_str_eq(display_trimmed(), "1.");
    shot();
    int lit1 = lit_in_cell(1);
    ck_assert_int_gt(lit1, 0);
    ck_assert_msg(lit8 > 2 * lit1, "8 lit %d pixels, 1 lit %d", lit8, lit1);
    for (int i = 2; i < VM_DISPLAY_CELLS; i++)
        ck_assert_int_eq(lit_in_cell(i), 0);

    /* 1 В↑ 0 ÷: division by zero, ЕГГОГ in cells 1..5. */
    click_keys("В↑ 0 ÷");
    ck_assert(vm_halt_is_error(S->x.m.halt));
    ck_assert_int_eq(S->x.m.num_error, VM_NUM_DIV_ZERO);
    ck_assert_str_eq(display_trimmed(), "EГГ0Г");
    shot();
    for (int i = 0; i < VM_DISPLAY_CELLS; i++) {
        int n = lit_in_cell(i);
        if (i >= 1 && i <= 5)
            ck_assert_msg(n > 0, "ЕГГОГ: cell %d not lit", i);
        else
            ck_assert_msg(n == 0, "ЕГГОГ: cell %d lit (%d)", i, n);
    }
    /* Г is less than Е: three segments against four. */
    ck_assert_int_lt(lit_in_cell(2), lit_in_cell(1));

    /* Сx clears it; 1 ВП 99 В↑ ×: 10^198, an overflow. */
    click_key("Сx");
    ck_assert(!vm_halt_is_error(S->x.m.halt));
    ck_assert_str_eq(display_trimmed(), "0.");
    click_keys("1 ВП 9 9 В↑ ×");
    /* The machine keeps the result (X is 1e198) and shows ЕГГОГ. */
    ck_assert_int_eq(S->x.m.show, VM_SHOW_ERROR_RANGE);
    ck_assert_int_eq(S->x.m.warn, VM_WARN_RANGE);
    ck_assert_int_eq(S->x.m.x.exp, 198);
    ck_assert_str_eq(display_trimmed(), "EГГ0Г");
    shot();
    for (int i = 0; i < VM_DISPLAY_CELLS; i++)
        ck_assert_int_eq(lit_in_cell(i) > 0, i >= 1 && i <= 5);

    /* Power off: nothing lit at all. */
    click(A->layout.power);
    ck_assert(!S->power);
    shot();
    for (int i = 0; i < VM_DISPLAY_CELLS; i++)
        ck_assert_int_eq(lit_in_cell(i), 0);
    click(A->layout.power);
    ck_assert(S->power);
    shot();
    ck_assert_int_gt(lit_in_cell(1), 0); /* 0. */
}
END_TEST

/* ---- 3. the computer keyboard ---------------------------------------------------- */

START_TEST(keyboard)
{
    /* 7 Return 2 +: through SDL's queue. */
    SDL_Event ev[4] = {text_event("7"), key_event(SDLK_RETURN, KMOD_NONE), text_event("2"),
                       text_event("+")};
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(SDL_PushEvent(&ev[i]), 1);
    ck_assert_int_ge(pump(), 4);
    ck_assert_str_eq(num_text(S->x.m.x), "9");
    /* + took 7 from Y and dropped the stack (Z's 0 into Y); X1 keeps 2. */
    ck_assert_str_eq(num_text(S->x.m.y), "0");
    ck_assert_str_eq(num_text(S->x.m.x1), "2");
    /* The typed key is shown pressed for a moment, then released. */
    ck_assert_int_eq(A->look.mouse_key, key_index("+"));
    for (int n = 0; n < 10 && A->look.mouse_key >= 0; n++)
        ui_app_frame(A, 50);
    ck_assert_int_eq(A->look.mouse_key, -1);

    /* Every named key of the keymap is a key SDL knows. */
    int named = 0;
    for (int i = 0; i < A->theme.binds; i++) {
        const ui_keybind *b = &A->theme.bind[i];
        if (b->text)
            continue;
        SDL_Keycode k = SDL_GetKeyFromName(b->name);
        ck_assert_msg(k != SDLK_UNKNOWN, "the keymap's key \"%s\" is unknown to SDL", b->name);
        ck_assert_int_eq(A->keycode[i], k);
        named++;
    }
    ck_assert_int_ge(named, 10);

    /* Backspace is Сx; n is /-/. */
    type_key(SDLK_BACKSPACE, KMOD_NONE);
    ck_assert_str_eq(num_text(S->x.m.x), "0");
    type_text("4");
    type_text("n");
    ck_assert_str_eq(num_text(S->x.m.x), "-4");

    /* F1: the help over the right part; the calculator stays as it was. */
    shot();
    size_t bytes = (size_t)pw * (size_t)ph * 4;
    uint32_t *before = malloc(bytes);
    ck_assert_ptr_nonnull(before);
    memcpy(before, px, bytes);
    ui_rect right = {430, 20, 830, 760}, left = {0, 0, 410, 800};
    long long right_before = channel_sum(right), left_before = channel_sum(left);
    type_key(SDLK_F1, KMOD_NONE);
    ck_assert(A->layout.open[UI_PANEL_HELP]);
    shot();
    ui_rect rp = on_screen(right);
    long differ = 0;
    for (int y = rp.y; y < rp.y + rp.h; y++)
        for (int x = rp.x; x < rp.x + rp.w; x++)
            differ += pixel(x, y) != (before[(size_t)y * (size_t)pw + (size_t)x] & 0xFFFFFF);
    ck_assert_msg(differ > (long)rp.w * rp.h / 3, "the help changed only %ld pixels", differ);
    ck_assert(channel_sum(right) != right_before);
    ck_assert(channel_sum(left) == left_before);
    /* Typing goes nowhere while the help is open. */
    type_text("5");
    ck_assert_str_eq(num_text(S->x.m.x), "-4");

    /* Escape closes it: the frame is the one before, pixel for pixel. */
    type_key(SDLK_ESCAPE, KMOD_NONE);
    ck_assert(!A->layout.open[UI_PANEL_HELP]);
    shot();
    ck_assert_int_eq(memcmp(before, px, bytes), 0);
    free(before);

    /* F1 twice: open and closed again; a click closes it too. */
    type_key(SDLK_F1, KMOD_NONE);
    type_key(SDLK_F1, KMOD_NONE);
    ck_assert(!A->layout.open[UI_PANEL_HELP]);
    type_key(SDLK_F1, KMOD_NONE);
    click(A->layout.key[key_index("7")]);
    ck_assert(!A->layout.open[UI_PANEL_HELP]);
    ck_assert_str_eq(num_text(S->x.m.x), "-4"); /* the click only closed the help */

    /* F2 closes the debugger: the cross-check panel takes its place. */
    ck_assert(A->layout.open[UI_PANEL_DEBUGGER]);
    type_key(SDLK_F2, KMOD_NONE);
    ck_assert(!A->layout.open[UI_PANEL_DEBUGGER]);
    ck_assert_int_gt(A->layout.check.w, 800);
    type_key(SDLK_F2, KMOD_NONE);
    ck_assert(A->layout.open[UI_PANEL_DEBUGGER]);
}
END_TEST

/* ---- 4. the debugger -------------------------------------------------------------- */

/* The listing line drawn with the current line's background: its index,
 * -1 if none (exactly one is required). Read at the line's left edge,
 * inside the margin where the breakpoint dot is not. */
static int highlighted_line(void)
{
    shot();
    int found = -1;
    for (int i = 0; i < A->layout.lines; i++) {
        ui_rect p = on_screen(A->layout.line[i]);
        if (pixel(p.x + 1, p.y + p.h / 2) == rgb_of(UI_COL_CURRENT)) {
            ck_assert_msg(found < 0, "two current lines: %d and %d", found, i);
            found = i;
        }
    }
    return found;
}

/* The address of the highlighted line, checked to be the line holding pc:
 * address <= pc < the next line's address (if there is a next line). The
 * line's index goes to *line when line is not NULL. */
static int current_addr(int *line)
{
    int i = highlighted_line();
    ck_assert_int_ge(i, 0);
    int a = ui_listing_addr(S, A->look.top_line, i);
    int next = ui_listing_addr(S, A->look.top_line, i + 1);
    ck_assert_int_le(a, S->x.m.pc);
    ck_assert(next < 0 || S->x.m.pc < next);
    if (line)
        *line = i;
    return a;
}

/* Whether line i shows a breakpoint dot in its margin. */
static bool dot_on_line(int i)
{
    ui_rect r = A->layout.line[i];
    return count_near((ui_rect){r.x, r.y, 16, r.h}, rgb_of(UI_COL_BREAKPOINT), 8) > 0;
}

/* The listing line showing addr (scrolling with the wheel to it). */
static int line_of(int addr)
{
    for (int tries = 0; tries < 200; tries++) {
        for (int i = 0; i < A->layout.lines; i++)
            if (ui_listing_addr(S, A->look.top_line, i) == addr)
                return i;
        SDL_Event e = wheel_event(0, addr < A->look.top_line ? 1 : -1);
        ck_assert_int_eq(SDL_PushEvent(&e), 1);
        pump();
    }
    ck_abort_msg("address %d never came into the listing", addr);
    return -1;
}

START_TEST(debugger)
{
    new_game();
    ck_assert(!S->x.m.running);
    int stopped_at = S->x.m.pc;

    /* Key the person's pit 3, then Step: the program starts, one step. */
    click_key("3");
    click(A->layout.button[UI_BTN_STEP]);
    ck_assert(S->x.m.running);
    ck_assert(S->paused);
    ck_assert(!ui_session_busy(S));
    ck_assert_int_ne(S->x.m.pc, stopped_at);

    /* The highlighted line holds pc. */
    int a1 = current_addr(NULL);

    /* Steps move the highlight with pc. */
    int pc1 = S->x.m.pc;
    for (int k = 0; k < 3 && S->x.m.pc == pc1; k++)
        click(A->layout.button[UI_BTN_STEP]);
    ck_assert_int_ne(S->x.m.pc, pc1);
    int i2;
    int a2 = current_addr(&i2);
    ck_assert_int_ne(a2, a1);
    /* The display shows X while paused (not dark). */
    shot();
    int lit = 0;
    for (int i = 0; i < VM_DISPLAY_CELLS; i++)
        lit += lit_in_cell(i);
    ck_assert_int_gt(lit, 0);

    /* A click on a line toggles its breakpoint, shown as a dot. */
    int j = (i2 + 3) % A->layout.lines;
    int aj = ui_listing_addr(S, A->look.top_line, j);
    ck_assert_int_ge(aj, 0);
    ck_assert(!S->breakpoint[aj]);
    shot();
    ck_assert(!dot_on_line(j));
    click(A->layout.line[j]);
    ck_assert(S->breakpoint[aj]);
    shot();
    ck_assert(dot_on_line(j));
    for (int i = 0; i < A->layout.lines; i++)
        if (i != j)
            ck_assert_msg(!dot_on_line(i), "a dot on line %d too", i);
    click(A->layout.line[j]);
    ck_assert(!S->breakpoint[aj]);
    shot();
    ck_assert(!dot_on_line(j));

    /* A breakpoint where the program waits for the next move ("in", its
     * С/П), and Run: it stops there after the calculator's answer. */
    int in = label_address("in");
    int li = line_of(in);
    click(A->layout.line[li]);
    ck_assert(S->breakpoint[in]);
    click(A->layout.button[UI_BTN_RUN]);
    ck_assert(ui_session_busy(S));
    settle();
    ck_assert(S->x.m.running);
    ck_assert(S->paused);
    ck_assert_int_eq(S->x.m.pc, in);
    int ih = highlighted_line();
    ck_assert_int_ge(ih, 0);
    ck_assert_int_eq(ui_listing_addr(S, A->look.top_line, ih), in);
    ck_assert(dot_on_line(ih));

    /* Without it, Run finishes the turn: the С/П stops, and the turn is
     * checked against the core (pit 3 played by the person). */
    click(A->layout.line[ih]);
    ck_assert(!S->breakpoint[in]);
    click(A->layout.button[UI_BTN_RUN]);
    settle();
    ck_assert(!S->x.m.running);
    ck_assert_int_eq(S->x.m.halt, VM_HALT_STOP);
    ck_assert_int_eq(ui_session_turn(S), 1);
    ck_assert_int_ge(S->nchecks, 2);
    const ui_check_line *c = &S->checks[S->nchecks - 1];
    ck_assert_msg(c->ok, "%s", c->text);
    ck_assert_int_eq(c->person, 3);
    ck_assert_int_eq(S->x.game.played >= 1, 1);
    ck_assert_int_eq(S->x.game.moves[0], 3);

    /* Pause while running at the real speed: Speed to "real", pit 1, Pause. */
    while (S->speed != UI_SPEED_REAL)
        click(A->layout.button[UI_BTN_SPEED]);
    int pits[6];
    ck_assert_int_gt(legal_pits(pits), 0);
    click(A->layout.pit[0][pits[0] - 1]);
    for (int n = 0; n < 100 && !S->x.m.running; n++)
        ui_app_frame(A, 50);
    ck_assert(S->x.m.running);
    ui_app_frame(A, 1000);
    click(A->layout.button[UI_BTN_PAUSE]);
    ck_assert(S->paused);
    uint64_t ex = S->x.m.executed;
    ui_app_frame(A, 5000);
    ck_assert(S->x.m.executed == ex);
}
END_TEST

/* The mouse wheel scrolls the listing three lines a notch; a wheel event
 * with no vertical part (a horizontal scroll, as touchpads send) leaves it
 * where it is. */
static void wheel(int dx, int dy)
{
    SDL_Event e = wheel_event(dx, dy);
    ui_app_event(A, &e);
}

START_TEST(listing_wheel)
{
    /* pc 0 on the listing's first line, drawn as the current line. */
    ck_assert_int_eq(A->look.top_line, 0);
    ck_assert_int_eq(S->x.m.pc, 0);
    ck_assert_int_eq(highlighted_line(), 0);
    int fourth = ui_listing_addr(S, 0, 3), seventh = ui_listing_addr(S, 0, 6);
    ck_assert_int_gt(fourth, 0);

    /* A notch down: three lines on, pc's line scrolled out of sight. */
    wheel(0, -1);
    ck_assert_int_eq(A->look.top_line, fourth);
    ck_assert_int_eq(highlighted_line(), -1);

    /* Sideways: nothing moves (before any scroll up, whose walk would
     * leave the right address where the bug reads). */
    wheel(1, 0);
    ck_assert_msg(A->look.top_line == fourth, "a horizontal scroll moved the listing to %d",
                  A->look.top_line);
    wheel(-1, 0);
    ck_assert_int_eq(A->look.top_line, fourth);

    wheel(0, -1);
    ck_assert_int_eq(A->look.top_line, seventh);
    wheel(0, 1);
    ck_assert_int_eq(A->look.top_line, fourth);
    wheel(0, 1);
    ck_assert_int_eq(A->look.top_line, 0);
    wheel(0, 1); /* nothing above the start */
    ck_assert_int_eq(A->look.top_line, 0);
    ck_assert_int_eq(highlighted_line(), 0);
    for (int k = 0; k < 3; k++)
        wheel(0, -1); /* three notches: nine lines */
    ck_assert_int_eq(A->look.top_line, ui_listing_addr(S, 0, 9));
}
END_TEST

/* ---- 8. resizing ----------------------------------------------------------------- */

START_TEST(resize)
{
    uint32_t glass = rgb_of(UI_COL_GLASS);
    int x0, y0;
    ui_app_centre(A, A->layout.display, &x0, &y0);
    shot();
    ck_assert_int_eq(pw, 1280);
    ck_assert_int_eq(ph, 800);
    ck_assert_msg(near(pixel(x0, y0), glass, 2), "the glass at %d,%d is %06x", x0, y0,
                  pixel(x0, y0));

    SDL_SetWindowSize(A->win, 640, 400);
    SDL_Event e = size_event(640, 400);
    ck_assert_int_eq(SDL_PushEvent(&e), 1);
    pump();
    ck_assert(!A->quit);
    ck_assert_msg(A->gfx.view.scale > 0.49 && A->gfx.view.scale < 0.51, "scale %g",
                  A->gfx.view.scale);

    int x1, y1;
    ui_app_centre(A, A->layout.display, &x1, &y1);
    ck_assert_int_lt(x1, x0 * 3 / 4);
    ck_assert_int_lt(y1, y0 * 3 / 4);
    shot();
    ck_assert_int_eq(pw, 640);
    ck_assert_int_eq(ph, 400);
    ck_assert_msg(near(pixel(x1, y1), glass, 2), "the glass at %d,%d is %06x", x1, y1,
                  pixel(x1, y1));
    /* The old place of the glass is no longer glass. */
    ck_assert(!near(pixel(x0, y0), glass, 2));

    /* A key at its new centre: pressed, shown pressed, and it keys. */
    int k7 = key_index("7");
    press_at(A->layout.key[k7]);
    ck_assert_int_eq(A->look.mouse_key, k7);
    shot();
    ck_assert_int_gt(count_near(A->layout.key[k7], rgb_of(UI_COL_KEYCAPDOWN), 0), 0);
    release_at(A->layout.key[k7]);
    ck_assert_str_eq(num_text(S->x.m.x), "7");
    shot();
    ck_assert_int_eq(count_near(A->layout.key[k7], rgb_of(UI_COL_KEYCAPDOWN), 0), 0);
    ck_assert_int_gt(lit_in_cell(1), 0);

    /* A wide window: the canvas is centred with bars at the sides. */
    SDL_SetWindowSize(A->win, 1600, 500);
    pump();
    memset(&e, 0, sizeof e);
    e.type = SDL_WINDOWEVENT;
    e.window.event = SDL_WINDOWEVENT_SIZE_CHANGED;
    ui_app_event(A, &e);
    shot();
    ck_assert_int_eq(pw, 1600);
    ck_assert_int_eq(ph, 500);
    int x2, y2;
    ui_app_centre(A, A->layout.display, &x2, &y2);
    ck_assert(near(pixel(x2, y2), glass, 2));
    ck_assert_int_gt(A->gfx.view.ox, 0);
    click_key("8");
    ck_assert_str_eq(num_text(S->x.m.x), "78");
}
END_TEST

/* ---- the program ------------------------------------------------------------------ */

static Suite *ui_suite(void)
{
    Suite *s = suite_create("ui");
    const ui_case cases[] = {
        {"keypad", keypad_by_mouse, 120},   {"display", display_pixels, 120},
        {"keyboard", keyboard, 120},        {"debugger", debugger, 300},
        {"resize", resize, 120},            {"wheel", listing_wheel, 60},
    };
    add_cases(s, cases, sizeof cases / sizeof cases[0]);
    ui_play_cases(s);
    ui_states_cases(s);
    ui_faults_cases(s);
    ui_search_cases(s);
    ui_window_cases(s);
    ui_think_cases(s);
    return s;
}

int main(void)
{
    snprintf(scratch, sizeof scratch, "/tmp/kalah61-ui-XXXXXX");
    if (!mkdtemp(scratch)) {
        perror("test_ui: mkdtemp");
        return EXIT_FAILURE;
    }
    SRunner *sr = srunner_create(ui_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    remove_scratch();
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
