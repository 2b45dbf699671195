/* mod_thread.c - placeholder GIL (filled in by the threading work). */
#include "modules/mod_registry.h"
void fy_gil_release(void) {}
void fy_gil_acquire(void) {}
