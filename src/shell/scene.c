#include "shell/scene.h"

#include <assert.h>
#include <stddef.h>

#include "core/log.h"

int scene_push(scene_stack *st, scene *s, shell *sh)
{
    assert(st->n < SCENE_STACK_MAX && "scene stack overflow");
    if (st->n >= SCENE_STACK_MAX) {
        log_error("scene stack overflow pushing %s", s->name);
        if (s->leave)
            s->leave(s, sh);
        return -1;
    }
    st->items[st->n++] = s;
    if (s->enter)
        s->enter(s, sh);
    return 0;
}

void scene_pop(scene_stack *st, shell *sh)
{
    scene *s;
    if (st->n == 0)
        return;
    s = st->items[--st->n];
    st->items[st->n] = NULL;
    if (s->leave)
        s->leave(s, sh);
}

int scene_replace(scene_stack *st, scene *s, shell *sh)
{
    scene_pop(st, sh);
    return scene_push(st, s, sh);
}

scene *scene_top(const scene_stack *st) { return st->n ? st->items[st->n - 1] : NULL; }

void scene_clear(scene_stack *st, shell *sh)
{
    while (st->n)
        scene_pop(st, sh);
}
