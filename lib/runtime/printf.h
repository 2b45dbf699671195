/* printf.h - device printf records and their decoding (the same on every backend).
 *
 * Buffer: a 16-byte header {u32 head, u32 cap, u32 lost, u32 reserved} then cap bytes of
 * records. fly-layout-lowering emits, per fly.print, an atomic add of the record size on head
 * and, when head + size <= cap, the record {u32 format id, u32 size = 8 + 8*nargs, nargs 64-bit
 * slots}; otherwise an atomic increment of lost. Format table entries (the kernel's fly.printf
 * attribute) read "<kinds>:<text>", one kind per slot: i signed, u unsigned, b bool, f float
 * (as a double); the text uses Python placeholders {} and {:spec}, {{ and }}. */
#ifndef FLY_RT_PRINTF_H
#define FLY_RT_PRINTF_H

#include <stddef.h>
#include <stdint.h>

#include "ir/ir_util.h"

#define FLY_RT_PRINTF_HEADER 16
#define FLY_RT_PRINTF_DEFAULT (1u << 20)

/* Formats one value of kind ('i','u','b','f'; bits = the raw slot) with a Python format spec
 * (spec without the colon, "" for {}) and appends it to out. {} gives FlyDSL's device printf
 * output: integers in decimal, floats with two decimals, Booleans True/False. */
void fly_rt_printf_format_value(fly_ir_buf *out, char kind, uint64_t bits, const char *spec, size_t speclen);
/* Decodes records (len bytes, as laid out in the buffer's data) with the format table into
 * out, one line per record (a newline appended). Returns the number of records decoded. */
size_t fly_rt_printf_decode(const unsigned char *records, size_t len, char *const *formats, int nformats,
                            fly_ir_buf *out);
/* The buffer size from FLYI_PRINTF_BUFFER (bytes; k/M suffixes), or the default. */
size_t fly_rt_printf_buffer_size(void);

#endif
