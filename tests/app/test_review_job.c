/* The review in the background (app/review_job.h, #28): the job's review is
 * the very review review_run makes, its progress only grows to the total,
 * and a cancel stops it early with nothing to take. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <SDL.h>
#include <stdlib.h>
#include <string.h>

#include "app/review_job.h"
#include "core/ai.h"
#include "core/record.h"
#include "core/registry.h"

/* A STAX match of moves moves played by the easy computer. */
static void stax_match(game_record *rec, int moves)
{
    const game_rules *g = registry_find("stax")->rules;
    game_params p;
    char err[256];
    game_params_default(g, &p, 2);
    memset(rec, 0, sizeof *rec);
    assert_int_equal(record_init(rec, "stax", &p, 9, err, sizeof err), 0);
    void *st = malloc(g->state_size);
    assert_int_equal(record_replay(rec, 0, st, err, sizeof err), 0);
    for (int k = 0; k < moves && g->current_player(st) >= 0; k++) {
        game_move m;
        assert_int_equal(ai_choose(g, st, AI_EASY, (uint64_t)k, &m), 0);
        assert_int_equal(record_play(rec, st, &m, err, sizeof err), 0);
    }
    free(st);
}

static void test_job_matches_review(void **state)
{
    (void)state;
    game_record rec;
    stax_match(&rec, 8);
    review_job *j = review_job_start(&rec, 0);
    record_free(&rec); /* the job has its own copy */
    assert_non_null(j);
    int done = 0, total = 0, last = 0, polls = 0;
    review_job_state s;
    while ((s = review_job_poll(j, &done, &total)) == REVIEW_JOB_RUNNING) {
        assert_true(done >= last && done <= total);
        assert_int_equal(total, 8);
        last = done;
        polls++;
        SDL_Delay(5);
    }
    assert_int_equal(s, REVIEW_JOB_DONE);
    assert_true(polls > 0); /* it ran in the background: the caller polled meanwhile */
    assert_int_equal(done, 8);
    review rv;
    assert_int_equal(review_job_take(j, &rv), 0);
    assert_int_equal(review_job_take(j, &rv), -1); /* taken once */
    review_job_free(j);

    char err[256];
    review same;
    stax_match(&rec, 8);
    assert_int_equal(review_run(&rec, NULL, &same, err, sizeof err), 0);
    char *a = review_write(&rv), *b = review_write(&same);
    assert_string_equal(a, b);
    free(a);
    free(b);
    review_free(&rv);
    review_free(&same);
    record_free(&rec);
}

static void test_job_cancel(void **state)
{
    (void)state;
    game_record rec;
    stax_match(&rec, 60);
    review_job *j = review_job_start(&rec, 0);
    assert_non_null(j);
    int done = 0, total = 0;
    while (review_job_poll(j, &done, &total) == REVIEW_JOB_RUNNING && done < 1)
        SDL_Delay(5);
    uint32_t asked = SDL_GetTicks();
    review_job_cancel(j);
    review_job_state s;
    while ((s = review_job_poll(j, &done, &total)) == REVIEW_JOB_RUNNING)
        SDL_Delay(5);
    uint32_t took = SDL_GetTicks() - asked;
    print_message("cancelled after %d of %d moves, %u ms after asking\n", done, total, took);
    assert_int_equal(s, REVIEW_JOB_CANCELLED);
    assert_true(done < total);
    assert_true(took < 3000); /* within a search or two, on a loaded machine */
    review rv;
    assert_int_equal(review_job_take(j, &rv), -1);
    assert_string_equal(review_job_error(j), "");
    review_job_free(j);
    /* Freeing a running job cancels and waits for it. */
    j = review_job_start(&rec, 0);
    review_job_free(j);
    record_free(&rec);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_job_matches_review),
        cmocka_unit_test(test_job_cancel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
