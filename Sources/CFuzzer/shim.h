// libFuzzer's driver, declared for Swift (the symbol comes from -sanitize=fuzzer).
// Only the fuzzing build (DYN_FUZZ=1 swift build ...) uses this module.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
