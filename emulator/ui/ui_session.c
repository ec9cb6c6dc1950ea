/* The window's core: one machine, its keys, its speed, the debugger's
 * commands, the cross-check lines and the undo points (ui_session.h). */
#include "ui_session.h"

#include "vm_whole.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const speed_names[UI_SPEED_COUNT] = {"real (MK-61)", "x10", "x100",
                                                        "fastest"};

const char *ui_speed_name(ui_speed v)
{
    return v >= 0 && v < UI_SPEED_COUNT ? speed_names[v] : "?";
}

static void news(ui_session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void news(ui_session *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->status, sizeof s->status, fmt, ap);
    va_end(ap);
    /* One line: a message that ends a line of its own (the cross-check's
     * reports) or holds several loses its line breaks. */
    size_t n = strlen(s->status);
    while (n > 0 && (s->status[n - 1] == '\n' || s->status[n - 1] == ' '))
        s->status[--n] = '\0';
    for (char *c = s->status; *c; c++)
        if (*c == '\n' || *c == '\r' || *c == '\t')
            *c = ' ';
}

/* Registers as they are now, so that the debugger marks what the next
 * command changes. */
static void mark_registers(ui_session *s)
{
    memcpy(s->regs_before, s->x.m.reg, sizeof s->regs_before);
}

static void push_point(ui_session *s)
{
    if (s->npoints == UI_HISTORY_MAX) {
        memmove(s->points, s->points + 1, sizeof *s->points * (UI_HISTORY_MAX - 1));
        s->npoints--;
    }
    ui_point *p = &s->points[s->npoints++];
    p->plies = s->x.game.played;
    p->checks = s->nchecks;
    p->watch = s->x;
}

/* Forgets the game: no lines, no undo points, no last moves. */
static void forget_game(ui_session *s)
{
    s->nchecks = 0;
    s->npoints = 0;
    s->nredo = 0;
    s->nlast[0] = s->nlast[1] = 0;
    s->run_open = false;
}

bool ui_session_load_program(ui_session *s, const vm_program *prog, const vm_decl *decl,
                             const char *name)
{
    ui_check_line *checks = s->checks;
    ui_point *points = s->points;
    if (!checks)
        checks = calloc(UI_CHECKS_MAX, sizeof *checks);
    if (!points)
        points = calloc(UI_HISTORY_MAX, sizeof *points);
    if (!checks || !points) {
        free(checks);
        free(points);
        return false;
    }
    xcheck_judge judge = s->judge; /* its table holds positions: keep it */
    xcheck_free(&s->x);
    ui_search_free(&s->search);
    memset(s, 0, sizeof *s);
    s->checks = checks;
    s->points = points;
    s->judge = judge;
    s->judge.max_nodes = UI_JUDGE_NODES;
    s->judge.tt_bytes = UI_JUDGE_TT;
    s->prog = *prog;
    s->decl = *decl;
    snprintf(s->prog_name, sizeof s->prog_name, "%s", name ? name : "program");
    s->stones = XCHECK_STONES_DEFAULT;
    s->depth = XCHECK_DEPTH_DEFAULT;
    s->person_first = true;
    s->speed = UI_SPEED_MAX;
    s->over_rsp = -1;
    s->key_down = -1;
    s->power = true;
    vm_load(&s->x.m, &s->prog);
    s->checking = xcheck_watch_init(&s->x, &s->prog, &s->decl);
    ui_search_init(&s->search, &s->prog, &s->decl);
    mark_registers(s);
    if (s->checking)
        news(s, "Press New game (or key stones В↑ depth В↑ 1 В/О С/П)");
    else
        news(s, "%s loaded: %d steps (no Kalah board: %.*s)", s->prog_name, s->prog.length,
             (int)strcspn(s->x.report, "\n"), s->x.report);
    return true;
}

void ui_session_free(ui_session *s)
{
    xcheck_free(&s->x);
    xcheck_judge_free(&s->judge);
    ui_search_free(&s->search);
    free(s->checks);
    free(s->points);
    s->checks = NULL;
    s->points = NULL;
}

/* ---- the cross-check's view of runs ---------------------------------------- */

/* The program starts running from where it waited. A run the person
 * interrupted (С/П while running) and goes on with is the same run. */
static void started(ui_session *s)
{
    s->paused = false;
    s->run_ms = 0;
    s->halted = false;
    if (!s->checking)
        return;
    if (s->run_open && s->x.m.pc != s->prog.start)
        return;
    xcheck_watch_run(&s->x);
    s->run_open = true;
    s->move_exec = s->x.m.executed;
}

/* The strong level's judgement of the calculator's first move of the turn
 * just checked (the move `n` moves before the end of the game). */
static void judge(ui_session *s, ui_check_line *c, int n)
{
    const kalah_game *g = &s->x.game;
    int at = g->played - n - 1;
    c->from = at >= 0 ? g->after[at] : g->start;
    c->judged = xcheck_judge_move(&s->judge, &s->x.rules, &c->from, c->calc[0], &c->judgement,
                                  NULL);
}

/* A margin in stones: "+3", "-2", "0". */
static void margin_text(int v, char *buf, size_t size)
{
    if (v)
        snprintf(buf, size, "%+d", v);
    else
        snprintf(buf, size, "0");
}

void ui_check_judgement_text(const ui_check_line *c, char *buf, size_t size)
{
    const xcheck_judgement *j = &c->judgement;
    char played[16], best[16], how[24];
    buf[0] = '\0';
    if (!c->judged || c->ncalc <= 0)
        return;
    margin_text(j->value, played, sizeof played);
    margin_text(j->best, best, sizeof best);
    if (j->exact)
        snprintf(how, sizeof how, "exact");
    else if (j->depth > 0)
        snprintf(how, sizeof how, "depth %d", j->depth);
    else
        snprintf(how, sizeof how, "estimate");
    /* The calculator's pits as the board names them (C1 at the person's left). */
    if (j->value >= j->best)
        snprintf(buf, size, "played C%d: %s, best move (%s)", xcheck_calc_seen(j->move), played,
                 how);
    else
        snprintf(buf, size, "played C%d: %s, best C%d: %s (%s)", xcheck_calc_seen(j->move),
                 played, xcheck_calc_seen(j->best_move), best, how);
}

/* The board marks the moves of the turn of line c: the person's pit and
 * the calculator's answer (a start-up: the calculator's first moves). */
static void show_last(ui_session *s, const ui_check_line *c)
{
    if (c->person || c->kind == XCHECK_RUN_START) {
        s->nlast[0] = c->person ? 1 : 0;
        s->last_moves[0][0] = c->person;
        s->nlast[1] = c->ncalc;
        memcpy(s->last_moves[1], c->calc, sizeof(int) * (size_t)c->ncalc);
    }
}

/* The program stopped by itself (С/П in the program, or an error): check
 * what the run did, record it, and keep an undo point when the person is
 * to move. */
static void finished(ui_session *s)
{
    if (!s->run_open)
        return;
    s->run_open = false;
    int kind_before = s->x.watching;
    long refusals = s->x.refusals;
    vm_num input = s->x.input[0];
    bool ok;
    int moves[64], n;
    int kind = xcheck_watch_stop(&s->x, &ok, moves, &n);
    if (kind == XCHECK_RUN_NONE)
        return;
    if (kind == XCHECK_RUN_START && kind_before == XCHECK_RUN_START)
        forget_game(s);
    s->nredo = 0; /* the line goes where Redo's lines were */
    if (s->nchecks == UI_CHECKS_MAX) {
        memmove(s->checks, s->checks + 1, sizeof *s->checks * (UI_CHECKS_MAX - 1));
        s->nchecks--;
        for (int i = 0; i < s->npoints; i++)
            s->points[i].checks--;
    }
    ui_check_line *c = &s->checks[s->nchecks++];
    memset(c, 0, sizeof *c);
    c->ok = ok;
    c->kind = kind;
    c->refused = kind == XCHECK_RUN_MOVE && s->x.refusals > refusals;
    if (kind == XCHECK_RUN_MOVE && !c->refused)
        c->person = vm_whole_in(input, 1, XCHECK_PITS, 0);
    c->ncalc = n < 16 ? n : 16;
    memcpy(c->calc, moves, sizeof(int) * (size_t)c->ncalc);
    if (!ok)
        snprintf(c->text, sizeof c->text, "%s", s->x.report);
    show_last(s, c);
    if (ok && n > 0)
        judge(s, c, n);
    if (ok && s->x.game_on && !c->refused)
        push_point(s);
    const kalah_pos *p = kalah_game_pos(&s->x.game);
    if (s->halted)
        news(s, "The calculator halted (%s): the cross-check marks it; New game starts "
                "again", s->halt_text);
    else if (!ok)
        news(s, "The cross-check found a difference: see the red mark");
    else if (kind == XCHECK_RUN_START && !s->x.game_on)
        news(s, "The calculator refused the start-up (-2): it plays 1..6 stones a pit, depth "
                "1..3, 1 (you first) or 0");
    else if (s->x.game_on && xcheck_over(&s->x)) {
        int ps = ui_session_person_first(s) ? KALAH_SOUTH : KALAH_NORTH;
        news(s, "Game over: you %d, the calculator %d", p->store[ps], p->store[ps ^ 1]);
    } else if (c->refused)
        news(s, "The calculator refused that input (-1 in X): pick a pit with stones");
    else
        news(s, "Your move: click one of your pits, or key its number and С/П");
}

/* ---- keys ------------------------------------------------------------------- */

/* Whether a ПП pressed now would be a single program step (automatic mode,
 * nothing waiting for an operand). */
static bool gsb_steps(const vm_machine *m)
{
    return m->mode == VM_MODE_AUTO && m->prefix == VM_PREFIX_NONE && m->pending < 0 &&
           !m->running;
}

static void press(ui_session *s, vm_key key)
{
    vm_machine *m = &s->x.m;
    /* Held by the debugger, the program goes on by ПП one step, by С/П
     * running, as a stopped MK-61 would. */
    bool held = m->running && s->paused;
    if (key == VM_KEY_GSB && (gsb_steps(m) || held)) {
        ui_session_step(s);
        return;
    }
    if (key == VM_KEY_RS && held) {
        ui_session_run(s);
        return;
    }
    bool was = m->running;
    mark_registers(s);
    vm_press(m, key);
    if (!was && m->running)
        started(s);
    else if (was && !m->running) {
        s->paused = false;
        news(s, "Stopped by С/П at %03d; С/П goes on", m->pc);
    }
}

void ui_session_press(ui_session *s, vm_key key)
{
    if (!s->power || key < 0 || key >= VM_KEY_COUNT)
        return;
    press(s, key);
}

static void queue_key(ui_session *s, const char *name)
{
    int k = vm_key_find(name);
    if (k >= 0 && s->qlen < UI_QUEUE_MAX)
        s->queue[s->qlen++] = k;
}

ui_state ui_session_state(const ui_session *s)
{
    if (!s->checking || !s->power)
        return UI_STATE_NO_BOARD;
    if (s->x.m.running || s->run_open || s->qpos < s->qlen)
        return UI_STATE_THINKING;
    if (s->halted)
        return UI_STATE_HALTED;
    if (!s->x.game_on)
        return s->x.start_refused ? UI_STATE_START_REFUSED : UI_STATE_NO_GAME;
    if (xcheck_over(&s->x))
        return UI_STATE_OVER;
    const ui_check_line *c = s->nchecks > 0 ? &s->checks[s->nchecks - 1] : NULL;
    if (c && c->refused)
        return UI_STATE_REFUSED;
    if (c && c->kind == XCHECK_RUN_MOVE && c->ncalc == 0)
        return UI_STATE_EXTRA_TURN;
    return UI_STATE_YOUR_MOVE;
}

void ui_session_state_text(const ui_session *s, char *buf, size_t size)
{
    switch (ui_session_state(s)) {
    case UI_STATE_NO_BOARD:
        if (s->checking)
            snprintf(buf, size, "The calculator is off");
        else
            snprintf(buf, size, "%.150s has no Kalah board", s->prog_name);
        return;
    case UI_STATE_NO_GAME:
        snprintf(buf, size, "No game yet: New game, or key the start-up sequence");
        return;
    case UI_STATE_START_REFUSED:
        snprintf(buf, size, "The calculator refused the start-up (-2): 1..6 stones, depth 1..3");
        return;
    case UI_STATE_HALTED:
        snprintf(buf, size, "The calculator halted: %s", s->halt_text);
        return;
    case UI_STATE_THINKING:
        snprintf(buf, size, "The calculator is thinking: %llu instructions%s",
                 (unsigned long long)ui_session_since_move(s),
                 s->paused ? " (paused)" : !s->x.m.running && s->run_open ? " (stopped)" : "");
        return;
    case UI_STATE_YOUR_MOVE:
        snprintf(buf, size, "Your move: click one of your pits (bottom row)");
        return;
    case UI_STATE_EXTRA_TURN:
        snprintf(buf, size, "Extra turn (0): your move again");
        return;
    case UI_STATE_REFUSED:
        snprintf(buf, size, "Refused (-1): click one of your pits with stones");
        return;
    case UI_STATE_OVER:
        break;
    }
    kalah_pos p;
    if (!ui_session_board(s, &p)) {
        snprintf(buf, size, "Game over");
        return;
    }
    int ps = ui_session_person_first(s) ? KALAH_SOUTH : KALAH_NORTH;
    int a = p.store[ps], b = p.store[ps ^ 1];
    snprintf(buf, size, "Game over: you %d, the calculator %d: %s", a, b,
             a > b ? "you win" : a < b ? "the calculator wins" : "a draw");
}

int ui_session_turn(const ui_session *s)
{
    switch (ui_session_state(s)) {
    case UI_STATE_THINKING:
        return 0;
    case UI_STATE_YOUR_MOVE:
    case UI_STATE_EXTRA_TURN:
    case UI_STATE_REFUSED:
        return 1;
    case UI_STATE_HALTED:
        return -2;
    default:
        return -1;
    }
}

bool ui_session_pit(ui_session *s, int pit)
{
    if (pit < 1 || pit > XCHECK_PITS)
        return false;
    if (ui_session_turn(s) != 1 || s->key_down >= 0) {
        char why[200];
        ui_session_state_text(s, why, sizeof why);
        news(s, "Not your move now (%s)", why);
        return false;
    }
    const vm_machine *m = &s->x.m;
    if (m->mode != VM_MODE_AUTO || m->prefix != VM_PREFIX_NONE || m->pending >= 0) {
        news(s, "The calculator is waiting for the rest of a key sequence (F, K, П, ИП, БП "
                "or programming mode): finish it first");
        return false;
    }
    if (m->entry != VM_ENTRY_NONE)
        queue_key(s, "CX");
    char digit[2] = {(char)('0' + pit), 0};
    queue_key(s, digit);
    queue_key(s, "R/S");
    return true;
}

void ui_session_new_game(ui_session *s)
{
    if (!s->power)
        ui_session_power(s, true);
    vm_load(&s->x.m, &s->prog);
    s->paused = false;
    s->run_open = false;
    s->halted = false;
    s->qlen = s->qpos = 0;
    s->key_down = -1;
    mark_registers(s);
    char n[8];
    snprintf(n, sizeof n, "%d", s->stones);
    for (const char *p = n; *p; p++) {
        char d[2] = {*p, 0};
        queue_key(s, d);
    }
    queue_key(s, "ENT");
    snprintf(n, sizeof n, "%d", s->depth);
    queue_key(s, n);
    queue_key(s, "ENT");
    queue_key(s, s->person_first ? "1" : "0");
    queue_key(s, "RTN");
    queue_key(s, "R/S");
    news(s, "New game: %d stones, depth %d, %s first", s->stones, s->depth,
         s->person_first ? "you move" : "the calculator moves");
}

/* ---- running ---------------------------------------------------------------- */

/* One step; false when the machine stopped (and the stop was handled). */
static bool one_step(ui_session *s)
{
    vm_machine *m = &s->x.m;
    if (s->strict)
        m->warn = VM_WARN_NONE;
    vm_halt h = vm_step(m, NULL);
    ui_search_feed(&s->search, &s->x);
    if (s->strict && m->warn != VM_WARN_NONE && h == VM_HALT_NONE) {
        char why[160];
        s->paused = true;
        s->over_rsp = -1;
        news(s, "Strict: %s (Step, Over or Run goes on as the MK-61 does)",
             vm_warn_text(m, why, sizeof why));
        return false;
    }
    if (h != VM_HALT_NONE && h != VM_HALT_BUDGET) {
        m->running = false;
        s->paused = false;
        s->over_rsp = -1;
        if (h != VM_HALT_STOP) {
            s->halted = true;
            xcheck_halt_text(m, s->halt_text, sizeof s->halt_text);
            news(s, "The calculator halted: %s", s->halt_text);
        }
        finished(s);
        return false;
    }
    return true;
}

static void run_for(ui_session *s, double ms)
{
    static const double factor[UI_SPEED_COUNT] = {1, 10, 100, 0};
    vm_machine *m = &s->x.m;
    s->run_ms += ms;
    if (s->speed != UI_SPEED_MAX) {
        s->credit_ms += ms * factor[s->speed];
        if (s->credit_ms > 2000 * factor[s->speed])
            s->credit_ms = 2000 * factor[s->speed];
    }
    for (long n = 0; n < UI_TICK_STEPS_MAX && m->running; n++) {
        if (s->speed != UI_SPEED_MAX) {
            /* Even a step of no documented duration takes a moment. */
            double cost = vm_next_ms(m) ? vm_next_ms(m) : 1;
            if (s->credit_ms < cost)
                break;
            s->credit_ms -= cost;
        }
        if (m->pc >= 0 && m->pc < VM_MAX_STEPS && s->breakpoint[m->pc] && !s->skip_break) {
            s->paused = true;
            news(s, "Breakpoint at %03d: Step, Over or Run", m->pc);
            return;
        }
        s->skip_break = false;
        if (!one_step(s))
            return;
        if (s->over_rsp >= 0 && m->rsp <= s->over_rsp) {
            s->over_rsp = -1;
            s->paused = true;
            news(s, "Stepped over the call: at %03d", m->pc);
            return;
        }
    }
}

void ui_session_tick(ui_session *s, double ms)
{
    if (ms < 0)
        ms = 0;
    s->clock_ms += ms;
    if (s->key_down >= 0) {
        s->key_ms += ms;
        if (s->key_ms >= UI_KEY_HOLD_MS)
            s->key_down = -1;
    } else if (s->qpos < s->qlen && !s->x.m.running) {
        s->key_down = s->queue[s->qpos++];
        s->key_ms = 0;
        press(s, (vm_key)s->key_down);
        if (s->qpos == s->qlen)
            s->qpos = s->qlen = 0;
    }
    if (s->x.m.running && !s->paused)
        run_for(s, ms);
    if (!s->x.m.running)
        s->credit_ms = 0;
}

bool ui_session_busy(const ui_session *s)
{
    return s->qpos < s->qlen || s->key_down >= 0 || (s->x.m.running && !s->paused);
}

/* Makes sure the program is running (started from where it waits, as
 * С/П would); false when it cannot be (power off, programming mode). */
static bool ensure_running(ui_session *s)
{
    vm_machine *m = &s->x.m;
    if (!s->power || m->mode != VM_MODE_AUTO)
        return false;
    if (!m->running) {
        mark_registers(s);
        vm_press(m, VM_KEY_RS);
        if (m->running)
            started(s);
        s->skip_break = true;
    }
    return m->running;
}

void ui_session_step(ui_session *s)
{
    if (!ensure_running(s))
        return;
    mark_registers(s);
    s->paused = true;
    s->skip_break = true;
    int pc = s->x.m.pc;
    if (one_step(s))
        news(s, "Stepped %03d → %03d", pc, s->x.m.pc);
}

void ui_session_over(ui_session *s)
{
    if (!ensure_running(s))
        return;
    const vm_machine *m = &s->x.m;
    int code = m->pc >= 0 && m->pc < m->steps ? m->prog[m->pc] : -1;
    const vm_op_info *op = vm_op_cell(code);
    /* ПП addr and К ПП r (kind IGSB in vm_isa.h) are the calls. */
    bool call = op && (op->code == VM_OP_GSB || op->kind == VM_KIND_IGSB);
    if (!call) {
        ui_session_step(s);
        return;
    }
    mark_registers(s);
    s->over_rsp = m->rsp;
    s->paused = false;
    s->skip_break = true;
}

void ui_session_run(ui_session *s)
{
    if (!ensure_running(s))
        return;
    mark_registers(s);
    s->paused = false;
    s->skip_break = true;
    news(s, "Running at %s speed", ui_speed_name(s->speed));
}

void ui_session_pause(ui_session *s)
{
    if (s->x.m.running && !s->paused) {
        s->paused = true;
        s->over_rsp = -1;
        news(s, "Paused at %03d: Step, Over or Run", s->x.m.pc);
    }
}

void ui_session_toggle_break(ui_session *s, int addr)
{
    if (addr >= 0 && addr < VM_MAX_STEPS)
        s->breakpoint[addr] = !s->breakpoint[addr];
}

void ui_session_set_speed(ui_session *s, ui_speed v)
{
    if (v >= 0 && v < UI_SPEED_COUNT) {
        s->speed = v;
        s->credit_ms = 0;
    }
}

void ui_session_power(ui_session *s, bool on)
{
    if (on == s->power)
        return;
    s->power = on;
    s->qlen = s->qpos = 0;
    s->key_down = -1;
    s->paused = false;
    /* Off loses everything but the switches (vm_load keeps the angle); on
     * comes back with the program loaded (the window keeps it, as a
     * keyed-in program would be keyed in again). */
    vm_load(&s->x.m, &s->prog);
    s->x.game_on = false;
    s->x.start_refused = false;
    s->halted = false;
    s->x.watching = XCHECK_RUN_NONE;
    forget_game(s);
    mark_registers(s);
    news(s, on ? "Power on" : "Power off");
}

void ui_session_angle(ui_session *s, vm_angle a)
{
    s->x.m.angle = a;
}

/* Undo's and Redo's end: the machine and the watcher of point p, the
 * core's game live (taken back or forward to p's plies), p's panel lines,
 * nothing under way. */
static void restore_point(ui_session *s, const ui_point *p, kalah_game live)
{
    s->x = p->watch;
    s->x.game = live;
    s->nchecks = p->checks;
    s->run_open = false;
    s->halted = false;
    s->paused = false;
    s->key_down = -1;
    s->nlast[0] = s->nlast[1] = 0;
    mark_registers(s);
}

bool ui_session_undo(ui_session *s)
{
    if (s->npoints < 2 || s->qpos < s->qlen) {
        news(s, "Nothing to undo");
        return false;
    }
    s->npoints--;
    s->nredo++;
    ui_point *p = &s->points[s->npoints - 1];
    kalah_game live = s->x.game;
    while (live.played > p->plies && kalah_game_undo(&live))
        ;
    restore_point(s, p, live);
    news(s, "Undone: your move again");
    return true;
}

bool ui_session_redo(ui_session *s)
{
    if (s->nredo <= 0 || s->qpos < s->qlen) {
        news(s, "Nothing to redo");
        return false;
    }
    ui_point *p = &s->points[s->npoints];
    /* The core's game still holds the moves taken back (kalah_game_redo). */
    kalah_game live = s->x.game;
    while (live.played < p->plies && kalah_game_redo(&live))
        ;
    if (live.played != p->plies) {
        s->nredo = 0;
        news(s, "Nothing to redo");
        return false;
    }
    restore_point(s, p, live);
    s->npoints++;
    s->nredo--;
    if (s->nchecks > 0)
        show_last(s, &s->checks[s->nchecks - 1]);
    if (s->nredo)
        news(s, "Redone: your move again (%d more to redo)", s->nredo);
    else
        news(s, "Redone: your move again, where the game was");
    return true;
}

uint64_t ui_session_since_move(const ui_session *s)
{
    /* A machine reloaded or undone may have counted less since. */
    return s->x.m.executed >= s->move_exec ? s->x.m.executed - s->move_exec : 0;
}

bool ui_session_person_first(const ui_session *s)
{
    return s->x.game_on ? s->x.person_first : s->person_first;
}

bool ui_session_board(const ui_session *s, kalah_pos *p)
{
    if (!s->checking)
        return false;
    kalah_pos b = xcheck_read_board(&s->x.m, &s->x.lay, ui_session_person_first(s));
    for (int side = 0; side < 2; side++) {
        if (b.store[side] == 255)
            return false;
        for (int i = 0; i < XCHECK_PITS; i++)
            if (b.pit[side][i] == 255)
                return false;
    }
    *p = b;
    return true;
}

bool ui_session_settle(ui_session *s, uint64_t max_steps)
{
    uint64_t from = s->x.m.executed;
    while (ui_session_busy(s)) {
        ui_session_tick(s, 1000);
        if (s->x.m.executed - from > max_steps)
            return false;
    }
    return true;
}
