/* The machine against a measured case (vm_vector.h). */
#include "vm_vector.h"

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

/* Notes a function step outside the model, then forgets the warning so
 * that the next step's shows. */
static void note(vm_machine *m, vm_vector_outcome *out)
{
    if (m->warn == VM_WARN_OPERAND && out->unmodelled < 0)
        out->unmodelled = m->warn_value;
    m->warn = VM_WARN_NONE;
}

vm_vector_status vm_vector_run(const vm_vector *v, vm_vector_outcome *out)
{
    vm_machine *m = &out->m;
    memset(out->differs, 0, sizeof out->differs);
    out->bad_key = 0;
    out->unmodelled = -1;
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
        note(m, out);
        if (m->running) {
            /* step by step, to see each step's diagnostic */
            vm_halt h = VM_HALT_BUDGET;
            for (uint32_t n = 0; n < VM_VECTOR_BUDGET && h == VM_HALT_BUDGET; n++) {
                h = vm_run(m, 1);
                note(m, out);
            }
            if (h == VM_HALT_BUDGET) {
                out->status = VM_VECTOR_NO_STOP;
                return out->status;
            }
        }
    }
    if (r < 0) {
        out->bad_key = (size_t)(keys - v->keys);
        out->status = VM_VECTOR_BAD_KEY;
        return out->status;
    }
    vm_display d;
    vm_display_get(m, &d);
    vm_vector_display(&d, out->display, sizeof out->display);
    bool any = false;
    for (int f = 0; f < VM_VF_DISPLAY; f++)
        if (!v->ignore[f] && !vm_num_same_value(field_value(m, f), v->expect[f]))
            any = out->differs[f] = true;
    if (!v->ignore[VM_VF_DISPLAY] && strcmp(out->display, v->display) != 0)
        any = out->differs[VM_VF_DISPLAY] = true;
    out->status = any ? VM_VECTOR_DIFFERS : VM_VECTOR_SAME;
    return out->status;
}
