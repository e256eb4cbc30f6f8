// giflib 5 (Debian: libgif-dev; Homebrew: giflib), which writes and reads GIF animations.
// Debian ships no pkg-config file for it, so the module map links "gif" by name. On macOS,
// Homebrew's include and lib folders must be known to the compiler (CPATH, LIBRARY_PATH).
#include <gif_lib.h>
