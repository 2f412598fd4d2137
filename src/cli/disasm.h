/* simty disasm: the objdump-style listing subcommand. */
#ifndef SIMTY_CLI_DISASM_H
#define SIMTY_CLI_DISASM_H

/* argv[0] is "disasm".  Returns the command's exit status. */
int cmd_disasm(int argc, char **argv);

#endif
