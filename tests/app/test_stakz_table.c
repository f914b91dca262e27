/* The Stakz table end to end under its own Xvfb, driven by input scripts:
 * mouse alone (click a tile then a stack, drag a tile, undo within the
 * turn, End & draw through the colour picker; undo cannot reach past the
 * draw), controller alone (four tiles, a split, a bonus tile, the colour
 * picker), the last tile ending a round (its points wait for the player;
 * no undo past it), the privacy curtain between two humans (nothing drawn
 * behind it, and only the viewer's own tiles face up after it), the random
 * draw setting from setup (a plain end, no picker), save on quit then
 * resume mid-turn, whole games between computers (2 and 4 seats) on to
 * the score screen, and a whole game played by controller alone; what the
 * table shows: the hand tiles that fit a stack marked, the stacks a held
 * tile fits lit, a hovered tile drawn differently, the hint bar's drag hint
 * only on the viewer's turn, the last turn's tiles marked until the next
 * turn, the move log's words. The table traces "stakz faces pK: ..." with
 * every tile it shows face up in a hand, and "stakz playable/lit/marks/
 * hints/hover ..." with those marks, whenever they change. */
// ctest-label: screens (runs the game binary: left out of the sanitizer pass)
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <SDL_image.h>

#include "games/stakz/rules/stakz.h"
#include "games/stakz/rules/stakz_text.h"
#include "games/stakz/view/stakz_view.h"
#include "testenv.h"

#define GAME STACKHOUSE_BINARY_DIR "/stackhouse"

/* Runs the game on a script with its own preferences folder (pref names it);
 * returns the trace (caller frees). */
static char *play(const char *pref, const char *scene_args, const char *script)
{
    char *t = TESTENV_PLAY_SCRIPT(testenv_game_tmp(), GAME, pref, scene_args, script);
    assert_non_null(t); /* the game exited 0 */
    return t;
}

/* Fails unless the trace holds each of want[0..n) in that order. */
static void in_order(const char *t, const char *const *want, int n)
{
    for (int i = 0; i < n; i++) {
        const char *p = strstr(t, want[i]);
        if (!p)
            fail_msg("trace lacks, in order: %s", want[i]);
        t = p + strlen(want[i]);
    }
}

static int count(const char *t, const char *s)
{
    int n = 0;
    for (const char *p = strstr(t, s); p; p = strstr(p + 1, s))
        n++;
    return n;
}

/* The text after the last (or first) occurrence of key, up to the newline. */
static void line_after(const char *t, const char *key, int last, char *out, size_t n)
{
    assert_int_equal(testenv_line_after(t, key, last, out, n), 0);
}

static void test_mouse_places_drags_undoes_and_draws(void **state)
{
    static const char *const want[] = {
        "stakz select o4\n",       "stakz choose o4>1\nstakz move p1 o4>1\n",
        "stakz drag g4\n",         "stakz choose g4>1\nstakz move p1 g4>1\n",
        "stakz undo\n",            "stakz picker open\n",
        "stakz choose end green\nstakz move p1 end:g\n",
        "stakz move p2 "};
    char *t = play("mouse", "--scene table --game stakz --seats human,easy --position start:2:4", "stakz_mouse");
    char before[1100], after[1100];
    const char *u;
    (void)state;
    in_order(t, want, 8);
    /* undo took the green 4 back: the position is the one after the orange 4 */
    u = strstr(t, "stakz undo\n");
    line_after(strstr(t, "stakz move p1 o4>1\n"), "stakz position ", 0, before, sizeof before);
    line_after(u, "stakz position ", 0, after, sizeof after);
    assert_string_equal(after, before);
    /* the drawn tile is final: Q after the computer's turn undid nothing */
    assert_int_equal(count(t, "\nstakz undo\n"), 1);
    /* the turn's tiles stay marked (stack/height) until the next seat's turn; undo unmarks */
    {
        static const char *const marks[] = {
            "stakz move p1 o4>1\n", "stakz marks p1 1/2\n",   "stakz move p1 g4>1\n", "stakz marks p1 1/2 1/3\n",
            "stakz undo\n",         "stakz marks p1 1/2\n",   "stakz move p1 end:g\n", "stakz marks p1 1/2 drew:g",
            "stakz move p2 ",        "stakz marks p2 "};
        in_order(t, marks, 10);
    }
    /* the midend's log in the table's words, one line per action; undo takes the green star out of it */
    {
        static const char *const log[] = {"stakz log Player 1 placed an orange star on stack 1\n",
                                          "stakz log Player 1 placed a green star on stack 1\n", "stakz log rebuilt 1\n",
                                          "stakz log Player 1 ended the turn and drew a green tile\n",
                                          "stakz log Player 2 "};
        in_order(t, log, 5);
    }
    /* the drag hint shows on Player 1's turn, and never while Player 2 plays */
    {
        const char *mine = strstr(t, "stakz hints Drag a tile to a stack"), *end = strstr(t, "stakz move p1 end:g\n");
        const char *back = strstr(end, "stakz move p2 end");
        int seen = 0;
        assert_non_null(mine);
        assert_true(mine < end);
        assert_non_null(back);
        for (const char *h = strstr(end, "stakz hints "); h && h < back; h = strstr(h + 1, "stakz hints ")) {
            const char *e = strchr(h, '\n');
            char line[200];
            snprintf(line, sizeof line, "%.*s", (int)(e - h), h);
            if (strstr(line, "Drag") || strstr(line, "a tile to a stack") || strstr(line, "End turn"))
                fail_msg("a hint of the turn while Player 2 plays: %s", line);
            seen++;
        }
        assert_true(seen >= 1);
    }
    free(t);
}

/* The position the trace shows last before mark (or at the end), read back. */
static void position_before(const char *t, const char *mark, stakz_state *s)
{
    char pos[1100], err[200];
    const char *p = t, *q, *upto = mark ? strstr(t, mark) : NULL;
    const char *last = NULL;
    while ((q = strstr(p, "stakz position ")) && (!upto || q < upto)) {
        last = q;
        p = q + 1;
    }
    assert_non_null(last);
    line_after(last, "stakz position ", 0, pos, sizeof pos);
    assert_int_equal(stakz_position_read(s, 0, STAKZ_DRAW_CHOOSE, pos, err, sizeof err), 0);
}

/* Player 1's tiles that fit some stack of s, as the table names them ("r2 o4"). */
static void fitting(const stakz_state *s, char *buf, size_t n)
{
    size_t k = 0;
    char nm[3];
    buf[0] = 0;
    for (int c = 0; c < STAKZ_CODES; c++)
        for (int st = 0; st < s->nstacks; st++)
            if (s->hand[0][c] && stakz_can_place(s, c, st)) {
                stakz_tile_name((uint8_t)c, nm);
                k += (size_t)snprintf(buf + k, n - k, "%s%s", k ? " " : "", nm);
                break;
            }
}

/* The tiles that fit a stack are marked, and only they (the rules say which);
 * a chosen tile lights exactly the stacks it fits, and putting it back puts the light out. */
static void test_playable_tiles_and_lit_stacks(void **state)
{
    char *t = play("lit", "--scene table --game stakz --seats human,easy --position start:2:4", "stakz_lit");
    char want[200], line[200];
    stakz_state s;
    size_t k;
    (void)state;
    position_before(t, "stakz select o4", &s);
    fitting(&s, want, sizeof want);
    assert_true(strlen(want) > 0);
    line_after(t, "stakz playable ", 0, line, sizeof line);
    assert_string_equal(line, want);
    /* not every tile fits: the mark tells them apart */
    assert_null(strstr(line, "o5"));
    k = (size_t)snprintf(want, sizeof want, "o4:");
    for (int st = 0; st < s.nstacks; st++)
        if (stakz_can_place(&s, stakz_tile_read("o4"), st))
            k += (size_t)snprintf(want + k, sizeof want - k, " %d", st + 1);
    line_after(strstr(t, "stakz select o4\n"), "stakz lit ", 0, line, sizeof line);
    assert_string_equal(line, want);
    assert_string_equal(want, "o4: 1");
    line_after(t, "stakz lit ", 1, line, sizeof line);
    assert_string_equal(line, "-");
    free(t);
}

/* The capture of script name (tests/scripts) as RGBA pixels, w by h (caller frees). */
static uint8_t *capture(const char *name, int *w, int *h)
{
    char png[400];
    SDL_Surface *g, *c;
    uint8_t *px;
    snprintf(png, sizeof png, "%s/%s.png", testenv_game_tmp(), name);
    g = IMG_Load(png);
    assert_non_null(g);
    c = SDL_ConvertSurfaceFormat(g, SDL_PIXELFORMAT_ABGR8888, 0);
    assert_non_null(c);
    *w = c->w;
    *h = c->h;
    px = malloc((size_t)c->w * (size_t)c->h * 4);
    assert_non_null(px);
    for (int y = 0; y < c->h; y++)
        memcpy(px + (size_t)y * (size_t)c->w * 4, (const uint8_t *)c->pixels + y * c->pitch, (size_t)c->w * 4);
    SDL_FreeSurface(c);
    SDL_FreeSurface(g);
    return px;
}

/* Pixels that differ between two captures of the same size. */
static long differing(const uint8_t *a, const uint8_t *b, int w, int h)
{
    long n = 0;
    for (long i = 0; i < (long)w * h; i++)
        n += memcmp(a + i * 4, b + i * 4, 3) != 0;
    return n;
}

/* A real pointer move onto a hand tile sets the view's hover (traced) and
 * changes the tile on screen; a pointer resting anywhere else changes nothing. */
static void test_hover_changes_the_tile(void **state)
{
    const char *args = "--scene table --game stakz --seats human,easy --position start:2:4";
    char *a = play("still", args, "stakz_still"), *b = play("still2", args, "stakz_still2"),
         *c = play("hover", args, "stakz_hover");
    uint8_t *pa, *pb, *pc;
    int w, h, w2, h2, w3, h3;
    (void)state;
    assert_null(strstr(a, "stakz hover o4"));
    assert_non_null(strstr(c, "stakz hover o4\n"));
    /* nothing else happened: no tile chosen, no move */
    assert_null(strstr(c, "stakz select"));
    assert_null(strstr(c, "stakz move"));
    pa = capture("stakz_still", &w, &h);
    pb = capture("stakz_still2", &w2, &h2);
    pc = capture("stakz_hover", &w3, &h3);
    assert_int_equal(w, w2);
    assert_int_equal(w, w3);
    assert_int_equal(h, h2);
    assert_int_equal(h, h3);
    assert_int_equal(differing(pa, pb, w, h), 0);
    assert_true(differing(pa, pc, w, h) > 500);
    free(pa);
    free(pb);
    free(pc);
    free(a);
    free(b);
    free(c);
}

/* The words of move text played from position pos (a composed position or "start:N:SEED"). */
static void words_of(const char *pos, int draw, const char *const *moves, int n, char *buf, size_t size)
{
    stakz_state s;
    game_move m;
    char err[200];
    assert_int_equal(stakz_position_read(&s, 0, draw, pos, err, sizeof err), 0);
    for (int i = 0; i < n; i++) {
        assert_int_equal(stakz_move_read(&s, moves[i], &m, err, sizeof err), 0);
        if (i == n - 1)
            stakz_view_ops.describe(&s, &m, buf, size);
        assert_int_equal(stakz_rules.apply(&s, &m), 0);
    }
}

/* The move log's words: public, one action each, the turn's end with the colour drawn. */
static void test_log_words(void **state)
{
    static const char *const place[] = {"o4>1"}, *const end[] = {"o4>1", "end:g"};
    static const char *const split[] = {"o4>1", "g4>1", "p4>1", "p3>1", "b3>1"};
    static const char *const bonus[] = {"o4>1", "g4>1", "p4>1", "p3>1", "b3>1", "b3>1"};
    static const char *const last[] = {"r4>1"}, *const pass[] = {"end"}, *const stuck[] = {"end", "end"};
    char buf[112], round[1100];
    stakz_state s;
    game_move m;
    char err[200];
    (void)state;
    words_of("start:2:4", 0, place, 1, buf, sizeof buf);
    assert_string_equal(buf, "placed an orange star on stack 1");
    words_of("start:2:4", 0, end, 2, buf, sizeof buf);
    assert_string_equal(buf, "ended the turn and drew a green tile");
    words_of("start:2:4", 0, split, 5, buf, sizeof buf);
    assert_string_equal(buf, "placed a blue diamond on stack 1, which splits in two");
    words_of("start:2:4", 0, bonus, 6, buf, sizeof buf);
    assert_string_equal(buf, "placed a blue diamond on stack 1 (a bonus tile)");
    {
        FILE *f;
        char path[400];
        snprintf(path, sizeof path, "%s/tests/scripts/stakz_round.pos", STACKHOUSE_SOURCE_DIR);
        f = fopen(path, "r");
        assert_non_null(f);
        assert_non_null(fgets(round, sizeof round, f));
        fclose(f);
        round[strcspn(round, "\r\n")] = 0;
    }
    words_of(round, 0, last, 1, buf, sizeof buf);
    assert_string_equal(buf, "placed the last tile, a red star, on stack 1 and won the round");
    /* the random draw: the colour is the pile's top tile's, which every hand then shows */
    assert_int_equal(stakz_position_read(&s, 0, STAKZ_DRAW_RANDOM, "start:2:4", err, sizeof err), 0);
    assert_int_equal(stakz_move_read(&s, "end", &m, err, sizeof err), 0);
    stakz_view_ops.describe(&s, &m, buf, sizeof buf);
    {
        static const char *const name[STAKZ_COLOURS] = {"a red", "an orange", "a green", "a blue", "a purple"};
        char want[80];
        snprintf(want, sizeof want, "ended the turn and drew %s tile", name[stakz_colour(s.pile[s.npile - 1])]);
        assert_string_equal(buf, want);
    }
    /* an empty pile: a plain end, and the round ends when every seat has passed */
    words_of("1;r4/b2;r2/o3;-;0,0;-", 0, pass, 1, buf, sizeof buf);
    assert_string_equal(buf, "ended the turn (the pile is empty)");
    words_of("1;r4/b2;r2/o3;-;0,0;-", 0, stuck, 2, buf, sizeof buf);
    assert_string_equal(buf, "ended the turn: nobody can place a tile, so the round ends");
}


static void test_controller_splits_and_picks(void **state)
{
    static const char *const want[] = {
        "focus stakz tile_o4\n", "stakz select o4\nfocus stakz stack_1\n", "stakz choose o4>1\n",
        "stakz move p1 g4>1\n",  "stakz move p1 p4>1\n",
        "stakz move p1 p3>1\n",  "stakz move p1 b3>1\nstakz split stack 1\n",
        "stakz move p1 b3>1\n",  "stakz picker open\n",
        "focus stakz pick_green\nstakz choose end green\nstakz move p1 end:g\n"};
    char *t = play("pad", "--scene table --game stakz --seats human,easy --position start:2:4", "stakz_pad");
    char pos[1100];
    (void)state;
    in_order(t, want, 10);
    /* the split: 3 tiles stay, the top 3 form stack 2 with a bonus on both */
    line_after(strstr(t, "stakz split stack 1\n"), "stakz position ", 0, pos, sizeof pos);
    assert_non_null(strstr(pos, ";r4.o4.g4/p4.p3.b3/b2;"));
    assert_non_null(strstr(pos, ";1.2"));
    /* the bonus tile went on stack 1 without matching the green 4 */
    line_after(strstr(strstr(t, "stakz split stack 1\n"), "stakz move p1 b3>1\n"), "stakz position ", 0, pos,
               sizeof pos);
    assert_non_null(strstr(pos, ";r4.o4.g4.b3/p4.p3.b3/b2;"));
    free(t);
}

static void test_round_end_waits_and_is_final(void **state)
{
    char args[900];
    char *t;
    const char *over, *seen, *p2;
    (void)state;
    snprintf(args, sizeof args,
             "--scene table --game stakz --seats human,easy --position \"$(cat %s/tests/scripts/stakz_round.pos)\"",
             STACKHOUSE_SOURCE_DIR);
    t = play("round", args, "stakz_round");
    over = strstr(t, "stakz move p1 r4>1\nstakz round over\n");
    assert_non_null(over);
    seen = strstr(over, "stakz round seen\n");
    assert_non_null(seen);
    /* the computer waited for the player to see the points */
    p2 = strstr(over, "stakz move p2 ");
    assert_non_null(p2);
    assert_true(p2 > seen);
    /* the round's end cannot be undone (the next round is dealt) */
    assert_null(strstr(t, "stakz undo\n"));
    /* Player 2 kept 9 tiles: 5 + 0 for Player 1, 0 + 9 for Player 2 */
    {
        char pos[1100];
        line_after(over, "stakz position ", 0, pos, sizeof pos);
        assert_non_null(strstr(pos, ";5,9;"));
    }
    free(t);
}

/* Every "stakz faces" line from p up to the end (or the next curtain) names only seat s's tiles. */
static void faces_only(const char *p, int s)
{
    char own[8];
    snprintf(own, sizeof own, " p%d:", s + 1);
    while ((p = strstr(p, "stakz faces "))) {
        const char *e = strchr(p, '\n'), *c = strchr(p, ':');
        assert_non_null(e);
        if (strncmp(p, "stakz faces curtain", 19) == 0)
            break;
        for (c = strchr(c + 1, ' '); c && c < e; c = strchr(c + 1, ' '))
            if (strncmp(c, own, strlen(own)) != 0)
                fail_msg("seat %d saw another seat's tile: %.*s", s + 1, (int)(e - p), p);
        p = e;
    }
}

static void test_curtain_between_humans(void **state)
{
    char *t = play("curtain", "--scene table --game stakz --seats human,human --position start:2:4", "stakz_curtain");
    const char *c1, *l1, *c2, *l2;
    (void)state;
    c1 = strstr(t, "stakz curtain p1\n");
    assert_non_null(c1);
    assert_non_null(strstr(c1, "stakz faces curtain p1: -\n"));
    l1 = strstr(c1, "stakz curtain lifted p1\n");
    assert_non_null(l1);
    /* before the first lifting, no hand was shown face up */
    assert_true(strstr(t, "stakz faces p1:") > l1);
    faces_only(l1, 0);
    assert_non_null(strstr(l1, "stakz move p1 o4>1\n"));
    c2 = strstr(l1, "stakz move p1 end:g\n");
    assert_non_null(c2);
    c2 = strstr(c2, "stakz curtain p2\n");
    assert_non_null(c2);
    assert_non_null(strstr(c2, "stakz faces curtain p2: -\n"));
    l2 = strstr(c2, "stakz curtain lifted p2\n");
    assert_non_null(l2);
    /* between the curtain and its lifting nothing but the curtain was drawn */
    for (const char *f = strstr(c2, "stakz faces "); f && f < l2; f = strstr(f + 1, "stakz faces "))
        assert_true(strncmp(f, "stakz faces curtain p2: -\n", 26) == 0);
    /* then Player 2 sees its own tiles, and none of Player 1's */
    assert_non_null(strstr(l2, "stakz faces p2: p2:"));
    faces_only(strstr(l2, "stakz faces p2:"), 1);
    free(t);
}

/* Setup's draw option "At random": the turn ends with a plain draw. */
static void test_random_draw_from_setup(void **state)
{
    char *t = play("random", "--scene setup --game stakz", "stakz_random");
    (void)state;
    assert_non_null(strstr(t, "scene table\n"));
    assert_non_null(strstr(t, "stakz choose end\nstakz move p1 end\n"));
    assert_null(strstr(t, "stakz picker open"));
    free(t);
}

static void test_save_mid_turn_then_resume(void **state)
{
    char saved[1100], resumed[1100];
    char *t = play("resume", "--scene table --game stakz --seats human,easy --position start:2:4", "stakz_quit");
    (void)state;
    assert_non_null(strstr(t, "stakz move p1 o4>1\n"));
    assert_non_null(strstr(t, "stakz saved\n"));
    line_after(t, "stakz position ", 1, saved, sizeof saved);
    free(t);
    t = play("resume", "--scene setup --game stakz", "stakz_resume");
    assert_non_null(strstr(t, "focus setup resume\n"));
    assert_non_null(strstr(strstr(t, "setup save "), "Player 1 to play \xc2\xb7 points: P1 0, P2 0"));
    line_after(strstr(t, "scene table\n"), "stakz position ", 0, resumed, sizeof resumed);
    assert_string_equal(resumed, saved);
    /* Player 1 is still on the turn, with the orange 4 on stack 1 */
    assert_true(strncmp(saved, "1;r4.o4/", 8) == 0);
    free(t);
}

static void test_games_reach_score(void **state)
{
    static const char *const want[] = {"stakz round over", "stakz over ", "scene score\n"};
    char *t = play("watch2", "--scene table --game stakz --seats easy,easy --position start:2:4", "stakz_watch");
    (void)state;
    in_order(t, want, 3);
    free(t);
    t = play("watch4", "--scene table --game stakz --seats easy,easy,easy,easy --position start:4:5", "stakz_watch");
    in_order(t, want, 3);
    assert_true(count(t, "stakz round over") >= 1);
    free(t);
}

/* A whole game played by controller alone against the computer: every
 * turn Player 1 ends at once through the colour picker, until the
 * computer's win makes Player 1's points reach 12; then the score screen. */
static void test_controller_plays_a_whole_game(void **state)
{
    static const char *const want[] = {"stakz picker open\n", "stakz move p1 end:", "stakz round over (game over)\n",
                                       "stakz over p2\n", "scene score\n"};
    char *t = play("padgame", "--scene table --game stakz --seats human,easy --position start:2:4", "stakz_pad_game");
    (void)state;
    in_order(t, want, 5);
    /* the colour was chosen while the pile lasted (then a plain end, with no picker) */
    assert_true(count(t, "stakz move p1 end:") >= 10);
    assert_int_equal(count(t, "stakz picker open\n"), count(t, "stakz move p1 end:"));
    free(t);
}

/* Runs script on tests/scripts/stakz_mid2.pos, Player 1 against easy. */
static char *play_mid2(const char *pref, const char *script)
{
    char args[600];
    testenv_composed_args(args, sizeof args, "stakz", "human,easy", "stakz_mid2");
    return play(pref, args, script);
}

/* "Why not?" by mouse (#29): a tile that fits nowhere, a third orange on a
 * stack and a tile that matches neither colour nor symbol each say why, on
 * the status line; then the tile that fits is placed. */
static void test_refusals_say_why_by_mouse(void **state)
{
    char *t = play_mid2("whymouse", "stakz_why_mouse");
    static const char *const want[] = {
        "stakz refused: The orange diamond fits on no stack now.\n",
        "stakz refused: Stack 5 already holds two orange tiles: a stack never holds three.\n",
        "stakz refused: Stack 2's top is a blue star: the orange circle is neither blue nor a star.\n",
        "stakz move p1 o1>3\n",
    };
    (void)state;
    in_order(t, want, 4);
    assert_int_equal(count(t, "stakz move p1 "), 1);
    free(t);
}

/* "Why not?" by controller (#29): A on a stack with no tile chosen, and X
 * while the computer plays, each say why. */
static void test_refusals_say_why_by_controller(void **state)
{
    char *t = play_mid2("whypad", "stakz_why_pad");
    static const char *const want[] = {
        "stakz refused: Choose a tile from your hand first, then the stack it goes on.\n",
        "stakz move p1 o1>3\n",
        "stakz move p1 end:",
        "stakz refused: Wait: it is Player 2's turn.\n",
    };
    (void)state;
    in_order(t, want, 4);
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mouse_places_drags_undoes_and_draws),
        cmocka_unit_test(test_playable_tiles_and_lit_stacks),
        cmocka_unit_test(test_hover_changes_the_tile),
        cmocka_unit_test(test_log_words),
        cmocka_unit_test(test_controller_splits_and_picks),
        cmocka_unit_test(test_round_end_waits_and_is_final),
        cmocka_unit_test(test_curtain_between_humans),
        cmocka_unit_test(test_random_draw_from_setup),
        cmocka_unit_test(test_save_mid_turn_then_resume),
        cmocka_unit_test(test_games_reach_score),
        cmocka_unit_test(test_controller_plays_a_whole_game),
        cmocka_unit_test(test_refusals_say_why_by_mouse),
        cmocka_unit_test(test_refusals_say_why_by_controller),
    };
    return cmocka_run_group_tests(tests, testenv_game_setup, testenv_game_teardown);
}
