// cairo (Debian: libcairo2-dev; Homebrew: cairo): the image, SVG and PDF surfaces that
// DynDraw draws pictures on.
#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
