/* The machine against a measured case (vm_vector.h). */
#include "vm_vector.h"
#include "vm_internal.h"

#include <string.h>

static const char *const field_names[VM_VF_COUNT] = {
    "x", "y", "z", "t", "x1", "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
    "r8", "r9", "r10", "r11", "r12", "r13", "r14", "display"};

const char *vm_vector_field_name(int field)
{
    return field >= 0 && field < VM_VF_COUNT ? field_names[field] : "?";
}

int vm_vector_field_find(const char *name)
{
    for (int f = 0; f < VM_VF_COUNT; f++)
        if (strcmp(name, field_names[f]) == 0)
            return f;
    return -1;
}

void vm_vector_init(vm_vector *v)
{
    memset(v, 0, sizeof *v);
    v->angle = VM_RAD;
    v->keys = "";
    for (int f = 0; f < VM_VF_DISPLAY; f++)
        v->expect[f] = vm_num_zero();
}

int vm_vector_display(const vm_display *d, char *buf, size_t size)
{
    char tmp[VM_VECTOR_DISPLAY_MAX];
    int n = 0;
    for (int i = 0; i < VM_DISPLAY_CELLS; i++) {
        tmp[n++] = d->dark ? ' ' : d->glyph[i];
        if (!d->dark && d->point[i])
            tmp[n++] = '.';
    }
    tmp[n] = '\0';
    if (size > 0) {
        size_t k = (size_t)n < size ? (size_t)n : size - 1;
        memcpy(buf, tmp, k);
        buf[k] = '\0';
    }
    return n;
}

/* The machine's value of a compared number field. */
static vm_num field_value(const vm_machine *m, int f)
{
    switch (f) {
    case VM_VF_X: return m->x;
    case VM_VF_Y: return m->y;
    case VM_VF_Z: return m->z;
    case VM_VF_T: return m->t;
    case VM_VF_X1: return m->x1;
    default: return m->reg[f - VM_VF_R0];
    }
}

/* One run of a case. perturb >= 0: after the perturb-th look (a key, or a
 * step of a run) X is changed and a failure there becomes a result (the
 * dependence check). Returns the status; *first is the look at which the
 * first function step outside the model was seen (-1: none). */
typedef struct run_ctx {
    int looks, first, perturb;
    vm_vector_outcome *out;
} run_ctx;

/* After a key or a step: notes a function step outside the model, then
 * forgets the warning so that the next step's shows; at the perturbed
 * look, changes its result. True when a stopped run should go on. */
static bool look(vm_machine *m, run_ctx *c, bool in_run)
{
    bool resume = false;
    if (m->warn == VM_WARN_OPERAND && c->first < 0) {
        c->first = c->looks;
        c->out->unmodelled = m->warn_value;
    }
    if (c->looks == c->perturb) {
        /* Another result: a number no case would make by chance. */
        vm_num other = {73194537u, -5, false, 0};
        m->x = vm_num_same_value(m->x, other) ? vm_num_from_int(31) : other;
        if (m->halt == VM_HALT_ERROR) {
            m->halt = VM_HALT_NONE;
            if (in_run) { /* the run goes on after the step */
                resume = true;
                m->pc = m->halt_pc + 1 < vm_pc_limit(m) ? m->halt_pc + 1 : 0;
            }
        }
        if (!m->running)
            vm_display_load(m, m->x);
    }
    c->looks++;
    m->warn = VM_WARN_NONE;
    return resume;
}

static vm_vector_status run_once(const vm_vector *v, vm_machine *m, run_ctx *c)
{
    vm_init(m, VM_PROFILE_MK61);
    m->angle = v->angle;
    for (int i = 0; i < VM_VECTOR_STEPS; i++)
        m->prog[i] = v->program[i];
    const char *keys = v->keys;
    int key;
    size_t len;
    int r;
    while ((r = vm_key_next(&keys, &key, &len)) == 1) {
        vm_press(m, (vm_key)key);
        (void)look(m, c, false);
        if (m->running) {
            /* step by step, to see each step's diagnostic */
            vm_halt h = VM_HALT_BUDGET;
            for (uint32_t n = 0; n < VM_VECTOR_BUDGET && h == VM_HALT_BUDGET; n++) {
                h = vm_run(m, 1);
                if (look(m, c, true))
                    h = VM_HALT_BUDGET;
            }
            if (h == VM_HALT_BUDGET)
                return VM_VECTOR_NO_STOP;
        }
    }
    if (r < 0) {
        c->out->bad_key = (size_t)(keys - v->keys);
        return VM_VECTOR_BAD_KEY;
    }
    return VM_VECTOR_SAME;
}

/* A number field against the measurement: by value, or nibble for nibble
 * when the field is exact. */
static bool field_same(const vm_vector *v, int f, vm_num got)
{
    if (v->exact[f])
        return vm_num_to_raw(got) == vm_num_to_raw(v->expect[f]);
    return vm_num_same_value(got, v->expect[f]);
}

static void display_of(const vm_machine *m, char *buf, size_t size)
{
    vm_display d;
    vm_display_get(m, &d);
    vm_vector_display(&d, buf, size);
}

vm_vector_status vm_vector_run(const vm_vector *v, vm_vector_outcome *out)
{
    vm_machine *m = &out->m;
    memset(out->differs, 0, sizeof out->differs);
    out->bad_key = 0;
    out->unmodelled = -1;
    out->known = false;
    run_ctx c = {0, -1, -1, out};
    out->status = run_once(v, m, &c);
    if (out->status != VM_VECTOR_SAME)
        return out->status;
    display_of(m, out->display, sizeof out->display);
    bool any = false;
    for (int f = 0; f < VM_VF_DISPLAY; f++)
        if (!v->ignore[f] && !field_same(v, f, field_value(m, f)))
            any = out->differs[f] = true;
    if (!v->ignore[VM_VF_DISPLAY] && strcmp(out->display, v->display) != 0)
        any = out->differs[VM_VF_DISPLAY] = true;
    out->status = any ? VM_VECTOR_DIFFERS : VM_VECTOR_SAME;
    if (any && c.first >= 0) {
        /* Known only if every difference depends on that step. */
        vm_machine other;
        vm_vector_outcome scratch;
        scratch.unmodelled = -1;
        run_ctx d = {0, -1, c.first, &scratch};
        vm_vector_status st = run_once(v, &other, &d);
        bool known = st != VM_VECTOR_BAD_KEY;
        if (st == VM_VECTOR_SAME) {
            char shown[VM_VECTOR_DISPLAY_MAX];
            display_of(&other, shown, sizeof shown);
            for (int f = 0; known && f < VM_VF_DISPLAY; f++)
                known = !out->differs[f] ||
                        vm_num_to_raw(field_value(m, f)) != vm_num_to_raw(field_value(&other, f));
            known = known && (!out->differs[VM_VF_DISPLAY] || strcmp(shown, out->display) != 0);
        }
        out->known = known;
    }
    return out->status;
}
