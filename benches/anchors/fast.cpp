// The fastest HDU 1043 / POJ 1077 table program I could write in C++, a bench anchor for eight:
// one breadth-first search backwards from the goal at start-up, over Cantor codes computed with
// a bit mask (no inner loop), each board's path to the goal stored whole in one arena in BFS
// order (a child's path is its move and then its parent's), so that an answer is one copy. The
// input is read in one `fread` and scanned byte by byte, whatever separates the cells (spaces,
// tabs, `\r\n`, glued), the answers gathered in one buffer and written in one `fwrite`.
// It prints a shortest path (not always eight's canonical one). With the argument `count`, each
// board's distance instead, as Luogu P1379 asks.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static const int FACT[9] = {40320, 5040, 720, 120, 24, 6, 2, 1, 1};
static const int STATES = 362880;
static int offset_of[STATES];  // where a board's path starts in the arena; -1 unreached
static unsigned char length_of[STATES];

// how many bits of a 9-bit mask are set: a table, since plain -O2 (a judge's flags) makes
// __builtin_popcount a library call
static unsigned char ONES[512];

static inline int cantor(const unsigned char *cells) {
    int code = 0;
    unsigned seen = 0;
    for (int i = 0; i < 9; i++) {
        unsigned c = cells[i];
        code += (int)(c - ONES[seen & ((1u << c) - 1)]) * FACT[i];
        seen |= 1u << c;
    }
    return code;
}

int main(int argc, char **argv) {
    bool count = argc > 1 && strcmp(argv[1], "count") == 0;
    for (int m = 1; m < 512; m++) ONES[m] = ONES[m >> 1] + (m & 1);
    const int dr[4] = {1, 0, 0, -1}, dc[4] = {0, -1, 1, 0};
    // the move from a child back to its parent is the opposite of the one that made it
    const char back[4] = {'u', 'r', 'l', 'd'};
    struct Node { unsigned char cells[9]; unsigned char blank; int code; };
    std::vector<Node> queue;
    queue.reserve(STATES / 2);
    std::vector<char> arena;
    arena.reserve(5 << 20);
    memset(offset_of, -1, sizeof offset_of);
    Node goal = {{1, 2, 3, 4, 5, 6, 7, 8, 0}, 8, 0};
    goal.code = cantor(goal.cells);
    offset_of[goal.code] = 0;
    length_of[goal.code] = 0;
    queue.push_back(goal);
    for (size_t head = 0; head < queue.size(); head++) {
        Node cur = queue[head];
        int r0 = cur.blank / 3, c0 = cur.blank % 3;
        for (int d = 0; d < 4; d++) {
            int r = r0 + dr[d], c = c0 + dc[d];
            if (r < 0 || r > 2 || c < 0 || c > 2) continue;
            Node next = cur;
            int to = r * 3 + c;
            next.cells[cur.blank] = next.cells[to];
            next.cells[to] = 0;
            next.blank = to;
            next.code = cantor(next.cells);
            if (offset_of[next.code] >= 0) continue;
            int parent = cur.code, length = length_of[parent] + 1;
            offset_of[next.code] = (int)arena.size();
            length_of[next.code] = length;
            size_t at = arena.size();
            arena.resize(at + length);
            arena[at] = back[d];
            memcpy(&arena[at + 1], &arena[offset_of[parent]], length - 1);
            queue.push_back(next);
        }
    }
    // the whole input at once
    size_t size = 0, capacity = 1 << 20;
    char *input = (char *)malloc(capacity);
    for (size_t n; (n = fread(input + size, 1, capacity - size, stdin)) > 0;) {
        size += n;
        if (size == capacity) input = (char *)realloc(input, capacity *= 2);
    }
    // at most 32 bytes an answer, and at most one answer per 9 bytes of input
    char *out = (char *)malloc(size / 9 * 32 + 64), *end = out;
    unsigned char cells[9];
    int n = 0;
    for (size_t i = 0; i < size; i++) {
        char ch = input[i];
        if (ch == '\n') {
            n = 0;  // a case is one line
            continue;
        }
        if (ch == 'x' || ch == 'X') cells[n++] = 0;
        else if (ch >= '0' && ch <= '8') cells[n++] = ch - '0';
        else continue;
        if (n < 9) continue;
        n = 0;
        int code = cantor(cells);
        if (offset_of[code] < 0) {
            const char *no = count ? "-1\n" : "unsolvable\n";
            size_t k = strlen(no);
            memcpy(end, no, k);
            end += k;
        } else if (count) {
            int d = length_of[code];
            if (d >= 10) *end++ = '0' + d / 10;
            *end++ = '0' + d % 10;
            *end++ = '\n';
        } else {
            memcpy(end, arena.data() + offset_of[code], length_of[code]);
            end += length_of[code];
            *end++ = '\n';
        }
        // the rest of the line is not a case
        while (i + 1 < size && input[i + 1] != '\n') i++;
    }
    fwrite(out, 1, end - out, stdout);
    return 0;
}
