/* The program image: profiles, address bytes, an empty program; and the
 * empty declarations beside it (vm_decl.h). */
#include "vm_decl.h"
#include "vm_program.h"

#include <string.h>

static const vm_profile profiles[] = {
    [VM_PROFILE_MK61] = {"mk61", 105, 15},
    [VM_PROFILE_MK61X] = {"mk61x", VM_MAX_STEPS, VM_MAX_REGS},
};

#define PROFILES ((int)(sizeof profiles / sizeof profiles[0]))

const vm_profile *vm_profile_get(vm_profile_id id)
{
    return (int)id >= 0 && (int)id < PROFILES ? &profiles[id] : &profiles[0];
}

const vm_profile *vm_profile_find(const char *name, vm_profile_id *id)
{
    for (int i = 0; name && i < PROFILES; i++) {
        if (strcmp(profiles[i].name, name) == 0) {
            if (id)
                *id = (vm_profile_id)i;
            return &profiles[i];
        }
    }
    return NULL;
}

/* The units in the low nibble, the tens in the bits above (A = 10 .. F = 15
 * as on the MK-61, then 0x10 = 16 .. 0x63 = 99). An address outside 0..999
 * gives 0xFFFF, which decodes to -1. */
uint16_t vm_addr_encode(int addr)
{
    if (addr < 0 || addr >= VM_MAX_STEPS)
        return 0xFFFF;
    return (uint16_t)((addr / 10) << 4 | addr % 10);
}

int vm_addr_decode(uint16_t cell)
{
    int units = cell & 0x0F;
    if (units > 9)
        return -1;
    return (cell >> 4) * 10 + units;
}

void vm_program_init(vm_program *p, vm_profile_id profile)
{
    memset(p, 0, sizeof *p);
    /* All bytes zero is also the zero vm_num: {0, 0, false}. */
    p->profile = (int)profile >= 0 && (int)profile < PROFILES ? profile : VM_PROFILE_MK61;
}

void vm_decl_init(vm_decl *d)
{
    memset(d, 0, sizeof *d);
    vm_search *s = &d->search;
    s->node = s->level_reg = s->leaf_reg = s->mover = s->ab_reg = s->cut = -1;
}
