/* kernelspec.c - write kernels/<name>/kernel.json and the logos (SVG, 32 and 64 px PNG) for
 * `flyi-kernel install`; `flyi-kernel logos DIR` writes the logos alone (what `make install`
 * puts beside the kernel.json it installs). */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include "kernelspec.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef FK_PREFIX
#define FK_PREFIX "/usr/local"
#endif

static const char logo_svg[] =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\" viewBox=\"0 0 64 64\">\n"
    "<rect width=\"64\" height=\"64\" rx=\"10\" fill=\"#1f2937\"/>\n"
    "<g fill=\"#f97316\">"
    "<rect x=\"10\" y=\"10\" width=\"12\" height=\"12\"/><rect x=\"26\" y=\"10\" width=\"12\" height=\"12\"/>"
    "<rect x=\"42\" y=\"10\" width=\"12\" height=\"12\"/><rect x=\"10\" y=\"26\" width=\"12\" height=\"12\"/>"
    "<rect x=\"10\" y=\"42\" width=\"12\" height=\"12\"/></g>\n"
    "<g fill=\"#60a5fa\"><rect x=\"26\" y=\"26\" width=\"12\" height=\"12\"/>"
    "<rect x=\"42\" y=\"42\" width=\"12\" height=\"12\"/></g>\n</svg>\n";

static int mkdirs(const char *path) {
    char buf[PATH_MAX];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) return -1;
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(buf, 0755) && errno != EEXIST) return -1;
            *p = '/';
        }
    if (mkdir(buf, 0755) && errno != EEXIST) return -1;
    return 0;
}

static void usage(FILE *f) {
    fprintf(f, "usage: flyi-kernel install [--user | --prefix DIR | --sys-prefix] [--name NAME]\n"
               "                          [--display-name TEXT] [--interrupt-mode signal|message]\n"
               "  --user        ~/.local/share/jupyter/kernels (or $JUPYTER_DATA_DIR) [default]\n"
               "  --prefix DIR  DIR/share/jupyter/kernels\n"
               "  --sys-prefix  $VIRTUAL_ENV, $CONDA_PREFIX or " FK_PREFIX ", /share/jupyter/kernels\n");
}

static int valid_name(const char *n) {
    if (!*n) return 0;
    for (; *n; n++)
        if (!(('a' <= *n && *n <= 'z') || ('A' <= *n && *n <= 'Z') || ('0' <= *n && *n <= '9') || *n == '-' ||
              *n == '.' || *n == '_'))
            return 0;
    return 1;
}

int fk_kernelspec_install(int argc, char **argv) {
    const char *prefix = NULL, *name = "flyi", *display = "FlyDSL (flyi)", *mode = "signal";
    int user = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--user")) {
            user = 1;
            prefix = NULL;
        } else if (!strcmp(a, "--prefix") && v) {
            prefix = v;
            user = 0;
            i++;
        } else if (!strcmp(a, "--sys-prefix")) {
            prefix = getenv("VIRTUAL_ENV");
            if (!prefix || !*prefix) prefix = getenv("CONDA_PREFIX");
            if (!prefix || !*prefix) prefix = FK_PREFIX;
            user = 0;
        } else if (!strcmp(a, "--name") && v) {
            name = v;
            i++;
        } else if (!strcmp(a, "--display-name") && v) {
            display = v;
            i++;
        } else if (!strcmp(a, "--interrupt-mode") && v) {
            mode = v;
            i++;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (!valid_name(name) || (strcmp(mode, "signal") && strcmp(mode, "message"))) {
        usage(stderr);
        return 2;
    }
    char base[PATH_MAX], dir[PATH_MAX + 64], exe[PATH_MAX];
    if (user) {
        const char *d = getenv("JUPYTER_DATA_DIR"), *x = getenv("XDG_DATA_HOME"), *h = getenv("HOME");
        if (d && *d) snprintf(base, sizeof base, "%s", d);
        else if (x && *x) snprintf(base, sizeof base, "%s/jupyter", x);
        else if (h && *h) snprintf(base, sizeof base, "%s/.local/share/jupyter", h);
        else {
            fprintf(stderr, "flyi-kernel install: HOME is not set; use --prefix\n");
            return 1;
        }
    } else {
        snprintf(base, sizeof base, "%s/share/jupyter", prefix);
    }
    snprintf(dir, sizeof dir, "%s/kernels/%s", base, name);
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        fprintf(stderr, "flyi-kernel install: cannot find this program's path\n");
        return 1;
    }
    exe[n] = 0;
    if (mkdirs(dir)) {
        fprintf(stderr, "flyi-kernel install: cannot create %s: %s\n", dir, strerror(errno));
        return 1;
    }
    json_t *spec =
        json_pack("{s:[s,s,s], s:s, s:s, s:s, s:{s:b}}", "argv", exe, "-f", "{connection_file}", "display_name",
                  display, "language", "python", "interrupt_mode", mode, "metadata", "debugger", 0);
    char path[PATH_MAX + 128];
    snprintf(path, sizeof path, "%s/kernel.json", dir);
    int rc = spec ? json_dump_file(spec, path, JSON_INDENT(1) | JSON_PRESERVE_ORDER) : -1;
    json_decref(spec);
    if (rc) {
        fprintf(stderr, "flyi-kernel install: cannot write %s\n", path);
        return 1;
    }
    fk_write_logos(dir, "flyi-kernel install");
    printf("Installed kernelspec %s in %s\n", name, dir);
    return 0;
}

int fk_write_logos(const char *dir, const char *who) {
    char path[PATH_MAX + 32];
    int rc = 0;
    snprintf(path, sizeof path, "%s/logo-svg.svg", dir);
    FILE *f = fopen(path, "w");
    if (!f || fputs(logo_svg, f) < 0) rc = -1;
    if (f && fclose(f) != 0) rc = -1;
    if (rc) fprintf(stderr, "%s: cannot write %s\n", who, path);
    static const int sizes[] = {32, 64};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        snprintf(path, sizeof path, "%s/logo-%dx%d.png", dir, sizes[i], sizes[i]);
        if (fk_write_png_logo(path, sizes[i])) {
            fprintf(stderr, "%s: cannot write %s\n", who, path);
            rc = -1;
        }
    }
    return rc;
}

int fk_kernelspec_logos(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: flyi-kernel logos DIR\n");
        return 2;
    }
    if (mkdirs(argv[1])) {
        fprintf(stderr, "flyi-kernel logos: cannot create %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    return fk_write_logos(argv[1], "flyi-kernel logos") ? 1 : 0;
}
