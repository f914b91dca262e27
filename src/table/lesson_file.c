/* The lesson file's reader and its checks against the game's rules (docs/lessons.md). */
#include "table/lesson_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/textin.h"

/* The line's keywords: the lesson's header, then its steps' lines. */
enum { K_LESSON, K_TITLE, K_PLAYERS, K_YOU, K_STEP, K_GAME, K_POSITION, K_SAY, K_DO, K_REPLY, K_WRONG, K_OTHER,
       K_DONE, K_TEACHES, K_COUNT };
static const char *const keywords[K_COUNT] = {"lesson", "title",  "players", "you",   "step",  "game",    "position",
                                              "say",    "do",     "reply",   "wrong", "other", "done",    "teaches"};

/* Copies f into buf (n bytes) or fails naming the field: the text must fit and not be empty. */
static int take_text(text_in *in, text_span f, char *buf, size_t n, const char *what)
{
    if (f.len == 0)
        return text_in_fail(in, "%s is empty", what);
    if (f.len >= n)
        return text_in_fail(in, "%s is longer than %zu characters", what, n - 1);
    memcpy(buf, f.p, f.len);
    buf[f.len] = 0;
    return 0;
}

/* f without blanks at either end. */
static text_span trim(text_span f)
{
    while (f.len && f.p[0] == ' ')
        f.p++, f.len--;
    while (f.len && f.p[f.len - 1] == ' ')
        f.len--;
    return f;
}

/* Splits f at " | " into up to max moves of alts; how many, or -1. */
static int take_alts(text_in *in, text_span f, char alts[][RECORD_MOVE_LEN], int max)
{
    int n = 0;
    while (f.len) {
        const char *bar = memchr(f.p, '|', f.len);
        text_span one = {f.p, bar ? (size_t)(bar - f.p) : f.len};
        if (n == max)
            return text_in_fail(in, "more than %d moves", max);
        if (take_text(in, trim(one), alts[n], RECORD_MOVE_LEN, "a move") != 0)
            return -1;
        n++;
        if (!bar)
            break;
        f.len -= (size_t)(bar + 1 - f.p);
        f.p = bar + 1;
        if (trim(f).len == 0)
            return text_in_fail(in, "a move is empty");
    }
    return n;
}

/* The say text grows by the line's words (a long say spans several lines). */
static int add_say(text_in *in, lesson_step *s, text_span f)
{
    size_t have = strlen(s->say);
    if (f.len == 0)
        return text_in_fail(in, "say is empty");
    if (have + (have ? 1 : 0) + f.len >= sizeof s->say)
        return text_in_fail(in, "say is longer than %zu characters", sizeof s->say - 1);
    if (have)
        s->say[have++] = ' ';
    memcpy(s->say + have, f.p, f.len);
    s->say[have + f.len] = 0;
    return 0;
}

/* One line of a step; 0, or -1 with a message. */
static int step_line(text_in *in, lesson_step *s, int k, text_span rest)
{
    switch (k) {
    case K_POSITION:
        if (s->position[0])
            return text_in_fail(in, "the step has a position already");
        return take_text(in, rest, s->position, sizeof s->position, "the position");
    case K_SAY: return add_say(in, s, rest);
    case K_DO:
    case K_REPLY: {
        lesson_act *a;
        if (s->game)
            return text_in_fail(in, "the game step plays itself: no %s", keywords[k]);
        if (s->watch)
            return text_in_fail(in, "a watch step has nothing to play");
        if (k == K_DO && text_is(rest, "watch")) {
            if (s->n_seq)
                return text_in_fail(in, "watch in a step that plays");
            s->watch = 1;
            return 0;
        }
        if (s->n_seq == LESSON_SEQ)
            return text_in_fail(in, "more than %d moves in one step", LESSON_SEQ);
        a = &s->seq[s->n_seq];
        a->reply = k == K_REPLY;
        if ((a->n_alts = take_alts(in, rest, a->alt, a->reply ? 1 : LESSON_ALTS)) < 0)
            return -1;
        if (a->n_alts == 0)
            return text_in_fail(in, "%s names no move", keywords[k]);
        s->n_seq++;
        return 0;
    }
    case K_WRONG: {
        text_span move = text_cut(&rest, "|");
        lesson_wrong *w;
        if (s->n_wrongs == LESSON_WRONGS)
            return text_in_fail(in, "more than %d wrong moves in one step", LESSON_WRONGS);
        if (rest.len == 0)
            return text_in_fail(in, "expected \"wrong MOVE | why\"");
        w = &s->wrong[s->n_wrongs];
        rest.p++, rest.len--;
        if (take_text(in, trim(move), w->move, sizeof w->move, "the wrong move") != 0 ||
            take_text(in, trim(rest), w->why, sizeof w->why, "the why") != 0)
            return -1;
        s->n_wrongs++;
        return 0;
    }
    case K_OTHER: return take_text(in, rest, s->other, sizeof s->other, "other");
    case K_DONE: return take_text(in, rest, s->done, sizeof s->done, "done");
    case K_TEACHES:
        while (rest.len) {
            text_span id = text_cut(&rest, " ");
            if (rest.len)
                rest.p++, rest.len--;
            if (id.len == 0)
                return text_in_fail(in, "two blanks between clauses");
            for (size_t i = 0; i < id.len; i++)
                if (!((id.p[i] >= '0' && id.p[i] <= '9') || id.p[i] == '.') || id.p[0] == '.' ||
                    id.p[id.len - 1] == '.')
                    return text_in_fail(in, "a clause is numbers joined by dots, like 3.2, not \"%.*s\"",
                                        (int)id.len, id.p);
            if (s->n_teaches == LESSON_TEACHES)
                return text_in_fail(in, "more than %d clauses in one step", LESSON_TEACHES);
            if (take_text(in, id, s->teaches[s->n_teaches], LESSON_CLAUSE_LEN, "a clause") != 0)
                return -1;
            s->n_teaches++;
        }
        return 0;
    default: return text_in_fail(in, "that line belongs before the first step");
    }
}

/* The step that ended must say something, and play or watch (the game plays itself). */
static int step_end(text_in *in, const lesson_step *s)
{
    if (!s->say[0])
        return text_in_fail(in, "the step of line %d says nothing", s->line);
    if (!s->game && !s->watch && s->n_seq == 0)
        return text_in_fail(in, "the step of line %d has no do line (a move, or watch)", s->line);
    if (!s->game && !s->watch && s->seq[0].reply)
        return text_in_fail(in, "the step of line %d starts with a reply: the learner plays first", s->line);
    return 0;
}

int lesson_read(lesson *l, const char *text, char *err, size_t errn)
{
    text_in in;
    lesson_step *s = NULL;
    int header = 0;
    memset(l, 0, sizeof *l);
    l->you = -1;
    text_in_init(&in, text, "lesson", err, errn);
    while (text_in_line(&in) == 0) {
        text_span word, rest;
        int k;
        if (in.line.len == 0 || in.line.p[0] == '#')
            continue;
        text_in_field(&in, " ", &word);
        rest = text_in_rest(&in);
        if ((k = text_in_word(&in, word, keywords, K_COUNT)) < 0)
            return -1;
        if (header == 0 && k != K_LESSON)
            return text_in_fail(&in, "a lesson starts with \"lesson MODE\"");
        if (s && s->game && (k == K_STEP || k == K_GAME))
            return text_in_fail(&in, "the game is the lesson's last step");
        switch (k) {
        case K_LESSON:
            if (header++)
                return text_in_fail(&in, "one lesson a file");
            if (take_text(&in, rest, l->mode, sizeof l->mode, "the mode") != 0)
                return -1;
            break;
        case K_TITLE:
            if (s)
                return text_in_fail(&in, "title belongs before the first step");
            if (take_text(&in, rest, l->title, sizeof l->title, "the title") != 0)
                return -1;
            break;
        case K_PLAYERS:
            if (s || text_in_int(&in, rest, 2, GAME_MAX_PLAYERS, &l->players) != 0)
                return s ? text_in_fail(&in, "players belongs before the first step") : -1;
            break;
        case K_YOU: {
            text_span seat = text_cut(&rest, " ");
            if (s || !l->players)
                return text_in_fail(&in, "you belongs after players, before the first step");
            if (text_in_int(&in, seat, 1, l->players, &l->you) != 0)
                return -1;
            l->you--;
            if (rest.len == 0)
                return text_in_fail(&in, "expected \"you SEAT NAME\"");
            if (take_text(&in, trim(rest), l->you_name, sizeof l->you_name, "the name") != 0)
                return -1;
            break;
        }
        case K_STEP:
        case K_GAME:
            if (!l->title[0] || l->you < 0)
                return text_in_fail(&in, "the lesson needs its title, players and you before its steps");
            if (s && step_end(&in, s) != 0)
                return -1;
            if (l->n == LESSON_STEPS)
                return text_in_fail(&in, "more than %d steps", LESSON_STEPS);
            s = &l->step[l->n++];
            s->line = in.line_no;
            s->game = k == K_GAME;
            if (take_text(&in, rest, s->title, sizeof s->title, "the step's title") != 0)
                return -1;
            if (l->n == 1 && s->game)
                return text_in_fail(&in, "the lesson has no step before its game");
            break;
        default:
            if (!s)
                return text_in_fail(&in, "%s belongs in a step", keywords[k]);
            if (step_line(&in, s, k, rest) != 0)
                return -1;
        }
    }
    if (!header)
        return text_in_fail(&in, "a lesson starts with \"lesson MODE\"");
    if (s && step_end(&in, s) != 0)
        return -1;
    if (!s || !s->game)
        return text_in_fail(&in, "the lesson ends with its game (a \"game\" step)");
    if (!l->step[0].position[0])
        return text_in_fail(&in, "the first step has no position");
    if (!s->position[0])
        return text_in_fail(&in, "the game step has no position");
    return 0;
}

/* ---------------------------------------------------------------- against the rules */

/* Reads text as a move in st, requiring it legal; 0, or -1 with a message. */
static int move_in(const game_rules *g, const void *st, const char *text, game_move *m, char *err, size_t errn)
{
    game_move legal[GAME_MAX_MOVES];
    int n;
    if (g->move_read(st, text, m, err, errn) != 0)
        return -1;
    n = g->legal_moves(st, legal, GAME_MAX_MOVES);
    for (int i = 0; i < n; i++)
        if (game_move_equal(&legal[i], m))
            return 0;
    snprintf(err, errn, "%s is not legal there", text);
    return -1;
}

/* The step's own position, or -1 with a message. */
static int read_pos(const lesson *l, const game_rules *g, const char *pos, void *st, char *err, size_t errn)
{
    game_params p;
    game_params_default(g, &p, l->players);
    if (g->init(st, &p, 1, err, errn) != 0)
        return -1;
    return g->position_read(st, &p, pos, err, errn);
}

int lesson_position(const lesson *l, const game_rules *g, int i, void *st, char *err, size_t errn)
{
    int from = i;
    char why[200];
    while (from > 0 && !l->step[from].position[0])
        from--;
    if (read_pos(l, g, l->step[from].position, st, why, sizeof why) != 0) {
        snprintf(err, errn, "lesson line %d: %s", l->step[from].line, why);
        return -1;
    }
    /* The steps between played their sequence's first right move each. */
    for (int j = from; j < i; j++)
        for (int k = 0; k < l->step[j].n_seq; k++) {
            game_move m;
            if (move_in(g, st, l->step[j].seq[k].alt[0], &m, why, sizeof why) != 0 || g->apply(st, &m) != 0) {
                snprintf(err, errn, "lesson line %d: %s", l->step[j].line, why);
                return -1;
            }
        }
    return 0;
}

int lesson_position_text(const lesson *l, const game_rules *g, int i, char *buf, size_t n)
{
    char err[256];
    void *st;
    int rc;
    if (l->step[i].position[0])
        return snprintf(buf, n, "%s", l->step[i].position) < (int)n ? 0 : -1;
    if (!(st = calloc(1, g->state_size)))
        return -1;
    rc = lesson_position(l, g, i, st, err, sizeof err) == 0 && g->position_write(st, buf, n) >= 0 ? 0 : -1;
    free(st);
    return rc;
}

/* Whether m is one of a's right moves in st. */
static int is_right(const lesson_act *a, const game_rules *g, const void *st, const game_move *m)
{
    char err[200];
    game_move r;
    for (int i = 0; i < a->n_alts; i++)
        if (g->move_read(st, a->alt[i], &r, err, sizeof err) == 0 && game_move_equal(&r, m))
            return 1;
    return 0;
}

int lesson_judge(const lesson_step *s, int k, const game_rules *g, const void *st, const game_move *m, char *why,
                 size_t n)
{
    game_move legal[GAME_MAX_MOVES];
    char err[200];
    int nl, ok = 0;
    if (k < s->n_seq && !s->seq[k].reply && is_right(&s->seq[k], g, st, m))
        return 0;
    nl = g->legal_moves(st, legal, GAME_MAX_MOVES);
    for (int i = 0; i < nl && !ok; i++)
        ok = game_move_equal(&legal[i], m);
    if (!ok) {
        if (!g->refusal || g->refusal(st, m, why, n) < 0)
            snprintf(why, n, "The rules do not allow that move here.");
        return -1;
    }
    for (int i = 0; i < s->n_wrongs; i++) {
        game_move w;
        if (g->move_read(st, s->wrong[i].move, &w, err, sizeof err) == 0 && game_move_equal(&w, m)) {
            snprintf(why, n, "%s", s->wrong[i].why);
            return -1;
        }
    }
    if (s->other[0])
        snprintf(why, n, "%s", s->other);
    else if (s->watch || k >= s->n_seq)
        snprintf(why, n, "Read the lesson, then press Continue.");
    else
        snprintf(why, n, "That move is allowed, but it is not the one this step asks for.");
    return -1;
}

int lesson_check(const lesson *l, const game_rules *g, char *err, size_t errn)
{
    char why[256];
    void *st = calloc(1, g->state_size);
    int rc = st ? 0 : -1;
    if (l->players < g->min_players || l->players > g->max_players) {
        snprintf(err, errn, "lesson: %s is played by %d to %d", g->id, g->min_players, g->max_players);
        rc = -1;
    }
    for (int i = 0; rc == 0 && i < l->n; i++) {
        const lesson_step *s = &l->step[i];
        if (lesson_position(l, g, i, st, err, errn) != 0) {
            rc = -1;
            break;
        }
        if (g->current_player(st) != l->you) {
            snprintf(err, errn, "lesson line %d: the step starts on another seat's turn", s->line);
            rc = -1;
            break;
        }
        for (int w = 0; w < s->n_wrongs; w++) {
            game_move m;
            if (move_in(g, st, s->wrong[w].move, &m, why, sizeof why) != 0) {
                snprintf(err, errn, "lesson line %d: wrong move %s: %s", s->line, s->wrong[w].move, why);
                rc = -1;
            } else if (s->n_seq && is_right(&s->seq[0], g, st, &m)) {
                snprintf(err, errn, "lesson line %d: wrong move %s is a right move", s->line, s->wrong[w].move);
                rc = -1;
            }
        }
        for (int k = 0; rc == 0 && k < s->n_seq; k++) {
            const lesson_act *a = &s->seq[k];
            game_move m;
            int mover = g->current_player(st);
            if (a->reply == (mover == l->you)) {
                snprintf(err, errn, "lesson line %d: move %d is %s's, not %s", s->line, k + 1,
                         mover == l->you ? "the learner" : "another seat", a->reply ? "a reply" : "the learner's");
                rc = -1;
                break;
            }
            /* The first right move is the one the steps after follow. Every
             * right move of the step's first entry is legal where the step
             * starts; a later entry's others answer what a different earlier
             * choice left, so only its first is checked here. */
            for (int j = k == 0 ? a->n_alts - 1 : 0; rc == 0 && j >= 0; j--)
                if (move_in(g, st, a->alt[j], &m, why, sizeof why) != 0) {
                    snprintf(err, errn, "lesson line %d: %s", s->line, why);
                    rc = -1;
                }
            if (rc == 0 && g->apply(st, &m) != 0) {
                snprintf(err, errn, "lesson line %d: %s does not apply", s->line, a->alt[0]);
                rc = -1;
            }
        }
    }
    free(st);
    return rc;
}

/* ---------------------------------------------------------------- real time */

/* The seats' levels of a lesson: the learner a person, the others easy computers. */
static void lesson_levels(const lesson *l, int *levels)
{
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        levels[i] = i == l->you ? 0 : 1;
}

realtime_match *lesson_match_rt(const lesson *l, const realtime_rules *rt, int i, uint64_t seed, char *err,
                                size_t errn)
{
    game_params p;
    int levels[GAME_MAX_PLAYERS], from = i;
    realtime_match *m;
    char why[300];
    if (!rt->lesson_position || !rt->lesson_play) {
        snprintf(err, errn, "lesson: %s has no lessons", rt->id);
        return NULL;
    }
    memset(&p, 0, sizeof p);
    p.players = l->players;
    lesson_levels(l, levels);
    while (from > 0 && !l->step[from].position[0])
        from--;
    if (!(m = rt->lesson_position(&p, levels, seed, l->step[from].position, why, sizeof why))) {
        snprintf(err, errn, "lesson line %d: %s", l->step[from].line, why);
        return NULL;
    }
    /* The steps between played what takes no hands (their swaps); what the hands build stays to be built. */
    for (int j = from; j < i; j++)
        for (int k = 0; k < l->step[j].n_seq; k++)
            if (rt->lesson_play(m, l->step[j].seq[k].reply ? -1 : l->you, l->step[j].seq[k].alt[0]) < 0) {
                snprintf(err, errn, "lesson line %d: %s cannot be played", l->step[j].line, l->step[j].seq[k].alt[0]);
                rt->destroy(m);
                return NULL;
            }
    return m;
}

int lesson_check_rt(const lesson *l, const realtime_rules *rt, char *err, size_t errn)
{
    char why[300];
    if (!rt->lesson_action || !rt->lesson_play || !rt->lesson_position) {
        snprintf(err, errn, "lesson: %s has no lessons", rt->id);
        return -1;
    }
    for (int i = 0; i < l->n; i++) {
        const lesson_step *s = &l->step[i];
        realtime_match *m = lesson_match_rt(l, rt, i, 1, err, errn);
        int rc = 0;
        if (!m)
            return -1;
        for (int w = 0; w < s->n_wrongs && rc == 0; w++) {
            if (rt->lesson_action(m, l->you, s->wrong[w].move, why, sizeof why) != 0) {
                snprintf(err, errn, "lesson line %d: wrong action %s: %s", s->line, s->wrong[w].move, why);
                rc = -1;
            }
            for (int a = 0; rc == 0 && s->n_seq && a < s->seq[0].n_alts; a++)
                if (!strcmp(s->seq[0].alt[a], s->wrong[w].move)) {
                    snprintf(err, errn, "lesson line %d: wrong action %s is a right one", s->line, s->wrong[w].move);
                    rc = -1;
                }
        }
        for (int k = 0; rc == 0 && k < s->n_seq; k++) {
            const lesson_act *a = &s->seq[k];
            for (int j = 0; rc == 0 && j < a->n_alts; j++)
                if (rt->lesson_action(m, a->reply ? -1 : l->you, a->alt[j], why, sizeof why) != 0) {
                    snprintf(err, errn, "lesson line %d: %s %s: %s", s->line, a->reply ? "reply" : "do", a->alt[j], why);
                    rc = -1;
                }
            if (rc == 0 && rt->lesson_play(m, a->reply ? -1 : l->you, a->alt[0]) < 0) {
                snprintf(err, errn, "lesson line %d: %s cannot be played", s->line, a->alt[0]);
                rc = -1;
            }
        }
        rt->destroy(m);
        if (rc != 0)
            return -1;
    }
    return 0;
}
