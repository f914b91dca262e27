#include "games/maxstax/rules/maxstax_match_priv.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/textin.h"
#include "core/textout.h"

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

/* "over" is never saved; "held" is between SAMESTAX's or SWAPSTAX's rounds. */
static const char *const phase_names[] = {"round", "stackoff", "over", "held"};
static const char *const game_names[] = {"", "speedstax", "samestax", "swapstax"};
static const char *const same_phase_names[] = {"create", "settle", "replicate"};
static const char *const swap_phase_names[] = {"swapping", "stacking", "tiebreak"};
static const char *const claim_names[] = {"none", "checking", "failed", "held"};

/* A card's blocks on one line: N, then x y angle of each. */
static void put_blocks(text_out *b, const char *key, const maxstax_card *c)
{
    text_out_add(b, "%s %d", key, c->n);
    for (int i = 0; i < c->n; i++)
        text_out_add(b, " %.17g %.17g %.15g", c->block[i].x, c->block[i].y, c->block[i].angle);
    text_out_add(b, "\n");
}

/* SAMESTAX's lines: its round and phase, the target and design, its points. */
static void put_samestax(text_out *b, const maxstax_match *m)
{
    const samestax_state *g = &m->same;
    text_out_add(b, "samestax %d creator %d first %d phase %s faulty %d settle %ld\nlengths %ld %ld\nlevels", g->round,
        g->creator, g->first_creator, same_phase_names[g->phase], g->faulty, g->settle_left, m->create_ticks,
        m->replicate_ticks);
    for (int p = 0; p < g->players; p++)
        text_out_add(b, " %d", m->setup.levels[p]);
    text_out_add(b, "\n");
    put_blocks(b, "target", &g->target);
    put_blocks(b, "design", &g->design);
    for (int r = 0; r < g->round - 1; r++) {
        text_out_add(b, "same-scored %d faulty %d", r + 1, g->round_faulty[r]);
        for (int p = 0; p < g->players; p++)
            text_out_add(b, " %d", g->round_points[r][p]);
        text_out_add(b, "\n");
    }
}

/* SWAPSTAX's lines: its round and phase, the hands, swap cards and swaps. */
static void put_swapstax(text_out *b, const maxstax_match *m)
{
    const swapstax_state *w = &m->swap;
    text_out_add(b, "swapstax %d phase %s turn %d passes %d\nhands", w->round, swap_phase_names[w->phase], w->turn, w->passes);
    for (int p = 0; p < w->players; p++)
        text_out_add(b, " %d", w->hand[p] >= 0 ? m->deck.card[w->hand[p]].id : 0);
    text_out_add(b, "\nswaps-left");
    for (int p = 0; p < w->players; p++)
        text_out_add(b, " %d", w->swaps_left[p]);
    text_out_add(b, "\nswaps %d\n", w->n_log);
    for (int i = 0; i < w->n_log; i++)
        text_out_add(b, "swap %d %d %d %d\n", w->log[i].seat, w->log[i].with, m->deck.card[w->log[i].gave].id,
            m->deck.card[w->log[i].got].id);
}

char *maxstax_match_save(const maxstax_match *m)
{
    const speedstax_state *s = &m->rounds;
    maxstax_scoring scoring = maxstax_match_scoring(m);
    /* 48 block lines of at most ~90 characters, SAMESTAX's two of up to 12
     * poses, and a few short ones. */
    text_out b = {malloc(24576), 24576, 0, 0};
    int n = maxstax_world_count(m->world);
    if (!b.buf || s->phase == SPEEDSTAX_OVER) {
        free(b.buf);
        return NULL;
    }
    text_out_add(&b, "%s %d\ngame %s\nplayers %d\nstars %d %d\nsnap %d\nround-ticks %ld\n", SAVE_HEADER,
        SAVE_VERSION, game_names[scoring], s->players, m->setup.stars_min, m->setup.stars_max, m->setup.snap,
        s->round_ticks);
    text_out_add(&b, "phase %s\nround %d\nshuffler %d\ntick %ld\nturns %u %d %ld\n", phase_names[s->phase], s->round,
        s->shuffler, s->tick, s->turn_mask, s->turn_seat, s->turn_start);
    text_out_add(&b, "rng %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %016" PRIx64 "\ndeck", s->r.s[0], s->r.s[1],
        s->r.s[2], s->r.s[3]);
    for (int i = 0; i < s->n_order; i++)
        text_out_add(&b, " %d", m->deck.card[s->order[i]].id);
    text_out_add(&b, "\nnext %d\n", s->next);
    for (int r = 0; scoring != MAXSTAX_SAMESTAX && r < speedstax_rounds_scored(s); r++) {
        text_out_add(&b, "scored %d", r + 1);
        for (int p = 0; p < s->players; p++)
            text_out_add(&b, " %d", s->round_points[r][p]);
        text_out_add(&b, "\n");
    }
    if (scoring == MAXSTAX_SAMESTAX)
        put_samestax(&b, m);
    else if (scoring == MAXSTAX_SWAPSTAX)
        put_swapstax(&b, m);
    for (int p = 0; p < s->players; p++)
        text_out_add(&b, "seat %d play %d pending %d finish %ld last %d score %d claim %s %ld %d\n", p, s->in_play[p],
            s->pending[p], s->finish[p], s->last_points[p], s->score[p], claim_names[m->claim[p]],
            m->claim[p] == MAXSTAX_CLAIM_CHECKING ? m->claim_tick[p] : 0,
            m->claim[p] == MAXSTAX_CLAIM_CHECKING ? m->hold_left[p] : 0);
    for (int k = 0; k < n; k++) {
        maxstax_pose q = maxstax_world_pose(m->world, k);
        text_out_add(&b, "block %d %.17g %.17g %.15g\n", k, q.x, q.y, q.angle);
    }
    text_out_add(&b, "end\n");
    if (b.full) {
        free(b.buf);
        return NULL;
    }
    return b.buf;
}

typedef struct save_reader {
    text_in in;
    text_span w[SAVE_WORDS]; /* the words of the current line */
    int nw;
} save_reader;

/* How many characters of word i a message quotes. */
static int wl(const save_reader *r, int i)
{
    return (int)(r->w[i].len < 40 ? r->w[i].len : 40);
}

static int rd_fail(save_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int rd_fail(save_reader *r, const char *fmt, ...)
{
    char why[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    snprintf(r->in.err, r->in.errn, "save line %d: %s", r->in.line_no, why);
    return -1;
}

/* Reads the next line, which must start with key and have n words in all
 * (n < 0: at least -n); words are separated by single spaces. */
static int rd_line(save_reader *r, const char *key, int n)
{
    if (text_in_line(&r->in) < 0) {
        r->in.line_no++;
        return rd_fail(r, "the save ends early: expected '%s'", key);
    }
    if (r->in.line.len >= SAVE_LINE)
        return rd_fail(r, "line too long");
    for (r->nw = 0; r->nw < SAVE_WORDS && text_in_field(&r->in, " ", &r->w[r->nw]) == 0; r->nw++)
        if (!r->w[r->nw].len)
            return rd_fail(r, "stray space");
    if (!text_in_line_done(&r->in))
        return rd_fail(r, "more than %d words", SAVE_WORDS);
    if (!text_is(r->w[0], key))
        return rd_fail(r, "expected '%s', found '%.*s'", key, wl(r, 0), r->w[0].p);
    if (n >= 0 ? r->nw != n : r->nw < -n)
        return rd_fail(r, "'%s' takes %d value%s", key, (n >= 0 ? n : -n) - 1, (n >= 0 ? n : -n) == 2 ? "" : "s");
    return 0;
}

/* Word i as a number (core/textin's rule) in [lo, hi]; *out is set either
 * way (0 on a fault), so no caller reads it unset, as GCC fears at -O3. */
static int rd_long(save_reader *r, int i, long lo, long hi, long *out)
{
    long long v;
    *out = 0;
    if (text_num(r->w[i], -1000000000000LL, 1000000000000LL, &v) < 0)
        return rd_fail(r, "'%.*s' is not a number (digits, no leading zero)", wl(r, i), r->w[i].p);
    if (v < lo || v > hi)
        return rd_fail(r, "%.*s %lld is outside %ld..%ld", wl(r, 0), r->w[0].p, v, lo, hi);
    *out = (long)v;
    return 0;
}

static int rd_int(save_reader *r, int i, long lo, long hi, int *out)
{
    long v;
    if (rd_long(r, i, lo, hi, &v) < 0)
        return -1;
    *out = (int)v;
    return 0;
}

/* Whether word i is key; if not, says so. */
static int rd_key(save_reader *r, int i, const char *key)
{
    return text_is(r->w[i], key) ? 0 : rd_fail(r, "expected '%s' as word %d", key, i + 1);
}

/* "key value" pairs from word i on: the key must be key. */
static int rd_pair(save_reader *r, int i, const char *key, long lo, long hi, long *out)
{
    if (rd_key(r, i, key) < 0)
        return -1;
    return rd_long(r, i + 1, lo, hi, out);
}

/* Word i as a double; *out is 0 on a fault. */
static int rd_double(save_reader *r, int i, double *out)
{
    *out = 0;
    if (text_double(r->w[i], out) < 0)
        return rd_fail(r, "'%.*s' is not a finite number", wl(r, i), r->w[i].p);
    return 0;
}

static int rd_name(save_reader *r, int i, const char *const *names, int n)
{
    int k = text_word(r->w[i], names, n);
    return k >= 0 ? k : rd_fail(r, "unknown %.*s '%.*s'", wl(r, 0), r->w[0].p, wl(r, i), r->w[i].p);
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
static int rd_seats(save_reader *r, speedstax_state *s, maxstax_scoring game, const samestax_state *g,
                    maxstax_claim *claim, long *claim_tick, int *hold)
{
    /* SAMESTAX keeps its own points (g); the others, the clock's. */
    int in_play = 0, scored = g ? g->round - 1 : speedstax_rounds_scored(s);
    int most = game == MAXSTAX_SWAPSTAX ? 3 : s->players; /* a round's points */
    for (int p = 0; p < s->players; p++) {
        long v[6], ct, hl, sum = 0;
        static const char *const keys[] = {"play", "pending", "finish", "last", "score"};
        const long hi[] = {1, 1, s->tick, most, (g ? SAMESTAX_MAX_ROUNDS : SPEEDSTAX_ROUNDS) * most};
        int c;
        if (rd_line(r, "seat", 16) < 0 || rd_long(r, 1, p, p, &v[5]) < 0)
            return -1;
        for (int k = 0; k < 5; k++)
            if (rd_pair(r, 2 + 2 * k, keys[k], k == 2 ? -1 : 0, hi[k], &v[k]) < 0)
                return -1;
        if (rd_key(r, 12, "claim") < 0 || (c = rd_name(r, 13, claim_names, 4)) < 0 || rd_long(r, 14, 0, s->tick, &ct) < 0 ||
            rd_long(r, 15, 0, (long)(MAXSTAX_CLAIM_HOLD_S / MAXSTAX_STEP + 0.5), &hl) < 0)
            return -1;
        for (int k = 0; k < scored; k++)
            sum += g ? g->round_points[k][p] : s->round_points[k][p];
        if (v[4] != sum)
            return rd_fail(r, "seat %d scores %ld, but its rounds add up to %ld", p, v[4], sum);
        if (s->phase == SPEEDSTAX_ROUND && !v[0] && !g)
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
    int lo, hi, ph, game;
    if (rd_line(r, SAVE_HEADER, 2) < 0 || rd_long(r, 1, 0, 1000000, &v) < 0)
        return -1;
    if (v != SAVE_VERSION)
        return rd_fail(r, "save version %ld is not supported (this build reads %d)", v, SAVE_VERSION);
    if (rd_line(r, "game", 2) < 0)
        return -1;
    for (game = MAXSTAX_SPEEDSTAX; game <= MAXSTAX_SWAPSTAX && !text_is(r->w[1], game_names[game]); game++)
        ;
    if (game > MAXSTAX_SWAPSTAX)
        return rd_fail(r, "the save holds a %.*s match, not a MAXSTAX one", wl(r, 1), r->w[1].p);
    if (rd_line(r, "players", 2) < 0 || rd_int(r, 1, 2, SPEEDSTAX_MAX_PLAYERS, &s->players) < 0)
        return -1;
    maxstax_setup_default(setup, s->players);
    setup->scoring = (maxstax_scoring)game;
    s->hold = game != MAXSTAX_SPEEDSTAX;
    if (rd_line(r, "stars", 3) < 0 || rd_int(r, 1, 1, 3, &lo) < 0 || rd_int(r, 2, lo, 3, &hi) < 0)
        return -1;
    setup->stars_min = lo;
    setup->stars_max = hi;
    if (rd_line(r, "snap", 2) < 0 || rd_int(r, 1, 0, 1, &setup->snap) < 0)
        return -1;
    if (rd_line(r, "round-ticks", 2) < 0 || rd_long(r, 1, 1, SPEEDSTAX_ROUND_TICKS, &s->round_ticks) < 0)
        return -1;
    setup->round_seconds = (double)s->round_ticks * MAXSTAX_STEP;
    if (rd_line(r, "phase", 2) < 0)
        return -1;
    if (s->hold && text_is(r->w[1], phase_names[SPEEDSTAX_HELD]))
        ph = SPEEDSTAX_HELD;
    else if ((ph = rd_name(r, 1, phase_names, 2)) < 0) /* a finished match is never saved */
        return -1;
    s->phase = (speedstax_phase)ph;
    if (game == MAXSTAX_SPEEDSTAX) {
        if (rd_line(r, "round", 2) < 0 || rd_int(r, 1, ph == SPEEDSTAX_ROUND ? 1 : SPEEDSTAX_ROUNDS + 1,
                                                 ph == SPEEDSTAX_ROUND ? SPEEDSTAX_ROUNDS : 1000000, &s->round) < 0)
            return -1;
    } else if (rd_line(r, "round", 2) < 0 || rd_int(r, 1, 0, 1000000, &s->round) < 0)
        return -1; /* the clock's rounds: checked against the game's below */
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
    for (int k = 0; k < 4; k++)
        if (text_hex64(r->w[k + 1], 16, 16, &s->r.s[k]) < 0)
            return rd_fail(r, "'%.*s' is not 16 hex digits", wl(r, k + 1), r->w[k + 1].p);
    if (!(s->r.s[0] | s->r.s[1] | s->r.s[2] | s->r.s[3]))
        return rd_fail(r, "the generator's state cannot be all zero");
    if (rd_deck(r, deck, setup, s) < 0)
        return -1;
    if (game == MAXSTAX_SWAPSTAX && s->phase != SPEEDSTAX_STACKOFF && s->round > SWAPSTAX_ROUNDS)
        return rd_fail(r, "SWAPSTAX has %d rounds, not %d", SWAPSTAX_ROUNDS, s->round);
    for (int k = 0; game != MAXSTAX_SAMESTAX && k < speedstax_rounds_scored(s); k++) {
        long round;
        if (rd_line(r, "scored", 2 + s->players) < 0 || rd_long(r, 1, k + 1, k + 1, &round) < 0)
            return -1;
        for (int p = 0; p < s->players; p++)
            if (rd_int(r, 2 + p, 0, game == MAXSTAX_SWAPSTAX ? 3 : s->players, &s->round_points[k][p]) < 0)
                return -1;
    }
    return 0;
}

/* A card's blocks: key N, then x y angle of each, within a space and upright. */
static int rd_blocks(save_reader *r, const char *key, maxstax_card *c)
{
    long n;
    memset(c, 0, sizeof *c);
    if (rd_line(r, key, -2) < 0 || rd_long(r, 1, 0, MAXSTAX_CARD_MAX_BLOCKS, &n) < 0)
        return -1;
    if (r->nw != 2 + 3 * (int)n)
        return rd_fail(r, "'%s %ld' takes %ld numbers after it", key, n, 3 * n);
    for (int i = 0; i < n; i++) {
        maxstax_pose *q = &c->block[i];
        if (rd_double(r, 2 + 3 * i, &q->x) < 0 || rd_double(r, 3 + 3 * i, &q->y) < 0 ||
            rd_double(r, 4 + 3 * i, &q->angle) < 0)
            return -1;
        if (fabs(q->x) > MAXSTAX_SPACE_HALF * 2 || q->y < 0 || q->y > 40 || fabs(q->angle) > 180)
            return rd_fail(r, "%s block %d at (%g, %g, %g) is outside a space", key, i + 1, q->x, q->y, q->angle);
    }
    c->n = (int)n;
    strcpy(c->name, key);
    return 0;
}

/* SAMESTAX's lines (see put_samestax), checked against the clock s. */
static int rd_samestax(save_reader *r, const speedstax_state *s, maxstax_match *mm)
{
    samestax_state *g = &mm->same;
    long v[6];
    int ph;
    static const char *const keys[] = {"creator", "first", "phase", "faulty", "settle"};
    if (rd_line(r, "samestax", 12) < 0 || rd_long(r, 1, 1, samestax_rounds(s->players), &v[0]) < 0)
        return -1;
    for (int k = 0; k < 5; k++)
        if (rd_key(r, 2 + 2 * k, keys[k]) < 0)
            return -1;
    if (rd_long(r, 3, 0, s->players - 1, &v[1]) < 0 || rd_long(r, 5, 0, s->players - 1, &v[2]) < 0 ||
        (ph = rd_name(r, 7, same_phase_names, 3)) < 0 || rd_long(r, 9, 0, 1, &v[3]) < 0 ||
        rd_long(r, 11, 0, HOLD_TICKS, &v[4]) < 0)
        return -1;
    samestax_init(g, s->players, (int)v[2]);
    g->round = (int)v[0];
    g->phase = (samestax_phase)ph;
    g->faulty = (int)v[3];
    g->settle_left = v[4];
    g->creator = (int)v[1];
    if (g->creator != samestax_creator_of(g, g->round))
        return rd_fail(r, "seat %d cannot be round %d's Creator when seat %d was the first", g->creator + 1, g->round,
                       g->first_creator + 1);
    if ((ph == SAMESTAX_SETTLE) != (s->phase == SPEEDSTAX_HELD) || s->phase == SPEEDSTAX_STACKOFF)
        return rd_fail(r, "phase %s does not go with the clock's phase", same_phase_names[ph]);
    if (rd_line(r, "lengths", 3) < 0 || rd_long(r, 1, 1, SPEEDSTAX_ROUND_TICKS, &mm->create_ticks) < 0 ||
        rd_long(r, 2, 1, SPEEDSTAX_ROUND_TICKS, &mm->replicate_ticks) < 0)
        return -1;
    if (s->round_ticks != (ph == SAMESTAX_REPLICATE ? mm->replicate_ticks : mm->create_ticks))
        return rd_fail(r, "the clock's round of %ld ticks is neither phase's length", s->round_ticks);
    if (rd_line(r, "levels", 1 + s->players) < 0)
        return -1;
    for (int p = 0; p < s->players; p++)
        if (rd_int(r, 1 + p, 0, 3, &mm->setup.levels[p]) < 0)
            return -1;
    if (rd_blocks(r, "target", &g->target) < 0)
        return -1;
    /* The settle holds the stack as it stood at Ready (none in older saves). */
    if ((ph == SAMESTAX_REPLICATE && g->target.n < MAXSTAX_CARD_MIN_BLOCKS) ||
        (ph == SAMESTAX_CREATE && g->target.n >= MAXSTAX_CARD_MIN_BLOCKS))
        return rd_fail(r, "a target of %d blocks in phase %s", g->target.n, same_phase_names[ph]);
    if (rd_blocks(r, "design", &g->design) < 0)
        return -1;
    for (int k = 0; k < g->round - 1; k++) {
        long round, faulty;
        int sum = 0, creator = samestax_creator_of(g, k + 1);
        if (rd_line(r, "same-scored", 4 + s->players) < 0 || rd_long(r, 1, k + 1, k + 1, &round) < 0 ||
            rd_pair(r, 2, "faulty", 0, 1, &faulty) < 0)
            return -1;
        g->round_faulty[k] = (int)faulty;
        for (int p = 0; p < s->players; p++) {
            if (rd_int(r, 4 + p, 0, p == creator ? s->players - 1 : 1, &g->round_points[k][p]) < 0)
                return -1;
            sum += g->round_points[k][p];
        }
        if (sum != s->players - 1) /* each point is reclaimed or retained */
            return rd_fail(r, "round %d hands out %d points, not %d", k + 1, sum, s->players - 1);
        if (faulty && g->round_points[k][creator])
            return rd_fail(r, "round %d was faulty, yet its Creator retained points", k + 1);
    }
    return 0;
}

/* A card by its id in a hand or a swap, which must be in play (turned up). */
static int rd_card(save_reader *r, int i, const maxstax_deck *deck, const speedstax_state *s, int *out)
{
    long id;
    if (rd_long(r, i, 1, 1000, &id) < 0)
        return -1;
    for (int k = 0; k < s->n_order; k++)
        if (deck->card[s->order[k]].id == id) {
            *out = s->order[k];
            return 0;
        }
    return rd_fail(r, "card %ld is not in the deck", id);
}

/* SWAPSTAX's lines (see put_swapstax), checked against the clock s. */
static int rd_swapstax(save_reader *r, const maxstax_deck *deck, const speedstax_state *s, swapstax_state *w)
{
    long v[3];
    int ph;
    memset(w, 0, sizeof *w);
    w->players = s->players;
    if (rd_line(r, "swapstax", 8) < 0 || rd_long(r, 1, 1, SWAPSTAX_ROUNDS, &v[0]) < 0 ||
        rd_pair(r, 4, "turn", 0, s->players - 1, &v[1]) < 0 || rd_pair(r, 6, "passes", 0, s->players, &v[2]) < 0)
        return -1;
    if (rd_key(r, 2, "phase") < 0 || (ph = rd_name(r, 3, swap_phase_names, 3)) < 0)
        return -1;
    w->round = (int)v[0];
    w->phase = (swapstax_phase)ph;
    w->turn = (int)v[1];
    w->passes = (int)v[2];
    if (ph == SWAPSTAX_SWAPPING && w->passes == s->players)
        return rd_fail(r, "everyone has passed, yet the swap phase goes on");
    if ((ph == SWAPSTAX_SWAPPING && s->phase != SPEEDSTAX_HELD) ||
        (ph == SWAPSTAX_STACKING && s->phase != SPEEDSTAX_ROUND) ||
        (ph == SWAPSTAX_TIEBREAK && s->phase != SPEEDSTAX_STACKOFF))
        return rd_fail(r, "phase %s does not go with the clock's phase", swap_phase_names[ph]);
    if (ph != SWAPSTAX_TIEBREAK && s->round != w->round - (ph == SWAPSTAX_SWAPPING))
        return rd_fail(r, "round %d does not go with the clock's round %d", w->round, s->round);
    if (rd_line(r, "hands", 1 + s->players) < 0)
        return -1;
    for (int p = 0; p < s->players; p++) {
        w->hand[p] = -1;
        if (text_is(r->w[1 + p], "0") && ph == SWAPSTAX_TIEBREAK)
            continue;
        if (ph == SWAPSTAX_TIEBREAK)
            return rd_fail(r, "nobody holds a card in the stack-off");
        if (rd_card(r, 1 + p, deck, s, &w->hand[p]) < 0)
            return -1;
        for (int k = 0; k < s->n_order; k++)
            if (s->order[k] == w->hand[p] && k >= s->next)
                return rd_fail(r, "seat %d holds a card still in the deck", p + 1);
        for (int q = 0; q < p; q++)
            if (w->hand[q] == w->hand[p])
                return rd_fail(r, "seats %d and %d hold the same card", q + 1, p + 1);
    }
    if (rd_line(r, "swaps-left", 1 + s->players) < 0)
        return -1;
    for (int p = 0; p < s->players; p++)
        if (rd_int(r, 1 + p, 0, SWAPSTAX_SWAP_CARDS, &w->swaps_left[p]) < 0)
            return -1;
    if (ph == SWAPSTAX_SWAPPING && !w->swaps_left[w->turn])
        return rd_fail(r, "seat %d's turn to swap, with no swap card", w->turn + 1);
    if (rd_line(r, "swaps", 2) < 0 || rd_int(r, 1, 0, SWAPSTAX_MAX_LOG, &w->n_log) < 0)
        return -1;
    for (int i = 0; i < w->n_log; i++) {
        swapstax_swap *sw = &w->log[i];
        if (rd_line(r, "swap", 5) < 0 || rd_int(r, 1, 0, s->players - 1, &sw->seat) < 0 ||
            rd_int(r, 2, SWAPSTAX_DECK, s->players - 1, &sw->with) < 0 || rd_card(r, 3, deck, s, &sw->gave) < 0 ||
            rd_card(r, 4, deck, s, &sw->got) < 0)
            return -1;
        if (sw->with == SWAPSTAX_PASS || sw->with == sw->seat)
            return rd_fail(r, "seat %d cannot swap with %d", sw->seat + 1, sw->with);
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
    maxstax_match *m = NULL, *mm = calloc(1, sizeof *mm); /* mm: the modes' parts as read */
    if (!r || !mm) {
        free(r);
        free(mm);
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    text_in_init(&r->in, text, "save", err, errn);
    memset(&s, 0, sizeof s);
    s.winner = -1;
    if (rd_rounds(r, deck, &setup, &s) < 0)
        goto done;
    if (setup.scoring == MAXSTAX_SAMESTAX && rd_samestax(r, &s, mm) < 0)
        goto done;
    if (setup.scoring == MAXSTAX_SWAPSTAX && rd_swapstax(r, deck, &s, &mm->swap) < 0)
        goto done;
    if (rd_seats(r, &s, setup.scoring, setup.scoring == MAXSTAX_SAMESTAX ? &mm->same : NULL, claim, claim_tick,
                 hold) < 0)
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
    if (!text_in_done(&r->in)) {
        r->in.line_no++;
        rd_fail(r, "text after 'end'");
        goto done;
    }
    setup.first_creator = setup.scoring == MAXSTAX_SAMESTAX ? mm->same.first_creator : -1;
    if (!(m = maxstax_match_new(&setup, deck, 0, err, errn)))
        goto done;
    m->rounds = s;
    if (setup.scoring == MAXSTAX_SAMESTAX) {
        m->same = mm->same;
        memcpy(m->same.last_points, s.last_points, sizeof s.last_points);
        memcpy(m->same.score, s.score, sizeof s.score);
        memcpy(m->setup.levels, mm->setup.levels, sizeof m->setup.levels);
        m->create_ticks = mm->create_ticks;
        m->replicate_ticks = mm->replicate_ticks;
        m->setup.round_seconds = (double)m->replicate_ticks * MAXSTAX_STEP;
    } else if (setup.scoring == MAXSTAX_SWAPSTAX) {
        m->swap = mm->swap;
        memcpy(m->swap.last_points, s.last_points, sizeof s.last_points);
    }
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
    free(mm);
    return m;
}
