/* logo_png.c - the kernelspec's PNG logos (logo-32x32.png, logo-64x64.png), drawn in code from the
 * same design as the SVG logo: a 3x3 grid of cells on a dark tile, an L of orange cells and a
 * diagonal of blue ones (a layout's picture). Encoded with zlib: no image files in the tree. */
#include "kernelspec.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void put32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* Write one chunk: length, type, data, CRC of type and data. */
static int chunk(FILE *f, const char *type, const unsigned char *data, uint32_t n) {
    unsigned char hdr[8], crc[4];
    put32(hdr, n);
    memcpy(hdr + 4, type, 4);
    uLong c = crc32(0L, (const Bytef *)type, 4);
    if (n) c = crc32(c, data, n);
    put32(crc, (uint32_t)c);
    return fwrite(hdr, 1, 8, f) == 8 && (!n || fwrite(data, 1, n, f) == n) && fwrite(crc, 1, 4, f) == 4 ? 0 : -1;
}

/* The RGB colour of pixel (x, y) of a size x size logo. */
static void pixel(int size, int x, int y, unsigned char rgb[3]) {
    static const unsigned char dark[3] = {0x1f, 0x29, 0x37}, orange[3] = {0xf9, 0x73, 0x16},
                               blue[3] = {0x60, 0xa5, 0xfa};
    /* in the 64-unit design: cells at 10, 26, 42, each 12 wide */
    int u = x * 64 / size, v = y * 64 / size;
    int col = -1, row = -1;
    for (int i = 0; i < 3; i++) {
        if (u >= 10 + 16 * i && u < 22 + 16 * i) col = i;
        if (v >= 10 + 16 * i && v < 22 + 16 * i) row = i;
    }
    const unsigned char *c = dark;
    if (col >= 0 && row >= 0) {
        if (row == 0 || col == 0) c = orange;
        else if (row == col) c = blue;
    }
    memcpy(rgb, c, 3);
}

int fk_write_png_logo(const char *path, int size) {
    size_t stride = 1 + 3 * (size_t)size, raw_n = stride * (size_t)size;
    unsigned char *raw = malloc(raw_n);
    uLongf z_n = compressBound((uLong)raw_n);
    unsigned char *z = malloc(z_n);
    FILE *f = raw && z ? fopen(path, "wb") : NULL;
    int rc = -1;
    if (f) {
        for (int y = 0; y < size; y++) {
            raw[y * stride] = 0; /* filter: none */
            for (int x = 0; x < size; x++) pixel(size, x, y, raw + y * stride + 1 + 3 * x);
        }
        unsigned char ihdr[13];
        put32(ihdr, (uint32_t)size);
        put32(ihdr + 4, (uint32_t)size);
        ihdr[8] = 8;  /* bit depth */
        ihdr[9] = 2;  /* colour type: RGB */
        ihdr[10] = ihdr[11] = ihdr[12] = 0;
        static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
        if (fwrite(sig, 1, 8, f) == 8 && compress2(z, &z_n, raw, (uLong)raw_n, 9) == Z_OK &&
            chunk(f, "IHDR", ihdr, 13) == 0 && chunk(f, "IDAT", z, (uint32_t)z_n) == 0 &&
            chunk(f, "IEND", NULL, 0) == 0)
            rc = 0;
        if (fclose(f) != 0) rc = -1;
    }
    free(raw);
    free(z);
    return rc;
}
