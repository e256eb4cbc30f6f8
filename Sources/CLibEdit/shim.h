// The readline-compatible API of libedit (Debian: libedit-dev).
#include <stdio.h>
#include <editline/readline.h>
