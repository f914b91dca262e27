/* The lessons as data (#29): every lesson file reads, every step's position
 * and right moves are legal where they are played, every wrong move is
 * legal and refused with the lesson's words, an illegal one with the rules'
 * reason, and every clause a player acts on (the § ids of
 * docs/rules/<doc>.md) is taught by some step. Malformed files are refused
 * naming their line, and mutated ones never crash the reader. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../app/testenv.h"
#include "core/registry.h"
#include "games/maxstax/rules/maxstax_lesson.h"
#include "table/lesson_file.h"

/* The modes that have lessons: the four turn-based ones, then MAXSTAX's three real-time ones. */
static const char *const modes[] = {"stax", "9stax", "stakz", "stackatrack", "speedstax", "samestax", "swapstax"};

/* The sections of docs/rules/maxstax.md a MAXSTAX mode's lesson must teach:
 * §1 is every MAXSTAX game's, §2 SPEEDSTAX's, §3 SAMESTAX's, §4 SWAPSTAX's.
 * NULL: every clause of the mode's document. */
static const char *own_section(const char *mode)
{
    return !strcmp(mode, "speedstax") ? "2." : !strcmp(mode, "samestax") ? "3." : !strcmp(mode, "swapstax") ? "4." : NULL;
}

/* Whether clause id is one mode's lesson must teach. */
static int clause_is_modes(const char *mode, const char *id)
{
    const char *own = own_section(mode);
    return !own || !strncmp(id, "1.", 2) || !strncmp(id, own, strlen(own));
}

/* Reads and checks a lesson against its mode's rules, turn-based or real-time. */
static int check_any(const lesson *l, const game_info *g, char *err, size_t errn)
{
    return g->rules ? lesson_check(l, g->rules, err, errn) : lesson_check_rt(l, g->realtime, err, errn);
}

/* A file of the source tree, whole; NULL when missing or empty. */
static char *slurp(const char *path)
{
    char *text = testenv_slurp(path);
    if (text && !text[0]) {
        free(text);
        return NULL;
    }
    return text;
}

static lesson *load(const char *mode)
{
    char path[512], err[300];
    lesson *l = calloc(1, sizeof *l);
    char *text;
    snprintf(path, sizeof path, "%s/assets/lessons/%s.txt", STACKHOUSE_SOURCE_DIR, mode);
    text = slurp(path);
    assert_non_null(text);
    if (lesson_read(l, text, err, sizeof err) != 0)
        fail_msg("%s: %s", path, err);
    free(text);
    assert_string_equal(l->mode, mode);
    return l;
}

/* Every lesson reads and checks against its rules. */
static void test_lessons_check(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        const game_info *g = registry_find(modes[i]);
        lesson *l = load(modes[i]);
        char err[400];
        assert_non_null(g);
        if (check_any(l, g, err, sizeof err) != 0)
            fail_msg("%s: %s", modes[i], err);
        assert_true(l->n >= 4);
        assert_true(l->step[l->n - 1].game);
        free(l);
    }
}

/* Each step: the right move is judged right, each wrong move is refused
 * with the lesson's own words, and a move the rules refuse says why. */
static void test_lessons_judge(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        const game_rules *g = registry_find(modes[i])->rules;
        lesson *l;
        void *st;
        if (!g)
            continue; /* real time: test_lessons_rt_refusals */
        l = load(modes[i]);
        st = calloc(1, g->state_size);
        int wrongs = 0;
        for (int s = 0; s < l->n; s++) {
            const lesson_step *ls = &l->step[s];
            char err[300], why[300];
            game_move m, legal[GAME_MAX_MOVES];
            int n;
            assert_int_equal(lesson_position(l, g, s, st, err, sizeof err), 0);
            if (ls->game || ls->watch)
                continue;
            assert_int_equal(g->move_read(st, ls->seq[0].alt[0], &m, err, sizeof err), 0);
            assert_int_equal(lesson_judge(ls, 0, g, st, &m, why, sizeof why), 0);
            for (int w = 0; w < ls->n_wrongs; w++) {
                assert_int_equal(g->move_read(st, ls->wrong[w].move, &m, err, sizeof err), 0);
                assert_int_equal(lesson_judge(ls, 0, g, st, &m, why, sizeof why), -1);
                assert_string_equal(why, ls->wrong[w].why);
                wrongs++;
            }
            /* any other legal move that is not right is refused with words */
            n = g->legal_moves(st, legal, GAME_MAX_MOVES);
            for (int k = 0; k < n; k++) {
                int right = 0;
                for (int a = 0; a < ls->seq[0].n_alts; a++) {
                    game_move r;
                    if (g->move_read(st, ls->seq[0].alt[a], &r, err, sizeof err) == 0 && game_move_equal(&r, &legal[k]))
                        right = 1;
                }
                why[0] = 0;
                assert_int_equal(lesson_judge(ls, 0, g, st, &legal[k], why, sizeof why), right ? 0 : -1);
                if (!right)
                    assert_true(strlen(why) > 10);
            }
        }
        assert_true(wrongs >= 1);
        free(st);
        free(l);
    }
}

/* The clause ids of a rules document: "§3.2" anywhere in its text. */
static int doc_clauses(const char *doc, char ids[][LESSON_CLAUSE_LEN], int max)
{
    char path[512];
    char *text;
    int n = 0;
    snprintf(path, sizeof path, "%s/docs/rules/%s.md", STACKHOUSE_SOURCE_DIR, doc);
    text = slurp(path);
    assert_non_null(text);
    for (char *p = text; (p = strstr(p, "\xc2\xa7")) != NULL; p += 2) {
        size_t len = strspn(p + 2, "0123456789.");
        while (len && p[2 + len - 1] == '.')
            len--;
        if (len == 0 || len >= LESSON_CLAUSE_LEN || n == max)
            continue;
        memcpy(ids[n], p + 2, len);
        ids[n][len] = 0;
        n++;
    }
    free(text);
    return n;
}

/* Coverage: every numbered clause of the mode's rules is taught by a step,
 * and every clause a step names exists. */
static void test_lessons_cover(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        const game_info *g = registry_find(modes[i]);
        lesson *l = load(modes[i]);
        char ids[64][LESSON_CLAUSE_LEN];
        int n = doc_clauses(g->rules_doc, ids, 64), mine = 0;
        for (int c = 0; c < n; c++) {
            int taught = 0;
            if (!clause_is_modes(modes[i], ids[c]))
                continue;
            mine++;
            for (int s = 0; s < l->n && !taught; s++)
                for (int k = 0; k < l->step[s].n_teaches; k++)
                    taught |= strcmp(l->step[s].teaches[k], ids[c]) == 0;
            if (!taught)
                fail_msg("%s: clause \xc2\xa7%s of docs/rules/%s.md is taught by no step", modes[i], ids[c],
                         g->rules_doc);
        }
        assert_true(mine >= 5);
        for (int s = 0; s < l->n; s++)
            for (int k = 0; k < l->step[s].n_teaches; k++) {
                int found = 0;
                for (int c = 0; c < n; c++)
                    found |= strcmp(l->step[s].teaches[k], ids[c]) == 0 && clause_is_modes(modes[i], ids[c]);
                if (!found)
                    fail_msg("%s line %d: teaches %s, which docs/rules/%s.md does not number", modes[i],
                             l->step[s].line, l->step[s].teaches[k], g->rules_doc);
            }
        free(l);
    }
}

/* The clauses the issue names are numbered, and so must be taught. */
static void test_lessons_named_clauses(void **state)
{
    static const struct {
        const char *doc, *words;
    } named[] = {
        {"stax", "**A single man:**"},          {"stax", "After a capture, if the same piece"},
        {"9stax", "**Attack**"},                {"9stax", "**Swap**"},
        {"9stax", "**Discard**"},               {"9stax", "**Reverse**"},
        {"9stax", "**Peek**"},                  {"9stax", "**Reveal**"},
        {"9stax", "**Color Shift**"},           {"9stax", "**Free Discard**"},
        {"9stax", "Once per game, at any time"}, {"stakz", "brings the **fifth colour**"},
        {"stackatrack", "create a **break**"},  {"stackatrack", "**+5 bonus**"},
        {"maxstax", "the Creator builds an original"}, {"maxstax", "it is **faulty**"},
        {"maxstax", "A swap trades their card"},      {"maxstax", "the **next card from the deck**"},
        {"maxstax", "you score the card's **star rating**"}, {"maxstax", "**Calling MAX STAX**"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        char path[512];
        char *text, *at;
        snprintf(path, sizeof path, "%s/docs/rules/%s.md", STACKHOUSE_SOURCE_DIR, named[i].doc);
        text = slurp(path);
        assert_non_null(text);
        at = strstr(text, named[i].words);
        if (!at)
            fail_msg("%s: no \"%s\"", named[i].doc, named[i].words);
        /* its line carries a clause id before the words */
        {
            char *line = at;
            while (line > text && line[-1] != '\n')
                line--;
            char *mark = strstr(line, "\xc2\xa7");
            if (!mark || mark > at)
                fail_msg("%s: \"%s\" has no clause id", named[i].doc, named[i].words);
        }
        free(text);
    }
}

/* Malformed lessons are refused, naming the line. */
static void test_lessons_malformed(void **state)
{
    static const struct {
        const char *text, *msg;
    } bad[] = {
        {"", "starts with"},
        {"title x\n", "line 1"},
        {"lesson stax\ntitle T\nplayers 2\nyou 1 Red\nstep A\nposition r:\nsay hi\n", "no do line"},
        {"lesson stax\ntitle T\nplayers 2\nyou 1 Red\nstep A\nposition r:\nsay hi\ndo watch\n", "ends with its game"},
        {"lesson stax\ntitle T\nplayers 5\n", "line 3"},
        {"lesson stax\ntitle T\nplayers 2\nyou 3 Red\n", "line 4"},
        {"lesson stax\ntitle T\nplayers 2\nyou 1 Red\nstep A\nsay hi\ndo watch\ngame G\nsay x\nposition r:\n",
         "first step has no position"},
        {"lesson stax\ntitle T\nplayers 2\nyou 1 Red\nstep A\nposition r:\nsay hi\ndo a |\n", "line 8"},
        {"lesson stax\ntitle T\nplayers 2\nyou 1 Red\nstep A\nposition r:\nsay hi\nwrong a\n", "line 8"},
        {"lesson stax\ntitle T\nplayers 2\nyou 1 Red\nstep A\nposition r:\nsay hi\nteaches 3..\n", "line 8"},
        {"lesson stax\ntitle T\nplayers 2\nyou 1 Red\nstep A\nposition r:\nsay hi\nfly away\n", "line 8"},
        {"lesson stax\ntitle T\nplayers 2\nyou 1 Red\nstep A\nposition r:\nsay hi\nreply c3-d4\n", "starts with a reply"},
        {"lesson stax\ntitle T\nplayers 2\nyou 1 Red\ngame G\nposition r:\nsay hi\n", "no step before"},
        {"lesson stax\ntitle T\nplayers 2\nyou 1 Red\nstep A\nposition r:\nsay hi\ndo watch\ngame G\nposition r:\n"
         "say x\nstep B\n",
         "last step"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lesson *l = calloc(1, sizeof *l);
        char err[300] = "";
        assert_int_equal(lesson_read(l, bad[i].text, err, sizeof err), -1);
        if (!strstr(err, bad[i].msg))
            fail_msg("case %zu: \"%s\" does not say \"%s\"", i, err, bad[i].msg);
        assert_non_null(strstr(err, "lesson"));
        free(l);
    }
}

/* A lesson whose moves are illegal where they are played is refused by the check, naming the step's line. */
static void test_lessons_check_refuses(void **state)
{
    static const char *const bad[] = {
        /* the right move is illegal */
        "lesson stax\ntitle T\nplayers 2\nyou 1 Red\nstep A\nposition r:c3=r,f6=b\nsay hi\ndo c3-d5\n"
        "game G\nposition r:c3=r,f6=b\nsay go\n",
        /* the wrong move is a right one */
        "lesson stax\ntitle T\nplayers 2\nyou 1 Red\nstep A\nposition r:c3=r,f6=b\nsay hi\ndo c3-d4\n"
        "wrong c3-d4 | no\ngame G\nposition r:c3=r,f6=b\nsay go\n",
        /* the step starts on Blue's turn */
        "lesson stax\ntitle T\nplayers 2\nyou 1 Red\nstep A\nposition b:c3=r,f6=b\nsay hi\ndo f6-e5\n"
        "game G\nposition r:c3=r,f6=b\nsay go\n",
        /* a bad position */
        "lesson stax\ntitle T\nplayers 2\nyou 1 Red\nstep A\nposition r:c4=r\nsay hi\ndo watch\n"
        "game G\nposition r:c3=r,f6=b\nsay go\n",
    };
    const game_rules *g = registry_find("stax")->rules;
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lesson *l = calloc(1, sizeof *l);
        char err[300] = "";
        assert_int_equal(lesson_read(l, bad[i], err, sizeof err), 0);
        assert_int_equal(lesson_check(l, g, err, sizeof err), -1);
        if (!strstr(err, "lesson line 5"))
            fail_msg("case %zu: \"%s\" names no step line", i, err);
        free(l);
    }
}

/* Mutations of every lesson (bytes flipped, lines cut and doubled) are read
 * or refused with a message, never crash; what reads is checked too. */
static void test_lessons_fuzz(void **state)
{
    uint64_t x = 0x9e3779b97f4a7c15ull;
    (void)state;
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        char path[512];
        char *text;
        size_t n;
        snprintf(path, sizeof path, "%s/assets/lessons/%s.txt", STACKHOUSE_SOURCE_DIR, modes[i]);
        text = slurp(path);
        assert_non_null(text);
        n = strlen(text);
        for (int round = 0; round < 300; round++) {
            char *m = malloc(n * 2 + 2), err[300];
            size_t len = n;
            lesson *l = calloc(1, sizeof *l);
            memcpy(m, text, n + 1);
            for (int k = 0; k < 1 + round % 5; k++) {
                size_t at;
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                at = (size_t)(x % len);
                switch ((x >> 32) % 4) {
                case 0: m[at] = (char)(x >> 40); break;                  /* a byte flipped */
                case 1: m[at] = '\n'; break;                              /* a line cut */
                case 2: memmove(m + at, m + at + 1, len - at), len--; break; /* a byte gone */
                default: /* a stretch doubled */
                    if (len + 40 < n * 2) {
                        memmove(m + at + 40, m + at, len - at + 1);
                        len += 40;
                    }
                }
                m[len] = 0;
                if (strlen(m) < len)
                    len = strlen(m);
                if (len == 0)
                    break;
            }
            err[0] = 0;
            if (lesson_read(l, m, err, sizeof err) == 0)
                (void)check_any(l, registry_find(modes[i]), err, sizeof err);
            else
                assert_non_null(strstr(err, "lesson"));
            free(l);
            free(m);
        }
        free(text);
    }
}

/* MAXSTAX lessons whose positions or actions are wrong are refused by the
 * check, naming the step's line (and the position's line in it). */
static void test_lessons_rt_check_refuses(void **state)
{
    static const struct {
        const char *mode, *step, *msg;
    } bad[] = {
        {"speedstax", "position card 99\ndo build\n", "position line 1"},
        {"speedstax", "position card 1; place 0 3 0 -2 0\ndo build\n", "position line 2"},
        {"speedstax", "position card 1; place 1 3 0 0.5 0\ndo build\n", "position line 2"},
        {"speedstax", "position card 1; tick x\ndo build\n", "save line"},
        {"speedstax", "position card 1; fly 3\ndo build\n", "no line of the tape"},
        {"speedstax", "position card 1\ndo fly\n", "not build, claim"},
        {"speedstax", "position card 1\ndo ready\n", "Only the Creator"},
        {"speedstax", "position card 1\ndo swap -2\n", "Only SWAPSTAX"},
        {"swapstax", "position card 1 2 3; swapstax 1 phase swapping turn 0 passes 0\ndo build\n", "swaps come first"},
        {"swapstax", "position card 1 2 3; swapstax 1 phase swapping turn 1 passes 0\ndo swap -2\n", "turn to swap"},
        {"swapstax", "position card 1 2 3; swapstax 1 phase swapping turn 0 passes 0\ndo swap -2\nwrong swap -2 | no\n",
         "is a right one"},
        {"samestax", "position first-creator 1; card 1\ndo ready\n", "Only the Creator"},
        {"samestax", "position first-creator 0\ndo build\n", "You are the Creator"},
        {"samestax", "position first-creator 1\ndo build\n", "is the Creator: watch"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[1200], err[300] = "";
        lesson *l = calloc(1, sizeof *l);
        snprintf(text, sizeof text,
                 "lesson %s\ntitle T\nplayers 2\nyou 1 Red\nstep A\nsay hi\n%sgame G\nposition card 1 2 3\nsay go\n",
                 bad[i].mode, bad[i].step);
        assert_int_equal(lesson_read(l, text, err, sizeof err), 0);
        assert_int_equal(lesson_check_rt(l, registry_find(bad[i].mode)->realtime, err, sizeof err), -1);
        if (!strstr(err, "lesson line 5") || !strstr(err, bad[i].msg))
            fail_msg("case %zu: \"%s\" does not name line 5 and say \"%s\"", i, err, bad[i].msg);
        free(l);
    }
}

/* Every MAXSTAX lesson step sets up its position; a step that asks for a
 * build starts with the card not built (a MAX STAX called then is refused
 * with what differs); each wrong action reads and is allowed by the rules,
 * so only the lesson's words refuse it; and what the rules refuse says why. */
static void test_lessons_rt_refusals(void **state)
{
    (void)state;
    for (size_t i = 4; i < sizeof modes / sizeof modes[0]; i++) {
        const realtime_rules *rt = registry_find(modes[i])->realtime;
        lesson *l = load(modes[i]);
        int builds = 0;
        for (int s = 0; s < l->n; s++) {
            const lesson_step *ls = &l->step[s];
            char err[300], why[300];
            realtime_match *m = lesson_match_rt(l, rt, s, 1, err, sizeof err);
            if (!m)
                fail_msg("%s step %d: %s", modes[i], s + 1, err);
            /* the card a position names is the one the learner builds (SAMESTAX: the Creator's structure) */
            if (strstr(ls->position, "card ")) {
                const maxstax_card *c = maxstax_match_seat_card((const maxstax_match *)m, l->you);
                int id = atoi(strstr(ls->position, "card ") + 5);
                maxstax_deck deck;
                assert_int_equal(maxstax_cards_builtin(&deck, err, sizeof err), 0);
                if (!strcmp(modes[i], "samestax"))
                    assert_int_equal(c->n, deck.card[id - 1].n);
                else
                    assert_int_equal(c->id, id);
            }
            if (!ls->game && ls->n_seq && !strcmp(ls->seq[0].alt[0], "build")) {
                why[0] = 0;
                assert_int_equal(maxstax_lesson_built((const maxstax_match *)m, l->you, why, sizeof why), -1);
                assert_true(strlen(why) > 8);
                builds++;
            }
            if (!ls->game && ls->n_seq && !strncmp(ls->seq[0].alt[0], "swap", 4)) {
                /* a swap step: building is refused by the rules until the swaps are over */
                assert_int_equal(rt->lesson_action(m, l->you, "build", why, sizeof why), -1);
                assert_string_equal(why, "The swaps come first: building starts once everyone has passed.");
            }
            rt->destroy(m);
        }
        assert_true(builds >= 1);
        free(l);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lessons_check),     cmocka_unit_test(test_lessons_judge),
        cmocka_unit_test(test_lessons_cover),     cmocka_unit_test(test_lessons_named_clauses),
        cmocka_unit_test(test_lessons_malformed), cmocka_unit_test(test_lessons_check_refuses),
        cmocka_unit_test(test_lessons_fuzz),      cmocka_unit_test(test_lessons_rt_check_refuses),
        cmocka_unit_test(test_lessons_rt_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
