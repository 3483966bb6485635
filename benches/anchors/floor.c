/* The floor of a judge's run: read the whole input, then write answers already known (the file
 * named by the first argument). No solving at all: what any solver must at least spend. */
#include <stdio.h>

int main(int argc, char **argv) {
    static char buffer[1 << 16];
    while (fread(buffer, 1, sizeof buffer, stdin) > 0) {
    }
    FILE *answers = argc > 1 ? fopen(argv[1], "rb") : NULL;
    if (!answers) return 2;
    size_t n;
    while ((n = fread(buffer, 1, sizeof buffer, answers)) > 0) fwrite(buffer, 1, n, stdout);
    return 0;
}
