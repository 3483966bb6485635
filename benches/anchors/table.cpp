// The classic HDU 1043 / POJ 1077 answer, as contest solutions write it: one breadth-first
// search backwards from the goal over the Cantor codes of all 9! boards, a parent and a move
// per board, then each query walks its parents to the goal. A bench anchor for eight (it prints
// a shortest path, not always the canonical one). With the argument `count`, it prints each
// board's distance instead, as Luogu P1379 asks.
#include <cstdio>
#include <cstring>

static const int FACT[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
static const int STATES = 362880;
static int parent_of[STATES];
static char move_of[STATES];
static bool seen[STATES];
static int queue_[STATES][10];

static int cantor(const int *s) {
    int code = 0;
    for (int i = 0; i < 9; i++) {
        int smaller = 0;
        for (int j = i + 1; j < 9; j++)
            if (s[j] < s[i]) smaller++;
        code += smaller * FACT[8 - i];
    }
    return code;
}

int main(int argc, char **argv) {
    bool count = argc > 1 && strcmp(argv[1], "count") == 0;
    // blank moves: down, left, right, up; the move back from a child to its parent is the
    // opposite one
    const int dr[4] = {1, 0, 0, -1}, dc[4] = {0, -1, 1, 0};
    const char back[4] = {'u', 'r', 'l', 'd'};
    int goal[10] = {1, 2, 3, 4, 5, 6, 7, 8, 0, 8};
    int head = 0, tail = 0;
    memcpy(queue_[tail++], goal, sizeof goal);
    int goal_code = cantor(goal);
    seen[goal_code] = true;
    parent_of[goal_code] = -1;
    while (head < tail) {
        int *cur = queue_[head++];
        int code = cantor(cur), blank = cur[9];
        for (int d = 0; d < 4; d++) {
            int r = blank / 3 + dr[d], c = blank % 3 + dc[d];
            if (r < 0 || r > 2 || c < 0 || c > 2) continue;
            int *next = queue_[tail];
            memcpy(next, cur, sizeof(int) * 10);
            next[blank] = next[r * 3 + c];
            next[r * 3 + c] = 0;
            next[9] = r * 3 + c;
            int next_code = cantor(next);
            if (seen[next_code]) continue;
            seen[next_code] = true;
            parent_of[next_code] = code;
            move_of[next_code] = back[d];
            tail++;
        }
    }
    char line[256];
    static char out[1 << 16];
    while (fgets(line, sizeof line, stdin)) {
        int s[9], n = 0;
        for (char *p = line; *p && n < 9; p++) {
            if (*p == 'x') s[n++] = 0;
            else if (*p >= '0' && *p <= '8') s[n++] = *p - '0';
        }
        if (n < 9) continue;
        int code = cantor(s), len = 0;
        if (!seen[code]) {
            puts(count ? "-1" : "unsolvable");
            continue;
        }
        while (code != goal_code) {
            out[len++] = move_of[code];
            code = parent_of[code];
        }
        if (count) {
            printf("%d\n", len);
            continue;
        }
        out[len++] = '\n';
        fwrite(out, 1, len, stdout);
    }
    return 0;
}
