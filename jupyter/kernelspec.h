/* kernelspec.h - `flyi-kernel install`: write a Jupyter kernelspec for this binary. */
#ifndef FK_KERNELSPEC_H
#define FK_KERNELSPEC_H

/* Run `install [--user | --prefix DIR | --sys-prefix] [--name N] [--display-name S]
 * [--interrupt-mode signal|message]`; argv[0] is "install". Returns the exit status. */
int fk_kernelspec_install(int argc, char **argv);
/* Write the size x size PNG logo to path; 0, or -1 when the file cannot be written. */
int fk_write_png_logo(const char *path, int size);

#endif
