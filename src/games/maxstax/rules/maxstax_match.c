#include "games/maxstax/rules/maxstax_match_priv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* A stalled caller never makes the physics catch up by more than this. */
#define MAX_DT 0.25

/* The hooks of each scoring mode, by maxstax_scoring. */
static const maxstax_mode *mode_of(maxstax_scoring scoring)
{
    static const maxstax_mode *const modes[] = {&speedstax_mode, &samestax_mode, &swapstax_mode,
                                                &practice_mode};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (modes[i]->scoring == (scoring ? scoring : MAXSTAX_SPEEDSTAX)) /* 0 reads as SPEEDSTAX */
            return modes[i];
    return NULL;
}

/* What the mode's hooks see of m (the const ones only read it). */
static maxstax_turf turf_of(const maxstax_match *m)
{
    maxstax_match *w = (maxstax_match *)m;
    return (maxstax_turf){&w->setup, &w->deck, w->world, &w->rounds, &w->same, &w->create_ticks,
                          &w->replicate_ticks, &w->swap, 0, -1};
}

/* Does what a hook asked of the physics. */
static void turf_done(maxstax_match *m, const maxstax_turf *t)
{
    if (t->let_go >= 0)
        maxstax_world_release(m->world, t->let_go);
    if (t->reset)
        maxstax_match_reset_piles(m);
}

void maxstax_setup_default(maxstax_setup *setup, int players)
{
    setup->scoring = MAXSTAX_SPEEDSTAX;
    setup->players = players;
    setup->stars_min = 1;
    setup->stars_max = 3;
    setup->snap = 1;
    setup->round_seconds = 0;
    setup->turn_mask = 0;
    setup->first_creator = -1;
    for (int p = 0; p < SPEEDSTAX_MAX_PLAYERS; p++)
        setup->levels[p] = 0;
}

int maxstax_match_first_block(int p) { return p * MAXSTAX_BLOCKS_PER_PLAYER; }

double maxstax_match_pile_x(int k) { return 12.5 + 3.5 * k; }

static double space_x(int p) { return p * MAXSTAX_SPACE_PITCH; }

/* Takes every structure down: each player's blocks back into 3 piles of 4. */
void maxstax_match_reset_piles(maxstax_match *m)
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
    const maxstax_mode *mode = mode_of(setup->scoring);
    if (!mode) {
        snprintf(err, errn, "unknown MAXSTAX scoring %d", (int)setup->scoring);
        return NULL;
    }
    if (setup->players < (mode->fewest ? mode->fewest : 2) || setup->players > SPEEDSTAX_MAX_PLAYERS) {
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
    if (mode->check && mode->check(setup, n, err, errn) < 0)
        return NULL;
    if (setup->first_creator >= setup->players) {
        snprintf(err, errn, "no seat %d to be the first Creator", setup->first_creator + 1);
        return NULL;
    }
    maxstax_match *m = calloc(1, sizeof *m);
    if (!m || !(m->world = maxstax_world_new())) {
        free(m);
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    m->setup = *setup;
    m->setup.scoring = mode->scoring;
    m->mode = mode;
    m->deck = *deck;
    for (int b = 0; b < setup->players * MAXSTAX_BLOCKS_PER_PLAYER; b++)
        maxstax_world_add(m->world, (maxstax_pose){0, 0.5, 0});
    maxstax_match_reset_piles(m);
    speedstax_init(&m->rounds, setup->players, eligible, n, seed);
    if (setup->round_seconds > 0)
        m->rounds.round_ticks = (long)(setup->round_seconds / MAXSTAX_STEP + 0.5);
    if (setup->turn_mask)
        speedstax_set_turns(&m->rounds, setup->turn_mask);
    if (mode->begin) {
        maxstax_turf t = turf_of(m);
        mode->begin(&t);
        turf_done(m, &t);
    }
    return m;
}

void maxstax_match_free(maxstax_match *m)
{
    if (!m)
        return;
    maxstax_world_free(m->world);
    free(m);
}

/* Nonzero when the blocks in player p's space match the card p builds. */
static int space_matches(const maxstax_match *m, int p)
{
    return maxstax_space_matches(m->world, p, maxstax_match_seat_card(m, p));
}

/* What differs between p's space and the card p builds. */
static maxstax_miss space_miss(const maxstax_match *m, int p)
{
    maxstax_pose in[MAXSTAX_CARD_MAX_BLOCKS];
    int n = maxstax_space_read(m->world, p, in);
    const maxstax_card *c = maxstax_match_seat_card(m, p);
    if (n > MAXSTAX_CARD_MAX_BLOCKS) /* more than a card can have: too many, by at least this */
        return (maxstax_miss){MAXSTAX_MISS_EXTRA, n - c->n, MAXSTAX_WHERE_SOME};
    return maxstax_matcher_miss(c, in, n);
}

/* p's claim becomes v, an event of its own even when the state was v already. */
static void claim_event(maxstax_match *m, int p, maxstax_claim v, maxstax_miss miss)
{
    m->claim[p] = v;
    m->event[p].serial++;
    m->event[p].verdict = v;
    m->event[p].miss = miss;
}

/* Nonzero when p's claim is the mode's Ready, standing at once. */
static int claim_ready(const maxstax_match *m, int p)
{
    maxstax_turf t = turf_of(m);
    return m->mode->ready(&t, p);
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
    if ((in->actions & MAXSTAX_IN_CLAIM) && m->mode->ready && claim_ready(m, p)) {
        /* The Creator's Ready: hands off, and creation ends with what stands. */
        maxstax_world_release(w, p);
        claim_event(m, p, MAXSTAX_CLAIM_HELD, (maxstax_miss){0});
        speedstax_claim(&m->rounds, p);
        speedstax_confirm(&m->rounds, p, 1, m->rounds.tick);
    } else if (in->actions & MAXSTAX_IN_CLAIM) {
        /* A held block is not free-standing, and a wrong structure fails now. */
        if (maxstax_world_held(w, p) >= 0) {
            claim_event(m, p, MAXSTAX_CLAIM_FAILED, (maxstax_miss){MAXSTAX_MISS_HELD, 1, MAXSTAX_WHERE_SOME});
            return;
        }
        if (!space_matches(m, p)) {
            claim_event(m, p, MAXSTAX_CLAIM_FAILED, space_miss(m, p));
            return;
        }
        claim_event(m, p, MAXSTAX_CLAIM_CHECKING, (maxstax_miss){0});
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
            claim_event(m, p, MAXSTAX_CLAIM_FAILED, space_miss(m, p));
            speedstax_confirm(&m->rounds, p, 0, 0);
        } else if (left <= 0) {
            claim_event(m, p, MAXSTAX_CLAIM_HELD, (maxstax_miss){0});
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
        maxstax_turf t = turf_of(m);
        m->mode->tick(&t);
        turf_done(m, &t);
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
    const maxstax_card *c = maxstax_match_seat_card(m, p);
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

const maxstax_claim_event *maxstax_match_claim_event(const maxstax_match *m, int p) { return &m->event[p]; }

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

/* Rounds in a match of m's scoring. */
static int match_rounds(const maxstax_match *m)
{
    return m->setup.scoring == MAXSTAX_SAMESTAX ? samestax_rounds(m->setup.players) : SPEEDSTAX_ROUNDS;
}

int maxstax_match_compose_played(maxstax_match *m, int n, const int (*points)[SPEEDSTAX_MAX_PLAYERS], char *err,
                                 size_t errn)
{
    maxstax_turf t = turf_of(m);
    int rc = m->mode->played(&t, n, points);
    turf_done(m, &t);
    if (rc != 0)
        snprintf(err, errn,
                 "cannot compose %d of %d rounds played with those points (each round's must be possible, and only "
                 "at the very start)",
                 n, match_rounds(m));
    return rc;
}

int maxstax_match_compose_stackoff(maxstax_match *m, int p, char *err, size_t errn)
{
    maxstax_turf t = turf_of(m);
    int rc = m->mode->stackoff ? m->mode->stackoff(&t, p) : -1;
    turf_done(m, &t);
    if (rc != 0)
        snprintf(err, errn, "seat %d cannot win a stack-off: none has just begun with it", p + 1);
    return rc;
}

void maxstax_match_set_snap(maxstax_match *m, int on) { m->setup.snap = on != 0; }


int maxstax_match_swap(maxstax_match *m, int p, int with)
{
    if (!m->mode->act || p < 0 || p >= m->setup.players)
        return -1;
    maxstax_turf t = turf_of(m);
    int rc = m->mode->act(&t, p, with);
    turf_done(m, &t);
    return rc;
}

const maxstax_card *maxstax_match_seat_card(const maxstax_match *m, int p)
{
    const maxstax_card *c = NULL;
    if (m->mode->seat_card) {
        maxstax_turf t = turf_of(m);
        c = m->mode->seat_card(&t, p);
    }
    return c ? c : maxstax_match_card(m);
}

maxstax_scoring maxstax_match_scoring(const maxstax_match *m) { return m->setup.scoring; }

const samestax_state *maxstax_match_samestax(const maxstax_match *m)
{
    return m->setup.scoring == MAXSTAX_SAMESTAX ? &m->same : NULL;
}

const swapstax_state *maxstax_match_swapstax(const maxstax_match *m)
{
    return m->setup.scoring == MAXSTAX_SWAPSTAX ? &m->swap : NULL;
}

int maxstax_match_over(const maxstax_match *m) { return m->rounds.phase == SPEEDSTAX_OVER; }

void maxstax_match_standings(const maxstax_match *m, int score[SPEEDSTAX_MAX_PLAYERS], int rank[SPEEDSTAX_MAX_PLAYERS])
{
    maxstax_turf t = turf_of(m);
    memcpy(score, m->rounds.score, sizeof m->rounds.score);
    if (m->mode->ranks)
        m->mode->ranks(&t, rank);
    else
        speedstax_ranks(&m->rounds, rank);
}

void maxstax_match_place(maxstax_match *m, int p, int b, maxstax_pose q)
{
    q.x += p * MAXSTAX_SPACE_PITCH;
    maxstax_world_place(m->world, b, q);
}
