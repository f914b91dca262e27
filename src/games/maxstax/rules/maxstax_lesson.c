/* MAXSTAX lessons at the rules' level: a position's lines made into a match
 * through the match's own save (so the save's reader checks them), and the
 * learner's actions judged with the table's refusals. */
#include "games/maxstax/rules/maxstax_lesson.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/maxstax/rules/maxstax_diff.h"
#include "games/maxstax/rules/maxstax_mode.h"
#include "games/maxstax/rules/maxstax_why.h"

#define SAVE_LINES 160
#define LINE_LEN 1024

/* The save as lines, to change some and join them again. */
typedef struct save_lines {
    int n;
    char line[SAVE_LINES][LINE_LEN];
} save_lines;

static int split(save_lines *s, const char *text)
{
    s->n = 0;
    while (*text) {
        size_t len = strcspn(text, "\n");
        if (s->n == SAVE_LINES || len >= LINE_LEN)
            return -1;
        memcpy(s->line[s->n], text, len);
        s->line[s->n++][len] = 0;
        text += len + (text[len] == '\n');
    }
    return 0;
}

static char *join(const save_lines *s)
{
    size_t len = 1;
    char *out, *at;
    for (int i = 0; i < s->n; i++)
        len += strlen(s->line[i]) + 1;
    if (!(out = malloc(len)))
        return NULL;
    at = out;
    for (int i = 0; i < s->n; i++)
        at += sprintf(at, "%s\n", s->line[i]);
    return out;
}

/* The length of a line's first word (its key). */
static size_t key_len(const char *l) { return strcspn(l, " "); }

/* The index of the save line that line replaces: the same key, and for the
 * keys that repeat (seat, block, scored, same-scored) the same second word; -1 none. */
static int find_line(const save_lines *s, const char *line)
{
    size_t k = key_len(line);
    int second = (k == 4 && (!strncmp(line, "seat", 4) || !strncmp(line, "swap", 4))) ||
                 (k == 5 && !strncmp(line, "block", 5)) || (k == 6 && !strncmp(line, "scored", 6)) ||
                 (k == 11 && !strncmp(line, "same-scored", 11));
    size_t w2 = second && line[k] ? strcspn(line + k + 1, " ") : 0;
    for (int i = 0; i < s->n; i++)
        if (key_len(s->line[i]) == k && !strncmp(s->line[i], line, k) &&
            (!second || (strlen(s->line[i]) > k + w2 && !strncmp(s->line[i] + k + 1, line + k + 1, w2) &&
                         (s->line[i][k + 1 + w2] == ' ' || !s->line[i][k + 1 + w2]))))
            return i;
    return -1;
}

/* Sets the save's line of key to text (a line of that key must be there). */
static int set_line(save_lines *s, const char *text)
{
    int i = find_line(s, text);
    if (i < 0 || strlen(text) >= LINE_LEN)
        return -1;
    snprintf(s->line[i], LINE_LEN, "%s", text);
    return 0;
}

/* The card of id in deck, or NULL. */
static const maxstax_card *card_of(const maxstax_deck *deck, long id)
{
    for (int i = 0; i < deck->n; i++)
        if (deck->card[i].id == id)
            return &deck->card[i];
    return NULL;
}

/* Block b of seat p at pose q (relative to p's space) in the save. */
static int put_block(save_lines *s, int p, int b, maxstax_pose q)
{
    char l[128];
    snprintf(l, sizeof l, "block %d %.17g %.17g %.15g", b, q.x + p * MAXSTAX_SPACE_PITCH, q.y, q.angle);
    return set_line(s, l);
}

/* The words of a save line's value after key k (0-based), into buf; -1 when it has none. */
static int word_at(const char *line, int k, char *buf, size_t n)
{
    for (int i = 0; i < k; i++) {
        line = strchr(line, ' ');
        if (!line)
            return -1;
        line++;
    }
    snprintf(buf, n, "%.*s", (int)strcspn(line, " "), line);
    return 0;
}

/* Replaces word k of the save line at index i with w. */
static int set_word(save_lines *s, int i, int k, const char *w)
{
    char out[LINE_LEN], *line = s->line[i];
    size_t at = 0;
    for (int j = 0; j < k; j++) {
        char *sp = strchr(line + at, ' ');
        if (!sp)
            return -1;
        at = (size_t)(sp - line) + 1;
    }
    snprintf(out, sizeof out, "%.*s%s%s", (int)at, line, w, line + at + strcspn(line + at, " "));
    snprintf(s->line[i], LINE_LEN, "%s", out);
    return 0;
}

/* `card ID...`: the deck line puts these cards first (in play), and the
 * mode's lines follow (see maxstax_lesson_match). */
static int put_cards(save_lines *s, const maxstax_setup *setup, const maxstax_deck *deck, const long *ids, int n,
                     char *why, size_t wn)
{
    int di = find_line(s, "deck"), hi = find_line(s, "hands"), ni = find_line(s, "next"), at = 0, k = 0;
    char deck_line[LINE_LEN] = "deck", w[32];
    const char *p = di >= 0 ? s->line[di] + 4 : NULL;
    long rest[MAXSTAX_DECK_SIZE];
    if (!p || ni < 0 || word_at(s->line[ni], 1, w, sizeof w) < 0)
        return snprintf(why, wn, "the match has no deck"), -1;
    /* the rest of the deck in its shuffled order, less the cards named */
    while (*p == ' ' && k < MAXSTAX_DECK_SIZE) {
        long id = strtol(p + 1, (char **)&p, 10);
        int named = 0;
        for (int i = 0; i < n; i++)
            named |= ids[i] == id;
        if (!named)
            rest[k++] = id;
    }
    /* the cards named where the deck turns them up: SPEEDSTAX's round's
     * card is the last turned up; SWAPSTAX's hands are the first, then its next */
    if (setup->scoring == MAXSTAX_SPEEDSTAX)
        at = atoi(w) - 1;
    if (at > k)
        at = k;
    for (int i = 0; i < at; i++)
        snprintf(deck_line + strlen(deck_line), sizeof deck_line - strlen(deck_line), " %ld", rest[i]);
    for (int i = 0; i < n; i++)
        snprintf(deck_line + strlen(deck_line), sizeof deck_line - strlen(deck_line), " %ld", ids[i]);
    for (int i = at; i < k; i++)
        snprintf(deck_line + strlen(deck_line), sizeof deck_line - strlen(deck_line), " %ld", rest[i]);
    snprintf(s->line[di], LINE_LEN, "%s", deck_line);
    if (setup->scoring == MAXSTAX_SWAPSTAX && hi >= 0) {
        char l[LINE_LEN] = "hands";
        int next;
        for (int q = 0; q < setup->players; q++)
            snprintf(l + strlen(l), sizeof l - strlen(l), " %ld", q < n ? ids[q] : 0L);
        if (n < setup->players)
            return snprintf(why, wn, "SWAPSTAX's card names every seat's hand, then the deck's next"), -1;
        snprintf(s->line[hi], LINE_LEN, "%s", l);
        /* the hands are turned up: the deck's next card is the one after them */
        next = setup->players;
        snprintf(l, sizeof l, "next %d", next);
        set_line(s, l);
    }
    if (setup->scoring == MAXSTAX_SAMESTAX) {
        const maxstax_card *c = card_of(deck, ids[0]);
        int si = find_line(s, "samestax"), li = find_line(s, "lengths"), creator;
        char l[LINE_LEN] = "target";
        double lo = 1e9, hi2 = -1e9;
        if (!c || si < 0 || li < 0 || word_at(s->line[si], 3, w, sizeof w) < 0)
            return snprintf(why, wn, "card %ld is not a stacker card", ids[0]), -1;
        creator = atoi(w);
        for (int i = 0; i < c->n; i++) {
            lo = fmin(lo, c->block[i].x);
            hi2 = fmax(hi2, c->block[i].x);
        }
        snprintf(l + strlen(l), sizeof l - strlen(l), " %d", c->n);
        for (int i = 0; i < c->n; i++) {
            maxstax_pose q = c->block[i];
            q.x -= (lo + hi2) / 2;
            snprintf(l + strlen(l), sizeof l - strlen(l), " %.17g %.17g %.15g", q.x, q.y, q.angle);
            /* the Creator's structure stands in its space, the tops of its piles first */
            put_block(s, creator, creator * MAXSTAX_BLOCKS_PER_PLAYER + MAXSTAX_BLOCKS_PER_PLAYER - 1 - i, q);
        }
        set_line(s, l);
        /* replication of it: the clock's round is replication's length, and the others build */
        set_word(s, si, 7, "replicate");
        for (int q = 0; q < setup->players; q++) {
            char key[16];
            snprintf(key, sizeof key, "seat %d", q);
            if (find_line(s, key) >= 0)
                set_word(s, find_line(s, key), 3, q == creator ? "0" : "1");
        }
        if (word_at(s->line[li], 2, w, sizeof w) == 0) {
            snprintf(l, sizeof l, "round-ticks %s", w);
            set_line(s, l);
        }
    }
    return 0;
}

/* The position's next line (up to ';') into buf, trimmed; advances *pos. 0, or -1 at the end. */
static int next_line(const char **pos, char *buf, size_t n)
{
    const char *p = *pos;
    size_t len, start;
    while (*p == ' ' || *p == ';')
        p++;
    if (!*p)
        return -1;
    len = strcspn(p, ";");
    *pos = p + len;
    while (len && p[len - 1] == ' ')
        len--;
    start = 0;
    snprintf(buf, n, "%.*s", (int)(len - start), p + start);
    return 0;
}

/* The setup lines of the tape, applied before the match is made; 1 when line was one, -1 when malformed. */
static int setup_line(maxstax_setup *setup, const char *line)
{
    int k = -1, a, b;
    double d;
    if (!strncmp(line, "round-seconds ", 14))
        return sscanf(line, "round-seconds %lf%n", &d, &k) == 1 && k == (int)strlen(line) && d > 0 &&
                       d <= SPEEDSTAX_ROUND_SECONDS
                   ? (setup->round_seconds = d, 1)
                   : -1;
    if (!strncmp(line, "first-creator ", 14))
        return sscanf(line, "first-creator %d%n", &a, &k) == 1 && k == (int)strlen(line) && a >= 0 &&
                       a < setup->players
                   ? (setup->first_creator = a, 1)
                   : -1;
    if (!strncmp(line, "stars ", 6))
        return sscanf(line, "stars %d %d%n", &a, &b, &k) == 2 && k == (int)strlen(line) && a >= 1 && a <= b && b <= 3
                   ? (setup->stars_min = a, setup->stars_max = b, 1)
                   : -1;
    return 0;
}

/* `played ROUNDS POINTS...` (the tape's): the rounds already played, on the new match. */
static int played_line(maxstax_match *m, int players, const char *line, char *why, size_t wn)
{
    int pts[SAMESTAX_MAX_ROUNDS][SPEEDSTAX_MAX_PLAYERS], n, at;
    const char *p = line + 7;
    if (sscanf(p, "%d%n", &n, &at) != 1 || n < 1 || n > SAMESTAX_MAX_ROUNDS)
        return snprintf(why, wn, "played takes ROUNDS (1 to %d), then each round's points", SAMESTAX_MAX_ROUNDS), -1;
    p += at;
    for (int r = 0; r < n; r++)
        for (int q = 0; q < players; q++) {
            if (sscanf(p, "%d%n", &pts[r][q], &at) != 1)
                return snprintf(why, wn, "played %d takes %d points", n, n * players), -1;
            p += at;
        }
    if (*p)
        return snprintf(why, wn, "played %d takes %d points, no more", n, n * players), -1;
    return maxstax_match_compose_played(m, n, pts, why, wn);
}

maxstax_match *maxstax_lesson_match(const maxstax_setup *setup_in, const maxstax_deck *deck, uint64_t seed,
                                    const char *position, char *err, size_t errn)
{
    maxstax_setup setup = *setup_in;
    maxstax_match *m;
    save_lines *s;
    char line[LINE_LEN], why[300], *text;
    const char *pos = position;
    int k = 0, rc;
    /* the tape's setup lines first: the match is made with them */
    while (next_line(&pos, line, sizeof line) == 0) {
        k++;
        if (setup_line(&setup, line) < 0) {
            snprintf(err, errn, "position line %d: '%s' is malformed", k, line);
            return NULL;
        }
    }
    if (!(m = maxstax_match_new(&setup, deck, seed, err, errn)))
        return NULL;
    for (pos = position, k = 0; next_line(&pos, line, sizeof line) == 0;)
        if (++k && !strncmp(line, "played ", 7) && played_line(m, setup.players, line, why, sizeof why) != 0) {
            snprintf(err, errn, "position line %d: %s", k, why);
            maxstax_match_free(m);
            return NULL;
        }
    text = maxstax_match_save(m);
    maxstax_match_free(m);
    s = calloc(1, sizeof *s);
    if (!text || !s || split(s, text) != 0) {
        free(text);
        free(s);
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    free(text);
    rc = 0;
    for (pos = position, k = 0; rc == 0 && next_line(&pos, line, sizeof line) == 0;) {
        long ids[SPEEDSTAX_MAX_PLAYERS + 1];
        int n = 0, p, b, at = 0;
        maxstax_pose q;
        k++;
        why[0] = 0;
        if (setup_line(&setup, line) != 0 || !strncmp(line, "played ", 7))
            continue;
        if (!strncmp(line, "card ", 5)) {
            const char *c = line + 4;
            while (rc == 0 && *c == ' ') {
                char *end;
                long id = strtol(c + 1, &end, 10);
                if (end == c + 1 || n == SPEEDSTAX_MAX_PLAYERS + 1 || !card_of(deck, id))
                    rc = -1;
                else
                    ids[n++] = id;
                c = end;
            }
            if (rc == 0 && (*c || n == 0))
                rc = -1;
            if (rc != 0)
                snprintf(why, sizeof why, "'card' takes stacker card ids (1 to %d)", deck->n);
            else
                rc = put_cards(s, &setup, deck, ids, n, why, sizeof why);
        } else if (!strncmp(line, "place ", 6)) {
            if (sscanf(line, "place %d %d %lf %lf %lf%n", &p, &b, &q.x, &q.y, &q.angle, &at) != 5 ||
                at != (int)strlen(line) || p < 0 || p >= setup.players || b < maxstax_match_first_block(p) ||
                b >= maxstax_match_first_block(p + 1) || fabs(q.x) > MAXSTAX_SPACE_HALF * 2 || q.y < 0.4 ||
                fabs(q.angle) > 180) {
                rc = -1;
                snprintf(why, sizeof why, "expected 'place SEAT BLOCK X Y ANGLE': one of the seat's blocks in its space");
            } else {
                rc = put_block(s, p, b, q);
            }
        } else if ((rc = set_line(s, line)) != 0) {
            snprintf(why, sizeof why, "'%.*s' is no line of the tape nor of the save", (int)key_len(line), line);
        }
        if (rc != 0)
            snprintf(err, errn, "position line %d: %s", k, why);
    }
    if (rc == 0 && (text = join(s)) != NULL) {
        m = maxstax_match_load(text, deck, why, sizeof why);
        free(text);
        if (!m)
            snprintf(err, errn, "position: %s", why);
        free(s);
        return m;
    }
    if (rc == 0)
        snprintf(err, errn, "out of memory");
    free(s);
    return NULL;
}

int maxstax_lesson_act_read(const char *text, int players, maxstax_lesson_act *a, char *err, size_t errn)
{
    int k = -1;
    memset(a, 0, sizeof *a);
    if (!strcmp(text, "build"))
        a->kind = MAXSTAX_LESSON_BUILD;
    else if (!strcmp(text, "claim"))
        a->kind = MAXSTAX_LESSON_CLAIM;
    else if (!strcmp(text, "ready"))
        a->kind = MAXSTAX_LESSON_READY;
    else if (sscanf(text, "swap %d%n", &a->with, &k) == 1 && k == (int)strlen(text) && a->with >= SWAPSTAX_DECK &&
             a->with < players)
        a->kind = MAXSTAX_LESSON_SWAP;
    else {
        snprintf(err, errn, "'%s' is not build, claim, ready or swap WITH (-2 the deck, -1 a pass, a seat from 0)",
                 text);
        return -1;
    }
    return 0;
}

int maxstax_lesson_act_allowed(const maxstax_match *m, int p, const maxstax_lesson_act *a, char *why, size_t n)
{
    const samestax_state *g = maxstax_match_samestax(m);
    switch (a->kind) {
    case MAXSTAX_LESSON_SWAP: return maxstax_swap_refusal(m, p, a->with, NULL, why, n) < 0 ? 0 : -1;
    case MAXSTAX_LESSON_READY:
        if (!g || g->phase != SAMESTAX_CREATE || g->creator != p)
            return snprintf(why, n, "Only the Creator is ready, while they create."), -1;
        break;
    default:
        if (g && g->phase == SAMESTAX_CREATE && g->creator == p)
            return snprintf(why, n, "You are the Creator: build your own structure, then press Ready."), -1;
    }
    return maxstax_build_refusal(m, p, NULL, why, n) < 0 ? 0 : -1;
}

int maxstax_lesson_built(const maxstax_match *m, int p, char *why, size_t n)
{
    maxstax_pose in[MAXSTAX_CARD_MAX_BLOCKS + 1];
    const maxstax_card *c = maxstax_match_seat_card(m, p);
    maxstax_diff d;
    int k = maxstax_space_read(maxstax_match_world(m), p, in);
    if (!c || c->n == 0)
        return snprintf(why, n, "There is no card to build."), -1;
    if (maxstax_diff_list(c, in, k, &d) == 0)
        return 0;
    snprintf(why, n, "%s", d.text[0]);
    for (int i = 1; i < d.n && i < 2; i++)
        snprintf(why + strlen(why), n - strlen(why), "; %s", d.text[i]);
    return -1;
}
