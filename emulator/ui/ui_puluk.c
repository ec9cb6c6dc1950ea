/* The window's session with a Pulúk program (ui_puluk.h). */
#include "ui_puluk.h"

#include "ui_session_internal.h"
#include "vm_state.h"
#include "vm_whole.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REPLAY_STEPS_MAX 200000000ull /* instructions a replay may take */

ui_puluk *ui_puluk_open(const vm_program *prog, const vm_decl *decl, const vm_machine *m)
{
    if (!xcheck_puluk_declared(decl))
        return NULL;
    ui_puluk *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->lines = calloc(UI_PULUK_LINES, sizeof *p->lines);
    p->points = calloc(UI_PULUK_POINTS, sizeof *p->points);
    p->x.m = *m;
    if (!p->lines || !p->points || !xcheck_puluk_watch_init(&p->x, prog, decl)) {
        ui_puluk_free(p);
        return NULL;
    }
    return p;
}

void ui_puluk_free(ui_puluk *p)
{
    if (!p)
        return;
    free(p->lines);
    free(p->points);
    free(p);
}

/* ---- runs and stops -------------------------------------------------------- */

void ui_puluk_started(ui_session *s)
{
    ui_puluk *p = s->puluk;
    p->x.m = s->x.m;
    xcheck_puluk_watch_run(&p->x);
}

void ui_puluk_step(ui_session *s)
{
    xcheck_puluk_look(&s->puluk->x, &s->x.m);
}

static void push_point(ui_puluk *p)
{
    if (p->npoints == UI_PULUK_POINTS) {
        memmove(p->points, p->points + 1, sizeof *p->points * (UI_PULUK_POINTS - 1));
        p->npoints--;
    }
    p->nredo = 0; /* a new point: the history Undo left goes */
    ui_puluk_point *pt = &p->points[p->npoints++];
    pt->watch = p->x;
    pt->lines = p->nlines;
}

static ui_puluk_line *new_line(ui_puluk *p)
{
    if (p->nlines == UI_PULUK_LINES) {
        memmove(p->lines, p->lines + 1, sizeof *p->lines * (UI_PULUK_LINES - 1));
        p->nlines--;
        for (int i = 0; i < p->npoints; i++)
            p->points[i].lines--;
    }
    p->nredo = 0; /* the line is written where Redo's lines were */
    ui_puluk_line *c = &p->lines[p->nlines++];
    memset(c, 0, sizeof *c);
    c->you_from = c->you_throw = c->calc_from = c->calc_throw = c->calc_event = -1;
    return c;
}

void ui_puluk_finished(ui_session *s)
{
    ui_puluk *p = s->puluk;
    xcheck_puluk *x = &p->x;
    int plies = x->plies;
    x->m = s->x.m;
    bool ok, refused;
    xcheck_puluk_wait before = xcheck_puluk_watch_stop(x, &ok, &refused);
    if (before == XCHECK_PULUK_START && !refused && x->wait != XCHECK_PULUK_START) {
        /* A new game: the lines and points of the last one go. */
        p->nlines = 0;
        p->npoints = p->nredo = 0;
        plies = 0;
    }
    ui_puluk_line *c = new_line(p);
    c->ok = ok;
    c->refused = refused;
    c->before = before;
    c->input = x->input;
    for (int i = plies; i < x->plies; i++) {
        const xcheck_puluk_ply *y = &x->ply[i];
        if (y->calc) {
            c->calc_from = xcheck_puluk_square(&x->lay, x->person_white, y->from);
            c->calc_throw = y->throw_value;
            c->calc_event = x->last % 10;
        } else {
            c->you_from = xcheck_puluk_square(&x->lay, x->person_white, y->from);
            c->you_throw = y->throw_value;
        }
    }
    if (!ok)
        snprintf(c->text, sizeof c->text, "%.1199s", x->report);
    if (ok && !refused &&
        (x->wait == XCHECK_PULUK_YOUR_MOVE || x->wait == XCHECK_PULUK_YOUR_THROW))
        push_point(p);
    char line[200];
    ui_puluk_state_text(s, line, sizeof line);
    if (s->halted)
        ui_session_news(s, "The calculator halted (%s): the cross-check marks it; New game "
                          "starts again",
                       s->halt_text);
    else if (!ok)
        ui_session_news(s, "The cross-check found a difference: see the red mark");
    else
        ui_session_news(s, "%s", line);
}

/* ---- the game's commands ------------------------------------------------- */

void ui_puluk_forget(ui_session *s)
{
    ui_puluk *p = s->puluk;
    vm_machine m = s->x.m;
    xcheck_puluk_watch_init(&p->x, &s->prog, &s->decl);
    p->x.m = m;
    p->nlines = p->npoints = p->nredo = 0;
}

void ui_puluk_new_game(ui_session *s)
{
    ui_puluk *p = s->puluk;
    /* К СЧ's state: the real machine's numbers depend on when its keys
     * are pressed; here on the window's clock. */
    uint64_t z = (uint64_t)(s->clock_ms * 1000.0) + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    p->rng0 = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    s->x.m.rng = p->rng0;
    int n = (s->person_first ? 0 : 2) + (p->keyed ? 1 : 0);
    char d[2] = {(char)('0' + n), 0};
    ui_session_queue(s, d);
    ui_session_queue(s, "RTN");
    ui_session_queue(s, "R/S");
    ui_session_news(s, "New game: %s first, %s", s->person_first ? "you move" : "the calculator moves",
                   p->keyed ? "you key the throws of real kernels" : "the calculator throws (К СЧ)");
}

/* Undo's and Redo's end: the watcher and machine of point pt, its lines,
 * nothing under way. */
static void go_to_point(ui_session *s, const ui_puluk_point *pt)
{
    ui_puluk *p = s->puluk;
    p->x = pt->watch;
    s->x.m = pt->watch.m;
    p->nlines = pt->lines;
    s->run_open = false;
    s->halted = false;
    s->paused = false;
    s->key_down = -1;
}

bool ui_puluk_undo(ui_session *s)
{
    ui_puluk *p = s->puluk;
    if (p->npoints < 2 || s->qpos < s->qlen) {
        ui_session_news(s, "Nothing to undo");
        return false;
    }
    p->npoints--;
    p->nredo++;
    go_to_point(s, &p->points[p->npoints - 1]);
    ui_session_news(s, "Undone: back to your last %s", p->x.wait == XCHECK_PULUK_YOUR_THROW
                                                          ? "throw"
                                                          : "move");
    return true;
}

bool ui_puluk_redo(ui_session *s)
{
    ui_puluk *p = s->puluk;
    if (p->nredo <= 0 || s->qpos < s->qlen) {
        ui_session_news(s, "Nothing to redo");
        return false;
    }
    p->nredo--;
    go_to_point(s, &p->points[p->npoints++]);
    ui_session_news(s, "Redone: your %s again%s",
                    p->x.wait == XCHECK_PULUK_YOUR_THROW ? "throw" : "move",
                    p->nredo ? "" : ", where the game was");
    return true;
}

int ui_puluk_waiting(const ui_session *s)
{
    if (!s->power || s->x.m.running || s->run_open || s->qpos < s->qlen || s->halted)
        return -1;
    return (int)s->puluk->x.wait;
}

/* Keys a number and С/П, as the person would. */
static bool key_number(ui_session *s, int v, const char *what)
{
    const vm_machine *m = &s->x.m;
    if (m->mode != VM_MODE_AUTO || m->prefix != VM_PREFIX_NONE || m->pending >= 0) {
        ui_session_news(s, "The calculator is waiting for the rest of a key sequence (F, K, П, "
                          "ИП, БП or programming mode): finish it first");
        return false;
    }
    if (m->entry != VM_ENTRY_NONE)
        ui_session_queue(s, "CX");
    char digits[16];
    snprintf(digits, sizeof digits, "%d", v);
    for (const char *c = digits; *c; c++) {
        char d[2] = {*c, 0};
        ui_session_queue(s, d);
    }
    ui_session_queue(s, "R/S");
    ui_session_news(s, "%s", what);
    return true;
}

bool ui_puluk_movable(const ui_session *s, int k)
{
    const ui_puluk *p = s->puluk;
    if (ui_puluk_waiting(s) != XCHECK_PULUK_YOUR_MOVE || k < 0 || k >= p->x.lay.ncells - 1)
        return false;
    int moves[PULUK_MAX_MOVES], n = puluk_moves(&p->x.rules, &p->x.pos, moves);
    int from = xcheck_puluk_square(&p->x.lay, p->x.person_white, k);
    for (int i = 0; i < n; i++)
        if (moves[i] == from)
            return true;
    return false;
}

bool ui_puluk_cell(ui_session *s, int k)
{
    if (ui_puluk_waiting(s) != XCHECK_PULUK_YOUR_MOVE || s->key_down >= 0) {
        char why[200];
        ui_puluk_state_text(s, why, sizeof why);
        ui_session_news(s, "Not your move now (%s)", why);
        return false;
    }
    if (!ui_puluk_movable(s, k)) {
        ui_session_news(s, "No legal move from %s with %d: pick a piece of yours that does not "
                          "land on another of yours",
                       k == 0 ? "your town" : "that strip", s->puluk->x.pos.thrown);
        return false;
    }
    char what[64];
    snprintf(what, sizeof what, "Your move: %d С/П", k);
    return key_number(s, k, what);
}

bool ui_puluk_throw(ui_session *s, int t)
{
    int w = ui_puluk_waiting(s);
    if ((w != XCHECK_PULUK_YOUR_THROW && w != XCHECK_PULUK_ITS_THROW) || s->key_down >= 0 ||
        t < 0 || t > PULUK_MAX_THROW) {
        ui_session_news(s, "No throw is asked for now");
        return false;
    }
    char what[64];
    snprintf(what, sizeof what, "%s throw: %d С/П", w == XCHECK_PULUK_YOUR_THROW ? "Your" : "Its",
             t);
    return key_number(s, t, what);
}

void ui_puluk_state_text(const ui_session *s, char *buf, size_t size)
{
    const ui_puluk *p = s->puluk;
    const ui_puluk_line *c = p->nlines ? &p->lines[p->nlines - 1] : NULL;
    const char *refused = c && c->refused ? "Refused (-1): " : "";
    if (!s->power) {
        snprintf(buf, size, "The calculator is off");
        return;
    }
    if (s->x.m.running || s->run_open || s->qpos < s->qlen) {
        snprintf(buf, size, "The calculator is thinking: %llu instructions%s",
                 (unsigned long long)ui_session_since_move(s), s->paused ? " (paused)" : "");
        return;
    }
    if (s->halted) {
        snprintf(buf, size, "The calculator halted: %s", s->halt_text);
        return;
    }
    switch (p->x.wait) {
    case XCHECK_PULUK_START:
        snprintf(buf, size, "%sNo game yet: New game, or key N В/О С/П (0..3)", refused);
        return;
    case XCHECK_PULUK_YOUR_THROW:
        snprintf(buf, size, "%sYour throw: the count of four kernels (buttons or keys)", refused);
        return;
    case XCHECK_PULUK_ITS_THROW:
        snprintf(buf, size, "%sIts throw: the kernels' count for the calculator", refused);
        return;
    case XCHECK_PULUK_YOUR_MOVE:
        snprintf(buf, size, "%sYour move with %d: click a piece of yours (or key 0..9 С/П)",
                 refused, p->x.pos.thrown);
        return;
    case XCHECK_PULUK_OVER:
        snprintf(buf, size, "Game over: %s", p->x.shown > 0 ? "you won (8)"
                                                            : "the calculator won (-8)");
        return;
    }
}

int ui_puluk_state(const ui_session *s)
{
    const ui_puluk *p = s->puluk;
    if (!s->power)
        return UI_STATE_NO_BOARD;
    if (s->x.m.running || s->run_open || s->qpos < s->qlen)
        return UI_STATE_THINKING;
    if (s->halted)
        return UI_STATE_HALTED;
    if (p->x.wait == XCHECK_PULUK_START)
        return UI_STATE_NO_GAME;
    if (p->x.wait == XCHECK_PULUK_OVER)
        return UI_STATE_OVER;
    if (p->nlines && p->lines[p->nlines - 1].refused)
        return UI_STATE_REFUSED;
    return UI_STATE_YOUR_MOVE;
}

int ui_puluk_turn(const ui_session *s)
{
    if (s->halted)
        return -2;
    int w = ui_puluk_waiting(s);
    if (w < 0)
        return s->power ? 0 : -1;
    return w == XCHECK_PULUK_YOUR_MOVE || w == XCHECK_PULUK_YOUR_THROW ||
                   w == XCHECK_PULUK_ITS_THROW
               ? 1
               : -1;
}

/* ---- saved games ------------------------------------------------------------ */

bool ui_puluk_save(const ui_session *s, char **out, char *err, size_t size)
{
    const ui_puluk *p = s->puluk;
    *out = NULL;
    size_t cap = 4096 + (size_t)p->nlines * 40;
    int need = vm_state_format(&s->x.m, NULL, 0);
    char *t = malloc(cap + (size_t)need + 1);
    if (!t) {
        snprintf(err, size, "out of memory");
        return false;
    }
    size_t n = (size_t)snprintf(t, cap,
                                "# A game of Pulúk in kalah61's window (mk61-ui). The inputs "
                                "replay the game;\n# the machine below is then taken as it was "
                                "saved.\nprogram %s\npuluk %d %d %016llX\ninputs",
                                s->prog_name, s->person_first ? 1 : 0, p->keyed ? 1 : 0,
                                (unsigned long long)p->rng0);
    for (int i = 0; i < p->nlines && n < cap - 64; i++) {
        char v[32];
        vm_num_format(p->lines[i].input, v, sizeof v);
        n += (size_t)snprintf(t + n, cap - n, " %s", v);
    }
    n += (size_t)snprintf(t + n, cap - n, "\nmachine\n");
    vm_state_format(&s->x.m, t + n, (size_t)need + 1);
    *out = t;
    return true;
}

bool ui_puluk_load(ui_session *s, const char *text, const char *name, int line0, char *err,
                   size_t size)
{
    int first = 0, keyed = 0, ninputs = 0;
    unsigned long long rng0 = 0;
    vm_num *inputs = malloc(UI_PULUK_LINES * sizeof *inputs);
    vm_machine *m = malloc(sizeof *m);
    ui_session *t = calloc(1, sizeof *t);
    bool ok = false, have = false;
    const char *machine = NULL;
    int lineno = line0, machine_line = 0;
    if (!inputs || !m || !t) {
        snprintf(err, size, "cannot load %s: out of memory", name);
        goto out;
    }
    for (const char *line = text; *line && !machine; lineno++) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        char buf[8192];
        if (len >= sizeof buf) {
            snprintf(err, size, "%s:%d: a line too long for a saved game", name, lineno);
            goto out;
        }
        memcpy(buf, line, len);
        buf[len] = '\0';
        line = nl ? nl + 1 : line + len;
        if (buf[0] == '#' || buf[0] == '\0' || strncmp(buf, "program ", 8) == 0)
            continue;
        if (strncmp(buf, "puluk ", 6) == 0) {
            have = sscanf(buf + 6, "%d %d %llX", &first, &keyed, &rng0) == 3 &&
                   (first == 0 || first == 1) && (keyed == 0 || keyed == 1);
            if (!have) {
                snprintf(err, size, "%s:%d: malformed 'puluk' line", name, lineno);
                goto out;
            }
        } else if (strncmp(buf, "inputs", 6) == 0) {
            for (char *w = strtok(buf + 6, " "); w; w = strtok(NULL, " ")) {
                if (ninputs == UI_PULUK_LINES || !vm_num_parse(w, &inputs[ninputs++])) {
                    snprintf(err, size, "%s:%d: malformed 'inputs' line", name, lineno);
                    goto out;
                }
            }
        } else if (strcmp(buf, "machine") == 0) {
            machine = line;
            machine_line = lineno + 1;
        } else {
            snprintf(err, size, "%s:%d: unknown line '%.40s' in a saved game", name, lineno, buf);
            goto out;
        }
    }
    if (!have || !machine) {
        snprintf(err, size, "%s: incomplete saved game: the %s line is missing", name,
                 have ? "machine" : "puluk");
        goto out;
    }
    vm_state_error e;
    if (!vm_state_parse(machine, m, &e)) {
        snprintf(err, size, "%s:%d: %s", name, machine_line + e.line - 1, e.message);
        goto out;
    }
    if (m->profile != s->prog.profile ||
        memcmp(m->prog, s->x.m.prog, sizeof(uint16_t) * (size_t)s->prog.length) != 0) {
        snprintf(err, size, "%s: the saved machine holds a different program from %s", name,
                 s->prog_name);
        goto out;
    }
    /* Replay on a new session, so that a failure leaves s as it was: the
     * start-up's machine with the saved К СЧ state, then each input as
     * the number in X and С/П. */
    if (!ui_session_load_program(t, &s->prog, &s->decl, s->prog_name) || !t->puluk) {
        snprintf(err, size, "cannot load %s: out of memory", name);
        goto out;
    }
    t->speed = UI_SPEED_MAX;
    t->person_first = first != 0;
    t->puluk->keyed = keyed != 0;
    t->x.m.rng = t->puluk->rng0 = rng0;
    for (int i = 0; i < ninputs; i++) {
        if (i == 0)
            vm_press(&t->x.m, VM_KEY_RTN);
        t->x.m.x = inputs[i];
        ui_session_press(t, VM_KEY_RS);
        if (!ui_session_settle(t, REPLAY_STEPS_MAX) || t->halted) {
            snprintf(err, size, "%s: replaying the saved inputs failed at the %d-th (the "
                                "program did not stop)",
                     name, i + 1);
            goto out;
        }
    }
    /* The machine as it was saved; its board must be the replay's. */
    const xcheck_puluk_layout *lay = &t->puluk->x.lay;
    for (int k = 0; k < lay->ncells; k++)
        if (!vm_num_eq(m->reg[lay->cell[k]], t->x.m.reg[lay->cell[k]])) {
            snprintf(err, size, "%s: the replayed board differs from the saved machine's (cell "
                                "%d)",
                     name, k);
            goto out;
        }
    t->x.m = *m;
    t->puluk->x.m = *m;
    snprintf(t->status, sizeof t->status, "Loaded %s", name);
    ui_session_free(s);
    *s = *t;
    s->x.prog = &s->prog;
    s->puluk->x.prog = &s->prog;
    for (int i = 0; i < s->puluk->npoints; i++)
        s->puluk->points[i].watch.prog = &s->prog;
    free(t);
    t = NULL;
    ok = true;
out:
    if (t) {
        ui_session_free(t);
        free(t);
    }
    free(inputs);
    free(m);
    return ok;
}
