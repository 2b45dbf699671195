/* kernelspec.h - `flyi-kernel install`: write a Jupyter kernelspec for this binary. */
#ifndef FK_KERNELSPEC_H
#define FK_KERNELSPEC_H

/* Run `install [--user | --prefix DIR | --sys-prefix] [--name N] [--display-name S]
 * [--interrupt-mode signal|message]`; argv[0] is "install". Returns the exit status. */
int fk_kernelspec_install(int argc, char **argv);

#endif
