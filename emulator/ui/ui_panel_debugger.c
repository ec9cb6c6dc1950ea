/*
 * ui_panel_debugger.c: the Debugger panel (ui_panels.h): the listing with
 * the debugger's buttons at the lower right's left half, the machine's
 * state over the cross-check panel at its right. Its drawing reads the
 * session and changes nothing; a click on a listing line sets or clears a
 * breakpoint there.
 *
 * The listing shows the machine's program memory (s->x.m.prog, what
 * executes), from address 0 up to the program's length (s->prog.length),
 * stretched to take in pc when pc runs past it. Instruction boundaries are
 * found by walking that memory from address 0 with asm_disasm_one (a jump
 * instruction takes two steps), every time: at most 1000 steps, nothing
 * cached. Line i of the layout shows the i-th instruction from the listing's
 * top; ui_listing_addr gives the shell the same mapping for clicks.
 */
#include "ui_panel.h"

#include "asm.h"
#include "kalah.h"
#include "vm.h"
#include "vm_isa.h"
#include "vm_num.h"

#include <stdio.h>
#include <string.h>

#define PAD 8           /* inner margin of a panel */
#define MARGIN 16       /* the listing's left margin (the breakpoint dots) */
#define ROW 20          /* a row of the state panel */

/* ---- where it sits ------------------------------------------------------ */

void ui_panel_debugger_layout(ui_layout *l)
{
    ui_rect lower = l->check; /* the lower right, the cross-check panel's so far */
    l->panel[UI_PANEL_DEBUGGER] = lower;
    if (!l->open[UI_PANEL_DEBUGGER])
        return;
    /* The listing at the left half; Step, Over, Run, Pause, Speed: <value>,
     * Strict over it, within its 420 pixels. */
    l->listing = (ui_rect){lower.x, lower.y, lower.w / 2 - 5, lower.h};
    ui_layout_debug_buttons(l, l->listing.x + 6, l->listing.y + 6, 28);
    l->line_h = 18;
    l->listing_head = (ui_rect){l->listing.x + 4, l->listing.y + 40, l->listing.w - 8, 16};
    int top = l->listing_head.y + l->listing_head.h;
    l->lines = (l->listing.y + l->listing.h - top) / l->line_h;
    if (l->lines > UI_LISTING_MAX)
        l->lines = UI_LISTING_MAX;
    for (int i = 0; i < l->lines; i++)
        l->line[i] = (ui_rect){l->listing.x + 4, top + i * l->line_h, l->listing.w - 8, l->line_h};
    /* The machine's state at the right half's top; the cross-check panel
     * keeps its bottom. */
    int right = l->listing.x + l->listing.w + 10, right_w = lower.x + lower.w - right;
    l->state = (ui_rect){right, lower.y, right_w, 250};
    l->check = (ui_rect){right, l->state.y + l->state.h + 10, right_w,
                         lower.y + lower.h - (l->state.y + l->state.h + 10)};
}

/* ---- the walk over the program ----------------------------------------- */

/* Every instruction start of the listing, in order: at[0] = 0, ... and end
 * the address after the last one. */
typedef struct walk {
    int n, end;
    int at[VM_MAX_STEPS + 1];
} walk;

static void walk_program(const ui_session *s, walk *w)
{
    const vm_machine *m = &s->x.m;
    int end = s->prog.length;
    if (m->pc + 1 > end)
        end = m->pc + 1;
    if (end > m->steps)
        end = m->steps;
    if (end > VM_MAX_STEPS)
        end = VM_MAX_STEPS;
    if (end < 0)
        end = 0;
    w->n = 0;
    w->end = end;
    char text[64];
    for (int a = 0; a < end;) {
        w->at[w->n++] = a;
        int next = asm_disasm_one(m->prog, end, a, m->profile, &s->decl, text, sizeof text);
        a = next > a ? next : a + 1;
    }
}

/* The index of the instruction holding addr (the last start <= addr); 0
 * for an address before the first, -1 for an empty listing. */
static int walk_index(const walk *w, int addr)
{
    int lo = 0, hi = w->n - 1;
    if (w->n == 0)
        return -1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (w->at[mid] <= addr)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

int ui_listing_addr(const ui_session *s, int top, int i)
{
    walk w;
    walk_program(s, &w);
    int k = walk_index(&w, top);
    if (k < 0 || k + i < 0 || k + i >= w.n)
        return -1;
    return w.at[k + i];
}

int ui_listing_top(const ui_session *s, int top, int lines)
{
    walk w;
    walk_program(s, &w);
    int kt = walk_index(&w, top);
    if (kt < 0)
        return 0;
    int kp = walk_index(&w, s->x.m.pc);
    if (lines <= 0 || (kp >= kt && kp < kt + lines))
        return w.at[kt];
    int k = kp - lines / 4, last = w.n - lines;
    if (k > last)
        k = last; /* no empty lines after the program's end */
    if (k < 0)
        k = 0;
    return w.at[k];
}

/* ---- clicks -------------------------------------------------------------- */

bool ui_panel_debugger_click(ui_session *s, ui_layout *l, ui_look *look, int x, int y)
{
    /* A listing line: a breakpoint set or cleared at its address. */
    for (int i = 0; i < l->lines; i++)
        if (ui_rect_has(l->line[i], x, y)) {
            int addr = ui_listing_addr(s, look->top_line, i);
            if (addr >= 0)
                ui_session_toggle_break(s, addr);
            return true;
        }
    return false;
}

void ui_panel_debugger_opened(ui_look *look)
{
    (void)look; /* the listing follows pc wherever it was */
}

/* ---- the listing ------------------------------------------------------- */

/* The width of n characters of the mono font. */
static int mono_w(ui_gfx *g, int n)
{
    char zeros[32];
    if (n > (int)sizeof zeros - 1)
        n = (int)sizeof zeros - 1;
    memset(zeros, '0', (size_t)n);
    zeros[n] = '\0';
    return ui_gfx_text_w(g, UI_FONT_MONO, zeros);
}

/* The debugger's buttons: Step, Over, Node, Out, Run, Pause, the speed
 * (its name: the button's label is its value), Strict. Pause is lit while
 * the program is paused or a stop at the next run's start is armed, Run
 * while it runs, Strict while it is on. */
static void draw_buttons(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look)
{
    bool running = s->x.m.running;
    for (int b = UI_BTN_FIRST_DEBUG; b < UI_BTN_COUNT; b++) {
        ui_rect r = l->button[b];
        bool lit = (b == UI_BTN_PAUSE && ((s->paused && running) || s->pause_at_start)) ||
                   (b == UI_BTN_RUN && running && !s->paused) || (b == UI_BTN_STRICT && s->strict);
        ui_colour fill = look && look->hover_button == b ? UI_COL_PANELEDGE
                         : lit                            ? UI_COL_CURRENT
                                                          : UI_COL_BUTTON;
        ui_gfx_round(g, r, 5, fill);
        char label[64];
        if (b == UI_BTN_SPEED)
            snprintf(label, sizeof label, "%s", ui_speed_name(s->speed));
        else
            snprintf(label, sizeof label, "%s", ui_button_label((ui_button)b));
        ui_gfx_text_in(g, UI_FONT_NORMAL, label, r, UI_COL_TEXT, UI_ALIGN_CENTRE);
    }
}

/* The cells of one instruction in hex: "51 45", "51 2D9". */
static void cells_text(const vm_machine *m, int addr, int next, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int a = addr; a < next && used < size; a++)
        used += (size_t)snprintf(buf + used, size - used, a > addr ? " %0*X" : "%0*X",
                                 m->prog[a] > 0xFF ? 3 : 2, m->prog[a]);
}

/* Where the listing's columns start, from a line's left edge: the address,
 * the codes, the label, the step (mnemonic); the source line is at the
 * right edge. Placed for the widest label of the program. */
typedef struct columns {
    int addr, codes, label, step;
} columns;

static columns listing_columns(const ui_session *s, int label_chars, int cw10)
{
    int digits = s->prog.profile == VM_PROFILE_MK61 ? 2 : 3;
    columns c;
    c.addr = MARGIN;
    c.codes = c.addr + cw10 * (digits + 2) / 10;
    c.label = c.codes + cw10 * (digits == 2 ? 7 : 8) / 10;
    c.step = c.label + (label_chars > 0 ? cw10 * (label_chars + 2) / 10 : 0);
    return c;
}

/* The columns' names over the lines. */
static void draw_head(ui_gfx *g, ui_rect r, const columns *c)
{
    int y = r.y + (r.h - ui_gfx_font_h(g, UI_FONT_TINY)) / 2;
    ui_gfx_text(g, UI_FONT_TINY, "addr", r.x + c->addr, y, UI_COL_DIM, UI_ALIGN_LEFT);
    ui_gfx_text(g, UI_FONT_TINY, "codes", r.x + c->codes, y, UI_COL_DIM, UI_ALIGN_LEFT);
    ui_gfx_text(g, UI_FONT_TINY, "step", r.x + c->step, y, UI_COL_DIM, UI_ALIGN_LEFT);
    ui_gfx_text(g, UI_FONT_TINY, "source line", r.x + r.w - 4, y, UI_COL_DIM, UI_ALIGN_RIGHT);
}

/* One listing line: "ADDR  CODES  label: MNEMONIC ... source line". */
static void draw_line(ui_gfx *g, ui_rect r, const ui_session *s, const walk *w, int k,
                      const columns *col, int cw10)
{
    const vm_machine *m = &s->x.m;
    int addr = w->at[k], next = k + 1 < w->n ? w->at[k + 1] : w->end;
    int digits = s->prog.profile == VM_PROFILE_MK61 ? 2 : 3;
    bool current = m->pc >= addr && m->pc < next;
    ui_colour dim = current ? UI_COL_TEXT : UI_COL_DIM;
    if (current)
        ui_gfx_fill(g, r, UI_COL_CURRENT);
    if (s->breakpoint[addr])
        ui_gfx_round(g, (ui_rect){r.x + MARGIN / 2 - 4, r.y + r.h / 2 - 4, 8, 8}, 4,
                     UI_COL_BREAKPOINT);

    int y = r.y + (r.h - ui_gfx_font_h(g, UI_FONT_MONO)) / 2;
    char text[96], cells[32], ins[64];
    snprintf(text, sizeof text, "%0*d", digits, addr);
    ui_gfx_text(g, UI_FONT_MONO, text, r.x + col->addr, y, dim, UI_ALIGN_LEFT);
    cells_text(m, addr, next, cells, sizeof cells);
    ui_gfx_text(g, UI_FONT_MONO, cells, r.x + col->codes, y, dim, UI_ALIGN_LEFT);
    const char *label = s->decl.label[addr];
    int label_end = r.x + col->label;
    if (label[0]) {
        snprintf(text, sizeof text, "%s:", label);
        label_end += ui_gfx_text(g, UI_FONT_MONO, text, label_end, y, UI_COL_TEXT, UI_ALIGN_LEFT);
    }
    int x = r.x + col->step;
    if (label[0] && x < label_end + cw10 / 10)
        x = label_end + cw10 / 10;
    asm_disasm_one(m->prog, w->end, addr, m->profile, &s->decl, ins, sizeof ins);
    /* Mnemonics in DejaVu Sans: the mono face lacks some of the keys' signs
     * (⟳ of F⟳). */
    int ny = r.y + (r.h - ui_gfx_font_h(g, UI_FONT_NORMAL)) / 2;
    int end = x + ui_gfx_text(g, UI_FONT_NORMAL, ins, x, ny, UI_COL_TEXT, UI_ALIGN_LEFT);

    /* The source line, right-aligned, where it leaves the mnemonic clear. */
    if (s->decl.line[addr] > 0) {
        snprintf(text, sizeof text, "%d", s->decl.line[addr]);
        int right = r.x + r.w - 4;
        if (end + cw10 / 5 + ui_gfx_text_w(g, UI_FONT_MONO, text) <= right)
            ui_gfx_text(g, UI_FONT_MONO, text, right, y, dim, UI_ALIGN_RIGHT);
    }
}

static void draw_listing(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look)
{
    ui_gfx_panel(g, l->listing);
    draw_buttons(g, l, s, look);

    walk w;
    walk_program(s, &w);
    int label_chars = 0;
    for (int k = 0; k < w.n; k++) {
        int len = (int)strlen(s->decl.label[w.at[k]]) + 1;
        if (s->decl.label[w.at[k]][0] && len > label_chars)
            label_chars = len;
    }
    if (label_chars > 10)
        label_chars = 10; /* a longer label pushes its own mnemonic only */

    int k0 = walk_index(&w, look ? look->top_line : 0);
    if (k0 < 0) {
        if (l->lines > 0)
            ui_gfx_text_in(g, UI_FONT_NORMAL, "No program loaded.", l->line[0], UI_COL_DIM,
                           UI_ALIGN_LEFT);
        return;
    }
    ui_rect inner = {l->listing.x + 2, l->listing.y + 2, l->listing.w - 4, l->listing.h - 4};
    int cw10 = mono_w(g, 10);
    columns col = listing_columns(s, label_chars, cw10);
    ui_gfx_clip(g, inner);
    draw_head(g, l->listing_head, &col);
    for (int i = 0; i < l->lines && k0 + i < w.n; i++)
        draw_line(g, l->line[i], s, &w, k0 + i, &col, cw10);
    ui_gfx_unclip(g);
}

/* ---- the machine's state ----------------------------------------------- */

/* What the machine is doing, in words, and whether it is an error. */
static bool mode_text(const ui_session *s, char *buf, size_t size)
{
    static const char *const num_errors[] = {"error", "overflow", "division by zero",
                                             "argument outside the domain"};
    const vm_machine *m = &s->x.m;
    int digits = s->prog.profile == VM_PROFILE_MK61 ? 2 : 3;
    int at = m->halt_pc;
    if (m->mode == VM_MODE_PROG) {
        snprintf(buf, size, "programming mode (F ПРГ): step %0*d", digits, m->pc);
        return false;
    }
    if (m->running) {
        const char *what = "running";
        if (s->paused)
            what = m->pc >= 0 && m->pc < VM_MAX_STEPS && s->breakpoint[m->pc]
                       ? "paused at a breakpoint"
                       : "paused (Run or Step goes on)";
        snprintf(buf, size, "%s", what);
        return false;
    }
    switch (m->halt) {
    case VM_HALT_NONE:
        snprintf(buf, size, "ready (not running)");
        return false;
    case VM_HALT_STOP:
        snprintf(buf, size, "stopped by С/П");
        return false;
    case VM_HALT_BUDGET:
        snprintf(buf, size, "stopped: the step budget ran out");
        return false;
    case VM_HALT_ERROR:
        snprintf(buf, size, "ЕГГОГ: %s at %0*d",
                 num_errors[m->num_error <= VM_NUM_DOMAIN ? m->num_error : 0], digits, at);
        break;
    case VM_HALT_BAD_OPCODE:
        snprintf(buf, size, "ЕГГОГ: undocumented code %02X at %0*d", m->halt_code, digits, at);
        break;
    }
    return true;
}

/* Lines of text from y, a ROW apart, wrapped to width, at most max (<= 4)
 * lines; returns the y under them. */
static int draw_wrapped(ui_gfx *g, ui_font f, const char *text, int x, int y, int width,
                        int max, ui_colour c)
{
    char lines[4][UI_WRAP_LEN];
    if (max > 4)
        max = 4;
    int n = ui_gfx_wrap(g, f, text, width, lines, max);
    for (int i = 0; i < n && i < max; i++, y += ROW)
        ui_gfx_text(g, f, lines[i], x, y, c, UI_ALIGN_LEFT);
    return y;
}

/* The panel: the stack X Y Z T X1 at the left, pc, what the machine does
 * and the return stack at the right, the registers 0..e under them (three
 * columns of five: 0-4, 5-9, a-e), the count since the person's move at
 * the bottom. */
static void draw_state(ui_gfx *g, const ui_layout *l, const ui_session *s)
{
    const vm_machine *m = &s->x.m;
    ui_rect p = l->state;
    ui_gfx_panel(g, p);
    ui_gfx_clip(g, (ui_rect){p.x + 2, p.y + 2, p.w - 4, p.h - 4});
    int digits = s->prog.profile == VM_PROFILE_MK61 ? 2 : 3;
    int dy_mono = (ROW - ui_gfx_font_h(g, UI_FONT_MONO)) / 2;
    int dy_small = (ROW - ui_gfx_font_h(g, UI_FONT_SMALL)) / 2;
    char text[160], num[32];

    /* The stack. */
    static const char *const names[] = {"X", "Y", "Z", "T", "X1"};
    const vm_num stack[] = {m->x, m->y, m->z, m->t, m->x1};
    int x = p.x + PAD, y = p.y + PAD, vx = p.x + 170;
    for (int i = 0; i < 5; i++, y += ROW) {
        ui_gfx_text(g, UI_FONT_SMALL, names[i], x + 2, y + dy_small, UI_COL_DIM, UI_ALIGN_LEFT);
        vm_num_format_value(stack[i], num, sizeof num);
        ui_gfx_text(g, UI_FONT_MONO, num, vx, y + dy_mono, UI_COL_TEXT, UI_ALIGN_RIGHT);
    }

    /* pc, the mode, the return stack. */
    int ix = p.x + 190, iw = p.x + p.w - PAD - ix;
    y = p.y + PAD;
    snprintf(text, sizeof text, "pc %0*d", digits, m->pc);
    ui_gfx_text(g, UI_FONT_MONO, text, ix, y + dy_mono, UI_COL_TEXT, UI_ALIGN_LEFT);
    y += ROW;
    bool error = mode_text(s, text, sizeof text);
    y = draw_wrapped(g, UI_FONT_SMALL, text, ix, y + dy_small, iw, 2,
                     error ? UI_COL_BAD : UI_COL_TEXT) - dy_small;
    int used = snprintf(text, sizeof text, "return stack:");
    if (m->rsp <= 0)
        snprintf(text + used, sizeof text - (size_t)used, " empty");
    for (int i = 0; i < m->rsp && i < VM_RSTACK && used < (int)sizeof text; i++)
        used += snprintf(text + used, sizeof text - (size_t)used, " %0*d", digits, m->rstack[i]);
    draw_wrapped(g, UI_FONT_SMALL, text, ix, y + dy_small, iw, 2, UI_COL_TEXT);

    /* The registers. */
    y = p.y + PAD + 5 * ROW + 6;
    ui_gfx_fill(g, (ui_rect){p.x + PAD, y - 4, p.w - 2 * PAD, 1}, UI_COL_PANELEDGE);
    int colw = (p.w - 2 * PAD) / 3;
    for (int r = 0; r < VM_REGISTERS && r < m->regs; r++) {
        int cx = p.x + PAD + colw * (r / 5), cy = y + ROW * (r % 5);
        bool changed = !vm_num_eq(m->reg[r], s->regs_before[r]);
        vm_num_format_value(m->reg[r], num, sizeof num);
        int right = cx + colw - 10;
        int vw = ui_gfx_text_w(g, UI_FONT_MONO, num);
        snprintf(text, sizeof text, "%c %s", vm_reg_name(r), s->decl.reg_name[r]);
        if (ui_gfx_text_w(g, UI_FONT_SMALL, text) + vw + 6 > colw - 12)
            snprintf(text, sizeof text, "%c", vm_reg_name(r));
        ui_gfx_text(g, UI_FONT_SMALL, text, cx + 2, cy + dy_small, UI_COL_DIM, UI_ALIGN_LEFT);
        ui_gfx_text(g, UI_FONT_MONO, num, right, cy + dy_mono,
                    changed ? UI_COL_CHANGED : UI_COL_TEXT, UI_ALIGN_RIGHT);
    }

    /* Since the person's move. */
    y += 5 * ROW + 4;
    ui_gfx_fill(g, (ui_rect){p.x + PAD, y - 2, p.w - 2 * PAD, 1}, UI_COL_PANELEDGE);
    snprintf(text, sizeof text, "instructions since your move: %llu",
             (unsigned long long)ui_session_since_move(s));
    ui_gfx_text(g, UI_FONT_SMALL, text, x + 2, y + dy_small + 2, UI_COL_DIM, UI_ALIGN_LEFT);
    ui_gfx_unclip(g);
}

void ui_panel_debugger_draw(ui_gfx *g, const ui_layout *l, const ui_session *s,
                            const ui_look *look)
{
    draw_listing(g, l, s, look);
    draw_state(g, l, s);
}
