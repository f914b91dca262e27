#include "games/stakz/rules/stakz_check.h"

#include <stdio.h>
#include <string.h>

#define FAIL(...) return (snprintf(err, errn, __VA_ARGS__), -1)

/* Stacks: sizes, the two-of-a-colour limit, never five colours (a fifth
 * splits at once), and the derived colour counts. */
static int check_stacks(const stakz_state *s, int *count, char *err, size_t errn)
{
    if (s->nstacks > STAKZ_MAX_STACKS)
        FAIL("stakz: %d stacks", s->nstacks);
    for (int k = 0; k < s->nstacks; k++) {
        int per[STAKZ_COLOURS] = {0}, colours = 0;
        if (s->height[k] < 1 || s->height[k] >= STAKZ_STACK_MAX)
            FAIL("stakz: stack %d holds %d tiles", k + 1, s->height[k]);
        for (int i = 0; i < s->height[k]; i++) {
            uint8_t t = s->stack[k][i];
            if (t >= STAKZ_CODES)
                FAIL("stakz: stack %d holds an unknown tile", k + 1);
            count[t]++;
            colours += per[t / 5]++ == 0;
            if (per[t / 5] > STAKZ_PER_COLOUR)
                FAIL("stakz: stack %d holds more than two tiles of a colour", k + 1);
        }
        if (colours == STAKZ_COLOURS)
            FAIL("stakz: stack %d holds all five colours", k + 1);
        for (int c = 0; c < STAKZ_COLOURS; c++)
            if (stakz_count(s, k, c) != per[c])
                FAIL("stakz: stack %d's colour count is stale", k + 1);
        if (s->bonus[k] > 1)
            FAIL("stakz: stack %d's bonus is %d", k + 1, s->bonus[k]);
    }
    for (int k = s->nstacks; k < STAKZ_MAX_STACKS; k++)
        if (s->bonus[k])
            FAIL("stakz: a bonus on stack %d, past the last", k + 1);
    return 0;
}

int stakz_check(const stakz_state *s, char *err, size_t errn)
{
    int count[STAKZ_CODES] = {0}, unknown[STAKZ_COLOURS] = {0}, pile_cols[STAKZ_COLOURS] = {0}, total = 0;
    if (s->players < 2 || s->players > GAME_MAX_PLAYERS)
        FAIL("stakz: %d players", s->players);
    if (s->turn >= s->players || s->starter >= s->players)
        FAIL("stakz: seat to move %d, starter %d of %d", s->turn + 1, s->starter + 1, s->players);
    if (s->passes > s->players || s->placed > 1 || s->draw_random > 1)
        FAIL("stakz: bad passes %d, placed %d or draw %d", s->passes, s->placed, s->draw_random);
    if (check_stacks(s, count, err, errn) < 0)
        return -1;
    int over = 0;
    for (int p = 0; p < s->players; p++) {
        int n = 0;
        for (int c = 0; c < STAKZ_KINDS; c++) {
            n += s->hand[p][c];
            if (c < STAKZ_CODES)
                count[c] += s->hand[p][c];
            else
                unknown[c - STAKZ_CODES] += s->hand[p][c];
        }
        if (n != s->nhand[p])
            FAIL("stakz: seat %d's hand count %d, holds %d", p + 1, s->nhand[p], n);
        over |= s->score[p] >= STAKZ_GOAL;
    }
    if (over != s->over)
        FAIL("stakz: over is %d with the totals", s->over);
    for (int p = 0; p < s->players && !over; p++)
        if (s->nhand[p] == 0)
            FAIL("stakz: seat %d's hand is empty and the game goes on", p + 1);
    for (int p = s->players; p < GAME_MAX_PLAYERS; p++)
        if (s->nhand[p] || s->score[p])
            FAIL("stakz: seat %d of %d holds tiles or points", p + 1, s->players);
    for (int i = 0; i < s->npile; i++) {
        uint8_t t = s->pile[i];
        if (t >= STAKZ_KINDS)
            FAIL("stakz: pile tile %d is %d", i, t);
        pile_cols[stakz_colour(t)]++;
        if (t < STAKZ_CODES)
            count[t]++;
        else
            unknown[t - STAKZ_CODES]++;
    }
    for (int c = 0; c < STAKZ_COLOURS; c++)
        if (pile_cols[c] != s->pile_cols[c])
            FAIL("stakz: pile colour count is stale");
    /* Conservation: each code as often as the game's set has it, unknowns
     * (in an observed view) standing for the missing ones of their colour. */
    for (int c = 0; c < STAKZ_COLOURS; c++) {
        int missing = 0;
        for (int y = 0; y < STAKZ_SYMBOLS; y++) {
            int code = c * 5 + y;
            if (s->set[code] > STAKZ_COPIES || count[code] > s->set[code])
                FAIL("stakz: %d tiles of code %d, the game has %d", count[code], code, s->set[code]);
            missing += s->set[code] - count[code];
            total += s->set[code];
        }
        if (missing != unknown[c])
            FAIL("stakz: colour %d is %d tiles short", c, missing - unknown[c]);
    }
    if (total != s->total)
        FAIL("stakz: the game has %d tiles, not %d", total, s->total);
    return 0;
}
