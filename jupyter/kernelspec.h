/* kernelspec.h - `flyi-kernel install`: write a Jupyter kernelspec for this binary. */
#ifndef FK_KERNELSPEC_H
#define FK_KERNELSPEC_H

/* Run `install [--user | --prefix DIR | --sys-prefix] [--name N] [--display-name S]
 * [--interrupt-mode signal|message]`; argv[0] is "install". Returns the exit status. */
int fk_kernelspec_install(int argc, char **argv);
/* Run `logos DIR`: write the logos (logo-svg.svg, logo-32x32.png, logo-64x64.png) into DIR, made
 * when missing. Returns the exit status. */
int fk_kernelspec_logos(int argc, char **argv);
/* Write the three logos into dir (messages name `who`); 0, or -1 when one cannot be written. */
int fk_write_logos(const char *dir, const char *who);
/* Write the size x size PNG logo to path; 0, or -1 when the file cannot be written. */
int fk_write_png_logo(const char *path, int size);

#endif
