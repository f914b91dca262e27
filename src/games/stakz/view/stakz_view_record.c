/* What the Stakz table reads from the game's record: each action in
 * public words for the midend's move log, the last turn's tiles to mark on
 * the board, and each round's points for the score screen. */
#include "games/stakz/view/stakz_view_priv.h"

/* Whether playing m from before ended a round (some total went up). */
static int ends_round(const stakz_state *before, const stakz_state *after)
{
    for (int p = 0; p < before->players; p++)
        if (after->score[p] != before->score[p])
            return 1;
    return 0;
}

/* "an" before a colour that starts with a vowel sound ("an orange tile"), else "a". */
static const char *article(const char *word) { return strchr("aeiou", word[0]) ? "an" : "a"; }

void stakz_describe(const void *before_st, const game_move *m, char *buf, size_t n)
{
    const stakz_state *b = before_st;
    stakz_state a = *b;
    int over = stakz_rules.apply(&a, m) == 0 && ends_round(b, &a);
    buf[0] = 0;
    if (m->kind == STAKZ_M_PLACE) {
        int code = m->b[0], k = m->b[1];
        const char *colour = colour_names[stakz_colour((uint8_t)code)], *sym = symbol_names[stakz_symbol((uint8_t)code)];
        const char *an = article(colour);
        if (over && b->nhand[b->turn] == 1)
            snprintf(buf, n, "placed the last tile, %s %s %s, on stack %d and won the round", an, colour, sym, k + 1);
        else if (a.nstacks > b->nstacks)
            snprintf(buf, n, "placed %s %s %s on stack %d, which splits in two", an, colour, sym, k + 1);
        else
            snprintf(buf, n, "placed %s %s %s on stack %d%s", an, colour, sym, k + 1,
                     b->bonus[k] ? " (a bonus tile)" : "");
    } else if (m->kind == STAKZ_M_END) {
        /* the colour drawn is public: every hand shows its tiles' colours */
        int c = m->b[0] != STAKZ_END_ANY ? m->b[0] : b->npile > 0 ? stakz_colour(b->pile[b->npile - 1]) : -1;
        if (c >= 0)
            snprintf(buf, n, "ended the turn and drew %s %s tile", article(colour_names[c]), colour_names[c]);
        else if (over)
            snprintf(buf, n, "ended the turn: nobody can place a tile, so the round ends");
        else
            snprintf(buf, n, "ended the turn (the pile is empty)");
    }
}

/* Moves the marks of stack k's split: the top half went to a new stack
 * k + 1 (from index keep up), and every later stack moved up one. */
static void marks_split(stakz_view *v, int k, int h, int keep, int nstacks)
{
    for (int j = nstacks - 1; j > k + 1; j--)
        memcpy(v->marked[j], v->marked[j - 1], sizeof v->marked[0]);
    memset(v->marked[k + 1], 0, sizeof v->marked[0]);
    for (int i = keep; i < h; i++) {
        v->marked[k + 1][i - keep] = v->marked[k][i];
        v->marked[k][i] = 0;
    }
}

void stakz_marks_rebuild(stakz_view *v)
{
    const game_record *rec = table_record(v->t);
    stakz_state s, b;
    game_move m;
    char err[200];
    int turn_over = 1;
    memset(v->marked, 0, sizeof v->marked);
    v->mark_seat = v->mark_drew = -1;
    if (record_replay(rec, 0, &s, err, sizeof err) != 0)
        return;
    for (int c = 0; c < rec->cursor; c++) {
        int p = s.turn;
        if (stakz_rules.move_read(&s, rec->moves[c], &m, err, sizeof err) != 0)
            break;
        if (turn_over || p != v->mark_seat) {
            /* a new turn: its marks replace the last one's */
            memset(v->marked, 0, sizeof v->marked);
            v->mark_seat = p;
            v->mark_drew = -1;
        }
        b = s;
        if (stakz_rules.apply(&s, &m) != 0)
            break;
        turn_over = m.kind == STAKZ_M_END;
        if (ends_round(&b, &s)) {
            /* a new deal: nothing on the new stacks was played yet */
            memset(v->marked, 0, sizeof v->marked);
            v->mark_seat = -1;
            turn_over = 1;
        } else if (m.kind == STAKZ_M_PLACE) {
            int k = m.b[1], h = b.height[k] + 1;
            v->marked[k][h - 1] = 1;
            if (s.nstacks > b.nstacks)
                marks_split(v, k, h, s.height[k], s.nstacks);
        } else if (b.npile > 0) {
            /* the tile drawn: its face for its own seat's eyes, else its colour */
            for (int kind = 0; kind < STAKZ_CODES; kind++)
                if (s.hand[p][kind] > b.hand[p][kind])
                    v->mark_drew = p == table_private_seat(v->t) ? kind : STAKZ_UNKNOWN(stakz_colour((uint8_t)kind));
        }
    }
}

/* Each round's points, from the record: a round ended wherever a total
 * went up. A game composed part-way (the score screen's sample) has totals
 * from before its record: those rounds are not known, so none is shown. */
static void score_rounds(const stakz_view *v, score_report *rep)
{
    stakz_state sh, b;
    char err[200];
    game_move m;
    int n = 0, players = table_match(v->t)->params.players;
    if (record_replay(table_record(v->t), 0, &sh, err, sizeof err) != 0)
        return;
    for (int p = 0; p < players; p++)
        if (sh.score[p] != 0)
            return;
    for (int c = 0; c < table_record(v->t)->cursor && n < SCORE_MAX_ROUNDS; c++) {
        b = sh;
        if (stakz_rules.move_read(&b, table_record(v->t)->moves[c], &m, err, sizeof err) != 0 ||
            stakz_rules.apply(&b, &m) != 0)
            return;
        if (ends_round(&sh, &b)) {
            for (int p = 0; p < players; p++)
                rep->points[p][n] = b.score[p] - sh.score[p];
            n++;
        }
        sh = b;
    }
    rep->rounds = n;
}

void stakz_view_score(const void *vv, score_report *rep)
{
    const stakz_view *v = vv;
    game_result res;
    int firsts = 0;
    stakz_rules.result(v->st, &res);
    rep->lower_is_better = 1;
    for (int s = 0; s < rep->players; s++) {
        rep->total[s] = v->st->score[s];
        firsts += res.rank[s] == 0;
    }
    score_rounds(v, rep);
    snprintf(rep->total_label, sizeof rep->total_label, "Points");
    snprintf(rep->total_help, sizeof rep->total_help,
             "Points: one for each tile left in hand when a round ended. The lowest total wins.");
    if (res.winner >= 0) {
        char who[48];
        snprintf(rep->headline, sizeof rep->headline, "%s wins!", table_seat_label(v->t, res.winner, who, sizeof who));
    } else if (firsts > 1) {
        snprintf(rep->headline, sizeof rep->headline, "A shared win!");
    }
}
