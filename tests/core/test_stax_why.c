/* STAX's "why not?" (#29): every path the rules refuse gets the sentence the
 * table says for that press (stax_refusal, through stax_rules.refusal), in
 * the game's words, and a legal move gets none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "games/stax/rules/stax_why.h"
#include "why_testutil.h"

/* Square index of a name ("c3"). */
static int sq(const char *name) { return (name[1] - '1') * 8 + (name[0] - 'a'); }

/* A path of n squares; a capture when capture is set. */
static game_move path(int capture, int n, const char *a, const char *b, const char *c)
{
    const char *squares[3] = {a, b, c};
    game_move m = {.kind = (uint8_t)capture, .len = (uint8_t)n};
    for (int k = 0; k < n; k++)
        m.b[k] = (uint8_t)sq(squares[k]);
    return m;
}

static stax_state load(const char *pos)
{
    stax_state s;
    char err[200];
    if (stax_rules.position_read(&s, NULL, pos, err, sizeof err) != 0)
        fail_msg("%s: %s", pos, err);
    return s;
}

static void refused(const void *s, game_move m, const char *want) { why_refused(&stax_rules, s, m, want); }
static void allowed(const void *s, game_move m) { why_allowed(&stax_rules, s, m); }

/* An empty square, the other side's stack, a Minor stepping back, a stack
 * with nowhere to go. */
static void test_steps(void **state)
{
    stax_state s = load("r:c3=r,f6=b,h2=r,a1=r,b2=b");
    (void)state;
    allowed(&s, path(0, 2, "c3", "d4", NULL));
    refused(&s, path(0, 2, "e5", "f6", NULL), "e5 is empty: pick a stack outlined in gold.");
    refused(&s, path(0, 2, "f6", "e5", NULL), "That stack is Blue's: the man on top decides.");
    refused(&s, path(0, 2, "c3", "b2", NULL), "Not b2: land on a square the stack on c3 can reach.");
    s = load("r:a1=r,b2=b,c3=b,h2=r");
    refused(&s, path(0, 2, "a1", "b2", NULL), "The stack on a1 has nowhere to go.");
}

/* Capture is compulsory, from another stack or by this one; a chain cut short. */
static void test_captures(void **state)
{
    stax_state s = load("r:c3=r,d4=b,a1=r");
    (void)state;
    allowed(&s, path(1, 2, "c3", "e5", NULL));
    refused(&s, path(0, 2, "a1", "b2", NULL), "Capture is compulsory: pick a stack that can capture.");
    refused(&s, path(0, 2, "c3", "b4", NULL), "Capture is compulsory: jump over an enemy stack.");
    s = load("r:c3=r,d4=b,f6=b");
    allowed(&s, path(1, 3, "c3", "e5", "g7"));
    refused(&s, path(1, 2, "c3", "e5", NULL), "Finish the capture: the chain must go on.");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steps),
        cmocka_unit_test(test_captures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
