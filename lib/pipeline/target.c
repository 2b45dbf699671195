/* target.c - gfx942 (MI300, CDNA3) and gfx950 (MI350, CDNA4). */
#include "pipeline/target.h"

#include <string.h>

static const fly_pipeline_target targets[] = {
    {"gfx942", "CDNA3", 64, 64 * 1024, 512, 8, 4},
    {"gfx950", "CDNA4", 64, 160 * 1024, 512, 8, 4},
};

const fly_pipeline_target *fly_pipeline_target_get(const char *chip) {
    if (!chip || !*chip) return &targets[0];
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
        if (strcmp(targets[i].chip, chip) == 0) return &targets[i];
    return NULL;
}

const char *fly_pipeline_target_names(void) { return "gfx942, gfx950"; }
