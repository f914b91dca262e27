#include "games/maxstax/rules/maxstax_match.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/maxstax/rules/maxstax_matcher.h"

#define HOLD_TICKS ((int)(MAXSTAX_CLAIM_HOLD_S / MAXSTAX_STEP + 0.5))
/* A stalled caller never makes the physics catch up by more than this. */
#define MAX_DT 0.25

struct maxstax_match {
    maxstax_setup setup;
    maxstax_deck deck;
    maxstax_world *world;
    speedstax_state rounds;
    double acc;
    maxstax_claim claim[SPEEDSTAX_MAX_PLAYERS];
    long claim_tick[SPEEDSTAX_MAX_PLAYERS];
    int hold_left[SPEEDSTAX_MAX_PLAYERS];
};

int maxstax_scoring_ready(maxstax_scoring scoring) { return scoring == 0 || scoring == MAXSTAX_SPEEDSTAX; }

void maxstax_setup_default(maxstax_setup *setup, int players)
{
    setup->scoring = MAXSTAX_SPEEDSTAX;
    setup->players = players;
    setup->stars_min = 1;
    setup->stars_max = 3;
    setup->snap = 1;
    setup->round_seconds = 0;
    setup->turn_mask = 0;
}

int maxstax_match_first_block(int p) { return p * MAXSTAX_BLOCKS_PER_PLAYER; }

double maxstax_match_pile_x(int k) { return 12.5 + 3.5 * k; }

static double space_x(int p) { return p * MAXSTAX_SPACE_PITCH; }

/* Takes every structure down: each player's blocks back into 3 piles of 4. */
static void reset_piles(maxstax_match *m)
{
    for (int p = 0; p < m->setup.players; p++) {
        maxstax_world_release(m->world, p);
        for (int i = 0; i < MAXSTAX_BLOCKS_PER_PLAYER; i++) {
            maxstax_pose at = {space_x(p) + maxstax_match_pile_x(i / 4), 0.5 + i % 4, 0};
            maxstax_world_place(m->world, maxstax_match_first_block(p) + i, at);
        }
        m->claim[p] = MAXSTAX_CLAIM_NONE;
    }
}

maxstax_match *maxstax_match_new(const maxstax_setup *setup, const maxstax_deck *deck, uint64_t seed, char *err,
                                 size_t errn)
{
    int eligible[MAXSTAX_DECK_SIZE], n = 0;
    if (!maxstax_scoring_ready(setup->scoring)) {
        /* SAMESTAX and SWAPSTAX share the world and the cards; their scoring is to come. */
        snprintf(err, errn, "%s has no rules yet", setup->scoring == MAXSTAX_SAMESTAX ? "SAMESTAX" : "SWAPSTAX");
        return NULL;
    }
    if (setup->players < 2 || setup->players > SPEEDSTAX_MAX_PLAYERS) {
        snprintf(err, errn, "MAXSTAX is for 2 to 4 players, not %d", setup->players);
        return NULL;
    }
    for (int i = 0; i < deck->n; i++)
        if (deck->card[i].stars >= setup->stars_min && deck->card[i].stars <= setup->stars_max)
            eligible[n++] = i;
    if (n == 0) {
        snprintf(err, errn, "no stacker card has %d to %d stars", setup->stars_min, setup->stars_max);
        return NULL;
    }
    maxstax_match *m = calloc(1, sizeof *m);
    if (!m || !(m->world = maxstax_world_new())) {
        free(m);
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    m->setup = *setup;
    m->deck = *deck;
    for (int b = 0; b < setup->players * MAXSTAX_BLOCKS_PER_PLAYER; b++)
        maxstax_world_add(m->world, (maxstax_pose){0, 0.5, 0});
    reset_piles(m);
    speedstax_init(&m->rounds, setup->players, eligible, n, seed);
    if (setup->round_seconds > 0)
        m->rounds.round_ticks = (long)(setup->round_seconds / MAXSTAX_STEP + 0.5);
    if (setup->turn_mask)
        speedstax_set_turns(&m->rounds, setup->turn_mask);
    return m;
}

void maxstax_match_free(maxstax_match *m)
{
    if (!m)
        return;
    maxstax_world_free(m->world);
    free(m);
}

/* Nonzero when the blocks in player p's space match this round's card. */
static int space_matches(const maxstax_match *m, int p)
{
    maxstax_pose in[MAXSTAX_CARD_MAX_BLOCKS];
    int n = 0;
    for (int b = 0; b < maxstax_world_count(m->world); b++) {
        maxstax_pose q = maxstax_match_pose(m, p, b);
        if (fabs(q.x) > MAXSTAX_SPACE_HALF)
            continue;
        if (n == MAXSTAX_CARD_MAX_BLOCKS)
            return 0;
        in[n++] = q;
    }
    return maxstax_matcher_match(maxstax_match_card(m), in, n, NULL);
}

/* Applies player p's input for this tick. */
static void apply_input(maxstax_match *m, int p, const maxstax_input *in)
{
    maxstax_world *w = m->world;
    /* The hand follows even while its player may not build (it touches
     * nothing empty), so a turn starts with the hand where the pointer is. */
    maxstax_world_hand_move(w, p, space_x(p) + in->x, in->y);
    if (!speedstax_building(&m->rounds, p)) {
        maxstax_world_release(w, p); /* hands off a claimed or finished structure */
        return;
    }
    if (in->actions & MAXSTAX_IN_RELEASE)
        maxstax_world_release(w, p);
    if (in->actions & MAXSTAX_IN_GRAB_AT) {
        /* The hand closes on the pressed point this tick: were it to travel
         * there first (at its bounded speed), a quick drag would catch the
         * block late and tear it from its pile. */
        maxstax_world_grab(w, p, space_x(p) + in->x, in->y, m->setup.snap);
    } else if (in->actions & MAXSTAX_IN_GRAB) {
        double hx, hy;
        maxstax_world_hand_pos(w, p, &hx, &hy);
        maxstax_world_grab(w, p, hx, hy, m->setup.snap);
    }
    if (in->turn)
        maxstax_world_turn(w, p, in->turn);
    if (in->actions & MAXSTAX_IN_CLAIM) {
        /* A held block is not free-standing, and a wrong structure fails now. */
        if (maxstax_world_held(w, p) >= 0 || !space_matches(m, p)) {
            m->claim[p] = MAXSTAX_CLAIM_FAILED;
            return;
        }
        m->claim[p] = MAXSTAX_CLAIM_CHECKING;
        m->claim_tick[p] = m->rounds.tick;
        m->hold_left[p] = HOLD_TICKS;
        speedstax_claim(&m->rounds, p);
    }
}

/* Counts down the claims being checked; the structure must still match. */
static void check_claims(maxstax_match *m)
{
    for (int p = 0; p < m->setup.players; p++) {
        if (m->claim[p] != MAXSTAX_CLAIM_CHECKING)
            continue;
        int left = --m->hold_left[p];
        /* Every 0.1 s is plenty: a falling structure stays wrong for longer. */
        if (left % 12 && left > 0)
            continue;
        if (!space_matches(m, p)) {
            m->claim[p] = MAXSTAX_CLAIM_FAILED;
            speedstax_confirm(&m->rounds, p, 0, 0);
        } else if (left <= 0) {
            m->claim[p] = MAXSTAX_CLAIM_HELD;
            speedstax_confirm(&m->rounds, p, 1, m->claim_tick[p]);
        }
    }
}

void maxstax_step(maxstax_match *m, const maxstax_input *inputs, double dt)
{
    if (m->rounds.phase == SPEEDSTAX_OVER)
        return;
    if (inputs)
        for (int p = 0; p < m->setup.players; p++)
            apply_input(m, p, &inputs[p]);
    m->acc += dt > MAX_DT ? MAX_DT : dt < 0 ? 0 : dt;
    while (m->acc >= MAXSTAX_STEP && m->rounds.phase != SPEEDSTAX_OVER) {
        m->acc -= MAXSTAX_STEP;
        maxstax_world_step(m->world);
        check_claims(m);
        if (speedstax_tick(&m->rounds))
            reset_piles(m);
    }
}

const speedstax_state *maxstax_match_rounds(const maxstax_match *m) { return &m->rounds; }

const maxstax_card *maxstax_match_card(const maxstax_match *m) { return &m->deck.card[m->rounds.card]; }

const maxstax_world *maxstax_match_world(const maxstax_match *m) { return m->world; }

maxstax_pose maxstax_match_pose(const maxstax_match *m, int p, int b)
{
    maxstax_pose q = maxstax_world_pose(m->world, b);
    q.x -= space_x(p);
    return q;
}

void maxstax_match_hand(const maxstax_match *m, int p, double *x, double *y)
{
    maxstax_world_hand_pos(m->world, p, x, y);
    *x -= space_x(p);
}

void maxstax_match_compose(maxstax_match *m, int p, int n)
{
    const maxstax_card *c = maxstax_match_card(m);
    double lo = 1e9, hi = -1e9;
    if (n > c->n)
        n = c->n;
    for (int i = 0; i < c->n; i++) {
        lo = fmin(lo, c->block[i].x);
        hi = fmax(hi, c->block[i].x);
    }
    for (int i = 0; i < n; i++) {
        maxstax_pose q = c->block[i];
        q.x += space_x(p) - (lo + hi) / 2;
        maxstax_world_place(m->world, maxstax_match_first_block(p) + MAXSTAX_BLOCKS_PER_PLAYER - 1 - i, q); /* tops of the piles first */
    }
}

maxstax_claim maxstax_match_claim(const maxstax_match *m, int p) { return m->claim[p]; }

double maxstax_match_time_left(const maxstax_match *m)
{
    const speedstax_state *s = &m->rounds;
    long left = s->round_ticks - (s->turn_seat >= 0 ? s->tick - s->turn_start : s->tick);
    return left > 0 ? left * MAXSTAX_STEP : 0;
}

int maxstax_match_check(const maxstax_match *m, char *err, size_t errn)
{
    int want = m->setup.players * MAXSTAX_BLOCKS_PER_PLAYER;
    if (maxstax_world_count(m->world) != want) {
        snprintf(err, errn, "%d blocks in the world, expected %d", maxstax_world_count(m->world), want);
        return -1;
    }
    for (int b = 0; b < want; b++) {
        maxstax_pose q = maxstax_world_pose(m->world, b);
        if (!isfinite(q.x) || !isfinite(q.y) || !isfinite(q.angle) || q.y < -0.5 || fabs(q.x) > 400) {
            snprintf(err, errn, "block %d (player %d) left the table: (%g, %g)", b, b / MAXSTAX_BLOCKS_PER_PLAYER,
                     q.x, q.y);
            return -1;
        }
    }
    return 0;
}

int maxstax_match_compose_played(maxstax_match *m, int n, const int (*points)[SPEEDSTAX_MAX_PLAYERS], char *err,
                                 size_t errn)
{
    if (speedstax_compose_played(&m->rounds, n, points) != 0) {
        snprintf(err, errn, "cannot start from round %d with those points (0 to %d a round, only at the start)",
                 n + 1, m->setup.players);
        return -1;
    }
    return 0;
}

void maxstax_match_set_snap(maxstax_match *m, int on) { m->setup.snap = on != 0; }

/* ---------------------------------------------------------------- saves */

/* The save is one "key value..." line each, in this order:
 *   stackhouse-maxstax 1 / game speedstax / players P / stars LO HI / snap S /
 *   round-ticks T / phase round|stackoff / round R / shuffler S / tick T /
 *   turns MASK SEAT START / rng 4 hex words / deck CARD-ID... (the shuffled
 *   order) / next K (cards of it turned up) / scored R POINTS... (each round
 *   scored) / seat P play X pending X finish F last L score S claim STATE
 *   TICK HOLD (each seat) / block B X Y ANGLE (every block) / end.
 * Positions are written with 17 digits, so they come back bit for bit;
 * angles with 15, as the world keeps them in radians and a degree read back
 * may differ in its last bit (15 digits is a billionth of a degree). */
#define SAVE_HEADER "stackhouse-maxstax"
#define SAVE_VERSION 1
#define SAVE_LINE 1024
#define SAVE_WORDS 64

static const char *const phase_names[] = {"round", "stackoff"};
static const char *const claim_names[] = {"none", "checking", "failed", "held"};

typedef struct save_buf {
    char *p;
    size_t len, cap;
    int full;
} save_buf;

static void put(save_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(save_buf *b, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (b->full)
        return;
    va_start(ap, fmt);
    n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= b->cap - b->len)
        b->full = 1;
    else
        b->len += (size_t)n;
}

char *maxstax_match_save(const maxstax_match *m)
{
    const speedstax_state *s = &m->rounds;
    /* 48 block lines of at most ~90 characters and a few short ones. */
    save_buf b = {malloc(16384), 0, 16384, 0};
    int n = maxstax_world_count(m->world);
    if (!b.p || s->phase == SPEEDSTAX_OVER) {
        free(b.p);
        return NULL;
    }
    put(&b, "%s %d\ngame speedstax\nplayers %d\nstars %d %d\nsnap %d\nround-ticks %ld\n", SAVE_HEADER,
        SAVE_VERSION, s->players, m->setup.stars_min, m->setup.stars_max, m->setup.snap, s->round_ticks);
    put(&b, "phase %s\nround %d\nshuffler %d\ntick %ld\nturns %u %d %ld\n", phase_names[s->phase], s->round,
        s->shuffler, s->tick, s->turn_mask, s->turn_seat, s->turn_start);
    put(&b, "rng %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %016" PRIx64 "\ndeck", s->r.s[0], s->r.s[1],
        s->r.s[2], s->r.s[3]);
    for (int i = 0; i < s->n_order; i++)
        put(&b, " %d", m->deck.card[s->order[i]].id);
    put(&b, "\nnext %d\n", s->next);
    for (int r = 0; r < speedstax_rounds_scored(s); r++) {
        put(&b, "scored %d", r + 1);
        for (int p = 0; p < s->players; p++)
            put(&b, " %d", s->round_points[r][p]);
        put(&b, "\n");
    }
    for (int p = 0; p < s->players; p++)
        put(&b, "seat %d play %d pending %d finish %ld last %d score %d claim %s %ld %d\n", p, s->in_play[p],
            s->pending[p], s->finish[p], s->last_points[p], s->score[p], claim_names[m->claim[p]],
            m->claim[p] == MAXSTAX_CLAIM_CHECKING ? m->claim_tick[p] : 0,
            m->claim[p] == MAXSTAX_CLAIM_CHECKING ? m->hold_left[p] : 0);
    for (int k = 0; k < n; k++) {
        maxstax_pose q = maxstax_world_pose(m->world, k);
        put(&b, "block %d %.17g %.17g %.15g\n", k, q.x, q.y, q.angle);
    }
    put(&b, "end\n");
    if (b.full) {
        free(b.p);
        return NULL;
    }
    return b.p;
}

typedef struct save_reader {
    const char *at;
    int line;
    char buf[SAVE_LINE];
    char *w[SAVE_WORDS];
    int nw;
    char *err;
    size_t errn;
} save_reader;

static int rd_fail(save_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int rd_fail(save_reader *r, const char *fmt, ...)
{
    char why[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    snprintf(r->err, r->errn, "save line %d: %s", r->line, why);
    return -1;
}

/* Reads the next line, which must start with key and have n words in all
 * (n < 0: at least -n); words are separated by single spaces. */
static int rd_line(save_reader *r, const char *key, int n)
{
    const char *e;
    size_t len;
    char *p;
    r->line++;
    if (!*r->at)
        return rd_fail(r, "the save ends early: expected '%s'", key);
    e = strchr(r->at, '\n');
    len = e ? (size_t)(e - r->at) : strlen(r->at);
    if (len >= sizeof r->buf)
        return rd_fail(r, "line too long");
    memcpy(r->buf, r->at, len);
    r->buf[len] = 0;
    r->at = e ? e + 1 : r->at + len;
    r->nw = 0;
    for (p = r->buf; r->nw < SAVE_WORDS;) {
        char *sp = strchr(p, ' ');
        r->w[r->nw++] = p;
        if (!sp)
            break;
        *sp = 0;
        p = sp + 1;
    }
    for (int i = 0; i < r->nw; i++)
        if (!*r->w[i])
            return rd_fail(r, "stray space");
    if (strcmp(r->w[0], key) != 0)
        return rd_fail(r, "expected '%s', found '%.40s'", key, r->w[0]);
    if (n >= 0 ? r->nw != n : r->nw < -n)
        return rd_fail(r, "'%s' takes %d value%s", key, (n >= 0 ? n : -n) - 1, (n >= 0 ? n : -n) == 2 ? "" : "s");
    return 0;
}

/* Word i as a whole decimal number in [lo, hi]. */
static int rd_long(save_reader *r, int i, long lo, long hi, long *out)
{
    char *end;
    const char *s = r->w[i];
    long v;
    if (*s == '+' || *s == ' ')
        return rd_fail(r, "'%.40s' is not a number", s);
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || *end || end == s)
        return rd_fail(r, "'%.40s' is not a number", s);
    if (v < lo || v > hi)
        return rd_fail(r, "%s %ld is outside %ld..%ld", r->w[0], v, lo, hi);
    *out = v;
    return 0;
}

static int rd_int(save_reader *r, int i, long lo, long hi, int *out)
{
    long v = 0; /* rd_fail returns -1, which GCC cannot see at -O3 */
    if (rd_long(r, i, lo, hi, &v) < 0)
        return -1;
    *out = (int)v;
    return 0;
}

/* "key value" pairs from word i on: the key must be key. */
static int rd_pair(save_reader *r, int i, const char *key, long lo, long hi, long *out)
{
    if (strcmp(r->w[i], key) != 0)
        return rd_fail(r, "expected '%s' as word %d", key, i + 1);
    return rd_long(r, i + 1, lo, hi, out);
}

static int rd_double(save_reader *r, int i, double *out)
{
    char *end;
    const char *s = r->w[i];
    errno = 0;
    *out = strtod(s, &end);
    if (errno || *end || end == s || !isfinite(*out))
        return rd_fail(r, "'%.40s' is not a finite number", s);
    return 0;
}

static int rd_name(save_reader *r, int i, const char *const *names, int n)
{
    for (int k = 0; k < n; k++)
        if (strcmp(r->w[i], names[k]) == 0)
            return k;
    return rd_fail(r, "unknown %s '%.40s'", r->w[0], r->w[i]);
}

/* The deck part: the shuffled order of every eligible card, by id. */
static int rd_deck(save_reader *r, const maxstax_deck *deck, const maxstax_setup *setup, speedstax_state *s)
{
    int eligible = 0, seen[MAXSTAX_DECK_SIZE] = {0};
    long v;
    for (int i = 0; i < deck->n; i++)
        eligible += deck->card[i].stars >= setup->stars_min && deck->card[i].stars <= setup->stars_max;
    if (rd_line(r, "deck", -2) < 0)
        return -1;
    if (r->nw - 1 != eligible)
        return rd_fail(r, "the deck holds %d cards, expected the %d with %d to %d stars", r->nw - 1, eligible,
                       setup->stars_min, setup->stars_max);
    for (int k = 1; k < r->nw; k++) {
        int idx = -1;
        if (rd_long(r, k, 1, 1000, &v) < 0)
            return -1;
        for (int i = 0; i < deck->n; i++)
            if (deck->card[i].id == v)
                idx = i;
        if (idx < 0 || deck->card[idx].stars < setup->stars_min || deck->card[idx].stars > setup->stars_max)
            return rd_fail(r, "card %ld is not in a deck of %d to %d stars", v, setup->stars_min, setup->stars_max);
        if (seen[idx]++)
            return rd_fail(r, "card %ld is in the deck twice", v);
        s->order[k - 1] = idx;
    }
    s->n_order = eligible;
    if (rd_line(r, "next", 2) < 0 || rd_int(r, 1, 1, s->n_order, &s->next) < 0)
        return -1;
    s->card = s->order[s->next - 1];
    return 0;
}

/* The seats: each one's part in the round, points and claim. */
static int rd_seats(save_reader *r, speedstax_state *s, maxstax_claim *claim, long *claim_tick, int *hold)
{
    int in_play = 0, scored = speedstax_rounds_scored(s);
    for (int p = 0; p < s->players; p++) {
        long v[6], ct, hl, sum = 0;
        static const char *const keys[] = {"play", "pending", "finish", "last", "score"};
        const long hi[] = {1, 1, s->tick, s->players, SPEEDSTAX_ROUNDS * s->players};
        int c;
        if (rd_line(r, "seat", 16) < 0 || rd_long(r, 1, p, p, &v[5]) < 0)
            return -1;
        for (int k = 0; k < 5; k++)
            if (rd_pair(r, 2 + 2 * k, keys[k], k == 2 ? -1 : 0, hi[k], &v[k]) < 0)
                return -1;
        if (strcmp(r->w[12], "claim") != 0)
            return rd_fail(r, "expected 'claim' as word 13");
        if ((c = rd_name(r, 13, claim_names, 4)) < 0 || rd_long(r, 14, 0, s->tick, &ct) < 0 ||
            rd_long(r, 15, 0, (long)(MAXSTAX_CLAIM_HOLD_S / MAXSTAX_STEP + 0.5), &hl) < 0)
            return -1;
        for (int k = 0; k < scored; k++)
            sum += s->round_points[k][p];
        if (v[4] != sum)
            return rd_fail(r, "seat %d scores %ld, but its rounds add up to %ld", p, v[4], sum);
        if (s->phase == SPEEDSTAX_ROUND && !v[0])
            return rd_fail(r, "seat %d sits out a round (only a stack-off leaves seats out)", p);
        if ((v[1] || v[2] >= 0) && !v[0])
            return rd_fail(r, "seat %d is not in play, yet claimed or finished", p);
        if (v[1] != (c == MAXSTAX_CLAIM_CHECKING) || (v[1] && v[2] >= 0))
            return rd_fail(r, "seat %d: a claim is pending exactly while it is being checked, before a finish", p);
        s->in_play[p] = (int)v[0];
        s->pending[p] = (int)v[1];
        s->finish[p] = v[2];
        s->last_points[p] = (int)v[3];
        s->score[p] = (int)v[4];
        claim[p] = (maxstax_claim)c;
        claim_tick[p] = ct;
        hold[p] = (int)hl;
        in_play += s->in_play[p];
    }
    if (s->phase == SPEEDSTAX_STACKOFF && in_play < 2)
        return rd_fail(r, "a stack-off needs at least two seats in play, not %d", in_play);
    return 0;
}

/* Everything up to the seats: setup, round and clock, turns, generator, deck, points. */
static int rd_rounds(save_reader *r, const maxstax_deck *deck, maxstax_setup *setup, speedstax_state *s)
{
    long v;
    int lo, hi, ph;
    if (rd_line(r, SAVE_HEADER, 2) < 0 || rd_long(r, 1, 0, 1000000, &v) < 0)
        return -1;
    if (v != SAVE_VERSION)
        return rd_fail(r, "save version %ld is not supported (this build reads %d)", v, SAVE_VERSION);
    if (rd_line(r, "game", 2) < 0)
        return -1;
    if (strcmp(r->w[1], "speedstax") != 0)
        return rd_fail(r, "the save holds a %.40s match, not SPEEDSTAX", r->w[1]);
    if (rd_line(r, "players", 2) < 0 || rd_int(r, 1, 2, SPEEDSTAX_MAX_PLAYERS, &s->players) < 0)
        return -1;
    maxstax_setup_default(setup, s->players);
    if (rd_line(r, "stars", 3) < 0 || rd_int(r, 1, 1, 3, &lo) < 0 || rd_int(r, 2, lo, 3, &hi) < 0)
        return -1;
    setup->stars_min = lo;
    setup->stars_max = hi;
    if (rd_line(r, "snap", 2) < 0 || rd_int(r, 1, 0, 1, &setup->snap) < 0)
        return -1;
    if (rd_line(r, "round-ticks", 2) < 0 || rd_long(r, 1, 1, SPEEDSTAX_ROUND_TICKS, &s->round_ticks) < 0)
        return -1;
    setup->round_seconds = (double)s->round_ticks * MAXSTAX_STEP;
    if (rd_line(r, "phase", 2) < 0 || (ph = rd_name(r, 1, phase_names, 2)) < 0)
        return -1;
    s->phase = (speedstax_phase)ph;
    if (rd_line(r, "round", 2) < 0 ||
        rd_int(r, 1, ph == SPEEDSTAX_ROUND ? 1 : SPEEDSTAX_ROUNDS + 1, ph == SPEEDSTAX_ROUND ? SPEEDSTAX_ROUNDS : 1000000,
               &s->round) < 0)
        return -1;
    if (rd_line(r, "shuffler", 2) < 0 || rd_int(r, 1, 0, s->players - 1, &s->shuffler) < 0)
        return -1;
    /* With turns a round lasts each seat's whole time, and a claim may be judged past the end. */
    if (rd_line(r, "tick", 2) < 0 ||
        rd_long(r, 1, 0, s->round_ticks * s->players + (long)(MAXSTAX_CLAIM_HOLD_S / MAXSTAX_STEP + 1), &s->tick) < 0)
        return -1;
    if (rd_line(r, "turns", 4) < 0 || rd_long(r, 1, 0, (1L << s->players) - 1, &v) < 0 ||
        rd_int(r, 2, -1, s->players - 1, &s->turn_seat) < 0 || rd_long(r, 3, 0, s->tick, &s->turn_start) < 0)
        return -1;
    s->turn_mask = (unsigned)v;
    if (s->turn_seat >= 0 && !(s->turn_mask >> s->turn_seat & 1))
        return rd_fail(r, "seat %d builds in turn, but does not take turns", s->turn_seat);
    if (!s->turn_mask && s->turn_start)
        return rd_fail(r, "a turn starts without turns");
    if (rd_line(r, "rng", 5) < 0)
        return -1;
    for (int k = 0; k < 4; k++) {
        char *end;
        errno = 0;
        s->r.s[k] = strtoull(r->w[k + 1], &end, 16);
        if (errno || *end || strlen(r->w[k + 1]) != 16 || strspn(r->w[k + 1], "0123456789abcdef") != 16)
            return rd_fail(r, "'%.40s' is not 16 hex digits", r->w[k + 1]);
    }
    if (!(s->r.s[0] | s->r.s[1] | s->r.s[2] | s->r.s[3]))
        return rd_fail(r, "the generator's state cannot be all zero");
    if (rd_deck(r, deck, setup, s) < 0)
        return -1;
    for (int k = 0; k < speedstax_rounds_scored(s); k++) {
        long round;
        if (rd_line(r, "scored", 2 + s->players) < 0 || rd_long(r, 1, k + 1, k + 1, &round) < 0)
            return -1;
        for (int p = 0; p < s->players; p++)
            if (rd_int(r, 2 + p, 0, s->players, &s->round_points[k][p]) < 0)
                return -1;
    }
    return 0;
}

maxstax_match *maxstax_match_load(const char *text, const maxstax_deck *deck, char *err, size_t errn)
{
    save_reader *r = calloc(1, sizeof *r);
    maxstax_setup setup;
    speedstax_state s;
    maxstax_claim claim[SPEEDSTAX_MAX_PLAYERS];
    long claim_tick[SPEEDSTAX_MAX_PLAYERS];
    int hold[SPEEDSTAX_MAX_PLAYERS], n;
    maxstax_pose pose[MAXSTAX_MAX_BLOCKS];
    maxstax_match *m = NULL;
    if (!r) {
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    r->at = text;
    r->err = err;
    r->errn = errn;
    memset(&s, 0, sizeof s);
    s.winner = -1;
    if (rd_rounds(r, deck, &setup, &s) < 0 || rd_seats(r, &s, claim, claim_tick, hold) < 0)
        goto done;
    n = s.players * MAXSTAX_BLOCKS_PER_PLAYER;
    for (int b = 0; b < n; b++) {
        long k;
        maxstax_pose q;
        if (rd_line(r, "block", 5) < 0 || rd_long(r, 1, b, b, &k) < 0 || rd_double(r, 2, &q.x) < 0 ||
            rd_double(r, 3, &q.y) < 0 || rd_double(r, 4, &q.angle) < 0)
            goto done;
        /* The table's reach, as maxstax_match_check has it. */
        if (fabs(q.x) > 400 || q.y < -0.5 || q.y > 400 || fabs(q.angle) > 180) {
            rd_fail(r, "block %d at (%g, %g, %g) is off the table", b, q.x, q.y, q.angle);
            goto done;
        }
        pose[b] = q;
    }
    if (rd_line(r, "end", 1) < 0)
        goto done;
    if (*r->at) {
        r->line++;
        rd_fail(r, "text after 'end'");
        goto done;
    }
    if (!(m = maxstax_match_new(&setup, deck, 0, err, errn)))
        goto done;
    m->rounds = s;
    m->setup.turn_mask = s.turn_mask;
    for (int p = 0; p < s.players; p++) {
        m->claim[p] = claim[p];
        m->claim_tick[p] = claim_tick[p];
        m->hold_left[p] = hold[p];
    }
    for (int b = 0; b < n; b++)
        maxstax_world_place(m->world, b, pose[b]);
    if (maxstax_match_check(m, err, errn) < 0) {
        maxstax_match_free(m);
        m = NULL;
    }
done:
    free(r);
    return m;
}
