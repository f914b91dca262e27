#include "games/nine/rules/nine.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "games/nine/rules/nine_check.h"
#include "games/nine/rules/nine_observe.h"
#include "games/nine/rules/nine_text.h"
#include "games/nine/rules/nine_hint.h"
#include "games/nine/rules/nine_why.h"

/* A seat's bit; none for seat -1 (a view that may see nothing private). */
static int bit(int seat) { return seat >= 0 ? 1 << seat : 0; }

static int next_seat(const nine_state *s, int p)
{
    return (p + (s->dir ? s->players - 1 : 1)) % s->players;
}

static int hand_card(const nine_state *s, int p)
{
    return s->hand[p] == NINE_NO_CARD ? -1 : s->hand[p];
}

/* Moves card id to place z (stack k for stack places), keeping the derived
 * hand and stack lists true. */
static void put(nine_state *s, int id, int z, int k)
{
    int old = s->place[id];
    if (old >= NINE_Z_HAND && old < NINE_Z_STACK)
        s->hand[old - NINE_Z_HAND] = NINE_NO_CARD;
    if (old >= NINE_Z_STACK) {
        uint8_t *link = &s->head[old - NINE_Z_STACK][s->stk[id]];
        while (*link != id)
            link = &s->next[*link];
        *link = s->next[id];
        s->next[id] = NINE_NO_CARD;
    }
    if (z >= NINE_Z_HAND && z < NINE_Z_STACK)
        s->hand[z - NINE_Z_HAND] = (uint8_t)id;
    if (z >= NINE_Z_STACK) {
        uint8_t *link = &s->head[z - NINE_Z_STACK][k];
        while (*link != NINE_NO_CARD && *link < id)
            link = &s->next[*link];
        s->next[id] = *link;
        *link = (uint8_t)id;
    }
    s->place[id] = (uint8_t)z;
    s->stk[id] = (uint8_t)k;
}

void nine_derive(nine_state *s)
{
    memset(s->hand, NINE_NO_CARD, sizeof s->hand);
    memset(s->head, NINE_NO_CARD, sizeof s->head);
    memset(s->next, NINE_NO_CARD, sizeof s->next);
    for (int id = NINE_CARDS - 1; id >= 0; id--) {
        int z = s->place[id];
        if (z >= NINE_Z_HAND && z < NINE_Z_STACK)
            s->hand[z - NINE_Z_HAND] = (uint8_t)id;
        else if (z >= NINE_Z_STACK && z - NINE_Z_STACK < GAME_MAX_PLAYERS && s->stk[id] < NINE_MAX_STACKS) {
            s->next[id] = s->head[z - NINE_Z_STACK][s->stk[id]];
            s->head[z - NINE_Z_STACK][s->stk[id]] = (uint8_t)id;
        }
    }
}

int nine_cards_left(const nine_state *s, int p)
{
    int n = hand_card(s, p) >= 0;
    for (int k = 0; k < s->nst[p]; k++)
        n += s->ssize[p][k];
    return n;
}

int nine_winner(const nine_state *s)
{
    for (int p = 0; p < s->players; p++)
        if (s->nst[p] == 0 && hand_card(s, p) < 0)
            return p;
    return -1;
}

static int game_over(const nine_state *s)
{
    return nine_winner(s) >= 0 || s->passes >= s->players;
}

int nine_decider(const nine_state *s)
{
    if (game_over(s))
        return -1;
    if (s->pend.kind == NINE_P_DRAWN)
        return s->pend.seat;
    if (s->pend.kind == NINE_P_IMMUNE)
        for (int i = 1, q = next_seat(s, s->turn); i <= s->players; i++, q = next_seat(s, q))
            if (s->pend.ask & bit(q))
                return q;
    return s->turn;
}

int nine_stack_visible(const nine_state *s, int seat, int p, int k)
{
    if (p == seat && k == s->held[seat])
        return 1;
    if (s->rev_num && k == s->rev_num - 1 && !(s->rev_hidden & bit(p)))
        return 1;
    /* A Peek shows the stack to the peeker only, and only while it decides. */
    return (s->pend.kind == NINE_P_TAKE || s->pend.kind == NINE_P_GIVE) && seat == s->turn &&
           p == s->pend.p1 && k == s->pend.s1;
}

int nine_known(const nine_state *s, int seat, int id) { return seat >= 0 && (s->known[id] >> seat & 1); }

void nine_memory_note(nine_state *s)
{
    int all = bit(s->players) - 1;
    for (int i = 0; i < s->ndraw; i++)
        s->known[s->draw[i]] = 0;
    for (int i = 0; i < s->ndisc; i++)
        s->known[s->disc[i]] = (uint8_t)all;
    for (int p = 0; p < s->players; p++) {
        if (s->hand[p] != NINE_NO_CARD)
            s->known[s->hand[p]] |= (uint8_t)bit(p);
        for (int k = 0; k < s->nst[p]; k++) {
            int seen = 0;
            for (int q = 0; q < s->players; q++)
                seen |= nine_stack_visible(s, q, p, k) << q;
            for (int id = seen ? s->head[p][k] : NINE_NO_CARD; id != NINE_NO_CARD; id = s->next[id])
                s->known[id] |= (uint8_t)seen;
        }
    }
}

/* A Peek's exchange happens face down: only the peeker knows which card left
 * stack (p, k), so everyone else forgets the cards still in it. */
static void forget_stack(nine_state *s, int p, int k, int keeper)
{
    for (int id = s->head[p][k]; id != NINE_NO_CARD; id = s->next[id])
        s->known[id] &= (uint8_t)bit(keeper);
}

/* Color Shift and Free Discard are wild; everything else matches the active
 * card's colour or face. */
static int playable(const nine_state *s, uint8_t code)
{
    int f = nine_face_of(code);
    if (f == NINE_SHIFT || f == NINE_FREE || s->act == NINE_ACT_ANY)
        return 1;
    return nine_colour_of(code) == nine_colour_of(s->act) || f == nine_face_of(s->act);
}

/* What may follow a Color Shift: a card that sets a colour, or another Shift. */
static int sets_colour(uint8_t code)
{
    return nine_colour_of(code) != NINE_NO_COLOUR || nine_face_of(code) == NINE_SHIFT;
}

static int can_draw(const nine_state *s) { return s->ndraw > 0 || s->ndisc > 1; }

/* Lowest id of the given code in stack k of seat p, or -1. */
static int first_id(const nine_state *s, int p, int k, uint8_t code)
{
    for (int id = s->head[p][k]; id != NINE_NO_CARD; id = s->next[id])
        if (s->code[id] == code)
            return id;
    return -1;
}

/* The distinct codes of stack (p, k), in code order; returns how many. */
static int stack_codes(const nine_state *s, int p, int k, uint8_t *codes)
{
    uint64_t set[3] = {0, 0, 0}; /* codes are below 5 << 5 */
    int n = 0;
    for (int id = s->head[p][k]; id != NINE_NO_CARD; id = s->next[id])
        set[s->code[id] >> 6] |= 1ull << (s->code[id] & 63);
    for (int w = 0; w < 3; w++)
        for (uint64_t m = set[w]; m; m &= m - 1)
            codes[n++] = (uint8_t)(w << 6 | __builtin_ctzll(m));
    return n;
}

static void end_turn(nine_state *s)
{
    memset(&s->pend, 0, sizeof s->pend);
    s->turn = (uint8_t)next_seat(s, s->turn);
}

static void reshuffle(nine_state *s)
{
    uint8_t top = s->disc[s->ndisc - 1];
    rng r;
    for (int i = 0; i < s->ndisc - 1; i++) {
        s->draw[s->ndraw++] = s->disc[i];
        s->place[s->disc[i]] = NINE_Z_DRAW;
        s->stk[s->disc[i]] = 0;
    }
    s->disc[0] = top;
    s->ndisc = 1;
    rng_seed(&r, s->shuffle_seed);
    rng_shuffle(&r, s->draw, s->ndraw, 1);
    s->shuffle_seed = rng_next(&r);
}

/* Draws into seat p's hand; returns the card id, or -1 if no card is left. */
static int draw_top(nine_state *s, int p)
{
    if (s->ndraw == 0 && s->ndisc > 1)
        reshuffle(s);
    if (s->ndraw == 0)
        return -1;
    int id = s->draw[--s->ndraw];
    put(s, id, (uint8_t)(NINE_Z_HAND + p), 0);
    return id;
}

/* Removes the (emptied) stack k of p: higher stacks move down; p keeps
 * holding the same stack, or goes back to #1 when it was this one. */
static void stack_remove(nine_state *s, int p, int k)
{
    for (int j = k + 1; j < s->nst[p]; j++)
        for (int id = s->head[p][j]; id != NINE_NO_CARD; id = s->next[id])
            s->stk[id]--;
    memmove(&s->ssize[p][k], &s->ssize[p][k + 1], (size_t)(s->nst[p] - k - 1));
    memmove(&s->head[p][k], &s->head[p][k + 1], (size_t)(s->nst[p] - k - 1));
    s->head[p][s->nst[p] - 1] = NINE_NO_CARD;
    s->ssize[p][--s->nst[p]] = 0;
    if (s->held[p] == k || s->nst[p] == 0)
        s->held[p] = 0;
    else if (s->held[p] > k)
        s->held[p]--;
}

/* Discards stack k of p under the action card on top of the discard pile. */
static void discard_stack(nine_state *s, int p, int k)
{
    uint8_t top = s->disc[--s->ndisc];
    while (s->head[p][k] != NINE_NO_CARD) {
        int id = s->head[p][k];
        put(s, id, NINE_Z_DISC, 0);
        s->disc[s->ndisc++] = (uint8_t)id;
    }
    s->disc[s->ndisc++] = top;
    s->ssize[p][k] = 0;
    stack_remove(s, p, k);
}

/* Puts a drawn card from p's hand into the held stack or a new last stack. */
static void keep_card(nine_state *s, int p, int id, int keep)
{
    int k = s->held[p];
    if (keep == NINE_KEEP_NEW && s->nst[p] < NINE_MAX_STACKS)
        k = s->nst[p]++;
    put(s, id, (uint8_t)(NINE_Z_STACK + p), (uint8_t)k);
    s->ssize[p][k]++;
}

static void swap_stacks(nine_state *s)
{
    const nine_pending *d = &s->pend;
    uint8_t h = s->head[d->p1][d->s1];
    s->head[d->p1][d->s1] = s->head[d->p2][d->s2];
    s->head[d->p2][d->s2] = h;
    for (int id = s->head[d->p1][d->s1]; id != NINE_NO_CARD; id = s->next[id]) {
        s->place[id] = (uint8_t)(NINE_Z_STACK + d->p1);
        s->stk[id] = d->s1;
    }
    for (int id = s->head[d->p2][d->s2]; id != NINE_NO_CARD; id = s->next[id]) {
        s->place[id] = (uint8_t)(NINE_Z_STACK + d->p2);
        s->stk[id] = d->s2;
    }
    uint8_t t = s->ssize[d->p1][d->s1];
    s->ssize[d->p1][d->s1] = s->ssize[d->p2][d->s2];
    s->ssize[d->p2][d->s2] = t;
}

/* The attacked seat draws; it plays the card or keeps it as a new stack, and
 * the next turn follows it, so the turn passes to it now. */
static void attack_hit(nine_state *s, int q)
{
    memset(&s->pend, 0, sizeof s->pend);
    s->turn = (uint8_t)q;
    int id = draw_top(s, q);
    if (id < 0) {
        end_turn(s);
        return;
    }
    if (playable(s, s->code[id])) {
        s->pend.kind = NINE_P_DRAWN;
        s->pend.seat = (uint8_t)q;
        s->pend.keep = NINE_KEEP_NEW;
        return;
    }
    keep_card(s, q, id, NINE_KEEP_NEW);
    end_turn(s);
}

/* Carries out a targeted card once every seat it was asked of has answered. */
static void resolve(nine_state *s)
{
    int used = s->pend.used;
    switch (s->pend.action) {
    case NINE_ATTACK:
        if (used)
            end_turn(s);
        else
            attack_hit(s, s->pend.p1);
        break;
    case NINE_PEEK:
        if (used)
            end_turn(s);
        else
            s->pend.kind = NINE_P_TAKE;
        break;
    case NINE_SWAP:
        if (!used)
            swap_stacks(s);
        end_turn(s);
        break;
    default: /* Reveal: Immunity keeps only its user's stack face down */
        s->rev_num = (uint8_t)(s->pend.s1 + 1);
        s->rev_hidden = (uint8_t)(bit(s->turn) | used);
        end_turn(s);
        break;
    }
}

/* Asks the targeted seats that still hold Immunity, in turn order. */
static void ask_immunity(nine_state *s, int action, int targets)
{
    s->pend.kind = NINE_P_IMMUNE;
    s->pend.action = (uint8_t)action;
    s->pend.ask = (uint8_t)(targets & s->immunity & ~bit(s->turn));
    s->pend.used = 0;
    if (!s->pend.ask)
        resolve(s);
}

static void set_pending(nine_state *s, int kind)
{
    memset(&s->pend, 0, sizeof s->pend);
    s->pend.kind = (uint8_t)kind;
}

/* Plays card id of seat p (from its held stack or its hand). A stack played
 * empty goes first, then the card acts (the rule for a last action card). */
static void play_card(nine_state *s, int p, int id)
{
    int from_stack = s->place[id] == NINE_Z_STACK + p, k = s->stk[id];
    uint8_t code = s->code[id];
    put(s, id, NINE_Z_DISC, 0);
    s->disc[s->ndisc++] = (uint8_t)id;
    s->passes = 0;
    if (from_stack && --s->ssize[p][k] == 0)
        stack_remove(s, p, k);
    set_pending(s, NINE_P_NONE);
    if (nine_winner(s) >= 0)
        return;
    int f = nine_face_of(code);
    if (f == NINE_SHIFT) {
        set_pending(s, NINE_P_SHIFT); /* the active card stays until the next one */
        return;
    }
    s->act = f == NINE_FREE ? NINE_ACT_ANY : code;
    switch (f) {
    case NINE_ATTACK: set_pending(s, NINE_P_ATTACK); break;
    case NINE_SWAP: set_pending(s, NINE_P_SWAP); break;
    case NINE_PEEK: set_pending(s, NINE_P_PEEK); break;
    case NINE_REVEAL: set_pending(s, NINE_P_REVEAL); break;
    case NINE_FREE: set_pending(s, NINE_P_FREE); break;
    case NINE_DISCARD:
        discard_stack(s, p, s->held[p]);
        if (nine_winner(s) < 0)
            end_turn(s);
        break;
    case NINE_REVERSE:
        s->dir ^= 1;
        end_turn(s);
        break;
    default: /* a number: everyone who has that stack switches to it */
        for (int q = 0; q < s->players; q++)
            if (s->nst[q] >= f)
                s->held[q] = (uint8_t)(f - 1);
        end_turn(s);
        break;
    }
}

static void draw_move(nine_state *s, int p)
{
    int shift = s->pend.kind == NINE_P_SHIFT, id = draw_top(s, p);
    s->passes = 0;
    if (id >= 0 && (shift ? sets_colour(s->code[id]) : playable(s, s->code[id]))) {
        set_pending(s, NINE_P_DRAWN);
        s->pend.seat = (uint8_t)p;
        s->pend.keep = shift ? NINE_KEEP_MUST : NINE_KEEP_HELD;
        return;
    }
    if (id >= 0)
        keep_card(s, p, id, NINE_KEEP_HELD);
    end_turn(s);
}

/* Where the move generator sends moves: into a list, or, when want is set,
 * only whether want is among them (apply's check, without building a list). */
typedef struct move_sink {
    game_move *out;
    int max;
    const game_move *want;
    int found;
} move_sink;

static int add_move(move_sink *sk, int n, int kind, int b0, int b1)
{
    if (sk->want) {
        const game_move *w = sk->want;
        sk->found |= w->kind == kind && w->len == 2 && w->b[0] == b0 && w->b[1] == b1;
        return n + 1;
    }
    if (n >= sk->max)
        return n;
    game_move *m = &sk->out[n];
    memset(m, 0, sizeof *m);
    m->kind = (uint8_t)kind;
    m->len = 2;
    m->b[0] = (uint8_t)b0;
    m->b[1] = (uint8_t)b1;
    return n + 1;
}

/* The one move generator: the legal moves of s, in a fixed order. */
static int generate(const nine_state *s, move_sink *sk)
{
    int p = nine_decider(s), n = 0, t = s->turn;
    uint8_t codes[256];
    const nine_pending *d = &s->pend;
    if (p < 0)
        return 0;
    switch (d->kind) {
    case NINE_P_NONE:
    case NINE_P_SHIFT: {
        const game_move *w = sk->want;
        if (w && w->kind == NINE_M_PLAY) {
            /* Checking one play needs only its card, not the whole list. */
            int id = first_id(s, p, s->held[p], w->b[0]);
            sk->found = w->len == 2 && w->b[1] == 0 && id >= 0 &&
                        (d->kind == NINE_P_NONE ? playable(s, w->b[0]) : sets_colour(w->b[0]));
            return sk->found;
        }
        int k = stack_codes(s, p, s->held[p], codes);
        for (int i = 0; i < k; i++)
            if (d->kind == NINE_P_NONE ? playable(s, codes[i]) : sets_colour(codes[i]))
                n = add_move(sk, n, NINE_M_PLAY, codes[i], 0);
        /* After a Shift you must play if you can; otherwise drawing is a choice. */
        if (d->kind == NINE_P_NONE || n == 0)
            n = add_move(sk, n, can_draw(s) ? NINE_M_DRAW : NINE_M_PASS, 0, 0);
        break;
    }
    case NINE_P_DRAWN:
        n = add_move(sk, n, NINE_M_PLAY, s->code[hand_card(s, p)], 0);
        if (d->keep != NINE_KEEP_MUST)
            n = add_move(sk, n, NINE_M_KEEP, 0, 0);
        break;
    case NINE_P_ATTACK:
        for (int q = 0; q < s->players; q++)
            if (q != t)
                n = add_move(sk, n, NINE_M_ATTACK, q, 0);
        break;
    case NINE_P_PEEK:
        for (int q = 0; q < s->players; q++)
            for (int k = 0; q != t && k < s->nst[q]; k++)
                n = add_move(sk, n, NINE_M_PEEK, q, k);
        break;
    case NINE_P_TAKE: {
        int k = stack_codes(s, d->p1, d->s1, codes);
        for (int i = 0; i < k; i++)
            n = add_move(sk, n, NINE_M_TAKE, codes[i], 0);
        n = add_move(sk, n, NINE_M_RETURN, 0, 0);
        break;
    }
    case NINE_P_GIVE: {
        int k = stack_codes(s, t, s->held[t], codes);
        for (int i = 0; i < k; i++)
            n = add_move(sk, n, NINE_M_GIVE, codes[i], 0);
        break;
    }
    case NINE_P_SWAP:
    case NINE_P_SWAP2:
        for (int q = 0; q < s->players; q++)
            for (int k = 0; k < s->nst[q]; k++)
                if (d->kind == NINE_P_SWAP)
                    n = add_move(sk, n, NINE_M_SWAP, q, k);
                else if (q != d->p1 || k != d->s1)
                    n = add_move(sk, n, NINE_M_WITH, q, k);
        break;
    case NINE_P_REVEAL: {
        int top = 1;
        for (int q = 0; q < s->players; q++)
            if (q != t && s->nst[q] > top)
                top = s->nst[q];
        for (int k = 1; k <= top; k++)
            n = add_move(sk, n, NINE_M_REVEAL, k, 0);
        break;
    }
    case NINE_P_FREE:
        for (int k = 0; k < s->nst[t]; k++)
            n = add_move(sk, n, NINE_M_DISCARD, k, 0);
        break;
    default: /* NINE_P_IMMUNE */
        n = add_move(sk, n, NINE_M_IMMUNE, 0, 0);
        n = add_move(sk, n, NINE_M_ACCEPT, 0, 0);
        break;
    }
    return n;
}

int nine_legal(const nine_state *s, game_move *out, int max)
{
    move_sink sk = {out, max, NULL, 0};
    return generate(s, &sk);
}

/* Carries out a move already known to be legal. */
static void do_move(nine_state *s, const game_move *m)
{
    int p = nine_decider(s), t = s->turn, a = m->b[0], b = m->b[1];
    nine_pending *d = &s->pend;
    switch (m->kind) {
    case NINE_M_PLAY:
        play_card(s, p,
                  d->kind == NINE_P_DRAWN ? hand_card(s, p)
                                          : first_id(s, p, s->held[p], (uint8_t)a));
        break;
    case NINE_M_DRAW: draw_move(s, p); break;
    case NINE_M_PASS:
        s->passes++;
        end_turn(s);
        break;
    case NINE_M_KEEP:
        keep_card(s, p, hand_card(s, p), d->keep);
        end_turn(s);
        break;
    case NINE_M_ATTACK:
        d->p1 = (uint8_t)a;
        ask_immunity(s, NINE_ATTACK, bit(a));
        break;
    case NINE_M_PEEK:
        d->p1 = (uint8_t)a;
        d->s1 = (uint8_t)b;
        ask_immunity(s, NINE_PEEK, bit(a));
        break;
    case NINE_M_TAKE: {
        /* The taken card waits in the peeker's hand until one is given back. */
        int id = first_id(s, d->p1, d->s1, (uint8_t)a);
        put(s, id, (uint8_t)(NINE_Z_HAND + t), 0);
        s->known[id] = (uint8_t)bit(t);
        s->ssize[d->p1][d->s1]--;
        forget_stack(s, d->p1, d->s1, t);
        d->kind = NINE_P_GIVE;
        break;
    }
    case NINE_M_GIVE: {
        int id = first_id(s, t, s->held[t], (uint8_t)a), got = hand_card(s, t);
        put(s, id, (uint8_t)(NINE_Z_STACK + d->p1), d->s1);
        s->ssize[d->p1][d->s1]++;
        put(s, got, (uint8_t)(NINE_Z_STACK + t), s->held[t]);
        s->known[id] = (uint8_t)bit(t);
        forget_stack(s, t, s->held[t], t);
        end_turn(s);
        break;
    }
    case NINE_M_RETURN: end_turn(s); break;
    case NINE_M_SWAP:
        d->p1 = (uint8_t)a;
        d->s1 = (uint8_t)b;
        d->kind = NINE_P_SWAP2;
        break;
    case NINE_M_WITH:
        d->p2 = (uint8_t)a;
        d->s2 = (uint8_t)b;
        ask_immunity(s, NINE_SWAP, bit(d->p1) | bit(a));
        break;
    case NINE_M_REVEAL: {
        int targets = 0;
        for (int q = 0; q < s->players; q++)
            if (s->nst[q] >= a)
                targets |= bit(q);
        d->s1 = (uint8_t)(a - 1);
        ask_immunity(s, NINE_REVEAL, targets);
        break;
    }
    case NINE_M_DISCARD:
        discard_stack(s, t, a);
        if (nine_winner(s) < 0)
            end_turn(s);
        break;
    case NINE_M_IMMUNE:
        s->immunity &= (uint8_t)~bit(p);
        d->used |= (uint8_t)bit(p);
        d->ask &= (uint8_t)~bit(p);
        /* One Immunity cancels a card aimed at one seat; a Reveal goes on for the rest. */
        if (d->action != NINE_REVEAL || !d->ask)
            resolve(s);
        break;
    default: /* NINE_M_ACCEPT */
        d->ask &= (uint8_t)~bit(p);
        if (!d->ask)
            resolve(s);
        break;
    }
}

int nine_deal(nine_state *s, int players, uint64_t seed, char *err, size_t errn)
{
    nine_deck deck;
    uint8_t ids[NINE_CARDS];
    rng r;
    if (players < 2 || players > GAME_MAX_PLAYERS) {
        snprintf(err, errn, "9stax: needs 2 to 4 players, not %d", players);
        return -1;
    }
    if (nine_deck_builtin(&deck, err, errn) < 0)
        return -1;
    memset(s, 0, sizeof *s);
    memcpy(s->code, deck.code, sizeof s->code);
    rng_seed(&r, seed);
    for (int i = 0; i < NINE_CARDS; i++)
        ids[i] = (uint8_t)i;
    rng_shuffle(&r, ids, NINE_CARDS, 1);
    int k = 0;
    s->players = (uint8_t)players;
    for (int p = 0; p < players; p++) {
        s->nst[p] = NINE_STACKS;
        for (int st = 0; st < NINE_STACKS; st++)
            for (int c = 0; c < NINE_STACK_CARDS; c++, k++) {
                s->place[ids[k]] = (uint8_t)(NINE_Z_STACK + p);
                s->stk[ids[k]] = (uint8_t)st;
                s->ssize[p][st]++;
            }
    }
    for (; k < NINE_CARDS; k++) {
        s->place[ids[k]] = NINE_Z_DRAW;
        s->draw[s->ndraw++] = ids[k];
    }
    s->turn = (uint8_t)rng_below(&r, (uint32_t)players);
    s->act = NINE_ACT_ANY;
    s->immunity = (uint8_t)((1 << players) - 1);
    s->shuffle_seed = rng_next(&r);
    nine_derive(s);
    nine_memory_note(s);
    return 0;
}

static int nine_init(void *st, const game_params *p, uint64_t seed, char *err, size_t errn)
{
    return nine_deal(st, p ? p->players : 2, seed, err, errn);
}

static int nine_current_player(const void *st) { return nine_decider(st); }

static int nine_legal_moves(const void *st, game_move *out, int max)
{
    return nine_legal(st, out, max);
}

static int nine_apply(void *st, const game_move *m)
{
    nine_state *s = st;
    move_sink sk = {NULL, 0, m, 0};
    generate(s, &sk);
    if (!sk.found)
        return -1;
    do_move(s, m);
    if (!s->imagined)
        nine_memory_note(s);
    return 0;
}

static void nine_result(const void *st, game_result *r)
{
    const nine_state *s = st;
    int w = nine_winner(s), best = 0;
    memset(r, 0, sizeof *r);
    r->status = game_over(s) ? GAME_OVER : GAME_ONGOING;
    for (int p = 0; p < s->players; p++)
        r->score[p] = nine_cards_left(s, p);
    for (int p = 0; p < s->players; p++)
        for (int q = 0; q < s->players; q++)
            r->rank[p] += r->score[q] < r->score[p];
    for (int p = 0; p < s->players; p++)
        best += r->rank[p] == 0;
    r->winner = -1;
    if (r->status == GAME_OVER)
        for (int p = 0; p < s->players; p++)
            if (p == w || (w < 0 && r->rank[p] == 0 && best == 1))
                r->winner = p;
}

/* Playout cut-off: fewer cards left than the others is better. */
static double nine_evaluate(const void *st, int seat)
{
    const nine_state *s = st;
    double w[GAME_MAX_PLAYERS], sum = 0;
    if (game_over(s)) {
        game_result r;
        nine_result(s, &r);
        return r.winner == seat ? 1.0 : r.winner < 0 && r.rank[seat] == 0 ? 0.5 : 0.0;
    }
    for (int p = 0; p < s->players; p++)
        sum += w[p] = exp(-nine_cards_left(s, p) / 6.0);
    return w[seat] / sum;
}

static uint64_t nine_hash(const void *st)
{
    char buf[NINE_POSITION_MAX];
    uint64_t h = 0xcbf29ce484222325ULL;
    int n = nine_position_write(st, buf, sizeof buf);
    for (int i = 0; i < n; i++)
        h = (h ^ (uint8_t)buf[i]) * 0x100000001b3ULL;
    return h;
}

static int nine_check_invariants(const void *st, char *err, size_t errn)
{
    return nine_check(st, err, errn);
}

static int nine_position_read_rules(void *st, const game_params *p, const char *text, char *err,
                                    size_t errn)
{
    return nine_position_read(st, p ? p->players : 0, text, err, errn);
}

/* Someone's stacks are all gone, or nobody could draw or play. */
static int nine_result_reason(const void *st, char *buf, size_t n)
{
    game_result r;
    nine_result(st, &r);
    if (r.status != GAME_OVER)
        return -1;
    if (nine_winner(st) >= 0)
        return game_text(buf, n, "Player %d played their last card: all nine stacks are gone.", nine_winner(st) + 1);
    return game_text(buf, n, "Nobody could draw or play: the fewest cards left wins.");
}

const game_rules nine_rules = {
    .id = "9stax",
    .state_size = sizeof(nine_state),
    .min_players = 2,
    .max_players = 4,
    .options = NULL,
    .n_options = 0,
    .hidden_info = 1,
    .init = nine_init,
    .current_player = nine_current_player,
    .legal_moves = nine_legal_moves,
    .apply = nine_apply,
    .result = nine_result,
    .position_write = nine_position_write,
    .position_read = nine_position_read_rules,
    .move_write = nine_move_write,
    .move_read = nine_move_read,
    .hash = nine_hash,
    .check_invariants = nine_check_invariants,
    .observe = nine_observe,
    .determinize = nine_determinize,
    .evaluate = nine_evaluate,
    .search = NULL,
    .result_reason = nine_result_reason,
    .refusal = nine_refusal_rules,
    .move_reason = nine_move_reason,
};
