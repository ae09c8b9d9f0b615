// HarfBuzz (shaping) and hb-subset (font subsetting) for the handout writer.
// Debian: libharfbuzz-dev, installed by scripts/test and scripts/serve.
#include <hb.h>
#include <hb-ot.h>
#include <hb-subset.h>
