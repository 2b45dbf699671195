/* target.h - the GPUs flyi compiles for. */
#ifndef FLY_PIPELINE_TARGET_H
#define FLY_PIPELINE_TARGET_H

typedef struct fly_pipeline_target {
    const char *chip;        /* "gfx942" */
    const char *arch;        /* "CDNA3" */
    int wave_size;           /* 64 */
    int lds_bytes;           /* LDS per CU */
    int vgprs_per_simd;      /* unified VGPR+AGPR file per lane */
    int max_waves_per_simd;
    int simds_per_cu;
} fly_pipeline_target;

/* The target named chip; NULL or "" gives the default (gfx942); NULL for unknown chips. */
const fly_pipeline_target *fly_pipeline_target_get(const char *chip);
/* The list of supported chips, comma-separated ("gfx942, gfx950"). */
const char *fly_pipeline_target_names(void);

#endif
