/* The debugger's commands (ui_session.h): Step, Over, Run, Pause, the
 * runs to a node of the search (Node, Out), the warning of Step at "Your
 * move", breakpoints. Part of the session's library (no SDL). */
#include "ui_session.h"
#include "ui_session_internal.h"

#include "vm_num.h"

#include <stdio.h>

/* The level of the search's node being searched now (0 the root), -1 when
 * the machine is not inside the search the tracker follows. */
static int node_level(const ui_session *s)
{
    xcheck_tree_path p;
    if (!s->search.tracking || !xcheck_tree_current(&s->search.tree, &s->x.m, &p))
        return -1;
    return p.len;
}

/* After a step of a run to a node (ui_session_node_next, _out): whether it
 * got there, and then paused with the news. */
bool ui_session_node_reached(ui_session *s)
{
    int was = s->node_depth, now = node_level(s);
    bool next = s->node_stop == UI_NODE_STOP_NEXT;
    if (next)
        s->node_depth = now;
    /* Next: a node entered (the level goes up, from -1 at the root) or the
     * search left; Out: back above the node's level. */
    if (next ? !(now > was || (was >= 0 && now < 0)) : now >= was)
        return false;
    s->node_stop = UI_NODE_STOP_NONE;
    s->paused = true;
    char path[64];
    int k = ui_search_current(&s->search, &s->x.m);
    if (k >= 0)
        ui_search_path_name(&s->search, k, path, sizeof path);
    const char *name = k >= 0 ? path : "?";
    if (now < 0)
        ui_session_news(s, "The search is over, at %03d: the calculator plays its move next",
                        s->x.m.pc);
    else if (next)
        ui_session_news(s, "Next node: %s entered, level %d, at %03d", name, now, s->x.m.pc);
    else
        ui_session_news(s, "Out of the node: back in %s, level %d, at %03d", name, now,
                        s->x.m.pc);
    return true;
}

/* Makes sure the program is running (started from where it waits, as
 * С/П would); false when it cannot be (power off, programming mode). */
static bool ensure_running(ui_session *s)
{
    vm_machine *m = &s->x.m;
    if (!s->power || m->mode != VM_MODE_AUTO)
        return false;
    if (!m->running) {
        ui_session_mark_registers(s);
        vm_press(m, VM_KEY_RS);
        if (m->running)
            ui_session_started(s);
        s->skip_break = true;
    }
    return m->running;
}

/* Step, Over, Node or Out at "Your move" with the display as the program
 * left it: the first time, says what it would do (the machine does what
 * the MK-61 does: С/П takes X as the move) and arms the stop at the
 * start; true then (the command does nothing more). */
static bool warn_step(ui_session *s, const char *what)
{
    if (s->x.m.running || s->keyed || s->step_warned || ui_session_turn(s) != 1)
        return false;
    char x[32];
    vm_num_format(s->x.m.x, x, sizeof x);
    s->step_warned = true;
    s->pause_at_start = true;
    ui_session_news(s, "%s would start the calculator with the display, %s, taken as your "
                    "move (С/П on the MK-61): %s again to do so, or click a pit to stop at its "
                    "answer's first step",
                    what, x, what);
    return true;
}

void ui_session_step(ui_session *s)
{
    if (warn_step(s, "Step") || !ensure_running(s))
        return;
    ui_session_mark_registers(s);
    s->paused = true;
    s->skip_break = true;
    int pc = s->x.m.pc;
    if (ui_session_one_step(s))
        ui_session_news(s, "Stepped %03d → %03d", pc, s->x.m.pc);
}

void ui_session_over(ui_session *s)
{
    if (warn_step(s, "Over") || !ensure_running(s))
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
    ui_session_mark_registers(s);
    s->over_rsp = m->rsp;
    s->paused = false;
    s->skip_break = true;
}

void ui_session_run(ui_session *s)
{
    if (!ensure_running(s))
        return;
    ui_session_mark_registers(s);
    s->paused = false;
    s->skip_break = true;
    ui_session_news(s, "Running at %s speed", ui_speed_name(s->speed));
}

void ui_session_pause(ui_session *s)
{
    if (s->x.m.running && !s->paused) {
        s->paused = true;
        s->over_rsp = -1;
        s->node_stop = UI_NODE_STOP_NONE;
        ui_session_news(s, "Paused at %03d: Step, Over or Run", s->x.m.pc);
    } else if (!s->x.m.running && ui_session_turn(s) == 1) {
        /* Waiting for the person's move: the answer will stop at once. */
        s->pause_at_start = !s->pause_at_start;
        if (s->pause_at_start)
            ui_session_news(s, "Pause: click a pit (or key it and С/П), and the calculator "
                            "stops at the first instruction of its answer");
        else
            ui_session_news(s, "Pause off: the calculator answers your move at once");
    }
}

/* Runs to a node (see ui_session.h): from a stop, as Step starts. */
static void run_to_node(ui_session *s, int how, const char *what)
{
    /* Out of no node: nothing to run (and nothing started). */
    if (how == UI_NODE_STOP_OUT && node_level(s) < 0) {
        ui_session_news(s, "Out: the calculator is not inside a node of its search");
        return;
    }
    if (warn_step(s, what) || !ensure_running(s))
        return;
    int level = node_level(s);
    ui_session_mark_registers(s);
    s->node_stop = how;
    s->node_depth = level;
    s->over_rsp = -1;
    s->paused = false;
    s->skip_break = true;
}

void ui_session_node_next(ui_session *s)
{
    run_to_node(s, UI_NODE_STOP_NEXT, "Node");
}

void ui_session_node_out(ui_session *s)
{
    run_to_node(s, UI_NODE_STOP_OUT, "Out");
}

void ui_session_toggle_break(ui_session *s, int addr)
{
    if (addr >= 0 && addr < VM_MAX_STEPS)
        s->breakpoint[addr] = !s->breakpoint[addr];
}
