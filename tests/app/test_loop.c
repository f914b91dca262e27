/* The bounded scene stack (enter/leave order, replace, overflow asserts) and
 * the one-iteration main loop with an injected clock: fixed logic steps, a
 * clamped accumulator after a stall, and interpolation alpha in [0, 1); a
 * screen at rest lets the loop wait (a toast or a lively table does not), and
 * another thread's wake ends the wait. */
#include "app/glpin.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <SDL.h>

#include "app/app.h"
#include "shell/toast.h"
#include "table/table.h"
#include "testenv.h"

static char calls[256];
static int updates, draws;
static float last_alpha, min_alpha, max_alpha;

static void log_call(const char *what, const scene *s)
{
    size_t n = strlen(calls);
    snprintf(calls + n, sizeof calls - n, "%s:%s ", what, s->name);
}

static void t_enter(scene *s, shell *sh) { (void)sh; log_call("enter", s); }
static void t_leave(scene *s, shell *sh) { (void)sh; log_call("leave", s); }
static void t_update(scene *s, shell *sh, double dt)
{
    (void)s;
    (void)sh;
    assert_true(dt == APP_STEP);
    updates++;
}
static void t_draw(scene *s, shell *sh, render *r, float alpha)
{
    (void)s;
    (void)sh;
    (void)r;
    draws++;
    last_alpha = alpha;
    if (alpha < min_alpha)
        min_alpha = alpha;
    if (alpha > max_alpha)
        max_alpha = alpha;
}

static scene make(const char *name)
{
    return (scene){name, 0, t_enter, t_leave, NULL, t_update, t_draw, NULL, NULL, 0};
}

static void test_stack_order(void **state)
{
    scene_stack st = {0};
    scene a = make("a"), b = make("b"), c = make("c");
    (void)state;
    calls[0] = '\0';
    assert_int_equal(scene_push(&st, &a, NULL), 0);
    assert_int_equal(scene_push(&st, &b, NULL), 0);
    assert_ptr_equal(scene_top(&st), &b);
    assert_int_equal(scene_replace(&st, &c, NULL), 0);
    assert_ptr_equal(scene_top(&st), &c);
    scene_pop(&st, NULL);
    assert_ptr_equal(scene_top(&st), &a);
    scene_clear(&st, NULL);
    assert_null(scene_top(&st));
    scene_pop(&st, NULL); /* popping an empty stack is harmless */
    assert_string_equal(calls, "enter:a enter:b leave:b enter:c leave:c leave:a ");
}

static void test_stack_overflow_asserts(void **state)
{
    pid_t pid;
    int status = 0;
    (void)state;
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        static scene many[SCENE_STACK_MAX + 1];
        scene_stack st = {0};
        int rc = 0;
        for (int i = 0; i <= SCENE_STACK_MAX; i++) {
            many[i] = make("x");
            many[i].enter = NULL;
            many[i].leave = NULL;
            rc = scene_push(&st, &many[i], NULL);
        }
        /* Only reached when asserts are compiled out: the push must fail loudly. */
        _exit(rc == -1 && st.n == SCENE_STACK_MAX ? 3 : 4);
    }
    waitpid(pid, &status, 0);
#ifdef NDEBUG
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 3);
#else
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
#endif
}

static void test_fixed_step_and_clamp(void **state)
{
    app_options o;
    app *a;
    scene probe = make("probe");
    (void)state;
    memset(&o, 0, sizeof o);
    o.window_w = 640;
    o.window_h = 360;
    o.headless = 1;
    o.screenshot = "(test)"; /* no vsync: the clock here is simulated */
    a = app_create(&o);
    assert_non_null(a);
    assert_true(app_gl_pin() >= 1); /* see app/glpin.h */
    shell_push(a->sh, &probe);
    updates = draws = 0;
    min_alpha = 1e9f;
    max_alpha = -1e9f;

    assert_int_equal(app_iterate(a, 100.0), 0); /* first call only sets the clock */
    assert_int_equal(updates, 0);
    assert_int_equal(app_iterate(a, 100.0 + 2.5 * APP_STEP), 0);
    assert_int_equal(updates, 2);
    assert_float_equal(last_alpha, 0.5, 1e-3); /* half way to the next step */
    assert_int_equal(app_iterate(a, 100.0 + 3.0 * APP_STEP + 1e-9), 0);
    assert_int_equal(updates, 3);
    /* A 5 s stall (a debugger, a slow disk) runs at most 0.25 s of logic. */
    assert_int_equal(app_iterate(a, 105.0), 0);
    assert_int_equal(updates, 3 + (int)(APP_MAX_FRAME_TIME / APP_STEP));
    /* Many small frames: steps follow the clock, alpha stays in [0, 1). */
    for (int i = 1; i <= 600; i++)
        assert_int_equal(app_iterate(a, 105.0 + i * 0.007), 0);
    assert_in_range(updates - 18, 250, 253); /* 4.2 s at 60 Hz = 252 steps */
    assert_true(min_alpha >= 0.0f && max_alpha < 1.0f);
    assert_int_equal(draws, 604);
    shell_pop(a->sh);
    app_destroy(a);
}

static double t_rest(scene *s, shell *sh)
{
    (void)s;
    (void)sh;
    return SCENE_AT_REST;
}

static int wake_later(void *data)
{
    (void)data;
    SDL_Delay(100);
    app_wake_any_thread();
    return 0;
}

static void test_rest_and_wake(void **state)
{
    app_options o;
    app *a;
    scene probe = make("probe"), busy = make("busy");
    action_event ev;
    SDL_Thread *th;
    double now = 200.0;
    Uint64 t0;
    (void)state;
    memset(&o, 0, sizeof o);
    o.window_w = 640;
    o.window_h = 360;
    o.headless = 1;
    o.scene = "table";
    o.game = "stax";
    o.seats = "human,human"; /* nobody else moves: the table comes to rest */
    a = app_create(&o);
    assert_non_null(a);
    assert_true(app_gl_pin() >= 1);
    /* A table just opened is lively: its marks pulse for TABLE_LIVELY seconds. */
    for (int i = 0; i < 3; i++, now += APP_STEP)
        assert_int_equal(app_iterate(a, now), 0);
    assert_true(app_rest(a) == 0);
    for (int i = 0; i < (int)((TABLE_LIVELY + 1) / 0.05); i++, now += 0.05)
        assert_int_equal(app_iterate(a, now), 0);
    assert_true(app_rest(a) >= SCENE_AT_REST); /* waiting for a person: nothing to draw */
    /* A press makes it lively again. */
    memset(&ev, 0, sizeof ev);
    ev.act = ACT_POINTER_MOVE;
    ev.dev = DEV_MOUSE;
    ev.x = 10;
    ev.y = 10;
    app_dispatch(a, &ev);
    assert_true(app_rest(a) == 0);

    /* A screen that says it rests; a toast over it draws until it is gone. */
    probe.wake = t_rest;
    shell_push(a->sh, &probe);
    assert_true(app_rest(a) >= SCENE_AT_REST);
    toast_show("hello");
    assert_true(app_rest(a) == 0);
    toast_clear();
    assert_true(app_rest(a) >= SCENE_AT_REST);
    /* A screen without a wake never rests. */
    shell_push(a->sh, &busy);
    assert_true(app_rest(a) == 0);
    shell_pop(a->sh);

    /* Asleep until an event: another thread's wake ends the wait at once. */
    t0 = SDL_GetTicks64();
    th = SDL_CreateThread(wake_later, "wake", NULL);
    assert_non_null(th);
    app_wait(a, SCENE_AT_REST);
    assert_true(SDL_GetTicks64() - t0 < 10000);
    SDL_WaitThread(th, NULL);
    /* A timer wait ends by itself. */
    t0 = SDL_GetTicks64();
    app_wait(a, 0.05);
    assert_true(SDL_GetTicks64() - t0 < 10000);
    assert_int_equal(app_iterate(a, now), 0); /* takes the wake's event */
    shell_pop(a->sh);
    app_destroy(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stack_order),
        cmocka_unit_test(test_stack_overflow_asserts),
        cmocka_unit_test_setup_teardown(test_fixed_step_and_clamp, testenv_app_setup, testenv_app_teardown),
        cmocka_unit_test_setup_teardown(test_rest_and_wake, testenv_app_setup, testenv_app_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
